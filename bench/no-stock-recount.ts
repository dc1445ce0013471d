// What the count of lines no location holds (rm_orders.no_stock_items, migration 150) costs the orders projection's
// live batches: each kind of batch applied with the count and, in the same run, with its work left out
// (ordersProjectionOf({ noStock: false })), each in a transaction rolled back, so every apply starts from the same
// tables. Medians of BENCH_RUNS runs (the two ways alternate within a run):
//
//   BENCH_NO_STOCK_ORDERS=50000 BENCH_RUNS=5 npx tsx bench/no-stock-recount.ts
//
// The tables hold BENCH_NO_STOCK_ORDERS open (pending) orders of 1-5 lines over 2,000 SKUs, three in four of them stocked
// (1,000 units each, in the projection's own rm_order_sku_stock), so each SKU has dozens of open lines. The batches:
// - an upload's chunk: 1,000 orders imported (one command's; the count is the import statement's subquery);
// - 500 stock changes, none crossing zero (the common stock batch: the count's one statement, which finds nothing);
// - 50 stock changes bringing unstocked SKUs to stock (each SKU's open orders counted again);
// - 500 picks of 500 orders (the touched orders counted again).
import { sql, type Kysely } from 'kysely';
import { createDatabase, toStoredEvent, type Database, type EventRow } from '@wh/db';
import { EVENTS, TopicSet, type StoredEvent } from '@wh/contracts';
import { createTestDatabase } from '@wh/db/testing';
import { ordersProjection, ordersProjectionOf } from '../services/projector/src/projections/orders/projection.ts';
import type { Projection } from '../services/projector/src/projection.ts';
import type { Bench, BenchRow } from './lib/types.ts';

const SKUS = 2000;
const UPLOAD_CHUNK = 1000;
const sku = (k: number) => `NS${k}-10-BLACK`;
const stocked = (k: number) => k % 4 !== 0;
const AT = '2026-01-05T09:00:00.000Z';

// Orders from..to as OrderImported events, written in SQL (their positions returned in order).
async function importEvents(db: Kysely<Database>, from: number, to: number): Promise<StoredEvent[]> {
  const { rows } = await sql<EventRow>`
    insert into events (stream_id, stream_version, event_type, schema_version, data, metadata)
    select 'order-' || g, 1, 'OrderImported', ${EVENTS.currentVersion('OrderImported')}::smallint,
           jsonb_build_object('order_id', g, 'order_number', 'NS-' || g, 'priority', 0, 'order_date', '2026-01-05',
             'items', (select jsonb_agg(jsonb_build_object('item_id', g * 10 + k, 'sku', 'NS' || (g * 31 + k) % ${SKUS} || '-10-BLACK',
                         'style_code', 'NS' || (g * 31 + k) % ${SKUS}, 'style_name', 'Style', 'size', '10', 'color', 'Black',
                         'quantity', 1, 'value', null, 'row', k + 1)) from generate_series(1, 1 + g % 5) k),
             'source_file', 'bench.csv', 'at', ${AT}::text),
           '{"actor_id": 1, "actor_role": "manager", "correlation_id": "bench", "causation_id": null, "client_ip": null}'::jsonb
      from generate_series(${from}::int, ${to}::int) g
    returning *`.execute(db);
  return rows.map((r) => toStoredEvent(r));
}

// Events the orders projection reads only in memory (their data), given positions past every stored event.
let position = 1_000_000_000;
function inMemory(type: string, data: Record<string, unknown>): StoredEvent {
  position += 1;
  return {
    type,
    data,
    stream_id: `bench-${position}`,
    stream_version: 1,
    global_position: String(position),
    transaction_id: String(position),
    metadata: { actor_id: 1, actor_role: 'manager', correlation_id: 'bench', causation_id: null, client_ip: null },
    recorded_at: new Date(AT),
  } as StoredEvent;
}

const adjusted = (k: number, delta: number) =>
  inMemory('InventoryAdjusted', {
    adjustment_id: position,
    sku: sku(k),
    style_code: `NS${k}`,
    adjustment_type: delta > 0 ? 'increase' : 'decrease',
    quantity: Math.abs(delta),
    old_quantity: 0,
    new_quantity: 0,
    location: 'A-1-1',
    location_type: 'bin',
    reason: 'Found items',
    notes: null,
    movements: [{ sku: sku(k), style_code: `NS${k}`, location: 'A-1-1', delta }],
    at: AT,
  });

// The first line of order `g` picked from A-1-1 (orders whose first line's SKU is stocked: `firstStocked`).
const firstSku = (g: number) => (g * 31 + 1) % SKUS;
const firstStocked = (g: number) => stocked(firstSku(g));
function picked(g: number): StoredEvent {
  const k = firstSku(g);
  return inMemory('OrderItemPicked', {
    order_id: g, order_number: `NS-${g}`, item_id: g * 10 + 1, sku: sku(k), style_code: `NS${k}`, quantity: 1,
    location: 'A-1-1', location_type: 'bin', unstocked: false, notes: null, picked_by: 5, worker_id: 5,
    movements: [{ sku: sku(k), style_code: `NS${k}`, location: 'A-1-1', delta: -1 }], at: AT,
  });
}

