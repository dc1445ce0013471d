import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { canSeeWireTopic } from '@wh/contracts';
import { startTestApp, type Answer, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

let t: TestApp;
let manager: Client;
let exec1: Client & { id: number };
let exec2: Client & { id: number };
let ann: Client & { id: number };
let ben: Client & { id: number };
const ids: Record<string, number> = {};
const order = (n: string) => ids[`#${n}`]!;
// Batch ids as created (refused attempts draw ids too).
const batches = { ann: 0, ben: 0, third: 0 };
// The answer to the creation of ann's batch.
let created: Answer;

const post = (c: Client, url: string, body?: unknown) => c.post(url, body);
const ok = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1');
  exec2 = await t.userWithRole('executive2');
  ann = await t.userWithRole('worker', 'ann');
  ben = await t.userWithRole('worker', 'ben');
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  // #10003: TP1007-16-GREEN. #10004: KN1004-12-WINE, JN1003-14-KHAKI, DR1000-12-BEIGE (no stock anywhere),
  // TP1007-12-GREEN. #10010: TP1007-12-GREEN, TP1007-16-GREEN, JN1009-10-RED.
  await t.allocateStock([
    { sku: 'TP1007-16-GREEN', location: 'A-10-1', quantity: 5 },
    { sku: 'KN1004-12-WINE', location: 'A-2-1', quantity: 5 },
    { sku: 'JN1003-14-KHAKI', location: 'B-1-1', quantity: 5 },
    { sku: 'TP1007-12-GREEN', location: 'A-2-2', quantity: 5 },
    { sku: 'JN1009-10-RED', location: 'A-1-1', quantity: 5 },
  ]);
  const res = await manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'));
  expect(res.status).toBe(200);
  const { rows } = await sql<{ id: number; order_number: string }>`select id, order_number from rm_orders`.execute(t.database.db);
  for (const r of rows) ids[r.order_number] = r.id;
  // Ann's batch and Ben's, open, for the tests below, each of which can run alone.
  created = await post(exec1, '/api/batches', { order_ids: [order('10003'), order('10004'), order('10010')], worker_id: ann.id });
  ok(created, 201);
  batches.ann = created.body.data.id;
  const bens = await post(exec1, '/api/batches', { order_ids: [order('10005'), order('10006')], worker_id: ben.id });
  ok(bens, 201);
  batches.ben = bens.body.data.id;
});
afterAll(() => t?.stop());

