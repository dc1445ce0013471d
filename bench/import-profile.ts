// Where an order import's time goes, stage by stage, without the HTTP service: parse, plan, append (the command
// side's storeImportedOrders), then the projector's batches with each projection's `apply` timed. Not part of
// `npm run bench`: a tool for working on bench/import.ts's figure.
//   npx tsx bench/import-profile.ts        (BENCH_DATABASE_URL, BENCH_IMPORT_ROWS, PROFILE_FORMAT=csv|xlsx,
//                                           PROFILE_PIPELINE=1 to project while appending, as the service does,
//                                           PROFILE_SKIP=order-search to leave projections out, by name,
//                                           PROFILE_BESIDE=1 to apply besideProjections on a second connection,
//                                           PROFILE_APPEND_ONLY=1 to stop after the append)
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createDatabase, migrate } from '@wh/db';
import { createTestDatabase } from '@wh/db/testing';
import { parseSheet } from '@wh/command/platform/uploads';
import { planOrderImport } from '@wh/command/features/orders/import-file';
import { storeImportedOrders } from '@wh/command/features/orders/import-store';
import { SessionCache } from '@wh/command/platform/auth';
import { partsOf } from '@wh/command/platform/file-pool';
import { projectBatch } from '@wh/projector/batch';
import { besideProjections, projections } from '@wh/projector/projections/index';
import type { Projection } from '@wh/projector/projection';
import { orderFiles, orderRows } from './import.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PG = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FORMAT = process.env.PROFILE_FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const PIPELINE = process.env.PROFILE_PIPELINE === '1';
const BATCH = Number(process.env.PROFILE_BATCH ?? 8000);
const BESIDE = process.env.PROFILE_BESIDE === '1';
// PROFILE_APPEND_ONLY=1: stop after the append (the command side's cost alone).
const APPEND_ONLY = process.env.PROFILE_APPEND_ONLY === '1';

// CPU seconds of the PostgreSQL cluster (its postmaster, live children, reaped children) and of this process: on a
// shared, loaded machine, wall times swing by 2x between runs, CPU times far less.
const PGDATA = process.env.PROFILE_PGDATA;
function pgCpu(): number {
  if (!PGDATA) return NaN;
  const ticks = 100;
  const pid = Number(readFileSync(`${PGDATA}/postmaster.pid`, 'utf8').split('\n')[0]);
  const stat = (p: number) => readFileSync(`/proc/${p}/stat`, 'utf8').slice(readFileSync(`/proc/${p}/stat`, 'utf8').lastIndexOf(')') + 2).split(' ');
  const own = stat(pid);
  let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean)) {
    try {
      const c = stat(Number(child));
      total += Number(c[11]) + Number(c[12]);
    } catch {
      // exited meanwhile: counted in the postmaster's reaped children
    }
  }
  return total / ticks;
}
function backendCpu(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const cpu = new Map<string, [number, number]>();
const cpuPhase = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
  const p0 = pgCpu();
  const n0 = nodeCpu();
  const r = await f();
  cpu.set(name, [pgCpu() - p0, nodeCpu() - n0]);
  return r;
};

const scratch = await createTestDatabase(PG, { migrate: false });
await migrate(scratch.url);
const database = createDatabase(scratch.url, { application: 'profile', max: 6 });
const db = database.db;
// Experiments: statements run after migrating (e.g. dropping an index to see its share).
for (const statement of (process.env.PROFILE_SETUP ?? '').split(';').filter((x) => x.trim())) await sql.raw(statement).execute(db);
const spent = new Map<string, number>();
const add = (k: string, ms: number) => spent.set(k, (spent.get(k) ?? 0) + ms);
const skipped = new Set((process.env.PROFILE_SKIP ?? '').split(',').filter(Boolean));
const timed: Projection[] = projections.filter((p) => !skipped.has(p.name)).map((p) => ({
  ...p,
  handles: p.handles,
  async apply(trx, events, topics) {
    // The backend's own CPU (this machine's /proc): what the projection costs the database whatever the load.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const pid = rows[0]!.pid;
    const b0 = backendCpu(pid);
    const n0 = nodeCpu();
    const t = performance.now();
    await p.apply(trx, events, topics);
    add(`project ${p.name}`, performance.now() - t);
    const [pg0, node0] = cpu.get(`project ${p.name}`) ?? [0, 0];
    cpu.set(`project ${p.name}`, [pg0 + backendCpu(pid) - b0, node0 + nodeCpu() - n0]);
  },
}));

try {
  const buffer =
    FORMAT === 'csv'
      ? Buffer.from([['Order #', 'Item', 'SKU', 'Value', 'is Fulfilled'], ...orderRows(ROWS)].map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n'))
      : orderFiles(ROWS).xlsx;
  let t = performance.now();
  const t0 = t;
  const sheet = parseSheet({ filename: `orders.${FORMAT}`, extension: FORMAT, buffer });
  add('parse', performance.now() - t);
  t = performance.now();
  const plan = planOrderImport(sheet);
  add('plan', performance.now() - t);
  let appending = true;
  let batches = 0;
  let events = 0;
  const project = async () => {
    for (;;) {
      const tb = performance.now();
      const r = await db.transaction().execute(async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        if (!BESIDE) return projectBatch(trx, timed, BATCH);
        const side = timed.filter((p) => besideProjections.has(p.name));
        return projectBatch(trx, timed.filter((p) => !besideProjections.has(p.name)), BATCH, { db, projections: side });
      });
      if (r.count > 0) {
        add('project batch (all)', performance.now() - tb);
        batches++;
        events += r.count;
      } else if (!appending) return;
      else await new Promise((res) => setTimeout(res, 10));
    }
  };
  t = performance.now();
  const projector = PIPELINE ? project() : null;
  const metadata = { actor_id: 1, actor_role: 'manager', correlation_id: 'profile', causation_id: null, client_ip: null };
  const commandContext = { db, now: () => new Date(), sessionCache: new SessionCache(() => false) };
  const input = { orders: partsOf(plan.orders), at: new Date().toISOString(), importDay: '2026-11-21', sourceFile: `orders.${FORMAT}` };
  const { result: stored } = await cpuPhase('append', () => storeImportedOrders(commandContext, input, metadata));
  add('append', performance.now() - t);
  appending = false;
  const tp = performance.now();
  if (!APPEND_ONLY) await cpuPhase('project', () => projector ?? project());
  add('project after append', performance.now() - tp);
  const total = performance.now() - t0;
  console.log(`${FORMAT} ${ROWS} rows, ${stored.orders} orders, ${stored.items} items; ${batches} batches, ${events} events; pipeline ${PIPELINE}; beside ${BESIDE}; skipped ${[...skipped].join(',') || 'none'}`);
  for (const [k, ms] of spent) console.log(`  ${k.padEnd(28)} ${(ms / 1000).toFixed(2)} s`);
  for (const [k, [p, n]] of cpu) console.log(`  cpu ${k.padEnd(24)} pg ${p.toFixed(2)} s, node ${n.toFixed(2)} s`);
  console.log(`  ${'total'.padEnd(28)} ${(total / 1000).toFixed(2)} s`);
} finally {
  await database.close();
  await scratch.drop();
}
