import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SkuLookup } from '@wh/contracts/catalogue/http';
import type {
  ApproveCountBody,
  CountedAnswer,
  CountList,
  CountLocationBody,
  CountTaskDetail,
  CountView,
  CreateCountBody,
  MyCounts,
  SendBackCountBody,
} from '@wh/contracts/counts/http';
import type { AssignableWorkers } from '@wh/contracts/orders/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

export const countsKeys = {
  all: ['counts'] as const,
  mine: ['counts', 'mine'] as const,
  list: (view: CountView, page: number) => ['counts', 'list', view, page] as const,
  detail: (id: number) => ['counts', 'detail', id] as const,
};

// Outside the counts' keys, which every change to a count refreshes: a count changes neither what a barcode names
// nor who may be assigned.
const skuKey = (code: string) => ['count-skus', code] as const;
const workersKey = ['count-workers'] as const;

// A task's expected quantities are the stock its locations hold, so a change to the stock or the locations refreshes it.
export const countsLiveKeys: LiveKeys = dependsOn(['counts', 'inventory', 'locations'], [countsKeys.all]);

/** A counter's tasks: no quantities in them, only where to count and whether it is theirs to count now. */
export const myCountsQuery = () =>
  queryOptions({
    queryKey: countsKeys.mine,
    queryFn: ({ signal }) => apiData<MyCounts>('/counts/mine', { defaultMessage: 'Failed to fetch your counts', signal }),
  });

/** The SKU a scanned code names; a barcode names the same SKU for the whole session. */
export const skuLookupQuery = (code: string) =>
  queryOptions({
    queryKey: skuKey(code),
    queryFn: ({ signal }) => apiData<SkuLookup>('/skus/lookup', { query: { code }, defaultMessage: 'Failed to look up the code', signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const countListQuery = (view: CountView, page: number) =>
  queryOptions({
    queryKey: countsKeys.list(view, page),
    queryFn: ({ signal }) => apiData<CountList>('/counts', { query: { view, page }, defaultMessage: 'Failed to fetch counts', signal }),
    placeholderData: keepPreviousData,
  });

export const countDetailQuery = (id: number) =>
  queryOptions({
    queryKey: countsKeys.detail(id),
    queryFn: ({ signal }) => apiData<CountTaskDetail>(`/counts/${id}`, { defaultMessage: 'Failed to fetch the count', signal }),
  });

export const countWorkersQuery = () =>
  queryOptions({
    queryKey: workersKey,
    queryFn: ({ signal }) => apiData<AssignableWorkers>('/orders/workers', { defaultMessage: 'Failed to fetch users', signal }),
    staleTime: 60_000,
  });

/** A command's answer with what the server says was done. */
export interface Answered<T> {
  data: T;
  message: string;
}

export interface CountLocationVariables {
  id: number;
  location: string;
  body: CountLocationBody;
}

// The counted location shows as done (or waiting for someone else's recount) at once, before the list is read again.
function markCounted(queryClient: QueryClient, answer: CountedAnswer): void {
  queryClient.setQueryData<MyCounts>(countsKeys.mine, (mine) =>
    mine
      ? {
          counts: mine.counts.map((task) =>
            task.id !== answer.count_id
              ? task
              : {
                  ...task,
                  locations: task.locations.map((l) =>
                    l.location === answer.location
                      ? { ...l, status: answer.outcome === 'settled' ? 'done' : 'recount', may_count: false }
                      : l,
                  ),
                },
          ),
        }
      : mine,
  );
}

export const countLocationCommand: CommandSpec<CountLocationVariables, Answered<CountedAnswer>> = {
  send: async ({ id, location, body }) => {
    const answer = await apiRequest<CountedAnswer>(`/counts/${id}/locations/${encodeURIComponent(location)}/count`, {
      method: 'POST',
      body,
      defaultMessage: 'Failed to send the count',
    });
    return { data: answer.data, message: answer.message ?? '' };
  },
  apply: (queryClient, { data }) => markCounted(queryClient, data),
  invalidates: [countsKeys.all],
  fallbackError: 'Failed to send the count',
};

// A manager's command answers with the task as it now is: written into its query, the lists read again once.
const taskCommand = <V>(request: (variables: V) => { path: string; body: unknown }, fallbackError: string): CommandSpec<V, Answered<CountTaskDetail>> => ({
  send: async (variables) => {
    const { path, body } = request(variables);
    const answer = await apiRequest<CountTaskDetail>(path, { method: 'POST', body, defaultMessage: fallbackError });
    return { data: answer.data, message: answer.message ?? '' };
  },
  apply: (queryClient, { data }) => queryClient.setQueryData(countsKeys.detail(data.id), data),
  invalidates: [['counts', 'list'], countsKeys.mine],
  fallbackError,
});

export const createCountCommand = taskCommand<CreateCountBody>((body) => ({ path: '/counts', body }), 'Failed to create the count');
export const planCountsCommand = taskCommand<void>(() => ({ path: '/counts/plan', body: {} }), "Failed to plan today's counts");
export const assignCountCommand = taskCommand<{ id: number; assignee_id: number | null }>(
  ({ id, assignee_id }) => ({ path: `/counts/${id}/assign`, body: { assignee_id } }),
  'Failed to assign the count',
);
export const approveCountCommand = taskCommand<{ id: number; body: ApproveCountBody }>(
  ({ id, body }) => ({ path: `/counts/${id}/approve`, body }),
  'Failed to approve the count',
);
export const sendBackCountCommand = taskCommand<{ id: number; body: SendBackCountBody }>(
  ({ id, body }) => ({ path: `/counts/${id}/send-back`, body }),
  'Failed to send the locations back',
);
