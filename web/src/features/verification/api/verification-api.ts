import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderList, VerifyOrderBody } from '@wh/contracts/orders/http';
import { apiData } from '../../../lib/api-client.ts';
import { ORDERS_NETWORK_ERROR_MESSAGE, ORDERS_UNAUTHORIZED_MESSAGE } from '../../../lib/api-errors.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import { fetchOrderWithItems } from '../../../lib/order-items.ts';

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

export const verifyOrder = (orderId: number, body: VerifyOrderBody) =>
  apiData<Order>(`/orders/${orderId}/verify`, {
    method: 'POST',
    body,
    defaultMessage: 'Failed to verify order',
    networkMessage: ORDERS_NETWORK_ERROR_MESSAGE,
  });
