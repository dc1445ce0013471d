// Queries on a PostgreSQL streaming replica against the same queries on the primary, same run. The benchmark makes its
// own primary (scripts/streaming-replica.ts), loads a generated history into it (bench/generate.ts, BENCH_REPLICA_ORDERS
// orders, default 100,000), copies a replica from it with pg_basebackup, and starts two command services in process
// on the history: one reading the primary (no DATABASE_READ_URL), one reading the replica. Each run sends every case
// REQUESTS times to each (interleaved, through app.inject: routing, auth, zod, the query, serialisation) and takes the
// p95; the median of the runs' p95s is reported.
// Read your writes: a command (assign, deassign an order, alternately) then GET /api/orders with the command's
// read_after as X-Read-After; on the replica the read waits for replay (the projector commits without waiting for the
// WAL flush, so the WAL writer's delay, 200 ms by default, can come first), up to READ_REPLICA_WAIT_MS, else reads the
// primary. Both servers share this machine's cores with the two PostgreSQL servers: a replica on a machine of its own
// takes its reads off the primary's cores, which this cannot show.
//   BENCH_REPLICA_ORDERS=100000 npx tsx bench/replica.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { READ_AFTER_HEADER } from '@wh/contracts';
import { startPrimary } from '../scripts/streaming-replica.ts';
import { startServer, type RunningServer } from '../services/command/src/server.ts';
import { ensureHistory } from './generate.ts';
import { ADMIN_PASSWORD, inProcessConfig, median, percentile, runAlone } from './lib/service.ts';
import type { Bench, BenchRow } from './lib/types.ts';

const REQUESTS = 40;
// The history's last day: its reports' periods hold its orders.
const NOW = new Date(Date.UTC(2025, 11, 31, 12));

interface Target {
  app: FastifyInstance;
  token: string;
}

