// Queries at scale through the real HTTP routes (app.inject: routing, auth, zod, the query, serialisation) on the
// generated history (bench/generate.ts, BENCH_ORDERS orders, default 1,000,000): GET /api/orders with the filters the
// screens use, and GET /api/inventory/search by style, SKU and part of a name or SKU.
// Each run sends every case REQUESTS times (varying the value where it can) and takes the p95; the median of the
// runs' p95s is reported.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { startServer } from '../services/command/src/server.ts';
import { ensureHistory } from './generate.ts';
import { ADMIN_PASSWORD, inProcessConfig } from './lib/service.ts';
import type { Bench, BenchRow } from './lib/types.ts';

const REQUESTS = 40;

type Case = { name: string; url: (i: number) => string };

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
export const median = (values: readonly number[]) => percentile(values, 0.5);

async function timeCase(app: FastifyInstance, token: string, c: Case): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const url = c.url(i);
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return percentile(times, 0.95);
}

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  const history = await ensureHistory(ctx.pgUrl, orders, ctx.log);
  const server = await startServer({
    config: inProcessConfig(history.url),
    withProjector: true,
    listen: false,
    logger: false,
  });
  try {
    const app = server.app;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const token = (login.json() as { data: { token: string } }).data.token;

    // Values that exist in this history: SKUs and styles of spread-out orders, the year's dates.
    const db = server.database.db;
    const sample = await sql<{ sku: string; style_code: string; style_name: string; order_number: string }>`
      select i.sku, i.style_code, i.style_name, o.order_number
        from rm_order_items i join rm_orders o on o.id = i.order_id
       where i.order_id in (select (1 + (g * 7919) % ${orders})::int from generate_series(1, ${REQUESTS}) g)`.execute(db);
    const rows = sample.rows;
    if (rows.length === 0) throw new Error('the history has no orders');
    const pick = <T>(i: number, f: (r: (typeof rows)[number]) => T) => f(rows[i % rows.length]!);
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 360) * 86_400_000).toISOString().slice(0, 10);
    // 'Cable Jumper 123' -> 'cable jumper': a broad search, thousands of orders; the full name is a narrow one.
    const broad = (name: string) => name.split(' ').slice(1, 3).join(' ').toLowerCase();
    const q = (params: Record<string, string>) => `/api/orders?${new URLSearchParams(params)}`;
    const orderCases: Case[] = [
      { name: 'no filter', url: () => q({}) },
      { name: 'no filter, page 50', url: (i) => q({ page: String(40 + (i % 20)) }) },
      { name: 'status=pending', url: () => q({ status: 'pending' }) },
      { name: 'status=completed', url: () => q({ status: 'completed' }) },
      { name: 'status=assigned,picking + worker', url: (i) => q({ status: 'assigned,picking', worker_id: String(4 + (i % 50)) }) },
      { name: 'worker', url: (i) => q({ worker_id: String(4 + (i % 50)) }) },
      { name: 'unassigned', url: () => q({ worker_id: 'unassigned' }) },
      { name: 'date', url: (i) => q({ date: day(i) }) },
      { name: 'date + status=verified', url: (i) => q({ date: day(i), status: 'verified' }) },
      { name: 'search order number', url: (i) => q({ search: pick(i, (r) => r.order_number) }) },
      { name: 'search SKU', url: (i) => q({ search: pick(i, (r) => r.sku) }) },
      { name: 'search style name (broad)', url: (i) => q({ search: pick(i, (r) => broad(r.style_name)) }) },
      { name: 'search style name (full)', url: (i) => q({ search: pick(i, (r) => r.style_name) }) },
      { name: 'search no match', url: (i) => q({ search: `zz${i}q` }) },
    ];
    const inv = (params: Record<string, string>) => `/api/inventory/search?${new URLSearchParams(params)}`;
    const inventoryCases: Case[] = [
      { name: 'style code', url: (i) => inv({ style_code: pick(i, (r) => r.style_code) }) },
      { name: 'SKU', url: (i) => inv({ style_code: pick(i, (r) => r.sku) }) },
      { name: 'style + colour + size', url: (i) => inv(pick(i, (r) => ({ style_code: r.style_code, color: r.sku.split('-')[2]!, size: r.sku.split('-')[1]! }))) },
      { name: 'partial name', url: (i) => inv({ style_code: pick(i, (r) => r.style_name.split(' ').slice(1).join(' ').toLowerCase().slice(0, 12)) }) },
      { name: 'partial SKU', url: (i) => inv({ style_code: pick(i, (r) => r.sku.slice(2, 8)) }) },
    ];

    const all: { group: string; name: string; target: number; c: Case }[] = [
      ...orderCases.map((c) => ({ group: 'queries', name: `GET /orders ${c.name} p95`, target: 50, c })),
      ...inventoryCases.map((c) => ({ group: 'queries', name: `inventory search ${c.name} p95`, target: 20, c })),
    ];
    // Warm-up: the first request of a route compiles its serialiser.
    for (const x of all) await timeCase(app, token, { ...x.c, url: x.c.url });
    const p95s = new Map<string, number[]>();
    for (let run = 0; run < ctx.runs; run++) {
      for (const x of all) p95s.set(x.name, [...(p95s.get(x.name) ?? []), await timeCase(app, token, x.c)]);
      ctx.log(`run ${run + 1}/${ctx.runs} done`);
    }
    return all.map((x): BenchRow => {
      const m = median(p95s.get(x.name)!);
      return { group: x.group, name: x.name, median: m, unit: 'ms', runs: ctx.runs, target: `<= ${x.target} ms`, pass: m <= x.target };
    });
  } finally {
    await server.close();
  }
};

export default bench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bench({
    pgUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    runs: Number(process.env.BENCH_RUNS ?? 3),
    log: (m) => console.error(m),
  });
  for (const r of rows) console.log(`${r.name.padEnd(52)} ${r.median.toFixed(1).padStart(8)} ms  ${r.pass ? '' : 'MISS'}`);
}
