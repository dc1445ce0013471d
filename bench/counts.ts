// A cycle count of 200 locations approved in one go, through the real routes (app.inject: routing, auth, zod, the
// command, its stock movements, and the answer's wait for the read models). Each run counts a fresh task of the same
// 200 bins, one SKU each: once every bin a unit short (200 movements to post), once every bin as it is (nothing to
// post: the baseline, the approval's fixed cost), and times the approval of each. The counts' recount threshold is
// 1 unit, so each short bin settles at its first count.
//
//   BENCH_RUNS=5 npx tsx bench/counts.ts
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '@wh/db/testing';
import { startServer } from '../services/command/src/server.ts';
import { median } from './queries.ts';
import { ADMIN_PASSWORD, inProcessConfig } from './lib/service.ts';
import type { Bench, BenchRow } from './lib/types.ts';

const TARGET_MS = 2000;
// 20 shelves of 10 bins: A-1-1 .. A-20-10.
const BINS = Array.from({ length: 200 }, (_, i) => `A-${Math.floor(i / 10) + 1}-${(i % 10) + 1}`);
const SKU = 'BC1000-10-BLACK';

async function call(app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as { data: { id: number; token: string }; message?: string };
}

export const bench: Bench = async (ctx) => {
  const database = await createTestDatabase(ctx.pgUrl);
  const server = await startServer({ config: inProcessConfig(database.url), withProjector: true, listen: false, logger: false });
  try {
    const app = server.app;
    const token = (await call(app, '', 'POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token;
    await call(app, token, 'POST', '/api/styles', { style_code: 'BC1000', name: 'Bench Coat', sizes: ['10'], colors: ['Black'] });
    await call(app, token, 'POST', '/api/locations/range', { location_type: 'bin', from: BINS[0], to: BINS.at(-1), capacity: 1000 });
    for (const location of BINS) await call(app, token, 'POST', '/api/inventory/adjust', { sku: SKU, adjustment_type: 'increase', quantity: 500, reason: 'Found items', location });
    await call(app, token, 'PUT', '/api/settings/counts', { daily_plan: false, every_days: 30, daily_cap: 40, recount_over_units: 1 });
    const held = new Map(BINS.map((b) => [b, 500]));

    // A task of every bin, each counted (`short` units fewer than it holds), then approved: the approval's time.
    const approveOne = async (short: number): Promise<number> => {
      const { id } = (await call(app, token, 'POST', '/api/counts', { scope: { kind: 'range', from: BINS[0], to: BINS.at(-1) } })).data;
      for (const location of BINS) await call(app, token, 'POST', `/api/counts/${id}/locations/${location}/count`, { lines: [{ sku: SKU, counted: held.get(location)! - short }] });
      const t0 = performance.now();
      const answer = await call(app, token, 'POST', `/api/counts/${id}/approve`, { locations: null });
      const ms = performance.now() - t0;
      if (!answer.message?.includes(`${BINS.length} locations approved`)) throw new Error(`approval: ${answer.message}`);
      for (const location of BINS) held.set(location, held.get(location)! - short);
      return ms;
    };
    await approveOne(0);
    const posting: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < ctx.runs; run++) {
      posting.push(await approveOne(1));
      baseline.push(await approveOne(0));
      ctx.log(`run ${run + 1}/${ctx.runs}: ${posting.at(-1)!.toFixed(0)} ms posting 200 variances, ${baseline.at(-1)!.toFixed(0)} ms with none`);
    }
    const m = median(posting);
    const b = median(baseline);
    return [
      {
        group: 'counts',
        name: 'POST /counts/:id/approve, 200 locations settled a unit short (200 movements), to the answer',
        median: m,
        unit: 'ms',
        runs: ctx.runs,
        baseline: b,
        ratio: m / b,
        target: `<= ${TARGET_MS} ms`,
        pass: m <= TARGET_MS,
      } satisfies BenchRow,
    ];
  } finally {
    await server.close();
    await database.drop();
  }
};

export default bench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bench({
    pgUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    runs: Number(process.env.BENCH_RUNS ?? 3),
    log: (m) => console.error(m),
  });
  console.table(rows);
}
