import { ORDER_STATUSES, type OrderStatus } from '@wh/contracts/orders/events';
import { CANCELLABLE_STATUSES, DEASSIGNABLE_STATUSES, type Order } from '@wh/contracts/orders/http';

// What the order table shows and offers per row (spec section 2, order table; section 4, transitions).

/** An unknown status displays as pending. */
export function displayStatus(status: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'pending';
}

export const isHighPriority = (order: Pick<Order, 'priority'>) => order.priority > 1;

/** The first two distinct style prefixes of the item SKUs, e.g. ['KN1010', 'TP1007']. */
export function stylePrefixes(order: Pick<Order, 'items'>, count = 2): string[] {
  const prefixes: string[] = [];
  for (const item of order.items) {
    const prefix = item.style_code || item.sku.split('-')[0] || item.sku;
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    if (prefixes.length === count) break;
  }
  return prefixes;
}

export type RowAction = 'assign' | 'deassign' | 'cancel';

export function rowActions(order: Pick<Order, 'status' | 'assigned_worker_id'>): RowAction[] {
  const status = displayStatus(order.status);
  const actions: RowAction[] = [];
  if (status === 'pending' && order.assigned_worker_id === null) actions.push('assign');
  if (DEASSIGNABLE_STATUSES.includes(status) && order.assigned_worker_id !== null) actions.push('deassign');
  if (CANCELLABLE_STATUSES.includes(status)) actions.push('cancel');
  return actions;
}

/** Bulk selection takes only orders still waiting to be picked: pending or assigned. */
export const isSelectable = (order: Pick<Order, 'status'>) => ['pending', 'assigned'].includes(displayStatus(order.status));

/** The selected ids that are on this page and still selectable (after a reload some may have moved on). */
export function selectedOrders(orders: readonly Order[], selected: ReadonlySet<number>): Order[] {
  return orders.filter((o) => selected.has(o.id) && isSelectable(o));
}
