import type { Order, OrderItem, OrderList, OrderSummary } from '@wh/contracts/orders/http';
import { apiData, type RequestOptions } from './api-client.ts';
import { ApiError } from './api-errors.ts';

// Order lists carry no items unless asked (include_items, up to a budget of lines an answer); an order's own answer
// carries them a page at a time (a page holds more lines than any order the import accepts, so one request is the
// rule). The screens that show items (picking, verification, an order's details and pick list) read them here.

type ReadOptions = Pick<RequestOptions, 'defaultMessage' | 'networkMessage' | 'unauthorizedMessage' | 'signal'>;

/** An order with every item, its further pages (an older, larger order) fetched and joined. */
export async function fetchOrderWithItems(id: number, options: ReadOptions): Promise<Order> {
  const first = await apiData<Order>(`/orders/${id}`, options);
  const items = [...first.items];
  for (let page = 2; page <= first.items_pagination.total_pages; page++) {
    items.push(...(await apiData<Order>(`/orders/${id}`, { ...options, query: { items_page: page } })).items);
  }
  return { ...first, items };
}

export type OrderWithItems = OrderSummary & { items: OrderItem[] };
export type OrderListWithItems = Omit<OrderList, 'orders'> & { orders: OrderWithItems[] };

/**
 * A list's orders with their items, in the list's order: the items the list carries (include_items), and for an order
 * it carries none of (past the answer's budget of lines) the order's own answer; an order gone since the list was read
 * is left out.
 */
export async function withItems(list: OrderList, options: ReadOptions): Promise<OrderListWithItems> {
  const orders = await Promise.all(
    list.orders.map(({ items, ...order }) =>
      items
        ? { ...order, items }
        : fetchOrderWithItems(order.id, options).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          }),
    ),
  );
  return { ...list, orders: orders.filter((o) => o !== null) };
}
