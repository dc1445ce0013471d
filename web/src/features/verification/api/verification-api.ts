import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderList, VerifyOrderBody } from '@wh/contracts/orders/http';
import { apiData } from '../../../lib/api-client.ts';
import { ORDERS_NETWORK_ERROR_MESSAGE, ORDERS_UNAUTHORIZED_MESSAGE } from '../../../lib/api-errors.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import { fetchOrderWithItems } from '../../../lib/order-items.ts';
import { sendUndoPick } from '../../../lib/undo-pick.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

const QUEUE_LIMIT = 100;

export const verificationKeys = {
  queue: ['orders', 'verification'] as const,
  // Under the queue: what refreshes the queue refreshes the open order.
  order: (id: number) => ['orders', 'verification', 'order', id] as const,
};

/** A completed order is announced on the order topics, and appears in open queues. */
export const verificationLiveKeys: LiveKeys = dependsOn(['orders', 'order', 'worker'], [verificationKeys.queue]);

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

/** Verifies a completed order: it leaves the queue at once (its answer), and the queue is read again once. */
export const verifyCommand: CommandSpec<{ orderId: number; body: VerifyOrderBody }, Order> = {
  send: ({ orderId, body }) =>
    apiData<Order>(`/orders/${orderId}/verify`, {
      method: 'POST',
      body,
      defaultMessage: 'Failed to verify order',
      networkMessage: ORDERS_NETWORK_ERROR_MESSAGE,
    }),
  apply: (queryClient, order) => queryClient.setQueryData<OrderList>(verificationKeys.queue, (queue) => queue && queueWithout(queue, order.id)),
  invalidates: [verificationKeys.queue],
  fallbackError: 'Failed to verify order',
};

/** A manager undoes a pick of a completed order: it goes back to its picker, leaving the queue at once. */
export const undoPickCommand: CommandSpec<{ orderId: number; itemId: number; reason: string }, Order> = {
  send: sendUndoPick,
  apply: (queryClient, order) => queryClient.setQueryData<OrderList>(verificationKeys.queue, (queue) => queue && queueWithout(queue, order.id)),
  invalidates: [verificationKeys.queue],
  fallbackError: 'Failed to undo the pick',
};
