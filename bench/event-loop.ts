// The service's event loop while a big upload imports: GET /api/health sent every HEALTH_EVERY_MS, open loop (each
// request goes when due, whether or not the previous one has answered, so a stall is sampled for as long as it lasts),
// from the upload of a generated 100,000-row order workbook (bench/import.ts) until the read models have caught up
// with it. The service runs as deployed, projector in process (lib/service.ts).
//   npx tsx bench/event-loop.ts        (BENCH_DATABASE_URL, BENCH_RUNS, BENCH_IMPORT_ROWS)
import { Agent, request } from 'node:http';
import { sql } from 'kysely';
import type { Bench, BenchRow } from './lib/types.ts';
import { ADMIN_PASSWORD, median, percentile, round, runAlone, signIn, startBenchService } from './lib/service.ts';
import { orderFiles } from './import.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const HEALTH_EVERY_MS = 20;
const P95_TARGET_MS = 100;
const MAX_TARGET_MS = 500;

interface Run {
  latencies: number[];
  importMs: number;
}

// Latency of each health request from when it was due.
function healthSampler(url: string): { stop(): Promise<number[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const target = new URL('/api/health', url);
  const fire = () => {
    const due = performance.now();
    const done = new Promise<void>((resolve) => {
      const req = request(target, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      req.on('error', () => resolve());
      req.end();
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const timer = setInterval(fire, HEALTH_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      agent.destroy();
      return latencies;
    },
  };
}

async function importOnce(pgUrl: string, xlsx: Buffer): Promise<Run> {
  const service = await startBenchService(pgUrl);
  try {
    const token = await signIn(service.url, 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new Blob([xlsx]), 'orders-bench.xlsx');
    const sampler = healthSampler(service.url);
    const t0 = performance.now();
    const res = await fetch(`${service.url}/api/files/upload/orders`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { position?: string };
    if (res.status !== 200 || !body.position) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    // Until the projector (in the service's process) has applied the upload's last event.
    for (;;) {
      const { rows } = await sql<{ done: boolean }>`
        select (c.last_tx, c.last_pos) >= (e.transaction_id, e.global_position) as done
          from projector_checkpoints c, events e
         where c.name = 'main' and e.global_position = ${body.position}::bigint`.execute(service.database.db);
      if (rows[0]?.done) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const importMs = performance.now() - t0;
    return { latencies: await sampler.stop(), importMs };
  } finally {
    await service.close();
  }
}

export const bench: Bench = async (ctx) => {
  const { xlsx } = orderFiles(ROWS);
  const runs: Run[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const run = await importOnce(ctx.pgUrl, xlsx);
    const l = run.latencies;
    ctx.log(
      `run ${i + 1}: ${l.length} health requests over ${(run.importMs / 1000).toFixed(1)} s of import: ` +
        `p50 ${percentile(l, 0.5).toFixed(1)} ms, p95 ${percentile(l, 0.95).toFixed(1)} ms, max ${Math.max(...l).toFixed(0)} ms`,
    );
    runs.push(run);
  }
  const name = `GET /api/health during a ${ROWS.toLocaleString('en-GB')}-row XLSX order import`;
  const figure = (label: string, values: number[], target: string, pass: (v: number) => boolean): BenchRow => {
    const value = round(median(values), 1);
    return { group: 'event-loop', name: `${name} ${label}`, median: value, unit: 'ms', runs: ctx.runs, target, pass: pass(value) };
  };
  return [
    figure('p50', runs.map((r) => percentile(r.latencies, 0.5)), 'report', () => true),
    figure('p95', runs.map((r) => percentile(r.latencies, 0.95)), `<= ${P95_TARGET_MS} ms`, (v) => v <= P95_TARGET_MS),
    figure('max', runs.map((r) => Math.max(...r.latencies)), `<= ${MAX_TARGET_MS} ms`, (v) => v <= MAX_TARGET_MS),
  ];
};

export default bench;

await runAlone(import.meta.url, bench);
