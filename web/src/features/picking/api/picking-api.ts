import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { InventorySearchItem, InventorySearchResult } from '@wh/contracts/inventory/http';
import { mayPick } from '@wh/contracts/orders/events';
import type { BatchDetail, BatchLine, BatchList, Order, OrderList } from '@wh/contracts/orders/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import { withItems, type OrderListWithItems } from '../../../lib/order-items.ts';
import { sendUndoPick } from '../../../lib/undo-pick.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import type { LocationQuery } from '../location-query.ts';

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
 * refresh the lists and the open batch, and so do layout changes (a location's walk sequence orders the items) and
 * catalogue changes (the items carry their SKUs' barcodes, which a scan matches).
 */
export const pickingLiveKeys: LiveKeys = dependsOn(['orders', 'order', 'worker', 'batches', 'batch', 'locations', 'styles'], [pickingKeys.all]);

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

// What the answer to a picking command does to the picking screen's data. Each command answers with what it changed
// as the screens will read it (a pick or a completion with the order and its items, a batch's completion with the
// batch): written into the cached lists at once, it is the screen's state until the live push for the same change
// reads them again, so the commands invalidate nothing themselves.

/** The picking list after an answer with the order: updated in place while it is still to be picked, else left out. */
function listWithOrder(list: OrderListWithItems, { items_pagination: _, items, ...order }: Order): OrderListWithItems {
  if (!mayPick(order)) return withoutOrders(list, [order.id]);
  // By id: an order of more items than one answer's page keeps those the answer does not carry.
  const answered = new Map(items.map((i) => [i.id, i]));
  return {
    ...list,
    orders: list.orders.map((o) => (o.id === order.id ? { ...o, ...order, items: o.items.map((i) => answered.get(i.id) ?? i) } : o)),
  };
}

function withoutOrders(list: OrderListWithItems, ids: readonly number[]): OrderListWithItems {
  return { ...list, orders: list.orders.filter((o) => !ids.includes(o.id)) };
}

/** The picking list after an answer with a batch: without the batch's orders that are no longer to be picked. */
function listWithBatch(list: OrderListWithItems, batch: BatchDetail): OrderListWithItems {
  return withoutOrders(
    list,
    batch.orders.filter((o) => !mayPick(o)).map((o) => o.order_id),
  );
}

/**
 * An open batch after an answer with one of its orders: its lines of that order take the answer's items (a picked line
 * stays listed, marked picked, until the batch is read again and the server leaves it out and counts it). A line
 * picked before and undone now goes back among those to pick, no longer counted done.
 */
export function batchWithOrder(batch: BatchDetail, order: Order): BatchDetail {
  if (!batch.orders.some((o) => o.order_id === order.id)) return batch;
  const answered = new Map(order.items.map((i) => [i.id, i]));
  const withAnswer = (line: BatchLine): BatchLine => {
    const item = line.order_id === order.id ? answered.get(line.id) : undefined;
    return item ? { ...line, ...item } : line;
  };
  const lines = batch.lines.map(withAnswer);
  const done_lines: BatchLine[] = [];
  let { picked_items, short_items } = batch;
  for (const before of batch.done_lines) {
    const line = withAnswer(before);
    if (line.status !== 'pending') {
      done_lines.push(line);
      continue;
    }
    lines.push(line);
    if (before.status === 'short') short_items -= 1;
    else picked_items -= 1;
  }
  return { ...batch, picked_items, short_items, lines, done_lines };
}

/** The open batches after an answer with a batch that is no longer open (completed): without it. */
function batchesWith(list: BatchList, batch: BatchDetail): BatchList {
  return batch.status === 'open' ? list : { ...list, batches: list.batches.filter((b) => b.id !== batch.id) };
}


function applyOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<OrderListWithItems>({ queryKey: pickingKeys.lists }, (list) => list && listWithOrder(list, order));
  queryClient.setQueriesData<BatchDetail>({ queryKey: pickingKeys.openBatches }, (batch) => batch && batchWithOrder(batch, order));
}

export interface PickVariables {
  orderId: number;
  itemId: number;
  /** Where the item is taken from; null: the server's suggestion (none for an item no location holds). */
  location: string | null;
  /** The pick's Idempotency-Key, fixed when it was queued on the phone (pick-queue.ts), the same on every send. */
  key: string;
}

export const pickCommand: CommandSpec<PickVariables, Order> = {
  send: ({ orderId, itemId, location, key }) =>
    apiData<Order>(`/orders/${orderId}/items/${itemId}/pick`, {
      method: 'POST',
      body: location ? { location } : {},
      defaultMessage: 'Failed to pick item',
      idempotencyKey: key,
    }),
  apply: applyOrder,
  fallbackError: 'Failed to pick item',
};

export interface ShortPickVariables {
  orderId: number;
  itemId: number;
  /** Units not found (the line's quantity less those found). */
  short_quantity: number;
  /** Where the picker looked, the first being where any units found came from. */
  looked_in: readonly string[];
}

/** "Can't find it": the line recorded short where the picker looked; its answer is the order, as a pick's. */
export const shortPickCommand: CommandSpec<ShortPickVariables, Order> = {
  send: ({ orderId, itemId, short_quantity, looked_in }) =>
    apiData<Order>(`/orders/${orderId}/items/${itemId}/short`, {
      method: 'POST',
      body: { short_quantity, looked_in },
      defaultMessage: 'Failed to record the short',
    }),
  apply: applyOrder,
  fallbackError: 'Failed to record the short',
};

/** Undoes a pick or a short (why is required); the line is to pick again, and the answer is the order. */
export const undoPickCommand: CommandSpec<{ orderId: number; itemId: number; reason: string }, Order> = {
  send: sendUndoPick,
  apply: applyOrder,
  fallbackError: 'Failed to undo the pick',
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
