import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedOrder, OrderItem, OrderList } from '@wh/contracts/orders/http';
import { withItems } from './order-items.ts';
import { appStore, tokenAtom } from './session.ts';
import { orderItem } from './testing.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  appStore.set(tokenAtom, null);
});

const item = (id: number): OrderItem => orderItem({ id, sku: `SKU-${id}` });

const order = (id: number, items: OrderItem[] | null): ListedOrder => ({
  id,
  order_number: `#${10000 + id}`,
  status: 'assigned',
  priority: 0,
  total_items: 1,
  total_quantity: 1,
  picked_items: 0,
  short_items: 0,
  progress: 0,
  order_date: '2026-11-28',
  created_at: '2026-11-28T08:00:00.000Z',
  assigned_at: null,
  completed_at: null,
  verified_at: null,
  cancelled_at: null,
  verification_notes: null,
  discrepancies: [],
  hold: null,
  assigned_worker: null,
  assigned_worker_id: null,
  assigned_worker_name: null,
  worker_id: null,
  completed_by: null,
  verified_by: null,
  source_file: null,
  style_codes: ['DR1000'],
  items,
});

const pagination = { current_page: 1, total_pages: 1, total_records: 3, per_page: 100 };

// Answers each order's own answer (GET /api/orders/{id}) from `details`, 404 for the others; records what was asked.
function serveDetails(details: Record<number, OrderItem[]>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const id = Number(/^\/api\/orders\/(\d+)$/.exec(url)?.[1]);
      const items = details[id];
      if (!items) {
        return new Response(JSON.stringify({ success: false, message: 'Order not found', error: { code: 'NOT_FOUND', message: 'Order not found' } }), { status: 404 });
      }
      const data = { ...order(id, items), items_pagination: { current_page: 1, total_pages: 1, total_records: items.length, per_page: 500 } };
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
  return asked;
}

describe('withItems', () => {
  it('uses the items the list carries and asks for nothing more', async () => {
    appStore.set(tokenAtom, 'token');
    const asked = serveDetails({});
    const list: OrderList = { orders: [order(1, [item(11)]), order(2, [])], pagination };
    const got = await withItems(list, { defaultMessage: 'Failed' });
    expect(asked).toEqual([]);
    expect(got.orders.map((o) => [o.id, o.items.map((i) => i.id)])).toEqual([
      [1, [11]],
      [2, []],
    ]);
  });

  it("reads the items of only the orders the list carries none of, from each one's own answer, keeping the list's order", async () => {
    appStore.set(tokenAtom, 'token');
    const asked = serveDetails({ 2: [item(21), item(22)], 4: [item(41)] });
    const list: OrderList = { orders: [order(1, [item(11)]), order(2, null), order(3, [item(31)]), order(4, null)], pagination };
    const got = await withItems(list, { defaultMessage: 'Failed' });
    expect(asked.sort()).toEqual(['/api/orders/2', '/api/orders/4']);
    expect(got.orders.map((o) => [o.id, o.items.map((i) => i.id)])).toEqual([
      [1, [11]],
      [2, [21, 22]],
      [3, [31]],
      [4, [41]],
    ]);
    expect(got.pagination).toEqual(pagination);
  });

  it('leaves out an order gone since the list was read', async () => {
    appStore.set(tokenAtom, 'token');
    serveDetails({});
    const list: OrderList = { orders: [order(1, [item(11)]), order(2, null)], pagination };
    const got = await withItems(list, { defaultMessage: 'Failed' });
    expect(got.orders.map((o) => o.id)).toEqual([1]);
  });
});
