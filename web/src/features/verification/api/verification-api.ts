import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderList, VerifyOrderBody } from '@wh/contracts/orders/http';
import { apiData } from '../../../lib/api-client.ts';
import { ORDERS_NETWORK_ERROR_MESSAGE, ORDERS_UNAUTHORIZED_MESSAGE } from '../../../lib/api-errors.ts';
import type { LiveKeys } from '../../../lib/live-topics.ts';
import { withItems } from '../../../lib/order-items.ts';

const QUEUE_LIMIT = 100;

export const verificationKeys = {
  queue: ['orders', 'verification'] as const,
};

/** A completed order is announced on the order topics, and appears in open queues. */
export const verificationLiveKeys: LiveKeys = {
  orders: [verificationKeys.queue],
  order: [verificationKeys.queue],
  worker: [verificationKeys.queue],
};

/** The completed orders waiting for verification, each with its items. */
export const completedOrdersQuery = () =>
  queryOptions({
    queryKey: verificationKeys.queue,
    queryFn: async ({ signal }) => {
      const options = {
        defaultMessage: 'Failed to fetch orders',
        networkMessage: ORDERS_NETWORK_ERROR_MESSAGE,
        unauthorizedMessage: ORDERS_UNAUTHORIZED_MESSAGE,
        signal,
      };
      return withItems(await apiData<OrderList>('/orders', { ...options, query: { status: 'completed', limit: QUEUE_LIMIT } }), options);
    },
  });

export const verifyOrder = (orderId: number, body: VerifyOrderBody) =>
  apiData<Order>(`/orders/${orderId}/verify`, {
    method: 'POST',
    body,
    defaultMessage: 'Failed to verify order',
    networkMessage: ORDERS_NETWORK_ERROR_MESSAGE,
  });
