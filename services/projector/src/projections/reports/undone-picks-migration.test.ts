import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase, migrate, toStoredEvent, type Database, type DatabaseHandle, type EventRow } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { TopicSet, type OrderEvent, type StoredEvent } from '@wh/contracts';
import { reportsProjection } from './projection.ts';

// Migration 180 on a database whose reports were projected before undone picks stopped counting: the undos already
// projected take back their picks' rows and credit, those past the checkpoint are left for the projector, which takes
// them back itself.

let scratch: TestDatabase;
let handle: DatabaseHandle;
let db: Kysely<Database>;

beforeAll(async () => {
  scratch = await createTestDatabase(inject('pgUrl'), { migrate: false });
  await migrate(scratch.url, { until: '150_orders_without_stock.sql' });
  handle = createDatabase(scratch.url);
  db = handle.db;
}, 300_000);
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

const at = (minute: number) => new Date(Date.UTC(2025, 2, 3, 9, minute)).toISOString();
const ref = { order_id: 1, order_number: '#1' };
const line = (item_id: number) => ({ ...ref, item_id, sku: 'KN1010-12-WINE', style_code: 'KN1010', quantity: 2 });
const picked = (item_id: number, by: number, minute: number): OrderEvent => ({
  type: 'OrderItemPicked',
  data: { ...line(item_id), location: 'A-1-1', location_type: 'bin', unstocked: false, notes: null, picked_by: by, worker_id: 7, movements: [], at: at(minute) },
});
const undone = (item_id: number, minute: number): OrderEvent => ({
  type: 'OrderItemPickUndone',
  data: { ...line(item_id), undone: 'pick', reason: 'Wrong size', undone_by: 2, worker_id: 7, previous_status: 'picking', status: 'picking', movements: [], at: at(minute) },
});
const item = (item_id: number) => ({ item_id, sku: 'KN1010-12-WINE', style_code: 'KN1010', style_name: 'Jumper', size: '12', color: 'Wine', quantity: 2, value: null, row: 2 });

// Projected before the migration: item 11 picked by 7 and undone, picked again by 8; item 12 picked by 7 and sent back
// from the bench. Past the checkpoint: the undo of 8's pick.
const PROJECTED: OrderEvent[] = [
  { type: 'OrderImported', data: { ...ref, priority: 0, order_date: '2025-03-03', items: [item(11), item(12)], source_file: 'a.csv', at: at(0) } },
  { type: 'OrderAssigned', data: { ...ref, worker_id: 7, previous_worker_id: null, at: at(1) } },
  picked(11, 7, 2),
  picked(12, 7, 3),
  undone(11, 4),
  picked(11, 8, 20),
  { type: 'OrderSentBack', data: { ...ref, sent_by: 3, worker_id: 7, reason: 'Wrong colour', lines: [{ item_id: 12, sku: 'KN1010-12-WINE', undone: 'pick' }], status: 'picking', movements: [], at: at(21) } },
];
const LATER: OrderEvent[] = [undone(11, 22)];

let version = 0;
async function append(events: readonly OrderEvent[]): Promise<StoredEvent[]> {
  const stored: StoredEvent[] = [];
  for (const e of events) {
    version += 1;
    const { rows } = await sql<EventRow>`
      insert into events (stream_id, stream_version, event_type, data) values ('order-1', ${version}, ${e.type}, ${JSON.stringify(e.data)}::jsonb)
      returning *`.execute(db);
    stored.push(toStoredEvent(rows[0]!));
  }
  return stored;
}

async function reportPicks() {
  const picks = await db.selectFrom('rm_report_picks').select(['item_id', 'picked_by']).orderBy('position').execute();
  const credit = await db.selectFrom('rm_report_worker_buckets').select(['worker_id', 'items_picked', 'units_picked']).orderBy('bucket').orderBy('worker_id').execute();
  return { picks, credit };
}

describe('migration 180: undone picks uncounted', () => {
  it('takes back the picks undone up to the checkpoint, in the buckets of the picks; the projector takes back the rest', async () => {
    const projected = await append(PROJECTED);
    // The reports as they stood before: every pick with its row and credit (the undos did not take them back).
    await db.transaction().execute(async (trx) => {
      await reportsProjection.apply(trx, projected.filter((e) => e.type !== 'OrderItemPickUndone' && e.type !== 'OrderSentBack'), new TopicSet());
      const last = projected.at(-1)!;
      await trx.updateTable('projector_checkpoints').set({ last_tx: last.transaction_id, last_pos: last.global_position }).where('name', '=', 'main').execute();
    });
    expect((await reportPicks()).picks).toHaveLength(3);
    const later = await append(LATER);

    await migrate(scratch.url);
    expect(await reportPicks()).toEqual({
      picks: [{ item_id: 11, picked_by: 8 }],
      credit: [
        { worker_id: 7, items_picked: 0, units_picked: '0' },
        { worker_id: 8, items_picked: 1, units_picked: '2' },
      ],
    });

    await db.transaction().execute((trx) => reportsProjection.apply(trx, later, new TopicSet()));
    expect(await reportPicks()).toEqual({
      picks: [],
      credit: [
        { worker_id: 7, items_picked: 0, units_picked: '0' },
        { worker_id: 8, items_picked: 0, units_picked: '0' },
      ],
    });
  });
});
