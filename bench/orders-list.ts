// Orders list latency at scale: seeds N orders (2 items each) straight into the read models of a scratch
// database, then times GET /orders' query for each filter the screens use and prints median and p95.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/orders-list.ts [orders]
import { sql } from 'kysely';
import { createDatabase } from '@wh/migrations';
import { createTestDatabase } from '@wh/migrations/testing';
import { listOrdersQuerySchema } from '@wh/contracts';
import { listOrders } from '@wh/command/features/orders/queries';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const orders = Number(process.argv[2] ?? 1_000_000);
const RUNS = 41;

const CASES: Record<string, Record<string, string>> = {
  'no filter': {},
  'page 500': { page: '500' },
  'status pending': { status: 'pending' },
  'status completed (verification)': { status: 'completed' },
  'assigned,picking + worker (picking)': { status: 'assigned,picking', worker_id: '7' },
  'assigned,picking': { status: 'assigned,picking' },
  unassigned: { worker_id: 'unassigned' },
  'worker 7': { worker_id: '7' },
  date: { date: '2025-03-01' },
  'date + pending': { date: '2025-03-01', status: 'pending' },
  'search order number': { search: '#123456' },
  'search SKU': { search: 'KN1234-12' },
  'search style name (broad)': { search: 'cable jumper 29' },
  'search nothing': { search: 'zzz' },
};

const scratch = await createTestDatabase(base);
const { db, close } = createDatabase(scratch.url);
try {
  const started = performance.now();
  // Statuses in a plausible mix; 50 workers; about 2,800 orders a day.
  await sql`
    insert into rm_orders (id, order_number, status, priority, order_date, total_items, total_quantity, picked_items,
                           assigned_worker_id, discrepancies, search_text, created_at, updated_at)
    select g, '#' || g,
           (array['pending','pending','pending','pending','assigned','picking','completed','verified','verified','cancelled'])[1 + g % 10],
           1, date '2025-01-01' + (g / 2800), 2, 2, 0,
           case when g % 10 in (4, 5, 6, 7, 8) then 1 + g % 50 end, '[]',
           upper('#' || g || ' KN' || (g % 2000) || '-12-WINE TP' || (g % 997) || '-8-BLUE CABLE JUMPER ' || (g % 300)),
           now(), now()
      from generate_series(1, ${orders}) g`.execute(db);
  await sql`
    insert into rm_order_items (id, order_id, position, sku, style_code, style_name, size, color, quantity, status, unstocked)
    select g * 2 + k, g, k, case k when 0 then 'KN' || (g % 2000) || '-12-WINE' else 'TP' || (g % 997) || '-8-BLUE' end,
           'KN', 'Cable Jumper', '12', 'Wine', 1, 'pending', false
      from generate_series(1, ${orders}) g, generate_series(0, 1) k`.execute(db);
  await sql`insert into rm_order_status_counts
            select status, assigned_worker_id is null, count(*) from rm_orders group by 1, 2`.execute(db);
  await sql`vacuum analyze rm_orders`.execute(db);
  await sql`vacuum analyze rm_order_items`.execute(db);
  console.log(`seeded ${orders.toLocaleString('en-GB')} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  console.log(`${'case'.padEnd(38)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
  for (const [name, raw] of Object.entries(CASES)) {
    const query = listOrdersQuerySchema.parse(raw);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await listOrders(db, query);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(38)} ${at(0.5).padStart(10)} ${at(0.95).padStart(8)}`);
  }
} finally {
  await close();
  await scratch.drop();
}
