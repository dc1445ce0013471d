import type { Order, OrderList } from '@wh/contracts/orders/http';
import { apiData, type RequestOptions } from './api-client.ts';
import { ApiError } from './api-errors.ts';

// Order lists carry no items; an order's own answer carries them a page at a time (a page holds more lines than any
// order the import accepts, so one request is the rule). The screens that show items (picking, verification, an
// order's details and pick list) read them here.

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

export type OrderListWithItems = Omit<OrderList, 'orders'> & { orders: Order[] };

/** A list's orders with their items, in the list's order; an order gone since the list was read is left out. */
export async function withItems(list: OrderList, options: ReadOptions): Promise<OrderListWithItems> {
  const orders = await Promise.all(
    list.orders.map((o) =>
      fetchOrderWithItems(o.id, options).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  return { ...list, orders: orders.filter((o): o is Order => o !== null) };
}
