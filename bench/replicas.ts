// Commands a second with one command service and with two, as docker-compose runs them: the projector in a process of
// its own, the command services without one, and a load balancer in front (test/balancer.ts, in a process of its own,
// standing in for Caddy). The load is the commands benchmark's (bench/commands.ts: assign, reassign and pick, 50
// connections in a closed loop), on one database, in the same run: one service straight, one behind the balancer,
// two behind it, in turn. Each run says where the CPU went: the command services, the projector, the balancer,
// PostgreSQL's backends and the load generator, in ms a command. On this machine (2 cores, shared) a second service
// adds no cores: what it can show is whether one service's event loop was the limit.
//   npx tsx bench/replicas.ts          (BENCH_DATABASE_URL, BENCH_RUNS, BENCH_COMMANDS per run)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDatabase, migrate } from '@wh/db';
import { createTestDatabase } from '@wh/db/testing';
import { COMMANDS_PER_RUN, CONNECTIONS, load, plan, prepareOn, type Prepared, type RunResult } from './commands.ts';
import { cpuSeconds, median, round, runAlone, startCommandProcess, startNodeProcess, type BenchProcess } from './lib/service.ts';
import type { Bench, BenchContext, BenchRow } from './lib/types.ts';

const PROJECTOR = fileURLToPath(new URL('../services/projector/src/main.ts', import.meta.url));
const BALANCER = fileURLToPath(new URL('./lib/balancer-child.ts', import.meta.url));
const LOADER = fileURLToPath(new URL('../scripts/ts-loader.mjs', import.meta.url));
const WARM_UP_COMMANDS = 600;

