import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AssignableWorkers,
  BatchDetail,
  BulkAssignResult,
  Order,
  OrderHistory,
  OrderList,
  OrderSummary,
  OrderUploadResult,
} from '@wh/contracts/orders/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import { downloadFile } from '../../../lib/download.ts';
import { uploadFile, type UploadProgress } from '../../../lib/upload.ts';
import { ORDERS_NETWORK_ERROR_MESSAGE, ORDERS_UNAUTHORIZED_MESSAGE, UPLOAD_ORDERS_AUTH_MESSAGE } from '../../../lib/api-errors.ts';
import type { LiveKeys } from '../../../lib/live-topics.ts';
import { fetchOrderWithItems } from '../../../lib/order-items.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import { bulkOutcomeOf, runBulk, type BulkOutcome } from '../bulk.ts';
import { filtersToQuery, type OrdersFilter } from '../order-filters.ts';
import { inToteOrder, listWithOrder } from '../order-rows.ts';

export type { OrderUploadResult };

export const ordersKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (filter: OrdersFilter) => ['orders', 'list', filter] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  histories: ['orders', 'history'] as const,
  history: (id: number) => ['orders', 'history', id] as const,
  // Not under 'orders': the worker list changes with users, not with every order push.
  workers: ['users', 'assignable-workers'] as const,
};

/**
 * Pushes on orders, order:N and worker:N refresh the orders; a change to users refreshes the worker list; a change at
 * the returns bench refreshes the order histories, which list the returns of their units.
 */
export const ordersLiveKeys: LiveKeys = {
  orders: [ordersKeys.all],
  order: [ordersKeys.all],
  worker: [ordersKeys.all],
  users: [ordersKeys.workers],
  user: [ordersKeys.workers],
  returns: [ordersKeys.histories],
};

export const ordersListQuery = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: ordersKeys.list(filter),
    queryFn: ({ signal }) =>
      apiData<OrderList>('/orders', {
        query: { ...filtersToQuery(filter), page: filter.page, limit: filter.limit },
        defaultMessage: 'Failed to fetch orders',
        networkMessage: ORDERS_NETWORK_ERROR_MESSAGE,
        unauthorizedMessage: ORDERS_UNAUTHORIZED_MESSAGE,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ordersKeys.detail(id),
    queryFn: ({ signal }) => fetchOrderWithItems(id, { defaultMessage: 'Failed to fetch order', signal }),
  });

export const orderHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: ordersKeys.history(id),
    queryFn: ({ signal }) => apiData<OrderHistory>(`/orders/${id}/history`, { defaultMessage: 'Failed to fetch order history', signal }),
  });

export const assignableWorkersQuery = () =>
  queryOptions({
    queryKey: ordersKeys.workers,
    queryFn: ({ signal }) =>
      apiData<AssignableWorkers>('/orders/workers', { defaultMessage: 'Failed to fetch users', signal }),
    staleTime: 60_000,
  });

// Every command answers with what it changed. A single order's answer goes into the lists at once; the command then
// invalidates the order queries once, since a list's membership and counts under its filter are the server's to say.

function applyOrder(queryClient: QueryClient, order: OrderSummary): void {
  queryClient.setQueriesData<OrderList>({ queryKey: ordersKeys.lists }, (list) => list && listWithOrder(list, order));
}

/** A command on one order answers with the order and the server's message (which says what else it found: items no
 * location holds, the batch the order left). */
export interface OrderAnswer {
  order: Order;
  message: string;
}

const orderCommand = <TVariables>(path: (variables: TVariables) => string, body: (variables: TVariables) => unknown, done: string, fallbackError: string): CommandSpec<TVariables, OrderAnswer> => ({
  send: async (variables) => {
    const answer = await apiRequest<Order>(path(variables), { method: 'POST', body: body(variables), defaultMessage: fallbackError });
    return { order: answer.data, message: answer.message ?? done };
  },
  apply: (queryClient, { order }) => applyOrder(queryClient, order),
  invalidates: [ordersKeys.all],
  fallbackError,
});

export const assignCommand = orderCommand(
  ({ orderId }: { orderId: number; workerId: number }) => `/orders/${orderId}/assign-worker`,
  ({ workerId }) => ({ worker_id: workerId }),
  'Worker assigned successfully',
  'Failed to assign worker',
);

