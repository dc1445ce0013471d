// The buyers' returns reports through the real routes (app.inject: routing, auth, zod, the query, serialisation) on
// the generated history (bench/generate.ts, BENCH_ORDERS orders, default 1,000,000, with its returns), the service's
// clock at the history's end (18:00 on 31 December): This Year is the whole year, its last month read from
// 15-minute buckets (the slowest day of the year to ask). Each run sends each case REQUESTS times; the median and the
// p95 of a run are taken, and the median of the runs' figures reported.
import type { FastifyInstance } from 'fastify';
import { startServer } from '../services/command/src/server.ts';
import { ensureHistory } from './generate.ts';
import { median, percentile } from './queries.ts';
import { ADMIN_PASSWORD, inProcessConfig } from './lib/service.ts';
import type { Bench, BenchRow } from './lib/types.ts';

const REQUESTS = 20;
// The history's 'now' (generate.ts: 18:00 on its last day).
const HISTORY_END = new Date(Date.UTC(2025, 11, 31, 18));

async function timeUrl(app: FastifyInstance, token: string, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return times;
}

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  const history = await ensureHistory(ctx.pgUrl, orders, ctx.log);
  const server = await startServer({ config: inProcessConfig(history.url), withProjector: true, listen: false, logger: false, now: () => HISTORY_END });
  try {
    const app = server.app;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const token = (login.json() as { data: { token: string } }).data.token;

    const year = (await app.inject({ method: 'GET', url: '/api/reports/returns?range=year', headers: { authorization: `Bearer ${token}` } })).json() as {
      data: { totals: { shipped: number; returned: number; rate: number }; style_count: number; flagged: unknown[] };
    };
    const t = year.data.totals;
    ctx.log(`the year: ${t.returned.toLocaleString('en-GB')} of ${t.shipped.toLocaleString('en-GB')} units back (${(t.rate * 100).toFixed(1)}%), ${year.data.style_count} styles, ${year.data.flagged.length} sizes flagged`);

    const cases = [
      { name: 'GET /reports/returns This Year', url: '/api/reports/returns?range=year', target: 500 },
      { name: 'GET /reports/returns This Month', url: '/api/reports/returns?range=month', target: 500 },
      { name: 'GET /reports/returns This Year, one style', url: '/api/reports/returns?range=year&style=KN1000', target: 500 },
      { name: 'GET /reports/returns-processing This Year', url: '/api/reports/returns-processing?range=year', target: 500 },
    ];
    // Warm-up: the first request of a route compiles its serialiser.
    for (const c of cases) await timeUrl(app, token, c.url);
    const medians = new Map<string, number[]>();
    const p95s = new Map<string, number[]>();
    for (let run = 0; run < ctx.runs; run++) {
      for (const c of cases) {
        const times = await timeUrl(app, token, c.url);
        medians.set(c.name, [...(medians.get(c.name) ?? []), median(times)]);
        p95s.set(c.name, [...(p95s.get(c.name) ?? []), percentile(times, 0.95)]);
      }
      ctx.log(`run ${run + 1}/${ctx.runs} done`);
    }
    return cases.flatMap((c): BenchRow[] => {
      const m = median(medians.get(c.name)!);
      const p = median(p95s.get(c.name)!);
      return [
        { group: 'returns', name: `${c.name} median`, median: m, unit: 'ms', runs: ctx.runs, target: `<= ${c.target} ms`, pass: m <= c.target },
        { group: 'returns', name: `${c.name} p95`, median: p, unit: 'ms', runs: ctx.runs, target: `<= ${c.target} ms`, pass: p <= c.target },
      ];
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
  for (const r of rows) console.log(`${r.name.padEnd(60)} ${r.median.toFixed(1).padStart(8)} ms  ${r.pass ? '' : 'MISS'}`);
}
