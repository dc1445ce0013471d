// What the answer to a picking command does to the picking screen's data. Each command answers with what it changed
// as the screens will read it (a pick or a completion with the order and its items, a batch's completion with the
// batch): written into the cached lists at once, it is the screen's state until the live push reads them again.
import { mayPick } from '@wh/contracts/orders/actions';
import { type BatchDetail, type BatchList, type Order } from '@wh/contracts/orders/http';
import type { OrderListWithItems } from '../../lib/order-items.ts';

/** The picking list after an answer with the order: updated in place while it is still to be picked, else left out. */
export function listWithOrder(list: OrderListWithItems, { items_pagination: _, items, ...order }: Order): OrderListWithItems {
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
export function listWithBatch(list: OrderListWithItems, batch: BatchDetail): OrderListWithItems {
  return withoutOrders(
    list,
    batch.orders.filter((o) => !mayPick(o)).map((o) => o.order_id),
  );
}

/**
 * An open batch after an answer with one of its orders: its lines of that order take the answer's items (a picked line
 * stays listed, marked picked, until the batch is read again and the server leaves it out and counts it).
 */
export function batchWithOrder(batch: BatchDetail, order: Order): BatchDetail {
  if (!batch.lines.some((l) => l.order_id === order.id)) return batch;
  const answered = new Map(order.items.map((i) => [i.id, i]));
  return {
    ...batch,
    lines: batch.lines.map((line) => {
      const item = line.order_id === order.id ? answered.get(line.id) : undefined;
      return item ? { ...line, ...item } : line;
    }),
  };
}

/** The open batches after an answer with a batch that is no longer open (completed): without it. */
export function batchesWith(list: BatchList, batch: BatchDetail): BatchList {
  return batch.status === 'open' ? list : { ...list, batches: list.batches.filter((b) => b.id !== batch.id) };
}
