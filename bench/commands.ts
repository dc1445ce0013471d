// Commands under load against a listening service, sending a pre-generated list of valid commands: assign an
// order to a worker, reassign some to another worker, and pick each order's item with the token of the worker who
// holds it. Every answer includes the read-your-writes wait. Each run measures twice, on fresh orders
// (docs/decisions.md, "Commands benchmark: capacity and latency at 500 cmd/s"):
// - capacity: autocannon, 50 connections in a closed loop (each sends its next command when answered);
// - latency: an open loop offering OFFERED_RATE commands a second, evenly spaced, over 50 keep-alive connections,
//   each latency counted from when the command was due (a command waiting for a free connection counts its wait).
//   npx tsx bench/commands.ts          (BENCH_DATABASE_URL, BENCH_RUNS, BENCH_COMMANDS per run and loop)
import { appendFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Bench, BenchContext, BenchRow } from './lib/types.ts';
import { ADMIN_PASSWORD, api, cpuSeconds, expectOk, median, percentile, round, runAlone, signIn, startBenchService, type BenchService } from './lib/service.ts';

export const CONNECTIONS = 50;
// The target's load: at this offered rate p99 must be at most 50 ms.
const OFFERED_RATE = Number(process.env.BENCH_OFFERED_RATE ?? 500);
const P99_TARGET_MS = 50;
// An open-loop run that delivered less than this share of the offered rate could not keep up: it fails.
const RATE_KEPT = 0.97;
export const COMMANDS_PER_RUN = Number(process.env.BENCH_COMMANDS ?? 6000);
const WORKERS = 20;
// A pick is sent this many commands after its order's (re)assignment: far more than the 50 in flight, so the
// assignment has been answered (and so projected) when the pick is decided.
const PICK_LAG = 400;
const REASSIGN_LAG = 200;
// Styles, location and usernames of the benchmark's own, none of which the generated history has (bench/generate.ts),
// so the same preparation works on a copy of it.
const STYLES = [
  { style_code: 'BENCH1', name: 'Bench Jumper 000', sizes: ['8', '10', '12'], colors: ['Wine', 'Navy'] },
  { style_code: 'BENCH2', name: 'Bench Shirt 000', sizes: ['6', '8', '10'], colors: ['Green', 'White'] },
];
const LOCATION = 'Z-1-1';
const SKUS = STYLES.flatMap((s) => s.sizes.flatMap((size) => s.colors.map((c) => `${s.style_code}-${size}-${c.toUpperCase()}`)));

export interface Prepared {
  service: BenchService;
  managerToken: string;
  workers: { id: number; token: string }[];
  // Orders not yet used by a run: id and its one item.
  orders: { id: number; itemId: number }[];
}

async function prepare(pgUrl: string, orderCount: number, template: string | undefined): Promise<Prepared> {
  const service = await startBenchService(pgUrl, { template });
  try {
    return await prepareOn(service, orderCount);
  } catch (error) {
    await service.close();
    throw error;
  }
}

