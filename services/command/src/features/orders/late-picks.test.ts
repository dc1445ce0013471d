import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

// A pick that arrives late: scanned on a phone out of reach, queued there with its Idempotency-Key, and sent when the
// connection returns (web picking, pick-queue.ts). What the server answers then is what the picker is shown: a
// refusal in words (4xx, never 5xx), and for a pick the server has already recorded under its key the first answer
// again, nothing done twice.

let t: TestApp;
let manager: Client;
let exec1: Client;
let ann: Client & { id: number };
let ben: Client & { id: number };
const ids: Record<string, number> = {};

const ORDER_FILE = [
  'Order #,Item,SKU,Value,is Fulfilled',
  '#50001,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#50002,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#50003,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#50004,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
].join('\n');

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1');
  ann = await t.userWithRole('worker', 'ann');
  ben = await t.userWithRole('worker', 'ben');
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  await t.allocateStock([{ sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 10 }]);
  expect((await manager.upload('/api/files/upload/orders', 'orders.csv', ORDER_FILE)).status).toBe(200);
  await vi.waitFor(
    async () => {
      const orders = (await manager.get('/api/orders?search=5000')).body.data.orders as { id: number; order_number: string }[];
      if (orders.length < 4) throw new Error('orders not listed yet');
      for (const o of orders) ids[o.order_number] = o.id;
    },
    { timeout: 100_000, interval: 200 },
  );
  for (const n of ['#50001', '#50002', '#50003', '#50004']) expect((await exec1.post(`/api/orders/${ids[n]}/assign-worker`, { worker_id: ann.id })).status).toBe(200);
}, 300_000);
afterAll(() => t?.stop());

async function itemOf(n: string): Promise<number> {
  return (await manager.get(`/api/orders/${ids[n]}`)).body.data.items[0].id as number;
}

async function pickWithKey(who: Client, n: string, key: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${ids[n]}/items/${await itemOf(n)}/pick`,
    headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': key },
    payload: {},
  });
  return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
}

const stockAtA101 = async () =>
  (await t.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', 'TP1007-6-GREEN').where('location', '=', 'A-10-1').executeTakeFirst())
    ?.quantity ?? 0;

describe('a pick arriving after the phone was out of reach', () => {
  it('for an order cancelled meanwhile: 409 saying it is cancelled, to the worker it was assigned to', async () => {
    expect((await exec1.post(`/api/orders/${ids['#50001']}/cancel`)).status).toBe(200);
    const res = await pickWithKey(ann, '#50001', 'queued-cancelled');
    expect([res.status, res.body.error.code, res.body.message]).toEqual([409, 'ILLEGAL_TRANSITION', 'Order #50001 is cancelled and cannot be picked']);
  });

  it('for an order reassigned meanwhile: 403, not yours', async () => {
    expect((await exec1.post(`/api/orders/${ids['#50002']}/assign-worker`, { worker_id: ben.id })).status).toBe(200);
    const res = await pickWithKey(ann, '#50002', 'queued-reassigned');
    expect([res.status, res.body.message]).toEqual([403, 'This order is not assigned to you']);
  });

  it('sent again under its key after the server recorded it (its answer was lost): the first answer, the stock taken once', async () => {
    const before = await stockAtA101();
    const first = await pickWithKey(ann, '#50003', 'queued-twice');
    expect(first.status).toBe(200);
    const again = await pickWithKey(ann, '#50003', 'queued-twice');
    expect({ status: again.status, replayed: again.replayed, item: again.body.data.items[0].status }).toEqual({ status: 200, replayed: true, item: 'picked' });
    expect(await stockAtA101()).toBe(before - 1);
  });

  it('for an item picked meanwhile by someone else (another key): 409 already picked, and nothing taken', async () => {
    expect((await pickWithKey(manager, '#50004', 'manager-pick')).status).toBe(200);
    const before = await stockAtA101();
    const res = await pickWithKey(ann, '#50004', 'queued-already-picked');
    expect([res.status, res.body.error.code, res.body.message]).toEqual([409, 'CONFLICT', 'TP1007-6-GREEN in order #50004 is already picked']);
    expect(await stockAtA101()).toBe(before);
  });
});
