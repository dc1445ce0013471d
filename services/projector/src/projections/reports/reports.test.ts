import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase, type Database, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { TopicSet, type OrderEvent, type StoredEvent } from '@wh/contracts';
import { reportsProjection } from './projection.ts';
import { auditProjection } from '../audit/projection.ts';

const TABLES = {
  rm_order_timings: 'order_id',
  rm_report_picks: 'position',
  rm_report_buckets: 'bucket',
  rm_report_worker_buckets: 'bucket, worker_id',
  rm_audit: 'position',
} as const;

let scratch: TestDatabase;
let handle: DatabaseHandle;
let db: Kysely<Database>;

beforeAll(async () => {
  scratch = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(scratch.url);
  db = handle.db;
}, 300_000);
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

const at = (minute: number) => new Date(Date.UTC(2025, 2, 3, 9, minute)).toISOString();

function item(order: number, k: number) {
  return { item_id: order * 10 + k, sku: `KN1010-12-WINE`, style_code: 'KN1010', style_name: 'Jumper', size: '12', color: 'Wine', quantity: k, value: null, row: k + 1 };
}
function picked(order: number, k: number, minute: number, by = 7): OrderEvent {
  return {
    type: 'OrderItemPicked',
    data: {
      order_id: order, order_number: `#${order}`, item_id: order * 10 + k, sku: 'KN1010-12-WINE', style_code: 'KN1010', quantity: k,
      location: 'A-1-1', location_type: 'bin', unstocked: k === 3, notes: null, picked_by: by, worker_id: 7, movements: [], at: at(minute),
    },
  };
}

function undone(order: number, k: number, minute: number): OrderEvent {
  return {
    type: 'OrderItemPickUndone',
    data: {
      order_id: order, order_number: `#${order}`, item_id: order * 10 + k, sku: 'KN1010-12-WINE', style_code: 'KN1010', quantity: k, undone: 'pick',
      reason: 'Wrong size', undone_by: 2, worker_id: 7, previous_status: 'picking', status: 'picking', movements: [], at: at(minute),
    },
  };
}

// A whole life of order 1 (import, assignment, reassignment, three picks, one undone and picked again by another
// picker, completion, verification), order 2 cancelled after an unassignment, a pick of an order never imported, and
// order 3 imported early, picked late, a line sent back from the bench: every kind of change to one row, many of them
// to the same row.
const HISTORY: OrderEvent[] = [
  { type: 'OrderImported', data: { order_id: 1, order_number: '#1', priority: 0, order_date: '2025-03-03', items: [item(1, 1), item(1, 2), item(1, 3)], source_file: 'a.csv', at: at(0) } },
  { type: 'OrderImported', data: { order_id: 2, order_number: '#2', priority: 0, order_date: '2025-03-03', items: [item(2, 1)], source_file: 'a.csv', at: at(0) } },
  { type: 'OrderImported', data: { order_id: 3, order_number: '#3', priority: 0, order_date: '2025-03-03', items: [item(3, 1), item(3, 2)], source_file: 'a.csv', at: at(1) } },
  { type: 'OrderAssigned', data: { order_id: 1, order_number: '#1', worker_id: 6, previous_worker_id: null, at: at(5) } },
  { type: 'OrderAssigned', data: { order_id: 2, order_number: '#2', worker_id: 6, previous_worker_id: null, at: at(6) } },
  { type: 'OrderAssigned', data: { order_id: 1, order_number: '#1', worker_id: 7, previous_worker_id: 6, at: at(10) } },
  picked(1, 1, 20),
  { type: 'OrderDeassigned', data: { order_id: 2, order_number: '#2', worker_id: 6, at: at(21) } },
  picked(99, 1, 22),
  picked(1, 2, 25, 8),
  undone(1, 2, 27),
  picked(1, 2, 28),
  picked(1, 3, 31),
  { type: 'OrderCancelled', data: { order_id: 2, order_number: '#2', previous_status: 'pending', worker_id: null, at: at(32) } },
  { type: 'OrderCompleted', data: { order_id: 1, order_number: '#1', worker_id: 7, completed_by: 7, at: at(40) } },
  // Held at the bench, item 13's pick undone there (the order stays completed, on hold), resolved shipping it short.
  { type: 'OrderHeld', data: { order_id: 1, order_number: '#1', held_by: 3, worker_id: 7, lines: [], wrong_items: [{ code: 'X-1', quantity: 1 }], discrepancies: [], verification_notes: null, at: at(42) } },
  { ...undone(1, 3, 43), data: { ...(undone(1, 3, 43).data as object), previous_status: 'on_hold', status: 'on_hold' } } as OrderEvent,
  {
    type: 'OrderHoldResolved',
    data: { order_id: 1, order_number: '#1', resolved_by: 3, worker_id: 7, reason: 'Refunded', lines: [{ item_id: 13, sku: 'KN1010-12-WINE', quantity: 3, expected: 0, shipped: 0, missing: 0, location: null, undone: true }], movements: [], at: at(49) },
  },
  { type: 'OrderAssigned', data: { order_id: 3, order_number: '#3', worker_id: 8, previous_worker_id: null, at: at(41) } },
  { type: 'OrderVerified', data: { order_id: 1, order_number: '#1', verified_by: 3, worker_id: 7, item_count: 3, unit_count: 6, verification_notes: null, discrepancies: [{ item_id: 11, sku: 'KN1010-12-WINE', issue: 'creased', resolution: 'steamed' }], at: at(50) } },
  picked(3, 2, 55, 8),
  picked(3, 1, 56, 8),
  { type: 'OrderSentBack', data: { order_id: 3, order_number: '#3', sent_by: 3, worker_id: 8, reason: 'Wrong colour', lines: [{ item_id: 31, sku: 'KN1010-12-WINE', undone: 'pick' }], status: 'picking', movements: [], at: at(58) } },
];

