import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orderStreamId } from '@wh/contracts';
import { startTestApp, type Answer, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

// When picking goes wrong, through the HTTP API: a line the picker cannot find (a short), a pick undone, and an order
// held at verification, sent back or resolved; and the stock ledger adding up to what the locations hold after each.

let t: TestApp;
let manager: Client;
let exec2: Client & { id: number };
let ann: Client & { id: number };
let ben: Client & { id: number };
const ids: Record<string, number> = {};
const order = (n: string) => ids[`#${n}`]!;

const ok = (res: Answer, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};
const itemOf = (o: { items: { id: number; sku: string }[] }, sku: string) => o.items.find((i) => i.sku === sku)!;
const events = async (orderId: number) =>
  Number((await sql<{ n: string }>`select count(*) as n from events where stream_id = ${orderStreamId(orderId)}`.execute(t.database.db)).rows[0]!.n);
const stockAt = async (sku: string, location: string) =>
  (await t.database.db.selectFrom('rm_stock').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst())?.quantity ?? 0;

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  exec2 = await t.userWithRole('executive2');
  ann = await t.userWithRole('worker', 'ann');
  ben = await t.userWithRole('worker', 'ben');
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  // #10004: KN1004-12-WINE, JN1003-14-KHAKI, DR1000-12-BEIGE (no stock anywhere), TP1007-12-GREEN.
  await t.allocateStock([
    { sku: 'KN1004-12-WINE', location: 'A-2-1', quantity: 5 },
    { sku: 'JN1003-14-KHAKI', location: 'B-1-1', quantity: 5 },
    { sku: 'TP1007-12-GREEN', location: 'A-2-2', quantity: 5 },
    { sku: 'TP1007-16-GREEN', location: 'A-10-1', quantity: 5 },
  ]);
  ok(await manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv')));
  const { rows } = await sql<{ id: number; order_number: string }>`select id, order_number from rm_orders`.execute(t.database.db);
  for (const r of rows) ids[r.order_number] = r.id;
  for (const n of ['10004', '10003']) ok(await manager.post(`/api/orders/${order(n)}/assign-worker`, { worker_id: ann.id }));
});
afterAll(() => t?.stop());