export async function prepareOn(service: BenchService, orderCount: number): Promise<Prepared> {
  const url = service.url;
  const admin = await signIn(url, 'admin', ADMIN_PASSWORD);
  await expectOk(api(url, '/api/users', { token: admin, body: { username: 'bench-manager', password: 'bench-pass', role: 'manager' } }), 'manager');
  const managerToken = await signIn(url, 'bench-manager', 'bench-pass');
  const workers: Prepared['workers'] = [];
  for (let w = 0; w < WORKERS; w++) {
    const user = await expectOk(api<{ id: number }>(url, '/api/users', { token: admin, body: { username: `bench-picker${w}`, password: 'bench-pass', role: 'worker' } }), 'worker');
    workers.push({ id: user.id, token: await signIn(url, `bench-picker${w}`, 'bench-pass') });
  }
  for (const style of STYLES) await expectOk(api(url, '/api/styles', { token: admin, body: style }), 'style');
  await expectOk(api(url, '/api/locations', { token: admin, body: { code: LOCATION, location_type: 'bin', capacity: 1_000_000 } }), 'location');
  for (const sku of SKUS) {
    await expectOk(
      api(url, '/api/inventory/adjust', {
        token: admin,
        body: { sku, location: LOCATION, adjustment_type: 'increase', quantity: 100_000, reason: 'Found items' },
      }),
      'stock',
    );
  }
  // One item an order, so one pick finishes its picking.
  const lines = ['Order #,Item,SKU,Value,is Fulfilled'];
  for (let o = 0; o < orderCount; o++) lines.push(`#C${100000 + o},Bench item,${SKUS[o % SKUS.length]},10.00,FALSE`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench-commands.csv');
  const res = await fetch(`${url}/api/files/upload/orders`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  if (res.status !== 200) throw new Error(`order upload failed: ${res.status} ${await res.text()}`);
  const db = service.database.db;
  // The upload's orders only (a generated history has a million others). Read models caught up: the upload waited
  // for them (projected: true), but check rather than trust.
  const uploaded = () =>
    db.selectFrom('rm_order_items as i').innerJoin('rm_orders as o', 'o.id', 'i.order_id').where('o.source_file', '=', 'bench-commands.csv');
  for (;;) {
    const n = await uploaded().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (Number(n.n) >= orderCount) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rows = await uploaded().select(['i.order_id', 'i.id']).orderBy('i.order_id').execute();
  return { service, managerToken, workers, orders: rows.map((r) => ({ id: r.order_id, itemId: r.id })) };
}

export interface Planned {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

// The command list for one run: slot i assigns order i, reassigns order i - REASSIGN_LAG (every fourth order) and
// picks order i - PICK_LAG with the token of whoever holds it then.
export function plan(prepared: Prepared, orders: Prepared['orders']): Planned[] {
  const holder = new Map<number, number>();
  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const out: Planned[] = [];
  const assign = (orderId: number, worker: number) => {
    holder.set(orderId, worker);
    out.push({ method: 'POST', path: `/api/orders/${orderId}/assign-worker`, headers: json(prepared.managerToken), body: JSON.stringify({ worker_id: prepared.workers[worker]!.id }) });
  };
  for (let i = 0; i < orders.length + PICK_LAG; i++) {
    if (i < orders.length) assign(orders[i]!.id, i % WORKERS);
    const r = i - REASSIGN_LAG;
    if (r >= 0 && r < orders.length && r % 4 === 0) assign(orders[r]!.id, (r + 7) % WORKERS);
    const p = i - PICK_LAG;
    if (p >= 0 && p < orders.length) {
      const o = orders[p]!;
      const worker = prepared.workers[holder.get(o.id)!]!;
      out.push({ method: 'POST', path: `/api/orders/${o.id}/items/${o.itemId}/pick`, headers: json(worker.token), body: '{}' });
    }
  }
  return out;
}

export interface RunResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  total: number;
  // From the first command sent to the last answer (autocannon's own figures count whole seconds).
  elapsedMs: number;
}

export async function load(url: string, list: Planned[]): Promise<RunResult> {
  let next = 0;
  let first = 0;
  let last = 0;
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: list.length,
    timeout: 30,
    requests: [
      {
        setupRequest: (req) => {
          if (next === 0) first = performance.now();
          const planned = list[next++ % list.length]!;
          return { ...req, ...planned };
        },
        onResponse: (status) => {
          last = performance.now();
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  const errors = [...statuses].filter(([s]) => s < 200 || s >= 300).reduce((n, [, c]) => n + c, 0) + result.errors + result.timeouts;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors,
    total: result.requests.total,
    elapsedMs: last - first,
  };
}

interface OpenResult extends RunResult {
  // The slowest command, and how many took longer than the target: a p99 over the target from one stall (a few
  // hundred commands queued together within a second) reads differently from one spread over the run.
  max: number;
  over: number;
  // Commands answered a second over the run, from the first command's due time to the last answer.
  achieved: number;
  // Given up on: too far behind the offered rate.
  stopped: boolean;
}

// The open loop: command i is due at start + i / rate whatever happened to the ones before it, and its latency runs
// from that moment to its answer, so a service that falls behind shows it in the latencies (no coordinated
// omission). Not autocannon's overallRate: autocannon 8 lets each connection send its quota for the second back to
// back at the start of every second (a burst of the whole second's load, then silence) and corrects latencies with
// an expected interval of ceil(1 / rate) = 1 ms, neither of which is an offered load of evenly spaced commands.
async function openLoop(url: string, list: Planned[], rate: number): Promise<OpenResult> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  // Each command's due time (ms from the start) and latency; BENCH_TIMELINE_OUT writes them out, to tell a stall (slow
  // commands together) from a queue (slow commands spread over the run).
  const timeline: [number, number][] = [];
  let errors = 0;
  let start = 0;
  const send = (planned: Planned, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        { agent, host: target.hostname, port: target.port, method: planned.method, path: planned.path, headers: { ...planned.headers, 'content-length': Buffer.byteLength(planned.body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            timeline.push([due - start, performance.now() - due]);
            if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(planned.body);
    });
  // Warm the connections so the first commands do not pay for opening them.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => new Promise<void>((resolve) => request({ agent, host: target.hostname, port: target.port, path: '/api/health' }, (res) => res.resume().on('end', resolve)).on('error', () => resolve()).end())));
  const interval = 1000 / rate;
  start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < list.length; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Two seconds' worth of commands unanswered: the rate is not being kept, and the rest would only take minutes
    // to tell the same.
    if (inFlight.length - timeline.length > 2 * rate) break;
    inFlight.push(send(list[i]!, due));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  if (process.env.BENCH_TIMELINE_OUT) appendFileSync(process.env.BENCH_TIMELINE_OUT, `${JSON.stringify(timeline.map(([due, ms]) => [Math.round(due), round(ms)]))}\n`);
  const latencies = timeline.map(([, ms]) => ms);
  return {
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(Math.max(...latencies)),
    over: latencies.filter((ms) => ms > P99_TARGET_MS).length,
    rps: inFlight.length / seconds,
    achieved: inFlight.length / seconds,
    stopped: inFlight.length < list.length,
    errors,
    total: inFlight.length,
    elapsedMs: seconds * 1000,
  };
}

// The service process (both threads) and the PostgreSQL backends serving its database (on this host only).
async function cpuNow(prepared: Prepared): Promise<{ service: number | null; postgres: number | null; batches: number }> {
  // Every projector batch that applies something moves the checkpoint row once (the statistics lag by up to a second).
  const { rows: stats } = await sql<{ n: string }>`
    select n_tup_upd::text as n from pg_stat_user_tables where relname = 'projector_checkpoints'`.execute(prepared.service.database.db);
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(prepared.service.database.db);
  const backends = rows.map((r) => cpuSeconds(r.pid));
  return {
    service: cpuSeconds(prepared.service.pid),
    postgres: backends.some((b) => b === null) ? null : backends.reduce<number>((n, b) => n + b!, 0),
    batches: Number(stats[0]?.n ?? 0),
  };
}

// On a fresh database, or with `template` on a copy of that database (`within` says which, in the rows' names).
export function commandsBench(options: { template?: string; within?: string } = {}): Bench {
  return (ctx) => measure(ctx, options.template, options.within ? `, ${options.within}` : '');
}

async function measure(ctx: BenchContext, template: string | undefined, within: string): Promise<BenchRow[]> {
  // Commands per order: 1 assign + 1 pick + a quarter reassign. Each run takes fresh orders for both loops.
  const perRun = Math.ceil(COMMANDS_PER_RUN / 2.25);
  ctx.log(`commands${within}: preparing ${2 * perRun * ctx.runs} orders, ${WORKERS} workers, stock for ${SKUS.length} SKUs`);
  const prepared = await prepare(ctx.pgUrl, 2 * perRun * ctx.runs, template);
  try {
    const closed: RunResult[] = [];
    const open: OpenResult[] = [];
    // bench/lib/count-statements.mjs, when preloaded: leave the preparation out of its counts.
    if (process.env.COUNT_STATEMENTS_OUT) process.kill(prepared.service.pid, 'SIGUSR2');
    let used = 0;
    const fresh = () => plan(prepared, prepared.orders.slice(used * perRun, ++used * perRun));
    for (let r = 0; r < ctx.runs; r++) {
      const list = fresh();
      const before = await cpuNow(prepared);
      const generator = process.cpuUsage();
      const res = await load(prepared.service.url, list);
      const spent = process.cpuUsage(generator);
      const after = await cpuNow(prepared);
      // Backends that ended during the run are missed (the pools keep theirs): a lower bound for PostgreSQL.
      const perCommand = (a: number | null, b: number | null) => (a === null || b === null ? '?' : ((1000 * (b - a)) / res.total).toFixed(2));
      ctx.log(
        `  run ${r + 1}, closed loop: ${res.total} commands, p50 ${res.p50} ms, p99 ${res.p99} ms, ${res.rps.toFixed(0)} cmd/s, non-2xx/errors ${res.errors}; ` +
          `CPU ms a command: service ${perCommand(before.service, after.service)}, PostgreSQL ${perCommand(before.postgres, after.postgres)}, ` +
          `autocannon ${perCommand(0, (spent.user + spent.system) / 1e6)}; projector batches ${after.batches - before.batches}`,
      );
      closed.push(res);
      const openBefore = await cpuNow(prepared);
      const openRes = await openLoop(prepared.service.url, fresh(), OFFERED_RATE);
      const openAfter = await cpuNow(prepared);
      const openPer = (a: number | null, b: number | null) => (a === null || b === null ? '?' : ((1000 * (b - a)) / openRes.total).toFixed(2));
      ctx.log(
        `  run ${r + 1}, open loop at ${OFFERED_RATE} cmd/s: ${openRes.total} commands, p50 ${openRes.p50} ms, p99 ${openRes.p99} ms, ` +
          `slowest ${openRes.max} ms, ${openRes.over} over ${P99_TARGET_MS} ms, ` +
          `achieved ${openRes.achieved.toFixed(0)} cmd/s${openRes.stopped ? ' (stopped: 2 s behind)' : ''}, non-2xx/errors ${openRes.errors}; CPU ms a command: service ${openPer(openBefore.service, openAfter.service)}, ` +
          `PostgreSQL ${openPer(openBefore.postgres, openAfter.postgres)}; projector batches ${openAfter.batches - openBefore.batches}`,
      );
      open.push(openRes);
    }
    const errors = closed.reduce((n, r) => n + r.errors, 0);
    const rps = median(closed.map((r) => r.rps));
    const openErrors = open.reduce((n, r) => n + r.errors, 0);
    const openP99 = median(open.map((r) => r.p99));
    const achieved = median(open.map((r) => r.achieved));
    const kept = achieved >= RATE_KEPT * OFFERED_RATE && !open.some((r) => r.stopped);
    const rows: BenchRow[] = [
      { group: 'commands', name: `assign/reassign/pick${within}, ${CONNECTIONS} connections, closed loop: p50`, median: median(closed.map((r) => r.p50)), unit: 'ms', runs: ctx.runs, target: 'report', pass: true },
      { group: 'commands', name: `assign/reassign/pick${within}, ${CONNECTIONS} connections, closed loop: p99`, median: median(closed.map((r) => r.p99)), unit: 'ms', runs: ctx.runs, target: 'report', pass: true },
      { group: 'commands', name: `assign/reassign/pick${within}, closed loop: throughput (${errors} non-2xx of ${closed.reduce((n, r) => n + r.total, 0)})`, median: round(rps, 0), unit: 'cmd/s', runs: ctx.runs, target: '>= 500 cmd/s, 0 errors', pass: rps >= 500 && errors === 0 },
      { group: 'commands', name: `assign/reassign/pick${within}, ${OFFERED_RATE} cmd/s offered over ${CONNECTIONS} connections: p50`, median: median(open.map((r) => r.p50)), unit: 'ms', runs: ctx.runs, target: 'report', pass: true },
      {
        group: 'commands',
        name: `assign/reassign/pick${within}, ${OFFERED_RATE} cmd/s offered over ${CONNECTIONS} connections: p99 (achieved ${round(achieved, 0)} cmd/s${kept ? '' : ', rate not kept'}; ${openErrors} non-2xx)`,
        median: openP99,
        unit: 'ms',
        runs: ctx.runs,
        target: `<= ${P99_TARGET_MS} ms at >= ${Math.ceil(RATE_KEPT * OFFERED_RATE)} cmd/s, 0 errors`,
        pass: openP99 <= P99_TARGET_MS && kept && openErrors === 0,
      },
      {
        group: 'commands',
        name: `assign/reassign/pick${within}, ${OFFERED_RATE} cmd/s offered: slowest command (over ${P99_TARGET_MS} ms, by run: ${open.map((r) => r.over).join(' / ')} of ${open.map((r) => r.total).join(' / ')})`,
        median: median(open.map((r) => r.max)),
        unit: 'ms',
        runs: ctx.runs,
        target: 'report',
        pass: true,
      },
    ];
    return rows;
  } finally {
    await prepared.service.close();
  }
}

export const bench: Bench = commandsBench();

export default bench;

await runAlone(import.meta.url, bench);