const stored: StoredEvent[] = HISTORY.map((e, i) => ({
  type: e.type,
  data: e.data,
  stream_id: `order-${e.data.order_id}`,
  stream_version: 1,
  global_position: String(i + 1),
  transaction_id: String(1000 + i),
  metadata: { actor_id: 2, actor_role: 'manager', correlation_id: 'c', causation_id: null, client_ip: null },
  recorded_at: new Date(Date.UTC(2025, 2, 3)),
}));

// Applies the history in batches of the given sizes, from empty tables, and returns every table.
async function project(sizes: (i: number) => number) {
  await db.transaction().execute(async (trx) => {
    for (const table of Object.keys(TABLES)) await sql`delete from ${sql.table(table)}`.execute(trx);
    for (let i = 0; i < stored.length; ) {
      const batch = stored.slice(i, i + sizes(i));
      await auditProjection.apply(trx, batch, new TopicSet());
      await reportsProjection.apply(trx, batch, new TopicSet());
      i += batch.length;
    }
  });
  const out: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(TABLES)) {
    out[table] = (await sql`select * from ${sql.table(table)} order by ${sql.raw(key)}`.execute(db)).rows;
  }
  return out;
}

describe('reports projection', () => {
  it('folds every event of an order in one batch into its row: no change is lost', async () => {
    const tables = await project(() => stored.length);
    const timings = tables.rm_order_timings as Record<string, unknown>[];
    expect(timings.map((r) => [r.order_id, r.status, r.worker_id, r.picked_items, r.total_items])).toEqual([
      [1, 'verified', 7, 2, 3],
      [2, 'cancelled', null, 0, 1],
      [3, 'picking', 8, 1, 2],
    ]);
    expect(timings[0]).toMatchObject({
      assigned_at: new Date(at(5)),
      first_pick_at: new Date(at(20)),
      last_pick_at: new Date(at(31)),
      completed_at: new Date(at(40)),
      completed_worker_id: 7,
      verified_at: new Date(at(50)),
      verified_by: 3,
      picked_by: 7,
      discrepancy_count: 1,
      last_activity_at: new Date(at(50)),
    });
    expect(timings[1]).toMatchObject({ assigned_at: new Date(at(6)), cancelled_at: new Date(at(32)) });
    // The pick of order 99 (never imported) has no row and is not credited; the picks undone have none any more.
    expect((tables.rm_report_picks as { item_id: number; picked_by: number }[]).map((p) => [p.item_id, p.picked_by])).toEqual([
      [11, 7],
      [12, 7],
      [32, 8],
    ]);
    // units_picked is a bigint (a sum over every pick of the bucket): pg hands it over as text. A pick undone is taken
    // off its picker in the bucket of the pick (worker 8's of item 12 at :25, worker 7's of item 13 at :31 undone at
    // the bench, and item 31's sent back); the line picked again is credited to whoever picked it.
    expect(tables.rm_report_worker_buckets).toEqual([
      { bucket: new Date(at(15)), worker_id: 7, items_picked: 2, units_picked: '3' },
      { bucket: new Date(at(15)), worker_id: 8, items_picked: 0, units_picked: '0' },
      { bucket: new Date(at(30)), worker_id: 7, items_picked: 0, units_picked: '0' },
      { bucket: new Date(at(45)), worker_id: 8, items_picked: 1, units_picked: '2' },
    ]);
    expect(tables.rm_report_buckets).toEqual([
      { bucket: new Date(at(0)), received: 3, assigned: 3, completed: 0, verified: 0, cancelled: 0, shorted: 0 },
      { bucket: new Date(at(30)), received: 0, assigned: 1, completed: 1, verified: 0, cancelled: 1, shorted: 0 },
      { bucket: new Date(at(45)), received: 0, assigned: 0, completed: 0, verified: 1, cancelled: 0, shorted: 1 },
    ]);
    expect(tables.rm_audit).toHaveLength(stored.length);
    expect((tables.rm_audit as Record<string, unknown>[])[9]).toMatchObject({
      position: '10',
      user_ids: [2, 7, 8],
      skus: ['KN1010-12-WINE'],
      locations: ['A-1-1'],
      order_key: '#1',
    });
  });

  it('gives the same tables however the events are split into batches', async () => {
    const whole = await project(() => stored.length);
    expect(await project(() => 1)).toEqual(whole);
    expect(await project(() => 2)).toEqual(whole);
    expect(await project((i) => (i < 4 ? 4 : 5))).toEqual(whole);
  });
});
