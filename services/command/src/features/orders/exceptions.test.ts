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
const itemOf = <I extends { id: number; sku: string }>(o: { items: I[] }, sku: string): I => o.items.find((i) => i.sku === sku)!;
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

describe('verification that can stop an order', () => {
  const held: Record<string, { id: number; items: { id: number; sku: string }[] }> = {};
  const FILE = [
    'Order #,Item,SKU,Quantity',
    '#60001,Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,2',
    '#60001,Linen Shirt 007 - 6 / Green,TP1007-6-GREEN,1',
    '#60002,Wrap Midi Dress 012 - 8 / Blue,DR1012-8-BLUE,3',
    '#60003,Linen Shirt 007 - 6 / Green,TP1007-6-GREEN,2',
    '#60003,Wrap Midi Dress 012 - 12 / Blue,DR1012-12-BLUE,1',
  ].join('\n');

  beforeAll(async () => {
    await t.allocateStock([
      { sku: 'KN1010-12-WINE', location: 'A-1-1', quantity: 10 },
      { sku: 'TP1007-6-GREEN', location: 'A-10-2', quantity: 4 },
      { sku: 'DR1012-8-BLUE', location: 'A-3-1', quantity: 5 },
      { sku: 'DR1012-12-BLUE', location: 'A-4-1', quantity: 3 },
    ]);
    ok(await manager.upload('/api/files/upload/orders', 'more-orders.csv', FILE));
    const { rows } = await sql<{ id: number; order_number: string }>`select id, order_number from rm_orders where order_number in ('#60001', '#60002', '#60003')`.execute(t.database.db);
    for (const r of rows) {
      ok(await manager.post(`/api/orders/${r.id}/assign-worker`, { worker_id: ann.id }));
      held[r.order_number] = { id: r.id, items: ok(await ann.get(`/api/orders/${r.id}`)).data.items };
    }
    const first = held['#60001']!;
    for (const item of first.items) ok(await ann.post(`/api/orders/${first.id}/items/${item.id}/pick`, {}));
    ok(await ann.post(`/api/orders/${first.id}/complete`));
    expect(await stockAt('KN1010-12-WINE', 'A-1-1')).toBe(8);
  });

  it('refuses counts that are not whole numbers or miss a line, and roles that may not verify, recording nothing', async () => {
    const { id, items } = held['#60001']!;
    const [wine, shirt] = [itemOf({ items }, 'KN1010-12-WINE'), itemOf({ items }, 'TP1007-6-GREEN')];
    const before = await events(id);
    const cases: [Client, unknown, number, string][] = [
      [exec2, { counts: [{ item_id: wine.id, counted: '1' }, { item_id: shirt.id, counted: 1 }] }, 400, 'Units counted must be a whole number from 0 to 1000000'],
      [exec2, { counts: [{ item_id: wine.id, counted: 2 }] }, 400, 'Count every line of order #60001: TP1007-6-GREEN not counted'],
      [exec2, { counts: 'all' }, 400, 'Counts must be a list of lines and units counted'],
      [exec2, { wrong_items: [{ code: '', quantity: 1 }] }, 400, 'A wrong item needs its code'],
      [ann, { counts: [] }, 403, "You don't have permission to do this."],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await who.post(`/api/orders/${id}/verify`, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await events(id)).toBe(before);
  });

  it('a unit missing at the bench holds the order, saying so; it can be neither verified nor completed again', async () => {
    const { id, items } = held['#60001']!;
    const [wine, shirt] = [itemOf({ items }, 'KN1010-12-WINE'), itemOf({ items }, 'TP1007-6-GREEN')];
    const answer = ok(await exec2.post(`/api/orders/${id}/verify`, { counts: [{ item_id: wine.id, counted: 1 }, { item_id: shirt.id, counted: 1 }], wrong_items: [{ code: 'dr1012-10-blue', quantity: 1 }] }));
    expect(answer.message).toBe('Order #60001 is on hold: KN1010-12-WINE counted 1 of 2; DR1012-10-BLUE is not in this order. Send it back to its picker or resolve each line.');
    expect(answer.data).toMatchObject({
      status: 'on_hold',
      hold: { lines: [{ item_id: wine.id, expected: 2, counted: 1, issue: 'Counted 1 of 2' }], wrong_items: [{ code: 'DR1012-10-BLUE', quantity: 1 }], held_by: { id: exec2.id } },
    });
    expect((await exec2.post(`/api/orders/${id}/verify`, {})).body.message).toBe('Order #60001 is on hold: send it back to its picker or resolve it');
    expect((await ann.post(`/api/orders/${id}/complete`)).status).toBe(409);
    const queue = ok(await exec2.get('/api/orders?status=on_hold')).data.orders.map((o: any) => o.order_number);
    expect(queue).toEqual(['#60001']);
  });

  it('sent back to its picker: the held line is to pick again on the picker’s list, its stock back; re-picked, it is verified', async () => {
    const { id, items } = held['#60001']!;
    const [wine, shirt] = [itemOf({ items }, 'KN1010-12-WINE'), itemOf({ items }, 'TP1007-6-GREEN')];
    const before = await events(id);
    expect((await exec2.post(`/api/orders/${id}/send-back`, { reason: ' ' })).status).toBe(400);
    expect((await exec2.post(`/api/orders/${id}/send-back`, { item_ids: [], reason: 'x' })).body.message).toBe('Choose the lines to pick again');
    expect((await ann.post(`/api/orders/${id}/send-back`, { reason: 'x' })).status).toBe(403);
    expect(await events(id)).toBe(before);

    const sent = ok(await exec2.post(`/api/orders/${id}/send-back`, { reason: 'One jumper missing from the tote' }));
    expect(sent.message).toBe('Sent back to its picker: the lines are to pick again');
    expect(sent.data).toMatchObject({ status: 'picking', hold: null, completed_at: null, picked_items: 1 });
    expect(itemOf(sent.data, 'KN1010-12-WINE')).toMatchObject({ status: 'pending' });
    expect(itemOf(sent.data, 'TP1007-6-GREEN')).toMatchObject({ status: 'picked' });
    expect(await stockAt('KN1010-12-WINE', 'A-1-1')).toBe(10);
    const list = ok(await ann.get('/api/orders?status=assigned,picking&include_items=true')).data.orders.find((o: any) => o.order_number === '#60001');
    expect(list.items.find((i: { sku: string }) => i.sku === 'KN1010-12-WINE').status).toBe('pending');

    ok(await ann.post(`/api/orders/${id}/items/${wine.id}/pick`, {}));
    ok(await ann.post(`/api/orders/${id}/complete`));
    const verified = ok(await exec2.post(`/api/orders/${id}/verify`, { counts: [{ item_id: wine.id, counted: 2 }, { item_id: shirt.id, counted: 1 }] }));
    expect(verified.message).toBe('Order verified successfully');
    expect(verified.data).toMatchObject({ status: 'verified', discrepancies: [] });
    expect(await stockAt('KN1010-12-WINE', 'A-1-1')).toBe(8);
    const history = ok(await manager.get(`/api/orders/${id}/history`)).data.history.map((h: any) => h.description);
    expect(history).toContain('On hold at verification: KN1010-12-WINE: Counted 1 of 2; not in this order: DR1012-10-BLUE');
    expect(history).toContain('Sent back to Test worker to pick again: KN1010-12-WINE: One jumper missing from the tote');
  });

  it('resolved short: shipped as counted, the missing unit back where it was picked and flagged for a count, verified', async () => {
    const { id, items } = held['#60002']!;
    const dress = itemOf({ items }, 'DR1012-8-BLUE');
    // Two of three found at A-3-1; the order is completed short.
    ok(await ann.post(`/api/orders/${id}/items/${dress.id}/short`, { short_quantity: 1, looked_in: ['A-3-1'] }));
    expect(await stockAt('DR1012-8-BLUE', 'A-3-1')).toBe(3);
    ok(await ann.post(`/api/orders/${id}/complete`));
    // One of the two reaches the bench.
    expect(ok(await exec2.post(`/api/orders/${id}/verify`, { counts: [{ item_id: dress.id, counted: 1 }] })).data.status).toBe('on_hold');
    const before = await events(id);
    for (const [body, message] of [
      [{ lines: [{ item_id: dress.id, shipped: 3 }], reason: 'x' }, 'Units shipped of DR1012-8-BLUE must be a whole number from 0 to 2'],
      [{ lines: [], reason: 'x' }, 'Resolve every held line: DR1012-8-BLUE is not resolved'],
      [{ lines: [{ item_id: dress.id, shipped: 1 }] }, 'Say how the held lines are resolved'],
    ] as const) {
      const res = await exec2.post(`/api/orders/${id}/resolve`, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await events(id)).toBe(before);

    const answer = ok(await exec2.post(`/api/orders/${id}/resolve`, { lines: [{ item_id: dress.id, shipped: 1 }], reason: 'Customer accepts one' }));
    expect(answer.message).toBe('Order verified successfully');
    expect(answer.data).toMatchObject({
      status: 'verified',
      short_items: 1,
      discrepancies: [{ item_id: dress.id, issue: 'Counted 1 of 2', resolution: 'Shipped 1 of 2; 1 back to A-3-1 for a count: Customer accepts one' }],
    });
    expect(itemOf(answer.data, 'DR1012-8-BLUE')).toMatchObject({ status: 'short', short_quantity: 2 });
    expect(await stockAt('DR1012-8-BLUE', 'A-3-1')).toBe(4);
    const flags = ok(await manager.get('/api/inventory/count-flags')).data.flags.map((f: any) => [f.location, f.reason]);
    expect(flags[0]).toEqual(['A-3-1', 'Missing at verification: 1 unit of DR1012-8-BLUE not in the tote of order #60002']);
  });

  it('a pick undone at the bench by a manager: its stock back, the order still on hold with the line held; resolved, it ships short in full', async () => {
    const { id, items } = held['#60003']!;
    const [shirt, dress] = [itemOf({ items }, 'TP1007-6-GREEN'), itemOf({ items }, 'DR1012-12-BLUE')];
    for (const item of items) ok(await ann.post(`/api/orders/${id}/items/${item.id}/pick`, {}));
    ok(await ann.post(`/api/orders/${id}/complete`));
    ok(await exec2.post(`/api/orders/${id}/verify`, { counts: [{ item_id: shirt.id, counted: 1 }, { item_id: dress.id, counted: 1 }] }));
    expect(await stockAt('DR1012-12-BLUE', 'A-4-1')).toBe(2);
    const before = await events(id);
    expect((await ann.post(`/api/orders/${id}/items/${dress.id}/undo`, { reason: 'Wrong size in the tote' })).body.message).toBe(
      'Order #60003 is on hold: only a manager can undo its picks now',
    );
    expect((await exec2.post(`/api/orders/${id}/items/${dress.id}/undo`, { reason: 'Wrong size in the tote' })).status).toBe(403);
    expect(await events(id)).toBe(before);

    const undone = ok(await manager.post(`/api/orders/${id}/items/${dress.id}/undo`, { reason: 'Wrong size in the tote' }));
    expect(undone.message).toBe('Pick undone: the order stays on hold. Send the line back to its picker or resolve it short.');
    expect(undone.data).toMatchObject({
      status: 'on_hold',
      completed_at: expect.any(String),
      picked_items: 1,
      hold: {
        lines: [
          { item_id: shirt.id, expected: 2, counted: 1, issue: 'Counted 1 of 2' },
          { item_id: dress.id, sku: 'DR1012-12-BLUE', expected: 0, counted: 0, issue: 'Pick undone: Wrong size in the tote' },
        ],
      },
    });
    expect(itemOf(undone.data, 'DR1012-12-BLUE')).toMatchObject({ status: 'pending' });
    expect(await stockAt('DR1012-12-BLUE', 'A-4-1')).toBe(3);
    expect(ok(await exec2.get('/api/orders?status=on_hold')).data.orders.map((o: any) => o.order_number)).toEqual(['#60003']);

    const resolved = ok(await exec2.post(`/api/orders/${id}/resolve`, { lines: [{ item_id: shirt.id, shipped: 1 }, { item_id: dress.id, shipped: 0 }], reason: 'Customer agreed' }));
    expect(resolved.data).toMatchObject({
      status: 'verified',
      picked_items: 0,
      short_items: 2,
      discrepancies: [
        { item_id: shirt.id, issue: 'Counted 1 of 2', resolution: 'Shipped 1 of 2; 1 back to A-10-2 for a count: Customer agreed' },
        { item_id: dress.id, issue: 'Pick undone: Wrong size in the tote', resolution: 'Not shipped, its pick undone: Customer agreed' },
      ],
    });
    expect(itemOf(resolved.data, 'DR1012-12-BLUE')).toMatchObject({ status: 'short', short_quantity: 1 });
    expect(await stockAt('DR1012-12-BLUE', 'A-4-1')).toBe(3);
    const history = ok(await manager.get(`/api/orders/${id}/history`)).data.history.map((h: any) => h.description);
    expect(history).toContain('Pick of DR1012-12-BLUE undone: Wrong size in the tote (1 back to A-4-1); the order stays on hold');
    expect(history).toContain('Hold resolved: TP1007-6-GREEN shipped short, 1 of 2; 1 back to A-10-2 for a count; DR1012-12-BLUE not shipped, its pick undone: Customer agreed');
  });

  it('conserves stock through every exception: the ledger adds up to what the locations hold, in the read model and the guard', async () => {
    const db = t.database.db;
    const ledger = await db.selectFrom('rm_stock_movements').select(['sku', 'location', sql<string>`sum(delta)`.as('total')]).groupBy(['sku', 'location']).execute();
    const shown = await db.selectFrom('rm_stock').select(['sku', 'location', 'quantity']).execute();
    const guard = await db.selectFrom('stock_levels').select(['sku', 'location', 'quantity']).execute();
    const asMap = (rows: { sku: string; location: string; q: number }[]) => new Map(rows.filter((r) => r.q !== 0).map((r) => [`${r.sku}@${r.location}`, r.q]));
    const fromLedger = asMap(ledger.map((r) => ({ sku: r.sku, location: r.location, q: Number(r.total) })));
    expect(asMap(shown.map((r) => ({ sku: r.sku, location: r.location, q: r.quantity })))).toEqual(fromLedger);
    expect(asMap(guard.map((r) => ({ sku: r.sku, location: r.location, q: r.quantity })))).toEqual(fromLedger);
    // Every kind of exception moved stock through the ledger.
    const kinds = await db.selectFrom('rm_stock_movements').select('event_type').distinct().execute();
    expect(kinds.map((k) => k.event_type).sort()).toEqual(
      expect.arrayContaining(['OrderHoldResolved', 'OrderItemPickUndone', 'OrderItemPicked', 'OrderItemShortPicked', 'OrderSentBack']),
    );
    // What the tests took and gave back, location by location.
    expect(fromLedger.get('KN1010-12-WINE@A-1-1')).toBe(8);
    expect(fromLedger.get('DR1012-8-BLUE@A-3-1')).toBe(4);
    expect(fromLedger.get('TP1007-16-GREEN@A-10-1')).toBe(5);
  });
});
