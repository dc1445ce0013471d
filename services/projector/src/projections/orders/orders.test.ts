import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { TopicSet, type OrderEvent, type StoredEvent } from '@wh/contracts';
import { startTestApp, type TestApp } from '@wh/command/testing';
import { applyStockMovements } from '@wh/command/platform/stock';
import { rebuildReadModels } from '../../rebuild.ts';
import { projections } from '../index.ts';
import { ordersProjection } from './projection.ts';
import { fixture } from '../../../../../test/fixtures.ts';
import { caughtUp, tableOids, tablesKept } from '../../testing.ts';

const TABLES = ['rm_orders', 'rm_order_items', 'rm_order_status_counts', 'rm_order_sku_stock'] as const;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await journey();
  await caughtUp(app.database.db);
}, 300_000);
afterAll(() => app?.stop());


// Every kind of order event, through the HTTP API.
async function journey() {
  const db = app.database.db;
  const admin = await app.asAdmin();
  const exec1 = await app.userWithRole('executive1');
  const exec2 = await app.userWithRole('executive2');
  const ann = await app.userWithRole('worker', 'ann');
  const ben = await app.userWithRole('worker', 'ben');
  await db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'KN1010-12-WINE', location: 'RECEIVING', delta: 5 }]));
  const upload = await exec1.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'));
  expect(upload.status).toBe(200);
  const id = async (n: string) => (await db.selectFrom('rm_orders').select('id').where('order_number', '=', n).executeTakeFirstOrThrow()).id;
  const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);

  ok(await exec1.post('/api/orders/bulk-assign', { order_ids: [await id('#10001'), await id('#10002'), await id('#10003')], worker_id: ann.id }));
  ok(await exec1.post(`/api/orders/${await id('#10002')}/assign-worker`, { worker_id: ben.id }));
  ok(await exec1.post(`/api/orders/${await id('#10003')}/deassign-worker`));
  ok(await exec1.post(`/api/orders/${await id('#10004')}/cancel`));
  const first = await id('#10001');
  const items = (await ann.get(`/api/orders/${first}`)).body.data.items as { id: number }[];
  for (const item of items) ok(await ann.post(`/api/orders/${first}/items/${item.id}/pick`, { notes: 'ok' }));
  ok(await ann.post(`/api/orders/${first}/complete`));
  ok(await exec2.post(`/api/orders/${first}/verify`, { verification_notes: 'fine', discrepancies: [{ item_id: items[0]!.id, issue: 'creased', resolution: 'steamed' }] }));
  // Held by the discrepancy; resolved with its unit missing after all (short from then on, its stock given back).
  ok(await exec2.post(`/api/orders/${first}/resolve`, { lines: [{ item_id: items[0]!.id, shipped: 0 }], reason: 'not in the tote' }));
  const second = await id('#10002');
  const secondItems = (await ben.get(`/api/orders/${second}`)).body.data.items as { id: number }[];
  ok(await admin.post(`/api/orders/${second}/items/${secondItems[0]!.id}/pick`, {}));
  ok(await ben.post(`/api/orders/${second}/items/${secondItems[1]!.id}/short`, { looked_in: ['RECEIVING'], notes: 'not there' }));
  ok(await ben.post(`/api/orders/${second}/items/${secondItems[2]!.id}/short`, {}));
  ok(await ben.post(`/api/orders/${second}/items/${secondItems[2]!.id}/undo`, { reason: 'found it' }));
  ok(await admin.post(`/api/orders/${second}/items/${secondItems[0]!.id}/undo`, { reason: 'wrong size' }));
  // Picked and completed, held at the bench with a line counted short, and that line sent back.
  for (const item of [secondItems[0]!, secondItems[2]!, secondItems[3]!]) ok(await ben.post(`/api/orders/${second}/items/${item.id}/pick`, {}));
  ok(await ben.post(`/api/orders/${second}/complete`));
  const counts = secondItems.map((i, n) => ({ item_id: i.id, counted: n === 0 || n === 1 ? 0 : 1 }));
  ok(await exec2.post(`/api/orders/${second}/verify`, { counts }));
  ok(await exec2.post(`/api/orders/${second}/send-back`, { item_ids: [secondItems[0]!.id], reason: 'missing' }));
  // Held at the bench, a pick undone there by a manager: #10005 then resolved (the undone line shipped short in full),
  // #10006 left on hold.
  for (const n of ['#10005', '#10006']) {
    const order = await id(n);
    ok(await exec1.post(`/api/orders/${order}/assign-worker`, { worker_id: ann.id }));
    const lines = (await ann.get(`/api/orders/${order}`)).body.data.items as { id: number }[];
    for (const item of lines) ok(await ann.post(`/api/orders/${order}/items/${item.id}/pick`, {}));
    ok(await ann.post(`/api/orders/${order}/complete`));
    ok(await exec2.post(`/api/orders/${order}/verify`, { counts: lines.map((l, k) => ({ item_id: l.id, counted: k === 0 ? 0 : 1 })) }));
    const last = lines.at(-1)!;
    ok(await admin.post(`/api/orders/${order}/items/${last.id}/undo`, { reason: 'wrong size in the tote' }));
    if (n === '#10005') ok(await exec2.post(`/api/orders/${order}/resolve`, { lines: lines.map((l) => ({ item_id: l.id, shipped: 0 })), reason: 'refunded' }));
  }
}

async function snapshot(db: Kysely<Database>) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const keys = table === 'rm_order_status_counts' ? ['status', 'unassigned'] : table === 'rm_order_sku_stock' ? ['sku'] : ['id'];
    const { rows } = await sql`select * from ${sql.table(table)} order by ${sql.join(keys.map((k) => sql.ref(k)))}`.execute(db);
    out[table] = rows;
  }
  return out;
}