const deassignWorker = (orderId: number) =>
  apiData<Order>(`/orders/${orderId}/deassign-worker`, { method: 'POST', defaultMessage: 'Failed to deassign worker' });

const cancelOrder = (orderId: number) => apiData<Order>(`/orders/${orderId}/cancel`, { method: 'POST', defaultMessage: 'Failed to cancel order' });

/** Deassigns the worker; the answer's message says which batch the order left, if any. */
export const deassignCommand = orderCommand((orderId: number) => `/orders/${orderId}/deassign-worker`, () => undefined, 'Worker deassigned successfully', 'Failed to deassign worker');
export const cancelCommand = orderCommand((orderId: number) => `/orders/${orderId}/cancel`, () => undefined, 'Order cancelled successfully', 'Failed to cancel order');

interface BulkVariables {
  orders: readonly OrderSummary[];
  workerId: number;
}

/** Assigns the orders to one worker; the answer says which failed and why. */
export const bulkAssignCommand: CommandSpec<BulkVariables, BulkOutcome> = {
  send: async ({ orders, workerId }) =>
    bulkOutcomeOf(
      await apiData<BulkAssignResult>('/orders/bulk-assign', {
        method: 'POST',
        body: { order_ids: orders.map((o) => o.id), worker_id: workerId },
        defaultMessage: 'Failed to assign worker',
      }),
    ),
  invalidates: [ordersKeys.all],
  fallbackError: 'Failed to assign worker',
};

/**
 * Assigns the orders to one worker as a batch, picked as one list (each order gets a tote, in tote order: inToteOrder).
 * Answers with the server's message ('Batch 3 created: ...').
 */
export const createBatchCommand: CommandSpec<BulkVariables, string> = {
  send: async ({ orders, workerId }) => {
    const answer = await apiRequest<BatchDetail>('/batches', {
      method: 'POST',
      body: { order_ids: inToteOrder(orders).map((o) => o.id), worker_id: workerId },
      defaultMessage: 'Failed to create the batch',
    });
    return answer.message ?? `Batch ${answer.data.id} created`;
  },
  invalidates: [ordersKeys.all],
  fallbackError: 'Failed to create the batch',
};

const label = (order: OrderSummary) => order.order_number;

/** One call per order, a few at a time; the answer counts the successes and says why each failure failed. */
export const bulkDeassignCommand: CommandSpec<readonly OrderSummary[], BulkOutcome> = {
  send: (orders) => runBulk(orders, (o) => deassignWorker(o.id), label),
  invalidates: [ordersKeys.all],
  fallbackError: 'Failed to deassign worker',
};

export const bulkCancelCommand: CommandSpec<readonly OrderSummary[], BulkOutcome> = {
  send: (orders) => runBulk(orders, (o) => cancelOrder(o.id), label),
  invalidates: [ordersKeys.all],
  fallbackError: 'Failed to cancel order',
};

export const exportOrders = (filter: OrdersFilter, format: 'csv' | 'xlsx') =>
  downloadFile('/orders/export', { ...filtersToQuery(filter), format }, 'Failed to export orders');

/** Uploads an orders file. A file with nothing to import still answers with its result (422): it is returned, not thrown. */
async function uploadOrdersFile(file: File, onProgress: (p: UploadProgress) => void): Promise<OrderUploadResult> {
  try {
    const answer = await uploadFile<OrderUploadResult>('/files/upload/orders', file, { defaultMessage: 'Upload failed', noTokenMessage: UPLOAD_ORDERS_AUTH_MESSAGE, onProgress });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && isUploadResult(error.data)) return error.data;
    throw error;
  }
}

export const uploadOrdersCommand: CommandSpec<{ file: File; onProgress: (p: UploadProgress) => void }, OrderUploadResult> = {
  send: ({ file, onProgress }) => uploadOrdersFile(file, onProgress),
  invalidates: [ordersKeys.all],
  fallbackError: 'Upload failed',
};

export const exportCommand: CommandSpec<{ filter: OrdersFilter; format: 'csv' | 'xlsx' }, string> = {
  send: ({ filter, format }) => exportOrders(filter, format),
  fallbackError: 'Failed to export orders',
};

function isUploadResult(body: unknown): body is OrderUploadResult {
  return typeof body === 'object' && body !== null && 'total_orders' in body && 'errors' in body;
}
