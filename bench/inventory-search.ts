// Inventory search at 100,000 SKUs: seeds the read models directly (10,000 styles x 10 SKUs, two locations per SKU),
// then times searches by style code, by SKU in both orders and by part of a name. Prints p50/p95/max.
// Run: npx tsx bench/inventory-search.ts  (PostgreSQL at BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase } from '@wh/migrations';
import { createTestDatabase } from '@wh/migrations/testing';
import { searchInventory } from '../services/command/src/features/inventory/queries.ts';

const STYLES = 10_000;
const SIZES = ['6', '8', '10', '12', '14'];
const COLORS = ['Black', 'Blue'];
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const target = await createTestDatabase(base);
const { db, close } = createDatabase(target.url);
try {
  const t0 = performance.now();
  await sql`insert into rm_styles (id, style_code, name, is_jeans, images, created_at, updated_at)
            select i, 'ST' || i, 'Style number ' || i, i % 5 = 0, '[]', now(), now() from generate_series(1, ${STYLES}) i`.execute(db);
  await sql`insert into rm_variants (sku, style_id, style_code, size, color)
            select 'ST' || i || '-' || s || '-' || upper(c), i, 'ST' || i, s, c
              from generate_series(1, ${STYLES}) i, unnest(${SIZES}::text[]) s, unnest(${COLORS}::text[]) c`.execute(db);
  await sql`insert into rm_stock (sku, location, location_type, style_code, quantity, updated_at)
            select v.sku, l.code, 'bin', v.style_code, 1 + (hashtext(v.sku || l.code) & 15), now()
              from rm_variants v, (values ('A-1-1'), ('B-2-3')) l(code)`.execute(db);
  await sql`analyze`.execute(db);
  const skus = await db.selectFrom('rm_variants').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  console.log(`seeded ${skus.n} SKUs in ${Math.round(performance.now() - t0)} ms`);

  const queries = [
    (i: number) => ({ style_code: `ST${i}` }),
    (i: number) => ({ style_code: `st${i}-8-black` }),
    (i: number) => ({ style_code: `ST${i}-BLUE-12` }),
    (i: number) => ({ style_code: `ST${i}`, color: 'Blue', size: '10' }),
    (i: number) => ({ style_code: `number ${i}` }),
  ];
  const times: number[] = [];
  const byKind: number[][] = queries.map(() => []);
  for (let n = 0; n < 1000; n++) {
    const q = queries[n % queries.length]!(1 + ((n * 7919) % STYLES));
    const start = performance.now();
    await searchInventory(db, q);
    times.push(performance.now() - start);
    byKind[n % queries.length]!.push(performance.now() - start);
  }
  byKind.forEach((list, i) => {
    list.sort((a, b) => a - b);
    console.log(`  ${JSON.stringify(queries[i]!(123))}: p95 ${list[Math.floor(0.95 * list.length)]!.toFixed(2)} ms`);
  });
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  console.log(`inventory search over ${times.length} queries: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
} finally {
  await close();
  await target.drop();
}