async function timed(target: Target, url: string, headers: Record<string, string> = {}): Promise<number> {
  const t0 = performance.now();
  const res = await target.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${target.token}`, ...headers } });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return ms;
}

async function signIn(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  return (login.json() as { data: { token: string } }).data.token;
}

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_REPLICA_ORDERS ?? 100_000);
  const dir = await mkdtemp(join(tmpdir(), 'warehouse-bench-replica-'));
  const clusters = await startPrimary(dir);
  const servers: RunningServer[] = [];
  try {
    ctx.log(`primary on port ${clusters.primary.port}; loading a history of ${orders.toLocaleString('en-GB')} orders`);
    const history = await ensureHistory(clusters.primary.url, orders, ctx.log);
    const started = performance.now();
    const replica = await clusters.addReplica();
    ctx.log(`replica on port ${replica.port} (pg_basebackup and start: ${((performance.now() - started) / 1000).toFixed(1)} s)`);

    const config = inProcessConfig(history.url);
    const common = { listen: false, logger: false as const, now: () => NOW };
    const onPrimary = await startServer({ ...common, config, withProjector: true });
    servers.push(onPrimary);
    const onReplica = await startServer({ ...common, config: { ...config, DATABASE_READ_URL: replica.at(history.url) }, withProjector: false });
    servers.push(onReplica);
    const primary: Target = { app: onPrimary.app, token: await signIn(onPrimary.app) };
    const standby: Target = { app: onReplica.app, token: await signIn(onReplica.app) };
    const waitMs = onReplica.replica ? config.READ_REPLICA_WAIT_MS : 0;

    // Values of this history: style names of spread-out orders, a pending order and a worker for the commands.
    const db = onPrimary.database.db;
    const names = (
      await sql<{ style_name: string }>`
        select i.style_name from rm_order_items i
         where i.order_id in (select (1 + (g * 7919) % ${orders})::int from generate_series(1, ${REQUESTS}) g)`.execute(db)
    ).rows.map((r) => r.style_name.split(' ').slice(1, 3).join(' ').toLowerCase());
    const pending = await sql<{ id: number }>`select id from rm_orders where status = 'pending' order by id limit 1`.execute(db);
    const worker = await sql<{ id: number }>`select id from rm_users where role = 'worker' and is_active order by id limit 1`.execute(db);
    const orderId = pending.rows[0]?.id;
    const workerId = worker.rows[0]?.id;
    if (names.length === 0 || orderId === undefined || workerId === undefined) throw new Error('the history has no orders, pending order or worker');

    const cases: { name: string; url: (i: number) => string }[] = [
      { name: 'GET /orders no filter', url: () => '/api/orders' },
      { name: 'GET /orders search style name', url: (i) => `/api/orders?${new URLSearchParams({ search: names[i % names.length]! })}` },
      { name: 'report order analytics, quarter', url: () => '/api/reports/order-analytics?range=quarter' },
    ];

    // Read your writes: a command on `target` (not timed), then the read it is followed by, with its read_after.
    let assigned = false;
    const afterCommand = async (target: Target): Promise<number> => {
      const path = assigned ? `/api/orders/${orderId}/deassign-worker` : `/api/orders/${orderId}/assign-worker`;
      const res = await target.app.inject({
        method: 'POST',
        url: path,
        headers: { authorization: `Bearer ${target.token}` },
        ...(assigned ? {} : { payload: { worker_id: workerId } }),
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      assigned = !assigned;
      const readAfter = (res.json() as { read_after?: string }).read_after;
      return timed(target, '/api/orders', readAfter ? { [READ_AFTER_HEADER]: readAfter } : {});
    };

    const sample = async (run: (i: number) => Promise<number>) => {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await run(i));
      return percentile(times, 0.95);
    };
    // Warm-up: the first request of a route compiles its serialiser, the first reads fill each server's cache.
    for (const target of [primary, standby]) {
      for (const c of cases) await sample((i) => timed(target, c.url(i)));
      await afterCommand(target);
    }
    const p95s = new Map<string, { primary: number[]; replica: number[] }>();
    const add = (name: string, side: 'primary' | 'replica', value: number) => {
      const entry = p95s.get(name) ?? { primary: [], replica: [] };
      entry[side].push(value);
      p95s.set(name, entry);
    };
    const ryw = 'GET /orders after own command (X-Read-After)';
    for (let run = 0; run < ctx.runs; run++) {
      for (const c of cases) {
        add(c.name, 'primary', await sample((i) => timed(primary, c.url(i))));
        add(c.name, 'replica', await sample((i) => timed(standby, c.url(i))));
      }
      add(ryw, 'primary', await sample(() => afterCommand(primary)));
      add(ryw, 'replica', await sample(() => afterCommand(standby)));
      ctx.log(`run ${run + 1}/${ctx.runs} done`);
    }
    const ready = await standby.app.inject({ method: 'GET', url: '/api/ready' });
    ctx.log(`replica after the runs: ${JSON.stringify((ready.json() as { data: { replica: unknown } }).data.replica)}`);

    return [...p95s].map(([name, { primary: onP, replica: onR }]): BenchRow => {
      const figure = median(onR);
      const baseline = median(onP);
      const ratio = figure / baseline;
      // Reads: the replica no slower than the primary by more than half, on the same cores. Read your writes: no
      // slower than the primary's read plus the longest wait for replay.
      const isRyw = name === ryw;
      const target = isRyw ? `<= primary + ${waitMs} ms` : '<= 1.5x primary';
      const pass = isRyw ? figure <= baseline + waitMs : ratio <= 1.5;
      return { group: 'replica', name: `${name} p95, replica vs primary`, median: figure, unit: 'ms', runs: ctx.runs, baseline, ratio, target, pass };
    });
  } finally {
    for (const server of servers.reverse()) await server.close().catch(() => {});
    await clusters.destroy();
    await rm(dir, { recursive: true, force: true });
  }
};

export default bench;

await runAlone(import.meta.url, bench);
