import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { movementsOf, orderStreamId } from '@wh/contracts';
import { caughtUp } from '@wh/projector/testing';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../../scripts/embedded-postgres.ts';
import { fixture } from '../../../../test/fixtures.ts';
import { foldStreams } from '../platform/command.ts';
import { orderDecider } from '../features/orders/decide.ts';
import { ADMIN_PASSWORD, startTestApp, type Answer, type Client, type TestApp } from '../testing.ts';
import { httpLogin } from './http.ts';

// Many assigns, picks and adjustments at once on the same orders and SKUs, over real HTTP against a listening
// server, several rounds. Afterwards every invariant holds, checked against the event stream itself.
// A private cluster: on a shared server another database's long transaction holds the snapshot xmin the projector
// reads below, and every command here would wait out its read-your-writes timeout.
const SKUS = ['DR1000-6-BEIGE', 'DR1000-8-BEIGE', 'TP1001-8-NAVY'] as const;
const LOCATIONS = ['A-1-1', 'A-1-2'] as const;
const ORDERS = 12;

let dir: string;
let cluster: EmbeddedDatabase;
let t: TestApp;
let manager: Client;
const workers: (Client & { id: number })[] = [];
let orders: { id: number; items: { id: number; sku: string }[] }[] = [];
const answers: { what: string; status: number; body: any }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'warehouse-concurrency-'));
  cluster = await startEmbeddedPostgres(dir, 'postgres');
  t = await startTestApp({ listen: true, pgUrl: cluster.url, config: { READ_YOUR_WRITES_TIMEOUT_MS: 30_000 } });
  manager = await httpLogin(t.url, 'admin', ADMIN_PASSWORD);
  for (let i = 0; i < 3; i++) {
    const created = await t.userWithRole('worker');
    workers.push(Object.assign(await httpLogin(t.url, created.username, 'password1'), { id: created.id }));
  }
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  expect((await manager.post('/api/locations/range', { location_type: 'bin', from: 'A-1-1', to: 'A-1-2', capacity: 500 })).status).toBe(201);
  const lines = ['Order #,Item,SKU,Value,is Fulfilled'];
  for (let n = 0; n < ORDERS; n++) {
    lines.push(`#C${n},Item,${SKUS[n % 3]},10.00,FALSE`, `#C${n},Item,${SKUS[(n + 1) % 3]},12.00,FALSE`);
  }
  expect((await manager.upload('/api/files/upload/orders', 'contended.csv', lines.join('\n'))).status).toBe(200);
  const listed = (await manager.get('/api/orders?search=%23C&limit=50')).body.data.orders as { id: number }[];
  expect(listed).toHaveLength(ORDERS);
  orders = await Promise.all(
    listed.map(async (o) => ({ id: o.id, items: (await manager.get(`/api/orders/${o.id}`)).body.data.items as { id: number; sku: string }[] })),
  );
  // Less stock than the orders need (24 units), so picks compete for the last units.
  for (const sku of SKUS) {
    for (const [location, quantity] of [['A-1-1', 5], ['A-1-2', 2]] as const) {
      const res = await manager.post('/api/inventory/adjust', { sku, adjustment_type: 'increase', quantity, reason: 'Found items', location });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }
}, 300_000);

