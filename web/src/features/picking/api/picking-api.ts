import { queryOptions } from '@tanstack/react-query';
import type { InventorySearchItem, InventorySearchResult } from '@wh/contracts/inventory/http';
import type { BatchDetail, BatchList, Order, OrderList } from '@wh/contracts/orders/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import { withItems } from '../../../lib/order-items.ts';
import type { LocationQuery } from '../location-query.ts';

const PICKING_LIMIT = 100;

export const pickingKeys = {
  all: ['picking'] as const,
  list: (workerId: number | null) => ['picking', workerId ?? 'all'] as const,
  batches: (workerId: number | null) => ['picking', 'batches', workerId ?? 'all'] as const,
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

/** Completes every order of the batch; answers with the server's message ('Batch 3 completed: ...'). */
export const completeBatch = (id: number) =>
  apiRequest<BatchDetail>(`/batches/${id}/complete`, { method: 'POST', defaultMessage: 'Failed to complete the batch' });

export const pickItem = (orderId: number, itemId: number, location: string | null) =>
  apiData<Order>(`/orders/${orderId}/items/${itemId}/pick`, {
    method: 'POST',
    body: location ? { location } : {},
    defaultMessage: 'Failed to pick item',
  });

export const completeOrder = (orderId: number) =>
  apiData<Order>(`/orders/${orderId}/complete`, { method: 'POST', defaultMessage: 'Failed to complete order' });

/** The locations a refused pick names (409 details 'A-1-1: 5'), most first. */
export function holdersOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  return error.details.filter((d) => d.field === 'location').map((d) => d.message.split(':')[0]?.trim() ?? '').filter(Boolean);
}

export type InventoryMatch = InventorySearchItem;

export async function searchInventory(query: LocationQuery): Promise<InventoryMatch[]> {
  const result = await apiData<InventorySearchResult>('/inventory/search', { query: { ...query }, defaultMessage: 'Failed to search inventory' });
  return result.items;
}