describe('creating a batch', () => {
  it('assigns each order to the worker with a tote, and lists every unpicked line in walk order naming its order and tote', async () => {
    const res = created;
    const batch = res.body.data;
    expect(res.body.message).toBe(`Batch ${batch.id} created: 3 orders assigned to Test worker. No stock anywhere for #10004: DR1000-12-BEIGE`);
    expect(res.body.projected).toBe(true);
    expect(batch).toMatchObject({ status: 'open', worker: { id: ann.id }, created_by: { id: exec1.id }, total_items: 8, picked_items: 0, done_lines: [] });
    expect(batch.orders.map((o: any) => [o.order_number, o.slot, o.status])).toEqual([
      ['#10003', 1, 'assigned'],
      ['#10004', 2, 'assigned'],
      ['#10010', 3, 'assigned'],
    ]);
    // Locations read numerically (A-2 before A-10), then tote; the item no location holds last.
    expect(batch.lines.map((l: any) => [l.location, l.sku, l.order_number, l.slot])).toEqual([
      ['A-1-1', 'JN1009-10-RED', '#10010', 3],
      ['A-2-1', 'KN1004-12-WINE', '#10004', 2],
      ['A-2-2', 'TP1007-12-GREEN', '#10004', 2],
      ['A-2-2', 'TP1007-12-GREEN', '#10010', 3],
      ['A-10-1', 'TP1007-16-GREEN', '#10003', 1],
      ['A-10-1', 'TP1007-16-GREEN', '#10010', 3],
      ['B-1-1', 'JN1003-14-KHAKI', '#10004', 2],
      [null, 'DR1000-12-BEIGE', '#10004', 2],
    ]);
    const listed = await exec1.get(`/api/orders/${order('10004')}`);
    expect(listed.body.data).toMatchObject({ status: 'assigned', assigned_worker_id: ann.id });
  });

  it('refuses workers, executive2 and anyone without orders:manage', async () => {
    const body = { order_ids: [order('10007'), order('10008')], worker_id: ann.id };
    for (const who of [ann, exec2]) {
      const res = await post(who, '/api/batches', body);
      expect(res.status).toBe(403);
    }
    expect((await exec1.get(`/api/orders/${order('10007')}`)).body.data.status).toBe('pending');
  });

  it('refuses one order, an order in another open batch, a picked order and a user who is not a worker, naming the reason', async () => {
    const one = await post(exec1, '/api/batches', { order_ids: [order('10007')], worker_id: ann.id });
    expect([one.status, one.body.message]).toEqual([400, 'A batch takes 2 to 12 orders']);
    const taken = await post(exec1, '/api/batches', { order_ids: [order('10007'), order('10003')], worker_id: ben.id });
    expect([taken.status, taken.body.message]).toEqual([409, `Order #10003 is already in batch ${batches.ann}`]);
    const notWorker = await post(exec1, '/api/batches', { order_ids: [order('10007'), order('10008')], worker_id: exec2.id });
    expect(notWorker.status).toBe(400);
    const bad = await post(exec1, '/api/batches', { order_ids: ['1', 2], worker_id: ann.id });
    expect([bad.status, bad.body.message]).toEqual([400, 'Each order must be an order id']);
    // Nothing was assigned by the refused calls.
    expect((await exec1.get(`/api/orders/${order('10007')}`)).body.data.status).toBe('pending');
  });

  it('is safe to retry with the same Idempotency-Key: one batch', async () => {
    // A worker of this test's own, so that the other tests' lists of batches stay as they are.
    const cal = await t.userWithRole('worker', 'cal');
    const batchesCreated = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from events where event_type = 'BatchCreated'`.execute(t.database.db)).rows[0]!.n;
    const before = await batchesCreated();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/batches',
        headers: { authorization: `Bearer ${exec1.token}`, 'idempotency-key': 'batch-retry-1' },
        payload: { order_ids: [order('10008'), order('10009')], worker_id: cal.id },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await batchesCreated()).toBe(before + 1);
  });
});

describe('reading batches', () => {
  it('a worker lists only their own open batches and cannot read another worker’s', async () => {
    const mine = await ann.get('/api/batches');
    expect(mine.body.data.batches.map((b: any) => b.id)).toEqual([batches.ann]);
    const bens = await ben.get('/api/batches');
    expect(bens.body.data.batches.map((b: any) => b.id)).toEqual([batches.ben]);
    expect((await ben.get(`/api/batches/${batches.ann}`)).status).toBe(403);
    expect((await ben.get(`/api/batches?worker_id=${ann.id}`)).status).toBe(403);
    expect((await ann.get(`/api/batches/${batches.ann}`)).status).toBe(200);
    expect((await ann.get('/api/batches/999')).status).toBe(404);
  });

  it('live notices of batches reach managers, executive1 and executive2; a worker hears of their own through worker:<id>', () => {
    for (const topic of ['batches', 'batch:1']) {
      expect((['manager', 'executive1', 'executive2', 'worker'] as const).map((role) => canSeeWireTopic({ id: 9, role }, topic))).toEqual([true, true, true, false]);
    }
  });

  it('managers and executive1 list every batch, filtered by worker and status', async () => {
    // Newest first; a batch of another test's worker may be listed too.
    const every = (await exec1.get('/api/batches')).body.data.batches.map((b: any) => b.id) as number[];
    expect(every.filter((id) => id === batches.ann || id === batches.ben)).toEqual([batches.ben, batches.ann]);
    expect((await manager.get(`/api/batches?worker_id=${ben.id}`)).body.data.batches.map((b: any) => b.id)).toEqual([batches.ben]);
    expect((await manager.get('/api/batches?status=completed')).body.data.pagination.total_records).toBe(0);
    const bad = await manager.get('/api/batches?status=lost');
    expect([bad.status, bad.body.message]).toEqual([400, 'Status must be open, completed, emptied or all']);
  });
});

describe('picking and completing a batch', () => {
  it('each pick is recorded on its order; the batch completes only once every item is picked, completing each order', async () => {
    const early = await post(ann, `/api/batches/${batches.ann}/complete`);
    expect([early.status, early.body.message]).toEqual([409, `Batch ${batches.ann} cannot be completed yet: 0 of 8 items are picked or short`]);
    const lines = (await ann.get(`/api/batches/${batches.ann}`)).body.data.lines as { order_id: number; id: number; location: string | null }[];
    // Pickers scanning the location label first: a line's pick names its location, the line held nowhere too.
    ok(await manager.put('/api/settings/picking', { scan_location_first: true }));
    for (const line of [lines[0]!, lines.at(-1)!]) {
      const refused = await post(ann, `/api/orders/${line.order_id}/items/${line.id}/pick`, {});
      expect([refused.status, refused.body.message]).toEqual([400, 'Scan the location label first: the pick must name the location it is taken from']);
    }
    expect(lines.at(-1)!.location).toBeNull();
    for (const line of lines) ok(await post(ann, `/api/orders/${line.order_id}/items/${line.id}/pick`, { location: line.location ?? 'A-1-1' }));
    ok(await manager.put('/api/settings/picking', { scan_location_first: false }));
    const after = (await ann.get(`/api/batches/${batches.ann}`)).body.data;
    expect(after).toMatchObject({ picked_items: 8, lines: [] });
    // Every line picked is listed apart (in walk order by where it was taken from), naming its order and tote: the
    // picker may still undo it.
    const byId = (a: number[], b: number[]) => a[0]! - b[0]!;
    expect(after.done_lines.map((l: any) => [l.id, l.slot, l.status === 'picked' ? 1 : 0]).sort(byId)).toEqual(lines.map((l: any) => [l.id, l.slot, 1]).sort(byId));
    expect(after.done_lines[0]).toMatchObject({ location: 'A-1-1', order_number: expect.stringMatching(/^#100/) });
    // An order of the batch is completed with it, not on its own.
    const alone = await post(ann, `/api/orders/${order('10003')}/complete`);
    expect([alone.status, alone.body.message]).toEqual([409, `Order #10003 is in batch ${batches.ann}: it is completed with its batch`]);
    expect((await post(ben, `/api/batches/${batches.ann}/complete`)).status).toBe(403);
    const done = await post(ann, `/api/batches/${batches.ann}/complete`);
    ok(done);
    expect(done.body.message).toBe(`Batch ${batches.ann} completed: 3 orders completed`);
    expect(done.body.data).toMatchObject({ status: 'completed', lines: [], done_lines: [] });
    for (const n of ['10003', '10004', '10010']) {
      expect((await exec2.get(`/api/orders/${order(n)}`)).body.data).toMatchObject({ status: 'completed', completed_by: { id: ann.id } });
    }
    expect((await ann.get('/api/batches')).body.data.batches).toEqual([]);
    // Each order is verified on its own, as any other.
    ok(await post(exec2, `/api/orders/${order('10004')}/verify`, { verification_notes: 'fine' }));
  });

  it('the orders’ history and the audit log name the batch', async () => {
    // A batch of this test's own, picked and completed.
    const dee = await t.userWithRole('worker', 'dee');
    const made = await post(exec1, '/api/batches', { order_ids: [order('10011'), order('10012')], worker_id: dee.id });
    ok(made, 201);
    const id = made.body.data.id;
    const lines = (await dee.get(`/api/batches/${id}`)).body.data.lines as { order_id: number; id: number }[];
    for (const line of lines) ok(await post(dee, `/api/orders/${line.order_id}/items/${line.id}/pick`, {}));
    ok(await post(dee, `/api/batches/${id}/complete`));
    const history = (await exec1.get(`/api/orders/${order('10011')}/history`)).body.data.history.map((h: any) => h.description);
    expect(history).toContain(`Assigned to Test worker in batch ${id}`);
    expect(history).toContain(`Completed with batch ${id}: every item picked`);
    const audit = (await manager.get('/api/audit/events?limit=500')).body.data.events.map((e: any) => e.summary);
    expect(audit).toContain(`Created batch ${id} for dee: 2 orders #10011 (tote 1), #10012 (tote 2)`);
    expect(audit).toContain(`Completed batch ${id} (picked by dee): 2 orders #10011 (tote 1), #10012 (tote 2)`);
    expect(audit).toContain(`Assigned order #10012 to dee in batch ${id}`);
  });
});