afterAll(async () => {
  await t?.stop();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 300_000);

type Call = { what: string; run: () => Promise<Answer> };

// All at once; every answer is kept for the checks at the end.
async function burst(calls: Call[]): Promise<void> {
  expect(calls.length).toBeGreaterThanOrEqual(50);
  const results = await Promise.all(calls.map(async (c) => ({ what: c.what, ...(await c.run()) })));
  answers.push(...results);
}

const adjust = (sku: string, location: string, type: 'increase' | 'decrease', quantity: number): Call => ({
  what: `adjust ${type} ${sku}@${location}`,
  run: () => manager.post('/api/inventory/adjust', { sku, adjustment_type: type, quantity, reason: type === 'increase' ? 'Found items' : 'Lost items', location }),
});

const pick = (order: { id: number }, item: { id: number }, by: Client, location?: string): Call => ({
  what: `pick ${order.id}/${item.id}`,
  run: () => by.post(`/api/orders/${order.id}/items/${item.id}/pick`, location ? { location } : {}),
});

const assign = (order: { id: number }, worker: { id: number }): Call => ({
  what: `assign ${order.id}`,
  run: () => manager.post(`/api/orders/${order.id}/assign-worker`, { worker_id: worker.id }),
});

const adjustments = (n: number): Call[] =>
  Array.from({ length: n }, (_, i) => adjust(SKUS[i % 3]!, LOCATIONS[i % 2]!, i % 3 === 0 ? 'increase' : 'decrease', 1));

describe('50+ concurrent assigns, picks and adjustments on the same orders and SKUs', () => {
  it('round 1: every order assigned by three managers at once to different workers, with adjustments racing', async () => {
    const calls = orders.flatMap((o) => workers.map((w) => assign(o, w)));
    await burst([...calls, ...adjustments(20)]);
  });

  it('round 2: each item picked twice at once (named bin and best location), with assigns and adjustments racing', async () => {
    const calls: Call[] = [];
    for (const o of orders) {
      for (const item of o.items) {
        calls.push(pick(o, item, manager, 'A-1-1'), pick(o, item, manager));
      }
      calls.push(assign(o, workers[0]!));
    }
    await burst([...calls, ...adjustments(16)]);
  });

  it('round 3: picks again, completes, cancels and deassigns at once', async () => {
    const calls: Call[] = [];
    for (const o of orders) {
      for (const item of o.items) calls.push(pick(o, item, manager, 'A-1-2'));
      calls.push({ what: `complete ${o.id}`, run: () => manager.post(`/api/orders/${o.id}/complete`) });
      calls.push({ what: `cancel ${o.id}`, run: () => manager.post(`/api/orders/${o.id}/cancel`) });
      calls.push({ what: `deassign ${o.id}`, run: () => manager.post(`/api/orders/${o.id}/deassign-worker`) });
    }
    await burst([...calls, ...adjustments(12)]);
  });

  it('every answer is a success or a clear refusal, never a server error', () => {
    expect(answers.length).toBeGreaterThanOrEqual(150);
    const failures = answers.filter((a) => a.status >= 500);
    expect(failures).toEqual([]);
    for (const a of answers.filter((x) => x.status >= 400)) {
      expect([400, 404, 409], `${a.what}: ${JSON.stringify(a.body)}`).toContain(a.status);
      expect(typeof a.body.message, a.what).toBe('string');
    }
    // The races were real: both outcomes happened for picks and for decreases.
    const picks = answers.filter((a) => a.what.startsWith('pick'));
    expect(picks.some((a) => a.status === 200)).toBe(true);
    expect(picks.some((a) => a.status === 409)).toBe(true);
  });

  it('no double pick: each item picked at most once, the stock taken equals the items picked, one 200 per picked item', async () => {
    await caughtUp(t.database.db, 60_000);
    const picked = await t.database.db
      .selectFrom('events')
      .select(['data'])
      .where('event_type', '=', 'OrderItemPicked')
      .execute();
    const perItem = new Map<number, number>();
    let taken = 0;
    let stockedQuantity = 0;
    for (const { data } of picked) {
      const d = data as { item_id: number; quantity: number; unstocked: boolean; location: string | null };
      perItem.set(d.item_id, (perItem.get(d.item_id) ?? 0) + 1);
      taken -= movementsOf(data).reduce((n, m) => n + m.delta, 0);
      if (!d.unstocked && d.location !== null) stockedQuantity += d.quantity;
    }
    expect([...perItem.values()].every((n) => n === 1)).toBe(true);
    expect(taken).toBe(stockedQuantity);
    const okPicks = answers.filter((a) => a.what.startsWith('pick') && a.status === 200).map((a) => a.what);
    expect(okPicks.length).toBe(picked.length);
    expect(new Set(okPicks).size).toBe(okPicks.length);
    const ledger = await t.database.db
      .selectFrom('rm_stock_movements')
      .select(sql<number>`coalesce(-sum(delta), 0)::int`.as('n'))
      .where('event_type', '=', 'OrderItemPicked')
      .executeTakeFirstOrThrow();
    expect(ledger.n).toBe(taken);
    const items = await t.database.db.selectFrom('rm_order_items').select('id').where('status', '=', 'picked').execute();
    expect(items.length).toBe(picked.length);
  });

  it('stock is never below zero anywhere, and the events, the guard table, the ledger and the screens agree', async () => {
    await caughtUp(t.database.db, 60_000);
    const db = t.database.db;
    const all = await db.selectFrom('events').select('data').execute();
    const fromEvents = new Map<string, number>();
    for (const { data } of all) {
      for (const m of movementsOf(data)) fromEvents.set(`${m.sku}@${m.location}`, (fromEvents.get(`${m.sku}@${m.location}`) ?? 0) + m.delta);
    }
    const asMap = (rows: { sku: string; location: string; q: number }[]) => new Map(rows.map((r) => [`${r.sku}@${r.location}`, r.q]));
    const guard = asMap((await db.selectFrom('stock_levels').select(['sku', 'location', 'quantity as q']).execute()));
    const screens = asMap((await db.selectFrom('rm_stock').select(['sku', 'location', 'quantity as q']).execute()));
    const ledgerRows = await db.selectFrom('rm_stock_movements').select(['sku', 'location', sql<number>`sum(delta)::int`.as('q')]).groupBy(['sku', 'location']).execute();
    const ledger = asMap(ledgerRows);
    const nonZero = (m: Map<string, number>) => new Map([...m].filter(([, q]) => q !== 0));
    expect(fromEvents.size).toBeGreaterThanOrEqual(SKUS.length * LOCATIONS.length);
    expect([...fromEvents.values()].every((q) => q >= 0)).toBe(true);
    expect(nonZero(guard)).toEqual(nonZero(fromEvents));
    expect(nonZero(screens)).toEqual(nonZero(fromEvents));
    expect(nonZero(ledger)).toEqual(nonZero(fromEvents));
    // Decreases that found too little were refused, not clipped: each accepted one is in the stream.
    const decreases = answers.filter((a) => a.what.startsWith('adjust decrease'));
    expect(decreases.some((a) => a.status === 201)).toBe(true);
  });

  it('each order is in exactly one state, and that state is the one its event history gives', async () => {
    await caughtUp(t.database.db, 60_000);
    const db = t.database.db;
    for (const o of orders) {
      const { state } = (await foldStreams(db, orderDecider, [orderStreamId(o.id)])).get(orderStreamId(o.id))!;
      expect(state.status).not.toBe('absent');
      if (state.status === 'absent') continue;
      const row = await db.selectFrom('rm_orders').select(['status', 'assigned_worker_id', 'picked_items']).where('id', '=', o.id).executeTakeFirstOrThrow();
      expect(row.status, `order ${o.id}`).toBe(state.status);
      expect(row.picked_items).toBe(state.items.filter((i) => i.outcome?.kind === 'picked').length);
      if (state.status === 'assigned' || state.status === 'picking' || state.status === 'completed') {
        expect(row.assigned_worker_id).toBe(state.worker_id);
      }
      if (state.status === 'pending') expect(row.assigned_worker_id).toBeNull();
      // A completed order has every item picked; a cancelled one none (only unpicked orders can be cancelled).
      if (state.status === 'completed') expect(state.items.every((i) => i.outcome !== null)).toBe(true);
      if (state.status === 'cancelled') expect(state.items.some((i) => i.outcome !== null)).toBe(false);
    }
    const counts = await db.selectFrom('rm_order_status_counts').select(['status', sql<number>`sum(count)::int`.as('n')]).groupBy('status').execute();
    const byStatus = await db.selectFrom('rm_orders').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').execute();
    const toMap = (rows: { status: string; n: number }[]) => new Map(rows.map((r) => [r.status, r.n]));
    expect(toMap(counts)).toEqual(toMap(byStatus));
    expect(byStatus.reduce((n, r) => n + r.n, 0)).toBe(ORDERS);
  });
});
