import { MAX_BATCH_ORDERS, mayAssign, mayCancel, mayDeassign, MIN_BATCH_ORDERS, ORDER_STATUSES, type OrderStatus } from '@wh/contracts/orders/events';
import type { OrderList, OrderSummary } from '@wh/contracts/orders/http';

// What the order table shows and offers per row (spec section 2, order table), on the rules the order decider keeps
// (contracts, orders/events.ts).

/** An unknown status displays as pending. */
export function displayStatus(status: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'pending';
}

export const isHighPriority = (order: Pick<OrderSummary, 'priority'>) => order.priority > 1;

export type RowAction = 'assign' | 'deassign' | 'cancel';

export function rowActions(order: Pick<OrderSummary, 'status' | 'assigned_worker_id'>): RowAction[] {
  const shown = { status: displayStatus(order.status) };
  const actions: RowAction[] = [];
  // A row assigns an order without a worker; reassigning goes through the bulk dialog.
  if (mayAssign(shown) && order.assigned_worker_id === null) actions.push('assign');
  if (mayDeassign(shown) && order.assigned_worker_id !== null) actions.push('deassign');
  if (mayCancel(shown)) actions.push('cancel');
  return actions;
}

/** Bulk selection (assign, reassign, batch) takes only the orders that may be assigned. */
export const isSelectable = (order: Pick<OrderSummary, 'status'>) => mayAssign({ status: displayStatus(order.status) });

/** The selected ids that are on this page and still selectable (after a reload some may have moved on). */
export function selectedOrders(orders: readonly OrderSummary[], selected: ReadonlySet<number>): OrderSummary[] {
  return orders.filter((o) => selected.has(o.id) && isSelectable(o));
}

/** A page of the list after a command answered with one of its orders: that row as answered (its items left out). */
export function listWithOrder(list: OrderList, order: OrderSummary): OrderList {
  if (!list.orders.some((o) => o.id === order.id)) return list;
  return { ...list, orders: list.orders.map((o) => (o.id === order.id ? { ...o, ...summaryOf(order) } : o)) };
}

function summaryOf(order: OrderSummary & { items?: unknown; items_pagination?: unknown }): OrderSummary {
  const { items: _items, items_pagination: _pages, ...summary } = order;
  return summary;
}

/** 'Batch 3 · Tote 2', or null for an order in no batch. */
export function batchLabel(order: Pick<OrderSummary, 'batch'>): string | null {
  return order.batch ? `Batch ${order.batch.id} · Tote ${order.batch.tote}` : null;
}

/** The orders of a new batch in tote order (tote 1 first): by order number, lowest first, as the pick list prints them. */
export function inToteOrder<T extends Pick<OrderSummary, 'order_number'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => a.order_number.localeCompare(b.order_number, 'en', { numeric: true }));
}

/** A batch takes 2 to 12 orders. */
export const fitsOneBatch = (count: number) => count >= MIN_BATCH_ORDERS && count <= MAX_BATCH_ORDERS;

/** '1 item without stock', '3 items without stock': an order's items no location holds. */
export const noStockLabel = (items: number) => `${items} ${items === 1 ? 'item' : 'items'} without stock`;
