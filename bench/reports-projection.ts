// Rebuild throughput of the reports and audit projections alone, over a synthetic order history made in SQL:
//
//   BENCH_ORDERS=200000 BENCH_RUNS=3 npx tsx bench/reports-projection.ts
//
// Each order is imported (1-5 items), assigned (every 10th unassigned and reassigned, every 25th cancelled instead of
// picked), picked item by item, completed and verified. Orders start 30 s apart and live 4 hours, so hundreds are in
// flight at once and a batch holds parts of many orders' lives, as a real rebuild does.
import { sql } from 'kysely';
import { createDatabase } from '@wh/db';
import { EVENTS, ORDER_EVENT_TYPES } from '@wh/contracts';
import { createTestDatabase } from '@wh/db/testing';
import { reportsProjection } from '../services/projector/src/projections/reports/projection.ts';
import { auditProjection } from '../services/projector/src/projections/audit/projection.ts';
import { rebuildReadModels } from '../services/projector/src/rebuild.ts';
import type { Bench } from './lib/types.ts';

const TARGET = 20_000;
const CHUNK = 20_000;
// The projector's largest batch, the size it reaches while a backlog lasts (services/projector/src/runner.ts).
const BATCH = Number(process.env.BENCH_BATCH ?? 8000);

// One statement per chunk of orders: every event of those orders, in the order of their business time.
export const history = (from: number, to: number) => sql`
  insert into events (stream_id, stream_version, event_type, schema_version, data, metadata, recorded_at)
  with o as (
    select g as id, 'SO-' || g as num, 1 + (g * 7) % 5 as n, 4 + g % 50 as w, 4 + (g + 17) % 50 as w2,
           timestamptz '2025-01-01' + g * interval '30 seconds' as t0
      from generate_series(${from}::int, ${to}::int) g
  ), ev as (
    select id, 0 as seq, t0 as at, 'OrderImported' as type, 2 as actor,
           jsonb_build_object('order_id', id, 'order_number', num, 'priority', 0, 'order_date', to_char(t0, 'YYYY-MM-DD'),
             'items', (select jsonb_agg(jsonb_build_object('item_id', id * 10 + k, 'sku', 'ST' || (id * 31 + k) % 500 || '-10-BLACK',
                         'style_code', 'ST' || (id * 31 + k) % 500, 'style_name', 'Style', 'size', '10', 'color', 'Black',
                         'quantity', 1 + k % 2, 'value', null, 'row', k + 1)) from generate_series(1, n) k),
             'source_file', 'bench.xlsx', 'at', t0) as data
      from o
    union all
    select id, 1, t0 + interval '1 hour', 'OrderAssigned', 2,
           jsonb_build_object('order_id', id, 'order_number', num, 'worker_id', w, 'previous_worker_id', null, 'at', t0 + interval '1 hour')
      from o
    union all
    select id, 2, t0 + interval '70 minutes', 'OrderDeassigned', 2,
           jsonb_build_object('order_id', id, 'order_number', num, 'worker_id', w, 'at', t0 + interval '70 minutes')
      from o where id % 10 = 0
    union all
    select id, 3, t0 + interval '75 minutes', 'OrderAssigned', 2,
           jsonb_build_object('order_id', id, 'order_number', num, 'worker_id', w2, 'previous_worker_id', null, 'at', t0 + interval '75 minutes')
      from o where id % 10 = 0
    union all
    select id, 4, t0 + interval '80 minutes', 'OrderCancelled', 2,
           jsonb_build_object('order_id', id, 'order_number', num, 'previous_status', 'assigned', 'worker_id', w, 'at', t0 + interval '80 minutes')
      from o where id % 25 = 5
    union all
    select id, 10 + k, t0 + interval '2 hours' + k * interval '1 minute', 'OrderItemPicked', case when id % 10 = 0 then w2 else w end,
           jsonb_build_object('order_id', id, 'order_number', num, 'item_id', id * 10 + k, 'sku', 'ST' || (id * 31 + k) % 500 || '-10-BLACK',
             'style_code', 'ST' || (id * 31 + k) % 500, 'quantity', 1 + k % 2, 'location', 'A-1-' || k, 'location_type', 'bin',
             'unstocked', id % 97 = 0, 'notes', null, 'picked_by', case when id % 10 = 0 then w2 else w end,
             'worker_id', case when id % 10 = 0 then w2 else w end,
             'movements', jsonb_build_array(jsonb_build_object('sku', 'ST' || (id * 31 + k) % 500 || '-10-BLACK', 'location', 'A-1-' || k, 'delta', -(1 + k % 2))),
             'at', t0 + interval '2 hours' + k * interval '1 minute')
      from o cross join lateral generate_series(1, n) k where id % 25 <> 5
    union all
    select id, 20, t0 + interval '3 hours', 'OrderCompleted', w,
           jsonb_build_object('order_id', id, 'order_number', num, 'worker_id', case when id % 10 = 0 then w2 else w end,
             'completed_by', case when id % 10 = 0 then w2 else w end, 'at', t0 + interval '3 hours')
      from o where id % 25 <> 5
    union all
    select id, 21, t0 + interval '4 hours', 'OrderVerified', 3,
           jsonb_build_object('order_id', id, 'order_number', num, 'verified_by', 3, 'worker_id', case when id % 10 = 0 then w2 else w end,
             'item_count', n, 'unit_count', n,
             'verification_notes', null,
             'discrepancies', case when id % 13 = 0 then jsonb_build_array(jsonb_build_object('item_id', id * 10 + 1, 'sku', 'X', 'issue', 'damaged', 'resolution', 'replaced')) else '[]'::jsonb end,
             'at', t0 + interval '4 hours')
      from o where id % 25 <> 5
  )
  -- Each event at its type's current version, as the event store writes it.
  select 'order-' || id, row_number() over (partition by id order by seq), type,
         case type ${sql.join(ORDER_EVENT_TYPES.map((t) => sql`when ${t} then ${EVENTS.currentVersion(t)}::smallint`), sql` `)} end, data,
         jsonb_build_object('actor_id', actor, 'actor_role', 'manager', 'correlation_id', 'bench', 'causation_id', null, 'client_ip', null),
         at
    from ev
   order by at, id, seq`;

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_ORDERS ?? 200_000);
  const scratch = await createTestDatabase(ctx.pgUrl);
  const { db, close } = createDatabase(scratch.url, { application: 'bench-reports' });
  const rates: number[] = [];
  try {
    // Chunks are written in business-time order too: a chunk's orders all start after the previous chunk's.
    for (let from = 1; from <= orders; from += CHUNK) await history(from, Math.min(orders, from + CHUNK - 1)).execute(db);
    await sql`vacuum analyze`.execute(db);
    for (let run = 0; run < ctx.runs; run++) {
      const t0 = performance.now();
      const { events } = await rebuildReadModels(db, [auditProjection, reportsProjection], { batchSize: BATCH });
      const seconds = (performance.now() - t0) / 1000;
      rates.push(events / seconds);
      ctx.log(`run ${run + 1}/${ctx.runs}: ${events.toLocaleString('en-GB')} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s)`);
      // The next run starts from clean tables, not from this run's dead rows.
      await sql`vacuum analyze`.execute(db);
    }
  } finally {
    await close();
    await scratch.drop();
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor((rates.length - 1) / 2)]!;
  return [
    {
      group: 'rebuild',
      name: `reports + audit rebuild, ${orders.toLocaleString('en-GB')} orders`,
      median,
      unit: 'events/s',
      runs: ctx.runs,
      target: `>= ${TARGET} events/s`,
      pass: median >= TARGET,
    },
  ];
};

export default bench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bench({
    pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    runs: Number(process.env.BENCH_RUNS ?? 3),
    log: (m) => console.log(m),
  });
  console.table(rows);
}
