import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase, toStoredEvent, type Database, type DatabaseHandle, type EventRow } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { TopicSet, type StoredEvent } from '@wh/contracts';
import { projections } from './index.ts';

// Projecting an imported order is linear in its lines: each projection reads the event's data a fixed number of
// times, not once per line. The work is counted, not timed: an event this large is kept out of line (TOAST), and each
// read of its data is one look-up in the TOAST table's index, which the transaction's own statistics count.

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

let nextOrder = 1;

// An order of `lines` lines, its SKUs varied so that the event does not compress into its row.
async function importedOrder(lines: number): Promise<StoredEvent> {
  const id = nextOrder++;
  const { rows } = await sql<EventRow>`
    insert into events (stream_id, stream_version, event_type, data, metadata)
    select ${`order-${id}`}, 1, 'OrderImported',
           jsonb_build_object('order_id', ${id}::int, 'order_number', ${`#BIG${id}`}::text, 'priority', 1,
                              'order_date', '2026-01-01', 'source_file', 'big.csv', 'at', '2026-01-01T09:00:00.000Z',
                              'items', (select jsonb_agg(jsonb_build_object(
                                 'item_id', ${id * 100_000}::int + g, 'sku', 'S' || md5(${id}::text || '-' || g) || '-8-BLUE',
                                 'style_code', 'S' || g, 'style_name', 'Style ' || md5(g::text), 'size', '8', 'color', 'Blue',
                                 'quantity', 1, 'value', 9.99, 'row', g + 1) order by g)
                                  from generate_series(1, ${lines}::int) g)),
           '{"actor_id": 1, "actor_role": "manager", "correlation_id": "c"}'::jsonb
    returning event_type, schema_version, data, stream_id, stream_version, global_position, transaction_id::text as transaction_id,
              metadata, recorded_at`.execute(db);
  return toStoredEvent(rows[0]!);
}

// Reads of the events table's out-of-line data while every projection applies the event, in one transaction.
async function toastReadsProjecting(event: StoredEvent): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const reads = async () => {
      const { rows } = await sql<{ n: number }>`
        select coalesce(sum(idx_scan), 0)::int as n from pg_stat_xact_all_tables
         where relid = (select reltoastrelid from pg_class where oid = 'events'::regclass)`.execute(trx);
      return rows[0]!.n;
    };
    const before = await reads();
    for (const p of projections) if (p.handles.has(event.type)) await p.apply(trx, [event], new TopicSet());
    return (await reads()) - before;
  });
}

describe('projecting a large imported order', () => {
  it('reads the event a fixed number of times, whatever the number of lines', async () => {
    const small = await importedOrder(1_000);
    const large = await importedOrder(4_000);
    const { rows } = await sql<{ external: boolean }>`
      select pg_column_size(data) < octet_length(data::text) / 2 as external from events where global_position = ${large.global_position}`.execute(db);
    expect(rows[0]!.external, 'the event is stored out of line (compressed)').toBe(true);
    const smallReads = await toastReadsProjecting(small);
    const largeReads = await toastReadsProjecting(large);
    // Per line, four times the lines would read the event about 3,000 more times.
    expect(smallReads).toBeLessThan(100);
    expect(largeReads).toBeLessThanOrEqual(smallReads + 10);
    const { rows: items } = await sql<{ n: number }>`select count(*)::int as n from rm_order_items`.execute(db);
    expect(items[0]!.n).toBe(5_000);
  });
});
