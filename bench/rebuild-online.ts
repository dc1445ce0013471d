// The orders list and commands while the read models are rebuilt beside the live ones (services/projector/src/rebuild.ts):
// the service as deployed with its projector (its own process) on a copy of the generated history (bench/generate.ts,
// BENCH_ORDERS orders), one reader asking for GET /api/orders after a short pause each time, and a manager assigning
// and unassigning an order every half second (each answer waits until the projector has applied it). First for
// BENCH_IDLE_SECONDS (default 30) with nothing else running, the baseline; then while `npm run projections:rebuild`
// runs (its own process) at each pace of BENCH_REBUILD_PACES (default "0.5"; 1 is full speed). A rebuild at
// 1,000,000 orders takes many minutes, so it runs once per pace, whatever BENCH_RUNS says.
//   npx tsx bench/rebuild-online.ts   (BENCH_DATABASE_URL, BENCH_ORDERS, BENCH_IDLE_SECONDS, BENCH_REBUILD_PACES)
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { createDatabase } from '@wh/db';
import { ensureHistory, timedRebuild } from './generate.ts';
import { ADMIN_PASSWORD, api, percentile, runAlone, signIn, startBenchService, type BenchService } from './lib/service.ts';
import type { Bench, BenchRow } from './lib/types.ts';

const READER_PAUSE_MS = 100;
const COMMAND_EVERY_MS = 500;
// The no request may wait longer than this, and the list's p95 may grow this much over idle.
const MAX_WAIT_MS = 1000;
const P95_RATIO = 2;

interface Sample {
  ms: number;
  step: string;
}

interface Load {
  reads: Sample[];
  commands: (Sample & { projected: boolean; at: string })[];
  stop(): Promise<void>;
}

