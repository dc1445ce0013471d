import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Order, OrderList, ResolveHoldBody, SendBackBody, VerifyOrderBody } from '@wh/contracts/orders/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { ORDERS_NETWORK_ERROR_MESSAGE, ORDERS_UNAUTHORIZED_MESSAGE } from '../../../lib/api-errors.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import { fetchOrderWithItems } from '../../../lib/order-items.ts';
import { sendUndoPick } from '../../../lib/undo-pick.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

const QUEUE_LIMIT = 100;

export const verificationKeys = {
  queue: ['orders', 'verification', 'completed'] as const,
  held: ['orders', 'verification', 'held'] as const,
  // Under the lists' prefix: what refreshes them refreshes the open order.
  order: (id: number) => ['orders', 'verification', 'order', id] as const,
};

/** A completed order is announced on the order topics, and appears in open queues. */
export const verificationLiveKeys: LiveKeys = dependsOn(['orders', 'order', 'worker'], [['orders', 'verification']]);

const readOptions = {
  networkMessage: ORDERS_NETWORK_ERROR_MESSAGE,
  unauthorizedMessage: ORDERS_UNAUTHORIZED_MESSAGE,
};

/** The completed orders waiting for verification, without items (the selected order's come with it). */
export const completedOrdersQuery = () =>
  queryOptions({
    queryKey: verificationKeys.queue,
    queryFn: ({ signal }) =>
      apiData<OrderList>('/orders', { ...readOptions, defaultMessage: 'Failed to fetch orders', query: { status: 'completed', limit: QUEUE_LIMIT }, signal }),
  });

/** The orders held at verification, waiting to be sent back or resolved. */
export const heldOrdersQuery = () =>
  queryOptions({
    queryKey: verificationKeys.held,
    queryFn: ({ signal }) =>
      apiData<OrderList>('/orders', { ...readOptions, defaultMessage: 'Failed to fetch orders', query: { status: 'on_hold', limit: QUEUE_LIMIT }, signal }),
  });

/** The order being verified, with its items. */
export const verificationOrderQuery = (id: number) =>
  queryOptions({
    queryKey: verificationKeys.order(id),
    queryFn: ({ signal }) => fetchOrderWithItems(id, { ...readOptions, defaultMessage: 'Failed to fetch order', signal }),
  });

/** The queue after an answer with a verified order: without it, until the queue is read again. */
export function queueWithout(queue: OrderList, orderId: number): OrderList {
  if (!queue.orders.some((o) => o.id === orderId)) return queue;
  const total_records = Math.max(0, queue.pagination.total_records - 1);
  return { orders: queue.orders.filter((o) => o.id !== orderId), pagination: { ...queue.pagination, total_records } };
}

/** A verification's answer: the order (verified, or on hold) and what the server says of it. */
export interface Verified {
  order: Order;
  message: string | undefined;
}

// The order leaves the list it was in at once (the answer), and both lists are read again once.
const leaveQueues = (queryClient: QueryClient, { order }: Verified) => {
  for (const key of [verificationKeys.queue, verificationKeys.held]) {
    queryClient.setQueryData<OrderList>(key, (queue) => queue && queueWithout(queue, order.id));
  }
};
const holdCommand = <B>(path: string, fallbackError: string): CommandSpec<{ orderId: number; body: B }, Verified> => ({
  send: async ({ orderId, body }) => {
    const answer = await apiRequest<Order>(`/orders/${orderId}/${path}`, { method: 'POST', body, defaultMessage: fallbackError, networkMessage: ORDERS_NETWORK_ERROR_MESSAGE });
    return { order: answer.data, message: answer.message };
  },
  apply: leaveQueues,
  invalidates: [['orders', 'verification']],
  fallbackError,
});

/** Verifies a completed order, or holds it when the bench found something wrong. */
export const verifyCommand = holdCommand<VerifyOrderBody>('verify', 'Failed to verify order');
/** A held order's lines back to its picker, to pick again. */
export const sendBackCommand = holdCommand<SendBackBody>('send-back', 'Failed to send the order back');
/** Every held line resolved (shipped as counted); the order is verified. */
export const resolveCommand = holdCommand<ResolveHoldBody>('resolve', 'Failed to resolve the order');

/** The held list after an answer with a held order: the order as answered, in its place. */
export function queueWith(queue: OrderList, { items: _items, items_pagination: _pages, ...order }: Order): OrderList {
  return { ...queue, orders: queue.orders.map((o) => (o.id === order.id ? order : o)) };
}

/**
 * A manager undoes a pick of a completed order (it goes back to its picker, leaving the lists at once) or of a held
 * one (it stays on hold, its line held: the held list shows it so at once).
 */
export const undoPickCommand: CommandSpec<{ orderId: number; itemId: number; reason: string }, Order> = {
  send: sendUndoPick,
  apply: (queryClient, order) => {
    if (order.status === 'on_hold') queryClient.setQueryData<OrderList>(verificationKeys.held, (queue) => queue && queueWith(queue, order));
    else leaveQueues(queryClient, { order, message: undefined });
  },
  invalidates: [['orders', 'verification']],
  fallbackError: 'Failed to undo the pick',
};
