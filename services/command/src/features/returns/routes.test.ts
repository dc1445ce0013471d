import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RETURN_MESSAGES } from '@wh/contracts';
import { projections, rebuildReadModels } from '@wh/projector';
import { caughtUp, snapshot } from '@wh/projector/testing';
import pg from 'pg';
import { loadConfig } from '../../platform/config.ts';
import { startServer } from '../../server.ts';
import { ADMIN_PASSWORD, client, startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

let t: TestApp;
let manager: Client;
let worker: Client & { id: number };
let exec2: Client;
let order: { id: number; items: { id: number; sku: string }[] };

function ok(res: { status: number; body: unknown }, status = 200): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

const eventCount = async (type: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from events where event_type = ${type}`.execute(t.database.db)).rows[0]!.n;
const level = async (sku: string, location: string) =>
  (await t.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst())?.quantity ?? 0;

const line = (sku: string, quantity: number, grade = 'A') => ({ order_item_id: null, sku, quantity, reason: 'too_small', reason_note: null, grade });
const receive = (who: Client, body: Record<string, unknown>) => who.post('/api/returns', { order_id: order.id, scanned: '#7001', note: null, ...body });

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  worker = await t.userWithRole('worker');
  exec2 = await t.userWithRole('executive2');
  ok(await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  await t.allocateStock([
    { sku: 'DR1000-8-BEIGE', location: 'A-1-1', quantity: 40 },
    { sku: 'DR1000-10-BEIGE', location: 'A-1-1', quantity: 20 },
  ]);
  const sheet = 'Order #,Item,SKU,Quantity\n#7001,Wrap Midi Dress,DR1000-8-BEIGE,5\n#7001,Wrap Midi Dress,DR1000-10-BEIGE,2\n';
  ok(await manager.upload('/api/files/upload/orders', 'orders.csv', sheet));
  const [listed] = (await manager.get('/api/orders?search=%237001')).body.data.orders as { id: number }[];
  order = { id: listed!.id, items: (await manager.get(`/api/orders/${listed!.id}`)).body.data.items };
  ok(await manager.post(`/api/orders/${order.id}/assign-worker`, { worker_id: worker.id }));
  for (const i of order.items) ok(await worker.post(`/api/orders/${order.id}/items/${i.id}/pick`, {}));
  ok(await worker.post(`/api/orders/${order.id}/complete`));
  ok(await exec2.post(`/api/orders/${order.id}/verify`, {}));
});
afterAll(() => t.stop());

describe('the returns bench', () => {
  it('looks up a shipped order by its number or a SKU it holds', async () => {
    for (const code of ['#7001', '7001', 'DR1000-8-BEIGE']) {
      const res = await worker.get(`/api/returns/lookup?code=${encodeURIComponent(code)}`);
      ok(res);
      expect(res.body.data.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    }
    const [found] = (await worker.get('/api/returns/lookup?code=7001')).body.data.orders;
    expect(found.lines).toContainEqual(expect.objectContaining({ sku: 'DR1000-8-BEIGE', shipped: 5, returned: 0, barcodes: expect.any(Array) }));
    // The SKU a code names, for a parcel received without an order; none for an order number or an unknown code.
    expect((await worker.get('/api/returns/lookup?code=dr1000-10-beige')).body.data.sku).toBe('DR1000-10-BEIGE');
    expect((await worker.get('/api/returns/lookup?code=7001')).body.data.sku).toBeNull();
    expect((await worker.get('/api/returns/lookup?code=NOTHING-HERE')).body.data).toEqual({ orders: [], sku: null });
    expect((await worker.get('/api/returns/lookup?code=')).status).toBe(400);
  });

  it('receives a unit and restocks it to the suggested pick bin: stock and ledger agree', async () => {
    const before = await level('DR1000-8-BEIGE', 'A-1-1');
    const received = await receive(worker, { lines: [line('DR1000-8-BEIGE', 2)] });
    ok(received, 201);
    expect(received.body.message).toBe(`Return #${received.body.data.id} received: 2 units from #7001.`);
    const parcel = received.body.data;
    expect(parcel).toMatchObject({ status: 'waiting', order: { id: order.id, order_number: '#7001' } });
    expect(parcel.lines[0]).toMatchObject({ sku: 'DR1000-8-BEIGE', quantity: 2, waiting: { bench: 2, returns: 0 }, suggestion: { location: 'A-1-1', over_capacity: null } });

    const restocked = await worker.post(`/api/returns/${parcel.id}/lines/1/restock`, { location: 'A-1-1', quantity: 2 });
    ok(restocked);
    expect(restocked.body.message).toBe('2 units of DR1000-8-BEIGE restocked to A-1-1.');
    expect(restocked.body.data).toMatchObject({ status: 'done', over_capacity: null });
    expect(restocked.body.data.lines[0].placed.restocked).toEqual([{ location: 'A-1-1', quantity: 2 }]);
    expect(await level('DR1000-8-BEIGE', 'A-1-1')).toBe(before + 2);

    await caughtUp(t.database.db);
    const ledger = await t.database.db
      .selectFrom('rm_stock_movements')
      .select(sql<number>`sum(delta)::int`.as('q'))
      .where('sku', '=', 'DR1000-8-BEIGE')
      .where('location', '=', 'A-1-1')
      .executeTakeFirstOrThrow();
    expect(ledger.q).toBe(before + 2);
    // Placing more than waits is refused, and nothing moves.
    const again = await worker.post(`/api/returns/${parcel.id}/lines/1/restock`, { location: 'A-1-1', quantity: 1 });
    expect([again.status, again.body.message]).toEqual([409, 'No units of DR1000-8-BEIGE are waiting to be placed.']);
    expect(await level('DR1000-8-BEIGE', 'A-1-1')).toBe(before + 2);
  });

  it('refuses more than was shipped and not yet returned', async () => {
    const res = await receive(worker, { lines: [line('DR1000-8-BEIGE', 4)] });
    expect([res.status, res.body.message]).toEqual([409, 'Only 3 units of DR1000-8-BEIGE were shipped on #7001 and not yet returned.']);
  });

  it('a grade D unit waits in RETURNS: a worker may not write it off, a manager may', async () => {
    const parcel = (await receive(worker, { lines: [{ ...line('DR1000-10-BEIGE', 1, 'D'), reason: 'faulty' }] })).body.data;
    expect(parcel.lines[0].suggestion).toEqual({ location: 'RETURNS', over_capacity: null });
    const left = await worker.post(`/api/returns/${parcel.id}/lines/1/restock`, { location: 'RETURNS', quantity: 1 });
    ok(left);
    expect(left.body.message).toBe('1 unit of DR1000-10-BEIGE left in RETURNS to put away.');
    expect(await level('DR1000-10-BEIGE', 'RETURNS')).toBe(1);
    const refused = await worker.post(`/api/returns/${parcel.id}/lines/1/write-off`, { quantity: 1, note: 'Torn' });
    expect([refused.status, refused.body.message]).toEqual([403, 'Only managers can write off returned units.']);
    expect(await level('DR1000-10-BEIGE', 'RETURNS')).toBe(1);
    const written = await manager.post(`/api/returns/${parcel.id}/lines/1/write-off`, { quantity: 1, note: 'Torn' });
    ok(written);
    expect(written.body.message).toBe('1 unit of DR1000-10-BEIGE written off.');
    expect(written.body.data.status).toBe('done');
    expect(await level('DR1000-10-BEIGE', 'RETURNS')).toBe(0);
  });

  it('answers a bad body with a 400 and records nothing', async () => {
    const before = await eventCount('ReturnReceived');
    for (const body of [
      { lines: [line('DR1000-8-BEIGE', 0)] },
      { lines: [{ ...line('DR1000-8-BEIGE', 1), reason: 'bored' }] },
      { lines: [{ ...line('DR1000-8-BEIGE', 1), grade: 'E' }] },
      { order_id: 'seven', lines: [] },
      { lines: [line('DR1000-8-BEIGE', 1e12)] },
    ]) {
      const res = await receive(worker, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    const other = await receive(worker, { lines: [{ ...line('DR1000-8-BEIGE', 1), reason: 'other' }] });
    expect([other.status, other.body.message]).toEqual([400, 'Please write a note for the reason "Other" (DR1000-8-BEIGE).']);
    expect((await worker.post('/api/returns/1/lines/1/restock', { location: 'A-1-1', quantity: -1 })).status).toBe(400);
    expect(await eventCount('ReturnReceived')).toBe(before);
  });

  it('records a repeated restock once', async () => {
    const parcel = (await receive(worker, { lines: [line('DR1000-8-BEIGE', 1)] })).body.data;
    const before = await level('DR1000-8-BEIGE', 'A-1-1');
    const restocks = await eventCount('ReturnRestocked');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/returns/${parcel.id}/lines/1/restock`,
        headers: { authorization: `Bearer ${worker.token}`, 'idempotency-key': `restock-${parcel.id}` },
        payload: { location: 'A-1-1', quantity: 1 },
      });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data.id).toBe(parcel.id);
    expect(await eventCount('ReturnRestocked')).toBe(restocks + 1);
    expect(await level('DR1000-8-BEIGE', 'A-1-1')).toBe(before + 1);
  });

  it('receives a parcel without an order into Unmatched returns, then matches it to its order', async () => {
    const noNote = await receive(worker, { order_id: null, lines: [] });
    expect([noNote.status, noNote.body.message]).toEqual([400, 'Please write a note saying what is in the parcel: it has no order.']);
    const received = await receive(worker, { order_id: null, scanned: null, note: 'No slip in the bag', lines: [line('DR1000-10-BEIGE', 1)] });
    ok(received, 201);
    const parcel = received.body.data;
    expect(received.body.message).toBe(`Return #${parcel.id} received without an order: it waits in Unmatched returns.`);
    expect(parcel).toMatchObject({ status: 'unmatched', order: null, note: 'No slip in the bag' });
    expect(parcel.lines[0].suggestion).toBeNull();
    const unmatched = (await worker.get('/api/returns?view=unmatched')).body.data.returns as { id: number }[];
    expect(unmatched.map((r) => r.id)).toContain(parcel.id);
    const early = await worker.post(`/api/returns/${parcel.id}/lines/1/restock`, { location: 'A-1-1', quantity: 1 });
    expect(early.status).toBe(409);

    const item = order.items.find((i) => i.sku === 'DR1000-10-BEIGE')!;
    const matched = await worker.post(`/api/returns/${parcel.id}/match`, { order_id: order.id, lines: [{ ...line('DR1000-10-BEIGE', 1), order_item_id: item.id }] });
    ok(matched);
    expect(matched.body.message).toBe(`Return #${parcel.id} matched to #7001.`);
    expect(matched.body.data).toMatchObject({ status: 'waiting', order: { order_number: '#7001' } });
    expect(matched.body.data.lines[0]).toMatchObject({ order_item_id: item.id, suggestion: { location: 'A-1-1' } });
    const waiting = (await worker.get('/api/returns?view=waiting')).body.data.returns as { id: number }[];
    expect(waiting.map((r) => r.id)).toContain(parcel.id);
    const [found] = (await worker.get('/api/returns/lookup?code=7001')).body.data.orders;
    expect(found.lines).toContainEqual(expect.objectContaining({ sku: 'DR1000-10-BEIGE', returned: 2 }));
  });

  it("lists the returns in the order's history", async () => {
    const history = (await manager.get(`/api/orders/${order.id}/history`)).body.data.history as { description: string }[];
    const lines = history.map((h) => h.description).filter((d) => d.startsWith('Return #'));
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Return #\d+ received: 2 units$/), expect.stringMatching(/^Return #\d+: restocked 2 of DR1000-8-BEIGE to A-1-1$/)]));
    expect(lines).toContainEqual(expect.stringMatching(/^Return #\d+: 1 unit of DR1000-10-BEIGE left in RETURNS$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Return #\d+: written off 1 of DR1000-10-BEIGE \(note: Torn\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Return #\d+ matched to this order: 1 unit$/));
  });

  it('announces a restock that takes its bin past capacity', async () => {
    ok(await manager.post('/api/locations', { code: 'Q-1-1', location_type: 'bin', capacity: 1 }), 201);
    const parcel = (await receive(worker, { lines: [line('DR1000-8-BEIGE', 2)] })).body.data;
    const res = await worker.post(`/api/returns/${parcel.id}/lines/1/restock`, { location: 'Q-1-1', quantity: 2 });
    ok(res);
    expect(res.body.data.over_capacity).toEqual({ location: 'Q-1-1', capacity: 1, quantity_after: 2 });
    expect(res.body.message).toBe('2 units of DR1000-8-BEIGE restocked to Q-1-1. Q-1-1 is over capacity: it holds 2 units for a capacity of 1 (1 over).');
    expect(await level('DR1000-8-BEIGE', 'Q-1-1')).toBe(2);
  });
});

// An order of DR1000-8 x3 and DR1000-10 x2 imported, assigned to the worker and picked: each line as `pick` says
// (null: picked whole, else the units not found), then completed. Answers its id and item ids by SKU.
async function pickedOrder(number: string, shortOf: Record<string, number> = {}): Promise<{ id: number; item: Record<string, number> }> {
  const sheet = `Order #,Item,SKU,Quantity\n${number},Wrap Midi Dress,DR1000-8-BEIGE,3\n${number},Wrap Midi Dress,DR1000-10-BEIGE,2\n`;
  ok(await manager.upload('/api/files/upload/orders', `orders-${number.slice(1)}.csv`, sheet));
  const [listed] = (await manager.get(`/api/orders?search=${encodeURIComponent(number)}`)).body.data.orders as { id: number }[];
  const id = listed!.id;
  const items = (await manager.get(`/api/orders/${id}`)).body.data.items as { id: number; sku: string }[];
  const item = Object.fromEntries(items.map((i) => [i.sku, i.id]));
  ok(await manager.post(`/api/orders/${id}/assign-worker`, { worker_id: worker.id }));
  for (const i of items) {
    const short = shortOf[i.sku];
    ok(short === undefined ? await worker.post(`/api/orders/${id}/items/${i.id}/pick`, {}) : await worker.post(`/api/orders/${id}/items/${i.id}/short`, { short_quantity: short, looked_in: ['A-1-1'] }));
  }
  ok(await worker.post(`/api/orders/${id}/complete`));
  return { id, item };
}

// The order's lines as the bench shows them: SKU -> units shipped.
async function shippedLines(number: string): Promise<Record<string, number>> {
  const [found] = (await worker.get(`/api/returns/lookup?code=${encodeURIComponent(number)}`)).body.data.orders as { lines: { sku: string; shipped: number }[] }[];
  return Object.fromEntries(found!.lines.map((l) => [l.sku, l.shipped]));
}

// Units the buyers' returns reports count shipped, all time (every year bucket).
async function reportedShipped(): Promise<number> {
  await caughtUp(t.database.db);
  const { rows } = await sql<{ n: number }>`select coalesce(sum(units), 0)::int as n from rm_return_shipped_total where grain = 'year'`.execute(t.database.db);
  return rows[0]!.n;
}

const receiveFrom = (orderId: number, sku: string, quantity: number) =>
  worker.post('/api/returns', { order_id: orderId, scanned: null, note: null, lines: [line(sku, quantity)] });

describe('what the bench may take back: the units verification shipped', () => {
  it('a line short ships its units found; a held line resolved with a unit missing ships those counted', async () => {
    const o = await pickedOrder('#7002', { 'DR1000-10-BEIGE': 1 });
    const before = await reportedShipped();
    const held = await exec2.post(`/api/orders/${o.id}/verify`, { counts: [{ item_id: o.item['DR1000-8-BEIGE'], counted: 2 }, { item_id: o.item['DR1000-10-BEIGE'], counted: 1 }] });
    ok(held);
    expect(held.body.data.status).toBe('on_hold');
    ok(await exec2.post(`/api/orders/${o.id}/resolve`, { lines: [{ item_id: o.item['DR1000-8-BEIGE'], shipped: 2 }], reason: 'One missing from the tote' }));

    expect(await shippedLines('#7002')).toEqual({ 'DR1000-8-BEIGE': 2, 'DR1000-10-BEIGE': 1 });
    expect((await reportedShipped()) - before).toBe(3);
    const over = await receiveFrom(o.id, 'DR1000-8-BEIGE', 3);
    expect([over.status, over.body.message]).toEqual([409, RETURN_MESSAGES.overReturned(2, 'DR1000-8-BEIGE', '#7002')]);
    const overShort = await receiveFrom(o.id, 'DR1000-10-BEIGE', 2);
    expect([overShort.status, overShort.body.message]).toEqual([409, RETURN_MESSAGES.overReturned(1, 'DR1000-10-BEIGE', '#7002')]);
    ok(await receiveFrom(o.id, 'DR1000-8-BEIGE', 2), 201);
  });

  it('a pick undone at the bench and then resolved ships nothing of its line', async () => {
    const o = await pickedOrder('#7003');
    const before = await reportedShipped();
    ok(await exec2.post(`/api/orders/${o.id}/verify`, { counts: [{ item_id: o.item['DR1000-8-BEIGE'], counted: 3 }, { item_id: o.item['DR1000-10-BEIGE'], counted: 1 }] }));
    const undone = await manager.post(`/api/orders/${o.id}/items/${o.item['DR1000-8-BEIGE']}/undo`, { reason: 'Wrong colour in the tote' });
    ok(undone);
    expect(undone.body.data.status).toBe('on_hold');
    const lines = [{ item_id: o.item['DR1000-8-BEIGE'], shipped: 0 }, { item_id: o.item['DR1000-10-BEIGE'], shipped: 1 }];
    ok(await exec2.post(`/api/orders/${o.id}/resolve`, { lines, reason: 'Ship what is here' }));

    expect(await shippedLines('#7003')).toEqual({ 'DR1000-8-BEIGE': 0, 'DR1000-10-BEIGE': 1 });
    expect((await reportedShipped()) - before).toBe(1);
    const never = await receiveFrom(o.id, 'DR1000-8-BEIGE', 1);
    expect([never.status, never.body.message]).toEqual([409, RETURN_MESSAGES.overReturned(0, 'DR1000-8-BEIGE', '#7003')]);
    const over = await receiveFrom(o.id, 'DR1000-10-BEIGE', 2);
    expect([over.status, over.body.message]).toEqual([409, RETURN_MESSAGES.overReturned(1, 'DR1000-10-BEIGE', '#7003')]);
  });

  it('a rebuild of the reports counts the units shipped as live did', async () => {
    await caughtUp(t.database.db);
    const live = await snapshot(t.database.db, ['rm_return_shipped', 'rm_return_shipped_total']);
    await rebuildReadModels(t.database.db, projections);
    expect(await snapshot(t.database.db, ['rm_return_shipped', 'rm_return_shipped_total'])).toEqual(live);
  });
});

describe('receipts at once', () => {
  // Requests sent together and held at their append (the events table locked against inserts) until each waits on a
  // lock: without one of their own, each would decide on the parcels before either is stored.
  async function atOnce<T>(requests: () => Promise<T>[]): Promise<T[]> {
    let sent: Promise<T>[] = [];
    await t.database.db.transaction().execute(async (trx) => {
      await sql`lock table events in share row exclusive mode`.execute(trx);
      sent = requests();
      // Watched from another connection: a transaction sees the server's activity as it was when it first looked.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db);
          expect(rows[0]!.n).toBe(sent.length);
        },
        { timeout: 10_000, interval: 20 },
      );
    });
    return Promise.all(sent);
  }

  const receivedFor = async (orderId: number) =>
    (await sql<{ n: number }>`select count(*)::int as n from events where event_type in ('ReturnReceived', 'ReturnMatched') and (data ->> 'order_id')::int = ${orderId}`.execute(t.database.db)).rows[0]!.n;

  it('two receipts for the last unit shipped: one is taken, the other refused, and the store holds one', async () => {
    const o = await pickedOrder('#7004');
    ok(await exec2.post(`/api/orders/${o.id}/verify`, {}));
    ok(await receiveFrom(o.id, 'DR1000-8-BEIGE', 2), 201);
    const answers = await atOnce(() => [receiveFrom(o.id, 'DR1000-8-BEIGE', 1), receiveFrom(o.id, 'DR1000-8-BEIGE', 1)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(RETURN_MESSAGES.overReturned(0, 'DR1000-8-BEIGE', '#7004'));
    // The receipt of two before, and one of the last unit.
    expect(await receivedFor(o.id)).toBe(2);
    expect((await shippedLines('#7004'))['DR1000-8-BEIGE']).toBe(3);
  });

  it('a receipt and a match for the last unit shipped: one is taken, the other refused', async () => {
    const o = await pickedOrder('#7005');
    ok(await exec2.post(`/api/orders/${o.id}/verify`, {}));
    ok(await receiveFrom(o.id, 'DR1000-10-BEIGE', 1), 201);
    const unmatched = await worker.post('/api/returns', { order_id: null, scanned: null, note: 'No slip', lines: [line('DR1000-10-BEIGE', 1)] });
    ok(unmatched, 201);
    const answers = await atOnce(() => [
      receiveFrom(o.id, 'DR1000-10-BEIGE', 1),
      worker.post(`/api/returns/${unmatched.body.data.id}/match`, { order_id: o.id, lines: [{ ...line('DR1000-10-BEIGE', 1), order_item_id: o.item['DR1000-10-BEIGE'] }] }),
    ]);
    const taken = answers.filter((a) => a.status === 200 || a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect([taken.length, refused.length]).toEqual([1, 1]);
    expect(refused[0]!.body.message).toBe(RETURN_MESSAGES.overReturned(0, 'DR1000-10-BEIGE', '#7005'));
    // The receipt before, and the receipt or the match of the last unit.
    expect(await receivedFor(o.id)).toBe(2);
  });
});

describe('answers while the projector is behind', () => {
  it("a receipt is answered with the parcel as recorded, though the bench's read model does not hold it yet", async () => {
    // A second command instance on the same database with no projector of its own and a short wait for the read
    // models; the bench's table held so the projector cannot write it (reads go on).
    const alone = await startServer({
      config: { ...loadConfig({}), DATABASE_URL: t.db.url, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1', READ_YOUR_WRITES_TIMEOUT_MS: 200 },
      withProjector: false,
      listen: false,
      logger: false,
    });
    const pool = new pg.Pool({ connectionString: t.db.url, max: 1 });
    const holder = await pool.connect();
    try {
      const login = await client(alone.app).post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
      const admin = client(alone.app, login.body.data.token);
      await holder.query('begin');
      await holder.query('lock table rm_return_parcels in exclusive mode');
      const received = await admin.post('/api/returns', { order_id: null, scanned: null, note: 'Held up', lines: [line('DR1000-10-BEIGE', 1)] });
      ok(received, 201);
      expect(received.body.projected).toBe(false);
      expect(received.body.data).toMatchObject({ status: 'unmatched', note: 'Held up', received_by: 'admin', lines: [{ line: 1, sku: 'DR1000-10-BEIGE', waiting: { bench: 1, returns: 0 } }] });
      expect(await t.database.db.selectFrom('rm_return_parcels').select('id').where('id', '=', received.body.data.id).executeTakeFirst()).toBeUndefined();
    } finally {
      await holder.query('rollback');
      holder.release();
      await pool.end();
      await alone.close();
    }
  });
});

describe('the lists, a page at a time', () => {
  it('unmatched oldest first over pages of 20, recent newest first; a bad view or page is refused', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await worker.post('/api/returns', { order_id: null, scanned: null, note: `Bag ${i}`, lines: [] });
      ok(res, 201);
      ids.push(res.body.data.id);
    }
    const first = (await worker.get('/api/returns?view=unmatched')).body.data;
    const total = first.pagination.total_records as number;
    expect(total).toBeGreaterThanOrEqual(21);
    expect(first.returns).toHaveLength(20);
    const pages = Math.ceil(total / 20);
    expect(first.pagination).toMatchObject({ current_page: 1, total_pages: pages });
    const all: number[] = [];
    for (let page = 1; page <= pages; page += 1) all.push(...((await worker.get(`/api/returns?view=unmatched&page=${page}`)).body.data.returns as { id: number }[]).map((r) => r.id));
    expect(all).toHaveLength(total);
    // Oldest first: the bags in the order they came, the last on the last page.
    expect(all.filter((id) => ids.includes(id))).toEqual(ids);
    expect(all.at(-1)).toBe(ids.at(-1));
    const recent = (await worker.get('/api/returns?view=recent')).body.data.returns as { id: number }[];
    expect(recent[0]!.id).toBe(ids.at(-1));
    expect((await worker.get('/api/returns?view=everything')).status).toBe(400);
    expect((await worker.get('/api/returns?view=unmatched&page=0')).status).toBe(400);
  });
});