describe('orders read models', () => {
  it('hold what the journey did', async () => {
    const db = app.database.db;
    const counts = await db.selectFrom('rm_order_status_counts').select(['status', 'unassigned', 'count']).orderBy('status').execute();
    expect(counts).toEqual([
      { status: 'cancelled', unassigned: true, count: '1' },
      { status: 'on_hold', unassigned: false, count: '1' },
      { status: 'pending', unassigned: true, count: '19' },
      { status: 'picking', unassigned: false, count: '1' },
      { status: 'verified', unassigned: false, count: '2' },
    ]);
    const byStatus = await db.selectFrom('rm_orders').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').orderBy('status').execute();
    expect(Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]))).toEqual({ cancelled: 1, on_hold: 1, pending: 19, picking: 1, verified: 2 });
    // Undone at the bench: #10006 still on hold, its line held expecting nothing; #10005's undone line shipped short.
    const held = await db.selectFrom('rm_orders').select(['status', 'picked_items', 'short_items', 'hold']).where('order_number', 'in', ['#10005', '#10006']).orderBy('order_number').execute();
    expect(held).toMatchObject([
      { status: 'verified', picked_items: 0, short_items: 2, hold: null },
      { status: 'on_hold', picked_items: 0, short_items: 0, hold: { lines: [{ expected: 0, counted: 0, issue: 'Counted 0 of 1; Pick undone: wrong size in the tote' }] } },
    ]);
  });

  it('the per-status counts equal the rows', async () => {
    const { rows } = await sql<{ status: string; counted: string; actual: string }>`
      select c.status || ' ' || c.unassigned as status, c.count::text as counted, count(o.id)::text as actual
        from rm_order_status_counts c
        left join rm_orders o on o.status = c.status and (o.assigned_worker_id is null) = c.unassigned
       group by c.status, c.unassigned, c.count`.execute(app.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.counted, r.status).toBe(r.actual);
    const { rows: missing } = await sql<{ n: number }>`
      select count(*)::int as n from rm_orders o
       where not exists (select 1 from rm_order_status_counts c where c.status = o.status and c.unassigned = (o.assigned_worker_id is null))`.execute(app.database.db);
    expect(missing[0]!.n).toBe(0);
  });

  it('a rebuild reproduces exactly what the live projector built', async () => {
    const db = app.database.db;
    const live = await snapshot(db);
    expect(live.rm_orders).toHaveLength(24);
    expect(live.rm_order_items).toHaveLength(58);
    const oids = await tableOids(db);
    await rebuildReadModels(db, projections);
    expect(await snapshot(db)).toEqual(live);
    // New tables, built from the events: not the live ones left as they were.
    expect(await tablesKept(db, oids)).toEqual([]);
  });

  it('announces the orders, the order and every worker concerned', async () => {
    const at = '2025-03-01T10:00:00.000Z';
    const ref = { order_id: 42, order_number: '#42' };
    const events: OrderEvent[] = [
      { type: 'OrderAssigned', data: { ...ref, worker_id: 7, previous_worker_id: 5, at } },
      { type: 'OrderDeassigned', data: { ...ref, worker_id: 7, at } },
      { type: 'OrderCancelled', data: { ...ref, previous_status: 'assigned', worker_id: 8, at } },
    ];
    const stored = events.map((e, i) => ({ ...e, stream_id: 'order-42', stream_version: i + 1 }) as unknown as StoredEvent);
    const topics = new TopicSet();
    await app.database.db
      .transaction()
      .execute(async (trx) => {
        await ordersProjection.apply(trx, stored, topics);
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
    expect([...topics].sort()).toEqual(['order:42', 'orders', 'worker:5', 'worker:7', 'worker:8']);
  });

  it('stock of a SKU crossing zero counts its open orders again and announces each one whose count changed', async () => {
    const db = app.database.db;
    // #10001 is verified (no longer counted); the pending orders holding KN1010-12-WINE count it as without stock.
    const holding = (await sql<{ id: number; no_stock_items: number }>`
      select o.id, o.no_stock_items from rm_orders o
       where o.status = 'pending' and exists (select 1 from rm_order_items i where i.order_id = o.id and i.sku = 'KN1010-12-WINE')
       order by o.id`.execute(db)).rows;
    expect(holding.length).toBeGreaterThan(0);
    const arrived = (delta: number, position: string): StoredEvent =>
      ({
        type: 'InventoryAdjusted',
        data: { sku: 'KN1010-12-WINE', movements: [{ sku: 'KN1010-12-WINE', style_code: 'KN1010', location: 'A-1-1', delta }] },
        stream_id: 'adjustment-1',
        global_position: position,
      }) as unknown as StoredEvent;
    const topics = new TopicSet();
    await db
      .transaction()
      .execute(async (trx) => {
        await ordersProjection.apply(trx, [arrived(3, '9001')], topics);
        const after = await trx.selectFrom('rm_orders').select(['id', 'no_stock_items']).where('id', 'in', holding.map((h) => h.id)).orderBy('id').execute();
        expect(after).toEqual(holding.map((h) => ({ id: h.id, no_stock_items: h.no_stock_items - 1 })));
        // Units moving within what is held cross nothing: nothing counted again, nothing announced.
        const quiet = new TopicSet();
        await ordersProjection.apply(trx, [arrived(-1, '9002')], quiet);
        expect([...quiet]).toEqual([]);
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
    expect([...topics].sort()).toEqual(['orders', ...holding.map((h) => `order:${h.id}`)].sort());
  });
});
