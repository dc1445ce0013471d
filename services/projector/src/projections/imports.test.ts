import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase, toStoredEvent, type Database, type DatabaseHandle, type EventRow } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { TopicSet, type OrderEvent, type StoredEvent } from '@wh/contracts';
import { reportsProjection } from './reports/projection.ts';
import { auditProjection } from './audit/projection.ts';

// An upload's OrderImported events are written to rm_audit and rm_order_timings straight from the events table; any
// other event (and one handed to apply that is not in the table) goes through the in-process path. Both must give
// the same rows.
const TABLES = { rm_audit: 'position', rm_order_timings: 'order_id', rm_report_buckets: 'bucket' } as const;

let live: TestDatabase;
let empty: TestDatabase;
let liveDb: DatabaseHandle;
let emptyDb: DatabaseHandle;

beforeAll(async () => {
  [live, empty] = await Promise.all([createTestDatabase(inject('pgUrl')), createTestDatabase(inject('pgUrl'))]);
  liveDb = createDatabase(live.url);
  emptyDb = createDatabase(empty.url);
}, 300_000);
afterAll(async () => {
  await Promise.all([liveDb?.close(), emptyDb?.close()]);
  await Promise.all([live?.drop(), empty?.drop()]);
});

const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 8, minute, 7, 123)).toISOString();
const item = (id: number, sku: string, quantity: number) => ({
  item_id: id, sku, style_code: sku.split('-')[0]!, style_name: 'Jumper', size: '12', color: 'Wine', quantity, value: 12.5, row: id,
});

const HISTORY: { event: OrderEvent; metadata: Record<string, unknown> }[] = [
  {
    // The same SKU twice, and an empty one: each SKU once, in item order.
    event: { type: 'OrderImported', data: { order_id: 1, order_number: '#straße-1', priority: 1, order_date: '2025-06-01', items: [item(1, 'KN1-12-WINE', 2), item(2, 'TP2-8-NAVY', 1), item(3, 'KN1-12-WINE', 1), item(4, '', 1)], source_file: 'day "1".csv', at: at(0) } },
    metadata: { actor_id: 4, actor_role: 'manager', correlation_id: 'c', causation_id: null, client_ip: null },
  },
  {
    // No actor in the metadata.
    event: { type: 'OrderImported', data: { order_id: 2, order_number: 'b-2', priority: 2, order_date: '2025-06-01', items: [item(5, 'BG3-FS-GREY', 1)], source_file: 'day.csv', at: at(20) } },
    metadata: { correlation_id: 'c' },
  },
  {
    // An `at` the command side would not write: the in-process path, whatever the table holds.
    event: { type: 'OrderImported', data: { order_id: 3, order_number: 'C3', priority: 1, order_date: '2025-06-01', items: [item(6, 'JN4-10-KHAKI', 3)], source_file: 'day.csv', at: '2025-06-01 08:40:00+00' } },
    metadata: { actor_id: 4, actor_role: 'manager' },
  },
  {
    // Changed in the same batch as its import: inserted, then updated.
    event: { type: 'OrderAssigned', data: { order_id: 1, order_number: '#straße-1', worker_id: 9, previous_worker_id: null, at: at(31) } },
    metadata: { actor_id: 4, actor_role: 'manager' },
  },
];

async function writeEvents(db: Kysely<Database>): Promise<StoredEvent[]> {
  const stored: StoredEvent[] = [];
  for (const [i, { event, metadata }] of HISTORY.entries()) {
    const { rows } = await sql<EventRow>`
      insert into events (stream_id, stream_version, event_type, data, metadata)
      values (${`order-${event.data.order_id}`}, ${i === 3 ? 2 : 1}, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${JSON.stringify(metadata)}::jsonb)
      returning event_type, schema_version, data, stream_id, stream_version, global_position, transaction_id::text as transaction_id, metadata, recorded_at`.execute(db);
    stored.push(toStoredEvent(rows[0]!));
  }
  return stored;
}

async function project(db: Kysely<Database>, events: readonly StoredEvent[]) {
  await db.transaction().execute(async (trx) => {
    await auditProjection.apply(trx, events, new TopicSet());
    await reportsProjection.apply(trx, events.filter((e) => reportsProjection.handles.has(e.type)), new TopicSet());
  });
  const out: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(TABLES)) {
    out[table] = (await sql`select * from ${sql.table(table)} order by ${sql.raw(key)}`.execute(db)).rows;
  }
  return out;
}

describe('an upload\'s imports in the audit and reports projections', () => {
  it('gives the same rows read from the events table as built in process', async () => {
    const events = await writeEvents(liveDb.db);
    const fromTable = await project(liveDb.db, events);
    // The same events, absent from this database's table: every row is built in process.
    const inProcess = await project(emptyDb.db, events);
    expect(fromTable).toEqual(inProcess);
    expect((fromTable.rm_audit as Record<string, unknown>[])[0]).toMatchObject({
      order_key: '#STRASSE-1',
      skus: ['KN1-12-WINE', 'TP2-8-NAVY'],
      user_ids: [4],
      locations: [],
      summary: 'Imported order #straße-1 (4 items, 5 units) from day "1".csv',
    });
    expect((fromTable.rm_audit as Record<string, unknown>[])[1]).toMatchObject({ actor_id: null, user_ids: [], summary: 'Imported order b-2 (1 item, 1 unit) from day.csv' });
    expect((fromTable.rm_order_timings as Record<string, unknown>[])[0]).toMatchObject({
      order_id: 1,
      status: 'assigned',
      worker_id: 9,
      total_items: 4,
      imported_at: new Date(at(0)),
      assigned_at: new Date(at(31)),
    });
  });
});
