import type { Order } from '@wh/contracts/orders/http';
import { apiData } from './api-client.ts';

/**
 * POST /orders/{id}/items/{itemId}/undo: the one call behind every screen's Undo (picking, and a manager at
 * verification); each feature declares its own command around it, applying the answer to its own queries.
 */
export const sendUndoPick = ({ orderId, itemId, reason }: { orderId: number; itemId: number; reason: string }) =>
  apiData<Order>(`/orders/${orderId}/items/${itemId}/undo`, { method: 'POST', body: { reason }, defaultMessage: 'Failed to undo the pick' });
