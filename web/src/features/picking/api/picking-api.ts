import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { InventorySearchItem, InventorySearchResult } from '@wh/contracts/inventory/http';
import type { BatchDetail, BatchList, Order, OrderList } from '@wh/contracts/orders/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import { withItems, type OrderListWithItems } from '../../../lib/order-items.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import type { LocationQuery } from '../location-query.ts';
import { batchesWith, batchWithOrder, listWithBatch, listWithOrder } from '../picking-cache.ts';

const PICKING_LIMIT = 100;

export const pickingKeys = {
  all: ['picking'] as const,
  lists: ['picking', 'list'] as const,
  list: (workerId: number | null) => ['picking', 'list', workerId ?? 'all'] as const,
  batchLists: ['picking', 'batches'] as const,
  batches: (workerId: number | null) => ['picking', 'batches', workerId ?? 'all'] as const,
  openBatches: ['picking', 'batch'] as const,
  batch: (id: number) => ['picking', 'batch', id] as const,
};

/**
 * Pushes on worker:N (the worker's own orders and batches) and on orders and batches (a manager's view of every worker)
 * refresh the lists and the open batch, and so do layout changes (a location's walk sequence orders the items).
 */
export const pickingLiveKeys: LiveKeys = dependsOn(['orders', 'order', 'worker', 'batches', 'batch', 'locations'], [pickingKeys.all]);

/**
 * The orders to pick: assigned or in progress, the worker's own (a manager sees every worker's), each with its items
 * (a scan is matched across all of them). The list carries them: one request, but for orders past its budget of lines.
 */
export const pickingOrdersQuery = (workerId: number | null) =>
  queryOptions({
    queryKey: pickingKeys.list(workerId),
    queryFn: async ({ signal }) => {
      const options = { defaultMessage: 'Failed to fetch orders', signal };
      const query = { status: 'assigned,picking', worker_id: workerId ?? undefined, limit: PICKING_LIMIT, include_items: true };
      return withItems(await apiData<OrderList>('/orders', { ...options, query }), options);
    },
  });

/** The open batches to pick: the worker's own (a manager sees every worker's). */
export const pickingBatchesQuery = (workerId: number | null) =>
  queryOptions({
    queryKey: pickingKeys.batches(workerId),
    queryFn: ({ signal }) =>
      apiData<BatchList>('/batches', {
        query: { status: 'open', worker_id: workerId ?? undefined, limit: PICKING_LIMIT },
        defaultMessage: 'Failed to fetch batches',
        signal,
      }),
  });

/** A batch with the unpicked lines of all its orders, in walk order. */
export const pickingBatchQuery = (id: number) =>
  queryOptions({
    queryKey: pickingKeys.batch(id),
    queryFn: ({ signal }) => apiData<BatchDetail>(`/batches/${id}`, { defaultMessage: 'Failed to fetch the batch', signal }),
  });

// The commands answer with what they changed, written into the lists at once (picking-cache.ts); the live push for the
// same change reads the lists again, so they invalidate nothing themselves.

function applyOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<OrderListWithItems>({ queryKey: pickingKeys.lists }, (list) => list && listWithOrder(list, order));
  queryClient.setQueriesData<BatchDetail>({ queryKey: pickingKeys.openBatches }, (batch) => batch && batchWithOrder(batch, order));
}

export interface PickVariables {
  orderId: number;
  itemId: number;
  /** Where the item is taken from; null: the server's suggestion (none for an item no location holds). */
  location: string | null;
}

export const pickCommand: CommandSpec<PickVariables, Order> = {
  send: ({ orderId, itemId, location }) =>
    apiData<Order>(`/orders/${orderId}/items/${itemId}/pick`, {
      method: 'POST',
      body: location ? { location } : {},
      defaultMessage: 'Failed to pick item',
    }),
  apply: applyOrder,
  fallbackError: 'Failed to pick item',
};

export const completeOrderCommand: CommandSpec<number, Order> = {
  send: (orderId) => apiData<Order>(`/orders/${orderId}/complete`, { method: 'POST', defaultMessage: 'Failed to complete order' }),
  apply: applyOrder,
  fallbackError: 'Failed to complete order',
};

/** Completes every order of the batch; answers with the batch and the server's message ('Batch 3 completed: ...'). */
export const completeBatchCommand: CommandSpec<number, { batch: BatchDetail; message: string | undefined }> = {
  send: async (id) => {
    const answer = await apiRequest<BatchDetail>(`/batches/${id}/complete`, { method: 'POST', defaultMessage: 'Failed to complete the batch' });
    return { batch: answer.data, message: answer.message };
  },
  apply: (queryClient, { batch }) => {
    queryClient.setQueryData(pickingKeys.batch(batch.id), batch);
    queryClient.setQueriesData<BatchList>({ queryKey: pickingKeys.batchLists }, (list) => list && batchesWith(list, batch));
    queryClient.setQueriesData<OrderListWithItems>({ queryKey: pickingKeys.lists }, (list) => list && listWithBatch(list, batch));
  },
  fallbackError: 'Failed to complete the batch',
};

/** The locations a refused pick names (409 details 'A-1-1: 5'), most first. */
export function holdersOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  return error.details.filter((d) => d.field === 'location').map((d) => d.message.split(':')[0]?.trim() ?? '').filter(Boolean);
}

export type InventoryMatch = InventorySearchItem;

/**
 * 'Find Item Location': where a style (or one colour and size of it) is held. The answer stays as read until searched
 * again (its key is under no live topic, and it does not go stale).
 */
export const locationSearchQuery = (query: LocationQuery) =>
  queryOptions({
    queryKey: ['picking-location-search', query] as const,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<InventoryMatch[]> => {
      const result = await apiData<InventorySearchResult>('/inventory/search', { query: { ...query }, defaultMessage: 'Failed to search inventory', signal });
      return result.items;
    },
  });