describe('an order leaving its batch', () => {
  it('deassigned, reassigned or cancelled: it leaves; a batch every order has left is emptied', async () => {
    expect((await exec1.get(`/api/orders/${order('10005')}`)).body.data.batch).toEqual({ id: batches.ben, tote: 1 });
    const deassigned = await post(exec1, `/api/orders/${order('10005')}/deassign-worker`);
    ok(deassigned);
    // The answer says which batch and tote it left; the other order keeps its tote, in the list too.
    expect(deassigned.body.message).toBe(
      `Worker deassigned successfully. Order #10005 left batch ${batches.ben}: tote 1 stays empty and the other totes keep their numbers`,
    );
    expect(deassigned.body.data.batch).toBeNull();
    const listed = (await exec1.get('/api/orders?search=10006')).body.data.orders;
    expect(listed.map((o: any) => [o.order_number, o.batch])).toEqual([['#10006', { id: batches.ben, tote: 2 }]]);
    let batch = (await ben.get(`/api/batches/${batches.ben}`)).body.data;
    expect(batch.orders.map((o: any) => [o.order_number, o.slot])).toEqual([['#10006', 2]]);
    expect(batch.lines.every((l: any) => l.order_number === '#10006')).toBe(true);
    const history = (await exec1.get(`/api/orders/${order('10005')}/history`)).body.data.history.map((h: any) => h.description);
    expect(history.at(-1)).toBe(`Unassigned from Test worker; back to pending; left batch ${batches.ben}`);
    // Left, it may join another batch.
    const third = await post(exec1, '/api/batches', { order_ids: [order('10005'), order('10007')], worker_id: ann.id });
    ok(third, 201);
    batches.third = third.body.data.id;
    ok(await post(exec1, `/api/orders/${order('10006')}/cancel`));
    batch = (await manager.get(`/api/batches/${batches.ben}`)).body.data;
    expect(batch).toMatchObject({ status: 'emptied', orders: [], lines: [] });
    expect((await ben.get('/api/batches')).body.data.batches).toEqual([]);
    ok(await post(exec1, `/api/orders/${order('10007')}/assign-worker`, { worker_id: ben.id }));
    expect((await ann.get(`/api/batches/${batches.third}`)).body.data.orders.map((o: any) => o.order_number)).toEqual(['#10005']);
    const done = await post(manager, `/api/batches/${batches.ben}/complete`);
    expect([done.status, done.body.message]).toEqual([409, `Batch ${batches.ben} has no orders left: each was deassigned, reassigned or cancelled`]);
  });
});