async function startBalancerProcess(upstreams: string[]): Promise<BenchProcess & { url: string }> {
  const child = spawn(process.execPath, ['--import', LOADER, BALANCER, ...upstreams], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the balancer exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Setup {
  name: string;
  url: string;
  // The processes whose CPU counts as the command services' and the balancer's.
  services: number[];
  balancer: number | null;
}

interface Spent {
  services: number;
  projector: number;
  balancer: number;
  postgres: number;
  generator: number;
}

export const bench: Bench = async (ctx: BenchContext): Promise<BenchRow[]> => {
  const perRun = Math.ceil(COMMANDS_PER_RUN / 2.25);
  const scratch = await createTestDatabase(ctx.pgUrl, { migrate: false });
  await migrate(scratch.url);
  const database = createDatabase(scratch.url, { application: 'bench', max: 4 });
  const stops: (() => Promise<void>)[] = [];
  try {
    const projector = startNodeProcess(PROJECTOR, { DATABASE_URL: scratch.url });
    stops.push(projector.stop);
    const replica = () => startCommandProcess(scratch.url, { TRUST_PROXY: 'true' });
    const [a, b] = await Promise.all([replica(), replica()]);
    stops.push(a.stop, b.stop);
    const one = await startBalancerProcess([a.url]);
    const two = await startBalancerProcess([a.url, b.url]);
    stops.push(one.stop, two.stop);
    const setups: Setup[] = [
      { name: 'one command service', url: a.url, services: [a.pid], balancer: null },
      { name: 'one command service behind the balancer', url: one.url, services: [a.pid], balancer: one.pid },
      { name: 'two command services behind the balancer', url: two.url, services: [a.pid, b.pid], balancer: two.pid },
    ];

    // One warm-up pass through each setup first: the second service's JIT, pool and prepared statements are cold
    // until it has served some commands.
    const warmUp = Math.ceil(WARM_UP_COMMANDS / 2.25);
    const orders = setups.length * (perRun * ctx.runs + warmUp);
    ctx.log(`replicas: preparing ${orders} orders; projector, two command services and the balancers in their own processes`);
    const prepared: Prepared = await prepareOn({ url: a.url, databaseUrl: scratch.url, database, pid: a.pid, close: async () => {} }, orders);
    let next = 0;
    const fresh = (count = perRun) => plan(prepared, prepared.orders.slice(next, (next += count)));
    for (const setup of setups) await load(setup.url, fresh(warmUp));

    // CPU seconds so far of the setup's processes, and of each PostgreSQL backend on the database by pid: a backend's
    // share of a run is its growth, or all of it if it started during the run; one that ended during the run is missed
    // (the pools keep theirs), so PostgreSQL's figure is a lower bound.
    const cpu = async (setup: Setup) => {
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(database.db);
      const sum = (pids: number[]) => pids.reduce((n, pid) => n + (cpuSeconds(pid) ?? 0), 0);
      return {
        services: sum(setup.services),
        projector: sum([projector.pid]),
        balancer: setup.balancer === null ? 0 : sum([setup.balancer]),
        backends: new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid) ?? 0])),
      };
    };
    const postgresSpent = (before: Map<number, number>, after: Map<number, number>) =>
      [...after].reduce((n, [pid, seconds]) => n + seconds - (before.get(pid) ?? 0), 0);

    const results = new Map<string, { runs: RunResult[]; spent: Spent[] }>(setups.map((s) => [s.name, { runs: [], spent: [] }]));
    for (let r = 0; r < ctx.runs; r++) {
      // Each run in another order, so a drift over the benchmark (a neighbour's load, a growing table) favours none.
      const order = r % 2 === 0 ? setups : [...setups].reverse();
      for (const setup of order) {
        const list = fresh();
        const before = await cpu(setup);
        const generator = process.cpuUsage();
        const measured = await load(setup.url, list);
        // Commands over the run's own time: autocannon's figure is a mean of whole-second samples.
        const res = { ...measured, rps: measured.total / (measured.elapsedMs / 1000) };
        const generatorCpu = process.cpuUsage(generator);
        const after = await cpu(setup);
        const per = (s: number) => round((1000 * s) / res.total, 2);
        const spent: Spent = {
          services: per(after.services - before.services),
          projector: per(after.projector - before.projector),
          balancer: per(after.balancer - before.balancer),
          postgres: per(postgresSpent(before.backends, after.backends)),
          generator: per((generatorCpu.user + generatorCpu.system) / 1e6),
        };
        ctx.log(
          `  run ${r + 1}, ${setup.name}: ${res.total} commands, ${res.rps.toFixed(0)} cmd/s, p50 ${res.p50} ms, p99 ${res.p99} ms, ` +
            `non-2xx/errors ${res.errors}; CPU ms a command: command services ${spent.services}, projector ${spent.projector}, ` +
            `balancer ${spent.balancer}, PostgreSQL ${spent.postgres}, load generator ${spent.generator}`,
        );
        results.get(setup.name)!.runs.push(res);
        results.get(setup.name)!.spent.push(spent);
      }
    }

    const baseline = median(results.get(setups[0]!.name)!.runs.map((r) => r.rps));
    return setups.flatMap((setup): BenchRow[] => {
      const { runs, spent } = results.get(setup.name)!;
      const rps = median(runs.map((r) => r.rps));
      const errors = runs.reduce((n, r) => n + r.errors, 0);
      const m = (key: keyof Spent) => median(spent.map((s) => s[key]));
      const where = `CPU ms a command: services ${m('services')}, projector ${m('projector')}, balancer ${m('balancer')}, PostgreSQL ${m('postgres')}, generator ${m('generator')}`;
      return [
        {
          group: 'replicas',
          name: `assign/reassign/pick, ${CONNECTIONS} connections, closed loop, ${setup.name}: throughput (${errors} non-2xx; ${where})`,
          median: round(rps, 0),
          unit: 'cmd/s',
          runs: ctx.runs,
          baseline: round(baseline, 0),
          ratio: round(rps / baseline, 2),
          target: 'report, 0 errors',
          pass: errors === 0,
        },
        {
          group: 'replicas',
          name: `assign/reassign/pick, ${CONNECTIONS} connections, closed loop, ${setup.name}: p99`,
          median: median(runs.map((r) => r.p99)),
          unit: 'ms',
          runs: ctx.runs,
          target: 'report',
          pass: true,
        },
      ];
    });
  } finally {
    for (const stop of stops.reverse()) await stop();
    await database.close();
    await scratch.drop();
  }
};

export default bench;

await runAlone(import.meta.url, bench);