// The reader and the manager, until stopped; `step` says what the rebuild was doing when each request began. The
// manager's commands go on from `cursor` (an order is assigned, then unassigned) and leave it where they stopped.
function startLoad(
  service: BenchService,
  token: string,
  target: { orders: readonly number[]; search: string; workerId: number; cursor: { next: number } },
  step: () => string,
): Load {
  const { orders, search, workerId, cursor } = target;
  let running = true;
  const reads: Load['reads'] = [];
  const commands: Load['commands'] = [];
  // The list as its screens ask for it: the first page, by status, a worker's, a search for an order number.
  const lists = ['/api/orders', '/api/orders?status=pending', `/api/orders?worker_id=${workerId}`, `/api/orders?search=${encodeURIComponent(search)}`];
  const reader = (async () => {
    for (let i = 0; running; i++) {
      const s = step();
      const started = performance.now();
      const res = await api(service.url, lists[i % lists.length]!, { token });
      if (res.status !== 200) throw new Error(`GET /api/orders answered ${res.status}`);
      reads.push({ ms: performance.now() - started, step: s });
      await sleep(READER_PAUSE_MS);
    }
  })();
  const manager = (async () => {
    while (running) {
      const i = cursor.next++;
      const order = orders[Math.floor(i / 2) % orders.length]!;
      const s = step();
      const started = performance.now();
      const res =
        i % 2 === 0
          ? await api(service.url, `/api/orders/${order}/assign-worker`, { token, body: { worker_id: workerId } })
          : await api(service.url, `/api/orders/${order}/deassign-worker`, { token, body: {} });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`command answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      // `projected` is false only when the wait for the projector ran out.
      commands.push({ ms, step: s, projected: res.body.projected !== false, at: new Date().toISOString().slice(11, 19) });
      await sleep(Math.max(0, COMMAND_EVERY_MS - ms));
    }
  })();
  return {
    reads,
    commands,
    async stop() {
      running = false;
      await Promise.all([reader, manager]);
    },
  };
}

// How long each transaction id on the server was seen held, sampled every 50 ms: the rebuild's (its connections'
// application name) and, for the log, anyone else's held for more than a second (the projector reads below the
// oldest one, whichever database it is in, so on a shared server another's long transaction holds it back too).
function watchTransactionIds(url: string): { longestMs(): number; longestBy(): string; othersOverASecond(): string[]; stop(): Promise<void> } {
  const { db, close } = createDatabase(url, { application: 'bench-watch', max: 1 });
  const seen = new Map<string, { first: number; last: number; rebuild: boolean; holder: string; since: string }>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await sql<{ xid: string; rebuild: boolean; holder: string }>`
        select backend_xid::text as xid, application_name = 'bench-rebuild' and datname = current_database() as rebuild,
               concat_ws(' ', datname, application_name, left(regexp_replace(query, '\\s+', ' ', 'g'), 80)) as holder
          from pg_stat_activity where backend_xid is not null`.execute(db);
      const now = performance.now();
      for (const { xid, rebuild, holder } of rows) {
        const entry = seen.get(xid) ?? { first: now, last: now, rebuild, holder, since: new Date().toISOString().slice(11, 19) };
        entry.last = now;
        entry.holder = holder;
        seen.set(xid, entry);
      }
      await sleep(50);
    }
  })();
  const held = (e: { first: number; last: number }) => e.last - e.first;
  const longestOfRebuild = () => [...seen.values()].filter((e) => e.rebuild).sort((x, y) => held(y) - held(x))[0];
  return {
    longestMs: () => (longestOfRebuild() ? held(longestOfRebuild()!) : 0),
    longestBy: () => longestOfRebuild()?.holder ?? '',
    othersOverASecond: () =>
      [...seen.values()].filter((e) => !e.rebuild && held(e) > 1000).map((e) => `${Math.round(held(e))} ms from ${e.since}: ${e.holder}`),
    async stop() {
      running = false;
      await loop;
      await close();
    },
  };
}

// The last minute's, for the log: what else the machine was doing.
const loadAverage = () => loadavg()[0]!.toFixed(1);

const ms = (values: readonly number[], q: number) => Math.round(percentile(values, q) * 10) / 10;

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
  const paces = (process.env.BENCH_REBUILD_PACES ?? '0.5').split(',').map(Number);
  const history = await ensureHistory(ctx.pgUrl, orders, ctx.log);
  ctx.log(`copying ${history.database} (${history.events.toLocaleString('en-GB')} events) for the service`);
  const service = await startBenchService(ctx.pgUrl, { template: history.database });
  const rows: BenchRow[] = [];
  try {
    const db = service.database.db;
    const token = await signIn(service.url, 'admin', ADMIN_PASSWORD);
    const worker = await api<{ id: number }>(service.url, '/api/users', {
      token,
      body: { username: 'bench-rebuild-worker', password: 'bench-pass', role: 'worker' },
    });
    if (worker.status !== 201) throw new Error(`worker: ${worker.status}`);
    const pending = await db.selectFrom('rm_orders').select(['id', 'order_number']).where('status', '=', 'pending').orderBy('id', 'desc').limit(100).execute();
    if (pending.length === 0) throw new Error('the history has no pending order');
    const target = { orders: pending.map((r) => r.id), search: pending[pending.length - 1]!.order_number, workerId: worker.body.data.id, cursor: { next: 0 } };
    const within = `${orders.toLocaleString('en-GB')} orders`;

    // Warmed up first: the service compiles its serialisers and plans on its first requests.
    const warmUp = startLoad(service, token, target, () => 'warm-up');
    await sleep(5000);
    await warmUp.stop();

    for (const pace of paces) {
      // The baseline just before each rebuild: on a machine shared with other work, the idle figures move too.
      ctx.log(`idle: ${idleSeconds} s of reads and commands (load average ${loadAverage()})`);
      const idle = startLoad(service, token, target, () => 'idle');
      await sleep(idleSeconds * 1000);
      await idle.stop();
      const idleReads = idle.reads.map((r) => r.ms);
      const idleCommands = idle.commands.map((c) => c.ms);
      ctx.log(`idle: GET /orders p50 ${ms(idleReads, 0.5)} p95 ${ms(idleReads, 0.95)} max ${ms(idleReads, 1)} ms (${idleReads.length}); commands p95 ${ms(idleCommands, 0.95)} max ${ms(idleCommands, 1)} ms (load average ${loadAverage()})`);
      let step = 'starting';
      const watch = watchTransactionIds(service.databaseUrl);
      const load = startLoad(service, token, target, () => step);
      let result: { events: number; seconds: number };
      try {
        result = await timedRebuild(
          service.databaseUrl,
          (line) => {
            if (line.startsWith('step ')) {
              step = line.slice('step '.length);
              ctx.log(`${line} (load average ${loadAverage()})`);
            } else ctx.log(line);
          },
          { pace },
        );
      } finally {
        await load.stop();
        await watch.stop();
      }
      ctx.log(`pace ${pace}: longest transaction id held ${Math.round(watch.longestMs())} ms, by ${watch.longestBy()}`);
      for (const other of watch.othersOverASecond()) ctx.log(`pace ${pace}: held meanwhile by another: ${other}`);
      for (const c of load.commands.filter((x) => x.ms > 1000)) ctx.log(`pace ${pace}: a command took ${Math.round(c.ms)} ms, answered at ${c.at} (${c.step})`);
      const reads = load.reads.map((r) => r.ms);
      const commands = load.commands.map((c) => c.ms);
      const unprojected = load.commands.filter((c) => !c.projected).length;
      for (const s of [...new Set(load.reads.map((r) => r.step))]) {
        const inStep = load.reads.filter((r) => r.step === s).map((r) => r.ms);
        const cmds = load.commands.filter((c) => c.step === s).map((c) => c.ms);
        ctx.log(`pace ${pace}, ${s}: GET /orders p50 ${ms(inStep, 0.5)} p95 ${ms(inStep, 0.95)} max ${ms(inStep, 1)} ms (${inStep.length}); commands p95 ${ms(cmds, 0.95)} max ${ms(cmds, 1)} ms (${cmds.length})`);
      }
      const label = `during a rebuild at pace ${pace}, ${within}`;
      const p95 = ms(reads, 0.95);
      const idleP95 = ms(idleReads, 0.95);
      const p50 = ms(reads, 0.5);
      const idleP50 = ms(idleReads, 0.5);
      rows.push(
        { group: 'rebuild-online', name: `GET /orders p50 ${label}`, median: p50, unit: 'ms', runs: 1, baseline: idleP50, ratio: p50 / idleP50, target: `<= ${P95_RATIO}x baseline`, pass: p50 <= P95_RATIO * idleP50 },
        { group: 'rebuild-online', name: `GET /orders p95 ${label}`, median: p95, unit: 'ms', runs: 1, baseline: idleP95, ratio: p95 / idleP95, target: `<= ${P95_RATIO}x baseline`, pass: p95 <= P95_RATIO * idleP95 },
        { group: 'rebuild-online', name: `GET /orders max ${label}`, median: ms(reads, 1), unit: 'ms', runs: 1, baseline: ms(idleReads, 1), target: `<= ${MAX_WAIT_MS} ms`, pass: ms(reads, 1) <= MAX_WAIT_MS },
        {
          group: 'rebuild-online',
          name: `command answered once projected, p95 ${label} (${unprojected} of ${commands.length} not projected in time)`,
          median: ms(commands, 0.95),
          unit: 'ms',
          runs: 1,
          baseline: ms(idleCommands, 0.95),
          ratio: ms(commands, 0.95) / ms(idleCommands, 0.95),
          target: 'all projected',
          pass: unprojected === 0,
        },
        { group: 'rebuild-online', name: `longest transaction id held by the rebuild, pace ${pace}, ${within}`, median: Math.round(watch.longestMs()), unit: 'ms', runs: 1, target: `<= ${MAX_WAIT_MS} ms`, pass: watch.longestMs() <= MAX_WAIT_MS },
        { group: 'rebuild-online', name: `rebuild beside the live read models at pace ${pace}, ${within} (${result.events.toLocaleString('en-GB')} events)`, median: Math.round(result.seconds), unit: 's', runs: 1, target: '', pass: true },
      );
    }
  } finally {
    await service.close();
  }
  return rows;
};

export default bench;

function sleep(msToWait: number): Promise<void> {
  return new Promise((r) => setTimeout(r, msToWait));
}

await runAlone(import.meta.url, bench);