class RolledBack extends Error {}

// One apply of the batch, in a transaction rolled back: the milliseconds it took.
async function timedApply(db: Kysely<Database>, projection: Projection, batch: readonly StoredEvent[]): Promise<number> {
  let ms = 0;
  await db
    .transaction()
    .execute(async (trx) => {
      const t0 = performance.now();
      await projection.apply(trx, batch, new TopicSet());
      ms = performance.now() - t0;
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return ms;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_NO_STOCK_ORDERS ?? 50_000);
  const scratch = await createTestDatabase(ctx.pgUrl);
  const { db, close } = createDatabase(scratch.url, { application: 'bench-no-stock' });
  const without = ordersProjectionOf({ noStock: false });
  const rows: BenchRow[] = [];
  try {
    // The stock first, then the open orders, projected as the live projector does (an upload's chunk a batch).
    const stock = Array.from({ length: SKUS }, (_, k) => k).filter(stocked).map((k) => adjusted(k, 1000));
    await db.transaction().execute((trx) => ordersProjection.apply(trx, stock, new TopicSet()));
    for (let from = 1; from <= orders; from += UPLOAD_CHUNK) {
      const batch = await importEvents(db, from, Math.min(orders, from + UPLOAD_CHUNK - 1));
      await db.transaction().execute((trx) => ordersProjection.apply(trx, batch, new TopicSet()));
    }
    await sql`vacuum analyze`.execute(db);
    const withoutStock = await db.selectFrom('rm_orders').select((eb) => eb.fn.countAll<string>().as('n')).where('no_stock_items', '>', 0).executeTakeFirstOrThrow();
    ctx.log(`${orders.toLocaleString('en-GB')} open orders, ${Number(withoutStock.n).toLocaleString('en-GB')} with lines no location holds`);

    const unstocked = Array.from({ length: SKUS }, (_, k) => k).filter((k) => !stocked(k));
    const crossing = await db
      .selectFrom('rm_order_items')
      .select((eb) => eb.fn.count<string>('order_id').distinct().as('n'))
      .where('status', '=', 'pending')
      .where('sku', 'in', unstocked.slice(0, 50).map(sku))
      .executeTakeFirstOrThrow();
    ctx.log(`the 50 SKUs crossing zero have open lines in ${Number(crossing.n).toLocaleString('en-GB')} orders`);
    const batches: [name: string, events: StoredEvent[]][] = [
      [`import ${UPLOAD_CHUNK.toLocaleString('en-GB')} orders`, await importEvents(db, orders + 1, orders + UPLOAD_CHUNK)],
      ['500 stock changes, none crossing zero', Array.from({ length: 500 }, (_, i) => adjusted(((i * 7) % SKUS) | 1, -1))],
      ['50 stock changes, each SKU crossing zero', unstocked.slice(0, 50).map((k) => adjusted(k, 3))],
      ['500 picks of 500 orders', Array.from({ length: orders }, (_, i) => i + 1).filter(firstStocked).filter((_, i) => i % 50 === 0).slice(0, 500).map(picked)],
    ];
    for (const [name, batch] of batches) {
      // A warm-up of each way (plans, caches), then the runs, the two ways alternating.
      await timedApply(db, ordersProjection, batch);
      await timedApply(db, without, batch);
      const withCount: number[] = [];
      const withoutCount: number[] = [];
      for (let run = 0; run < ctx.runs; run++) {
        const ways: [Projection, number[]][] = [
          [ordersProjection, withCount],
          [without, withoutCount],
        ];
        for (const [projection, times] of run % 2 === 0 ? ways : ways.reverse()) times.push(await timedApply(db, projection, batch));
      }
      const [m, base] = [median(withCount), median(withoutCount)];
      ctx.log(`${name}: ${m.toFixed(1)} ms with the count, ${base.toFixed(1)} ms without (+${(m - base).toFixed(1)} ms)`);
      rows.push({
        group: 'no-stock',
        name: `orders projection batch: ${name}, with the no-stock count (baseline: without)`,
        median: m,
        unit: 'ms',
        runs: ctx.runs,
        baseline: base,
        ratio: base > 0 ? m / base : undefined,
        target: '<= baseline + 100 ms',
        pass: m <= base + 100,
      });
    }
  } finally {
    await close();
    await scratch.drop();
  }
  return rows;
};

export default bench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bench({
    pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    runs: Number(process.env.BENCH_RUNS ?? 5),
    log: (m) => console.log(m),
  });
  console.table(rows.map((r) => ({ name: r.name, median_ms: r.median.toFixed(1), baseline_ms: r.baseline?.toFixed(1), ratio: r.ratio?.toFixed(2), pass: r.pass })));
}