describe("a short pick (can't find it)", () => {
  it('a pick refused for lack of stock stays refused; the short is recorded where the picker looked, taking no stock', async () => {
    const id = order('10004');
    const wine = itemOf(ok(await ann.get(`/api/orders/${id}`)).data, 'KN1004-12-WINE');
    const refused = await ann.post(`/api/orders/${id}/items/${wine.id}/pick`, { location: 'B-1-1' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('KN1004-12-WINE is held at A-2-1 (5)');

    const answer = ok(await ann.post(`/api/orders/${id}/items/${wine.id}/short`, { looked_in: ['a-2-1', 'B-1-1'], notes: 'Bin empty' }));
    expect(answer.message).toBe('Short recorded');
    expect(answer.data).toMatchObject({ status: 'picking', picked_items: 0, short_items: 1, progress: 25 });
    expect(itemOf(answer.data, 'KN1004-12-WINE')).toMatchObject({
      status: 'short',
      short_quantity: 1,
      looked_in: ['A-2-1', 'B-1-1'],
      location: 'A-2-1',
      picked_by: { id: ann.id },
      notes: 'Bin empty',
    });
    // The unit may be misplaced: the ledger keeps it where it was until a count says otherwise.
    expect(await stockAt('KN1004-12-WINE', 'A-2-1')).toBe(5);
  });

  it('flags each location looked in for a count, with why and when', async () => {
    const flags = ok(await ben.get('/api/inventory/count-flags')).data;
    expect(flags).toMatchObject({ total: 2, locations: 2 });
    expect(flags.flags.map((f: any) => [f.location, f.sku, f.order_number, f.reason, f.flagged_by?.username])).toEqual([
      ['A-2-1', 'KN1004-12-WINE', '#10004', 'Short pick: 1 unit of KN1004-12-WINE not found for order #10004', 'ann'],
      ['B-1-1', 'KN1004-12-WINE', '#10004', 'Short pick: 1 unit of KN1004-12-WINE not found for order #10004', 'ann'],
    ]);
  });

  it("counts on the manager's dashboard, and nowhere else", async () => {
    expect(ok(await manager.get('/api/reports/daily-summary')).data.short_picks_today).toBe(1);
    expect(ok(await exec2.get('/api/reports/daily-summary')).data.short_picks_today).toBeNull();
  });

  it('refuses bad input and other pickers with a 4xx, recording nothing', async () => {
    const id = order('10004');
    const khaki = itemOf(ok(await ann.get(`/api/orders/${id}`)).data, 'JN1003-14-KHAKI');
    const before = await events(id);
    const url = `/api/orders/${id}/items/${khaki.id}/short`;
    const cases: [Client, unknown, number, string][] = [
      [ann, { short_quantity: '1' }, 400, 'Units not found must be a whole number of at least 1'],
      [ann, { short_quantity: 0 }, 400, 'Units not found must be a whole number of at least 1'],
      [ann, { short_quantity: 2 }, 400, 'Units not found must be a whole number from 1 to 1'],
      [ann, { looked_in: 'B-1-1' }, 400, 'Locations looked in must be a list of location codes'],
      [ann, { looked_in: ['shelf'] }, 400, 'SHELF is not a location code: they look like A-1-1 (bin), R-1 (rack) or RECEIVING'],
      [ann, { looked_in: ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4', 'A-1-5', 'A-1-6'] }, 400, 'At most 5 locations looked in'],
      [ann, { looked_in: ['Z-9-9'] }, 404, 'Location Z-9-9 not found'],
      [ben, { looked_in: ['B-1-1'] }, 403, 'This order is not assigned to you'],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await who.post(url, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await ann.post(`/api/orders/${id}/items/999999/short`, {})).status).toBe(404);
    expect(await events(id)).toBe(before);
  });

  it('an order whose every line is picked or short is completed short, and its history says so in words', async () => {
    const id = order('10004');
    const o = ok(await ann.get(`/api/orders/${id}`)).data;
    ok(await ann.post(`/api/orders/${id}/items/${itemOf(o, 'JN1003-14-KHAKI').id}/pick`, {}));
    ok(await ann.post(`/api/orders/${id}/items/${itemOf(o, 'TP1007-12-GREEN').id}/pick`, {}));
    // No location holds DR1000-12-BEIGE: nowhere in particular to look.
    ok(await ann.post(`/api/orders/${id}/items/${itemOf(o, 'DR1000-12-BEIGE').id}/short`, {}));
    const done = ok(await ann.post(`/api/orders/${id}/complete`));
    expect(done.data).toMatchObject({ status: 'completed', picked_items: 2, short_items: 2, progress: 100 });
    const history = ok(await manager.get(`/api/orders/${id}/history`)).data.history.map((h: any) => h.description);
    expect(history).toContain('Short: 1 unit of KN1004-12-WINE not found at A-2-1, B-1-1 (note: Bin empty)');
    expect(history).toContain('Short: 1 unit of DR1000-12-BEIGE not found');
    expect(history.at(-1)).toBe('Completed short: 2 items short');
  });
});

describe('undoing a pick', () => {
  const ledger = async (sku: string) =>
    t.database.db
      .selectFrom('rm_stock_movements')
      .select(['location', 'delta', 'event_type', 'reason'])
      .where('sku', '=', sku)
      .orderBy('position')
      .orderBy('seq')
      .execute();

  it('refuses no reason, another picker and a verifier with a 4xx, changing nothing', async () => {
    const id = order('10003');
    const shirt = itemOf(ok(await ann.get(`/api/orders/${id}`)).data, 'TP1007-16-GREEN');
    ok(await ann.post(`/api/orders/${id}/items/${shirt.id}/pick`, {}));
    expect(await stockAt('TP1007-16-GREEN', 'A-10-1')).toBe(4);
    const before = await events(id);
    const url = `/api/orders/${id}/items/${shirt.id}/undo`;
    const cases: [Client, unknown, number, string][] = [
      [ann, {}, 400, 'Say why the pick is undone'],
      [ann, { reason: '   ' }, 400, 'Say why the pick is undone'],
      [ann, { reason: 7 }, 400, 'Say why the pick is undone'],
      [ben, { reason: 'mine' }, 403, 'This order is not assigned to you'],
      [exec2, { reason: 'checking' }, 403, "You don't have permission to do this."],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await who.post(url, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await events(id)).toBe(before);
    expect(await stockAt('TP1007-16-GREEN', 'A-10-1')).toBe(4);
  });

  it('by the picker: the unit goes back to its location in the ledger and the read model, the line is to pick again', async () => {
    const id = order('10003');
    const shirt = itemOf(ok(await ann.get(`/api/orders/${id}`)).data, 'TP1007-16-GREEN');
    const answer = ok(await ann.post(`/api/orders/${id}/items/${shirt.id}/undo`, { reason: 'Picked the wrong colour' }));
    expect(answer.message).toBe('Pick undone: the item is to pick again');
    expect(answer.data).toMatchObject({ status: 'assigned', picked_items: 0, progress: 0 });
    expect(itemOf(answer.data, 'TP1007-16-GREEN')).toMatchObject({ status: 'pending', picked_by: null, location: 'A-10-1', location_suggested: true });
    expect(await stockAt('TP1007-16-GREEN', 'A-10-1')).toBe(5);
    expect((await ledger('TP1007-16-GREEN')).slice(-2)).toEqual([
      { location: 'A-10-1', delta: -1, event_type: 'OrderItemPicked', reason: null },
      { location: 'A-10-1', delta: 1, event_type: 'OrderItemPickUndone', reason: 'Picked the wrong colour' },
    ]);
    const history = ok(await ann.get(`/api/orders/${id}/history`)).data.history.at(-1);
    expect(history).toMatchObject({ event_type: 'OrderItemPickUndone', actor: { id: ann.id }, description: 'Pick of TP1007-16-GREEN undone: Picked the wrong colour (1 back to A-10-1)' });
  });

  it('once the order is completed only a manager undoes it, reopening it on the picker’s list', async () => {
    const id = order('10003');
    const shirt = itemOf(ok(await ann.get(`/api/orders/${id}`)).data, 'TP1007-16-GREEN');
    ok(await ann.post(`/api/orders/${id}/items/${shirt.id}/pick`, {}));
    ok(await ann.post(`/api/orders/${id}/complete`));
    const refused = await ann.post(`/api/orders/${id}/items/${shirt.id}/undo`, { reason: 'oops' });
    expect([refused.status, refused.body.message]).toEqual([403, 'Order #10003 is completed: only a manager can undo its picks now']);
    const answer = ok(await manager.post(`/api/orders/${id}/items/${shirt.id}/undo`, { reason: 'Customer changed the size' }));
    expect(answer.data).toMatchObject({ status: 'assigned', completed_at: null, completed_by: null, assigned_worker_id: ann.id });
    expect(await stockAt('TP1007-16-GREEN', 'A-10-1')).toBe(5);
    const open = ok(await ann.get('/api/orders?status=assigned,picking')).data.orders.map((o: any) => o.order_number);
    expect(open).toContain('#10003');
    const counts = await t.database.db.selectFrom('rm_order_status_counts').select(['status', 'count']).execute();
    expect(counts.find((c) => c.status === 'completed')?.count ?? '0').toBe('1');
  });

  it('a short undone takes its count flags away and leaves the dashboard', async () => {
    const id = order('10004');
    const wine = itemOf(ok(await manager.get(`/api/orders/${id}`)).data, 'KN1004-12-WINE');
    expect(ok(await manager.get('/api/reports/daily-summary')).data.short_picks_today).toBe(2);
    const answer = ok(await manager.post(`/api/orders/${id}/items/${wine.id}/undo`, { reason: 'Found it behind the bin' }));
    expect(answer.data).toMatchObject({ status: 'picking', short_items: 1, picked_items: 2 });
    expect(itemOf(answer.data, 'KN1004-12-WINE')).toMatchObject({ status: 'pending', short_quantity: null, looked_in: [] });
    expect(ok(await ben.get('/api/inventory/count-flags')).data).toMatchObject({ total: 0, flags: [] });
    expect(ok(await manager.get('/api/reports/daily-summary')).data.short_picks_today).toBe(1);
    // Picked after all, and the order completed again.
    ok(await ann.post(`/api/orders/${id}/items/${wine.id}/pick`, {}));
    expect(ok(await ann.post(`/api/orders/${id}/complete`)).data).toMatchObject({ status: 'completed', short_items: 1 });
    expect(await stockAt('KN1004-12-WINE', 'A-2-1')).toBe(4);
  });
});
