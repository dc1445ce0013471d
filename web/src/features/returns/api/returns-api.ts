import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  MatchReturnBody,
  ReceiveReturnBody,
  RestockReturnBody,
  ReturnList,
  ReturnLookup,
  ReturnParcel,
  ReturnRestockedAnswer,
  ReturnView,
  WriteOffReturnBody,
} from '@wh/contracts/returns/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

export const returnsKeys = {
  all: ['returns'] as const,
  list: (view: ReturnView, page: number) => ['returns', 'list', view, page] as const,
  parcel: (id: number) => ['returns', 'parcel', id] as const,
  lookup: (code: string) => ['returns', 'lookup', code] as const,
};

// A parcel's suggestions read the stock and the locations, so a change to either refreshes the open parcel.
export const returnsLiveKeys: LiveKeys = dependsOn(['returns', 'inventory', 'locations'], [returnsKeys.all]);

/** What a scanned or typed code opens: the shipped orders it names, and the SKU it names. Read afresh per scan. */
export const returnLookupQuery = (code: string) =>
  queryOptions({
    queryKey: returnsKeys.lookup(code),
    queryFn: ({ signal }) => apiData<ReturnLookup>('/returns/lookup', { query: { code }, defaultMessage: 'Failed to look up the code', signal }),
    staleTime: 0,
  });

export const returnListQuery = (view: ReturnView, page: number) =>
  queryOptions({
    queryKey: returnsKeys.list(view, page),
    queryFn: ({ signal }) => apiData<ReturnList>('/returns', { query: { view, page }, defaultMessage: 'Failed to fetch returns', signal }),
    placeholderData: keepPreviousData,
  });

export const returnParcelQuery = (id: number) =>
  queryOptions({
    queryKey: returnsKeys.parcel(id),
    queryFn: ({ signal }) => apiData<ReturnParcel>(`/returns/${id}`, { defaultMessage: 'Failed to fetch the return', signal }),
  });

/** A command's answer: the parcel as it is now, and what the server says was done. */
export interface ParcelAnswer<P extends ReturnParcel = ReturnParcel> {
  parcel: P;
  message: string;
}

// The answer is the parcel as it now is: written into its query, and the lists read again once.
const parcelCommand = <V, P extends ReturnParcel = ReturnParcel>(
  request: (variables: V) => { path: string; body: unknown },
  fallbackError: string,
): CommandSpec<V, ParcelAnswer<P>> => ({
  send: async (variables) => {
    const { path, body } = request(variables);
    const answer = await apiRequest<P>(path, { method: 'POST', body, defaultMessage: fallbackError });
    return { parcel: answer.data, message: answer.message ?? '' };
  },
  apply: (queryClient: QueryClient, { parcel }) => queryClient.setQueryData(returnsKeys.parcel(parcel.id), parcel),
  invalidates: [['returns', 'list']],
  fallbackError,
});

export const receiveCommand = parcelCommand<ReceiveReturnBody>((body) => ({ path: '/returns', body }), 'Failed to receive the return');

export const matchCommand = parcelCommand<{ id: number; body: MatchReturnBody }>(
  ({ id, body }) => ({ path: `/returns/${id}/match`, body }),
  'Failed to match the return',
);

export interface LineRef {
  id: number;
  line: number;
}

export const restockCommand = parcelCommand<LineRef & { body: RestockReturnBody }, ReturnRestockedAnswer>(
  ({ id, line, body }) => ({ path: `/returns/${id}/lines/${line}/restock`, body }),
  'Failed to restock the units',
);

export const writeOffCommand = parcelCommand<LineRef & { body: WriteOffReturnBody }>(
  ({ id, line, body }) => ({ path: `/returns/${id}/lines/${line}/write-off`, body }),
  'Failed to write off the units',
);
