import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_ITEM_LINES } from '@wh/contracts';
import { statementCounter } from '@wh/db/testing';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';
import { listOrders } from './queries.ts';

// The picking screen's list (include_items=true) carries each order's items, as the order's own answer gives them,
// up to MAX_LISTED_ITEM_LINES lines an answer; the orders past them come with items null. Every other list is
// item-less.
let t: TestApp;
let manager: Client;
let ann: Client & { id: number };
let ben: Client & { id: number };
const ids: Record<string, number> = {};

const BIG_LINES = 450;
const BIG_ORDERS = 5;
// Listed newest first: the big orders, then #50004, all pending.
const PENDING = ['#60005', '#60004', '#60003', '#60002', '#60001', '#50004'];

beforeAll(async () => {
  expect(BIG_LINES * (BIG_ORDERS - 1)).toBeLessThanOrEqual(MAX_LISTED_ITEM_LINES);
  expect(BIG_LINES * BIG_ORDERS).toBeGreaterThan(MAX_LISTED_ITEM_LINES);
  t = await startTestApp();
  manager = await t.asAdmin();
  ann = await t.userWithRole('worker', 'ann');
  ben = await t.userWithRole('worker', 'ben');
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  await t.allocateStock([
    { sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 5 },
    { sku: 'KN1010-12-WINE', location: 'A-2-1', quantity: 5 },
    { sku: 'SK1014-10-NAVY', location: 'B-1-1', quantity: 5 },
  ]);
  // Each order's lines out of walk order; BG1005-FS-GREY has no stock anywhere.
  const rows = [
    'Order #,Item,SKU,Value,is Fulfilled',
    '#50001,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
    '#50001,Tote Bag,BG1005-FS-GREY,10.00,FALSE',
    '#50001,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
    '#50002,A-Line Skirt,SK1014-10-NAVY,10.00,FALSE',
    '#50002,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
    '#50003,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
    '#50004,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  ];
  for (let o = 1; o <= BIG_ORDERS; o++) {
    for (let i = 0; i < BIG_LINES; i++) rows.push(`#${60000 + o},Linen Shirt,TP1007-6-GREEN,10.00,FALSE`);
  }
  const upload = await manager.upload('/api/files/upload/orders', 'orders.csv', rows.join('\n'));
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  for (const o of (await manager.get('/api/orders?limit=100')).body.data.orders) ids[o.order_number] = o.id;
  for (const [order, worker] of [['#50001', ann], ['#50002', ann], ['#50003', ben]] as const) {
    expect((await manager.post(`/api/orders/${ids[order]}/assign-worker`, { worker_id: worker.id })).status).toBe(200);
  }
  const first = (await ann.get(`/api/orders/${ids['#50002']}`)).body.data.items[0];
  expect((await ann.post(`/api/orders/${ids['#50002']}/items/${first.id}/pick`, {})).status).toBe(200);
});
afterAll(() => t?.stop());

describe('GET /api/orders?include_items=true', () => {
  it("gives each of a worker's orders with its items in walk order, as the order's own answer does", async () => {
    const res = await ann.get(`/api/orders?status=assigned,picking&worker_id=${ann.id}&include_items=true`);
    expect(res.status).toBe(200);
    const listed = res.body.data.orders;
    expect(listed.map((o: any) => o.order_number)).toEqual(['#50002', '#50001']);
    expect(listed[1].items.map((i: any) => [i.sku, i.location])).toEqual([
      ['KN1010-12-WINE', 'A-2-1'],
      ['TP1007-6-GREEN', 'A-10-1'],
      ['BG1005-FS-GREY', null],
    ]);
    for (const order of listed) {
      const { items_pagination, ...detail } = (await ann.get(`/api/orders/${order.id}`)).body.data;
      expect(items_pagination.total_pages).toBe(1);
      expect(order).toEqual(detail);
    }
    expect(listed[0].items[0]).toMatchObject({ status: 'picked', picked_by: { id: ann.id, username: 'ann' } });
  });

  it('still lists only the worker their own orders, and refuses another worker’s', async () => {
    const own = await ben.get('/api/orders?include_items=true');
    expect(own.body.data.orders.map((o: any) => [o.order_number, o.items.length])).toEqual([['#50003', 1]]);
    const other = await ben.get(`/api/orders?worker_id=${ann.id}&include_items=true`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can only see the orders assigned to you');
  });

  it('carries the items of the first orders within the line budget; the orders past it come with items null', async () => {
    const res = await manager.get('/api/orders?status=pending&include_items=true&limit=100');
    expect(res.status).toBe(200);
    const listed = res.body.data.orders;
    expect(listed.map((o: any) => o.order_number)).toEqual(PENDING);
    expect(listed.map((o: any) => o.items?.length ?? o.items)).toEqual([BIG_LINES, BIG_LINES, BIG_LINES, BIG_LINES, null, null]);
    expect(listed.map((o: any) => o.total_items)).toEqual([BIG_LINES, BIG_LINES, BIG_LINES, BIG_LINES, BIG_LINES, 1]);
  });

  it('reads the items of all the listed orders in one statement', async () => {
    const statements = async (include_items: boolean) => {
      const counter = statementCounter();
      const list = await listOrders(t.database.db.withPlugin(counter), { search: undefined, status: ['pending'], worker_id: undefined, page: 1, limit: 100, include_items });
      return { statements: counter.count, withItems: list.orders.filter((o) => o.items).length };
    };
    const without = await statements(false);
    const withItems = await statements(true);
    expect(withItems.withItems).toBe(BIG_ORDERS - 1);
    expect(withItems.statements).toBe(without.statements + 1);
  });
});

describe('GET /api/orders without include_items', () => {
  it('lists the orders without items', async () => {
    for (const query of ['status=pending&limit=100', 'status=pending&limit=100&include_items=false']) {
      const res = await manager.get(`/api/orders?${query}`);
      expect(res.body.data.orders.map((o: any) => o.order_number)).toEqual(PENDING);
      for (const order of res.body.data.orders) expect(order).not.toHaveProperty('items');
    }
    const worker = await ann.get('/api/orders');
    for (const order of worker.body.data.orders) expect(order).not.toHaveProperty('items');
  });

  it('refuses an include_items that is not true or false', async () => {
    const res = await manager.get('/api/orders?include_items=yes');
    expect(res.status).toBe(400);
  });
});
