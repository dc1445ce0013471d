import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely, type Transaction } from 'kysely';
import { createDatabase, type Database, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { TopicSet, type OrderEvent, type ReceiptEvent, type StoredEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { ordersProjection } from './orders/projection.ts';
import { reportsProjection } from './reports/projection.ts';
import { receivingProjection } from './receiving/projection.ts';

// A live batch carries a handful of events whatever the size of the history. Its updates must find their rows through
// their keys: a statement that reads a whole read-model table costs more with every order the warehouse ever had,
// and would be most of a command's PostgreSQL time. The planner, counting 100 rows in any jsonb_to_recordset, picks
// the whole table from a few thousand rows to some tens of thousands; 10,000 is in that range.
const ROWS = 10_000;
// Rows far from the start of their tables.
const FAR = ROWS - 7;
const recordedAt = '2026-01-01T09:00:00.000Z';

let scratch: TestDatabase;
let handle: DatabaseHandle;
let db: Kysely<Database>;

beforeAll(async () => {
  scratch = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(scratch.url);
  db = handle.db;
  // The history as events, projected by a rebuild: ROWS imported orders of one item each (order g holds item g) and
  // ROWS receipts awaiting approval (receipt g).
  await sql`
    insert into events (stream_id, stream_version, event_type, data)
    select 'order-' || g, 1, 'OrderImported',
           jsonb_build_object('order_id', g, 'order_number', '#' || g, 'priority', 1, 'order_date', '2026-01-01',
                              'source_file', 'orders.csv', 'at', ${recordedAt}::text,
                              'items', jsonb_build_array(jsonb_build_object(
                                'item_id', g, 'sku', 'KN1010-12-WINE', 'style_code', 'KN1010', 'style_name', 'Jumper',
                                'size', '12', 'color', 'Wine', 'quantity', 1, 'value', null, 'row', 2)))
      from generate_series(1, ${ROWS}::int) g`.execute(db);
  await sql`
    insert into events (stream_id, stream_version, event_type, data)
    select 'receipt-' || g, 1, 'StockReceiptRecorded',
           jsonb_build_object('receipt_id', g, 'source', 'manual_stock', 'upload_id', 'upload-1', 'filename', 'stock.xlsx',
                              'row', g + 1, 'gatepass_number', null, 'received_date', null, 'style_known', true,
                              'variant_known', true, 'approver', 'executive2', 'recorded_by', 2, 'at', ${recordedAt}::text,
                              'style_code', 'KN1010', 'style_name', 'Jumper', 'sku', 'KN1010-12-WINE', 'color', 'Wine',
                              'size', '12', 'quantity', 1)
      from generate_series(1, ${ROWS}::int) g`.execute(db);
  // The rebuild on connections of its own, closed after it: a backend reports its table scans (the rebuild's index
  // builds among them) only now and then, and until it does pg_stat_xact_user_tables counts them in its next transaction.
  const rebuilder = createDatabase(scratch.url);
  try {
    await rebuildReadModels(rebuilder.db, [ordersProjection, reportsProjection, receivingProjection]);
  } finally {
    await rebuilder.close();
  }
  // As autovacuum would have by now: the planner knows how large the tables are.
  await sql`analyze rm_orders, rm_order_items, rm_order_timings, rm_receipts`.execute(db);
}, 300_000);
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

const at = '2026-01-02T09:00:00.000Z';

function stored(events: readonly (OrderEvent | ReceiptEvent)[]): StoredEvent[] {
  return events.map((e, i) => ({
    type: e.type,
    data: e.data,
    stream_id: `stream-${i}`,
    stream_version: 2,
    global_position: String(i + 1),
    transaction_id: String(1000 + i),
    metadata: { actor_id: 2, actor_role: 'manager', correlation_id: 'c', causation_id: null, client_ip: null },
    recorded_at: new Date(at),
  }));
}

// Applies one batch in a transaction and returns, per table, how many times that transaction read it whole.
async function wholeTableReads(projection: Projection, events: readonly StoredEvent[], tables: readonly string[]) {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    await projection.apply(trx, events, new TopicSet());
    const { rows } = await sql<{ relname: string; seq_scan: string }>`
      select relname, seq_scan::text from pg_stat_xact_user_tables where relname = any(${tables}::text[])`.execute(trx);
    return Object.fromEntries(tables.map((t) => [t, Number(rows.find((r) => r.relname === t)?.seq_scan ?? 0)]));
  });
}

describe('a live batch on a large history', () => {
  const orders: OrderEvent[] = [
    { type: 'OrderAssigned', data: { order_id: 17, order_number: '#17', worker_id: 6, previous_worker_id: null, at } },
    { type: 'OrderAssigned', data: { order_id: FAR, order_number: `#${FAR}`, worker_id: 7, previous_worker_id: null, at } },
    {
      type: 'OrderItemPicked',
      data: {
        order_id: 17, order_number: '#17', item_id: 17, sku: 'KN1010-12-WINE', style_code: 'KN1010', quantity: 1,
        location: 'A-1-1', location_type: 'bin', unstocked: false, notes: null, picked_by: 6, worker_id: 6, movements: [], at,
      },
    },
  ];

  it('updates orders and their items through their keys, never reading a table whole', async () => {
    const reads = await wholeTableReads(ordersProjection, stored(orders), ['rm_orders', 'rm_order_items']);
    expect(reads).toEqual({ rm_orders: 0, rm_order_items: 0 });
    const rows = await db.selectFrom('rm_orders').select(['id', 'status', 'assigned_worker_id', 'picked_items']).where('id', 'in', [17, FAR]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 17, status: 'picking', assigned_worker_id: 6, picked_items: 1 },
      { id: FAR, status: 'assigned', assigned_worker_id: 7, picked_items: 0 },
    ]);
    const item = await db.selectFrom('rm_order_items').select(['status', 'picked_by', 'location']).where('id', '=', 17).executeTakeFirstOrThrow();
    expect(item).toEqual({ status: 'picked', picked_by: 6, location: 'A-1-1' });
  });

  it('updates order timings through their keys', async () => {
    const reads = await wholeTableReads(reportsProjection, stored(orders), ['rm_order_timings']);
    expect(reads).toEqual({ rm_order_timings: 0 });
    const rows = await db.selectFrom('rm_order_timings').select(['order_id', 'worker_id', 'picked_items']).where('order_id', 'in', [17, FAR]).orderBy('order_id').execute();
    expect(rows).toEqual([
      { order_id: 17, worker_id: 6, picked_items: 1 },
      { order_id: FAR, worker_id: 7, picked_items: 0 },
    ]);
  });

  it('writes receipt decisions through their keys', async () => {
    const receipts: ReceiptEvent[] = [
      { type: 'StockReceiptRejected', data: { receipt_id: 5, reason: 'Damaged', rejected_by: 3, at } },
      { type: 'StockReceiptRejected', data: { receipt_id: FAR, reason: 'Wrong style', rejected_by: 3, at } },
    ];
    const reads = await wholeTableReads(receivingProjection, stored(receipts), ['rm_receipts']);
    expect(reads).toEqual({ rm_receipts: 0 });
    const rows = await db.selectFrom('rm_receipts').select(['id', 'status', 'reject_reason']).where('id', 'in', [5, FAR]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 5, status: 'rejected', reject_reason: 'Damaged' },
      { id: FAR, status: 'rejected', reject_reason: 'Wrong style' },
    ]);
  });
});
