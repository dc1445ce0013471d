// Order import: a generated 100,000-row order sheet, as CSV and as XLSX, through POST /api/files/upload/orders,
// from sending the file to every order being in the read models. Baseline, in the same run: parsing the same file
// and COPYing the same rows into an unindexed table (the least any import must do; this design's own floor is import-floor.ts).
//   npx tsx bench/import.ts            (BENCH_DATABASE_URL, BENCH_RUNS, BENCH_IMPORT_ROWS, BENCH_PGDATA for the cluster's CPU)
import pg from 'pg';
import * as XLSX from 'xlsx';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { parseSheet } from '@wh/command/platform/uploads';
import { ORDERS_PER_TRANSACTION } from '@wh/command/features/orders/import-store';
import type { Bench, BenchContext, BenchRow } from './lib/types.ts';
import { ADMIN_PASSWORD, cpuSeconds, median, round, runAlone, signIn, startBenchService, threadCpuSeconds } from './lib/service.ts';
import { importWriteFloor } from './import-floor.ts';
import { copyCsv, csvCell } from './lib/copy.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const TARGET_RATIO = 4;
const HEADER = ['Order #', 'Item', 'SKU', 'Value', 'is Fulfilled'];

const ITEMS = [
  ['Cable Jumper', 'KN', ['8', '10', '12', '14'], ['Wine', 'Navy', 'Oat']],
  ['Linen Shirt', 'TP', ['6', '8', '10', '12'], ['Green', 'White', 'Blue']],
  ['Tote Bag', 'BG', ['FS'], ['Grey', 'Black']],
  ['Straight Jean', 'JN', ['10', '12', '14', '16'], ['Khaki', 'Indigo']],
] as const;

// One to three items an order, as a day's sheet has them, over a few thousand SKUs.
export function orderRows(count: number): string[][] {
  const rows: string[][] = [];
  for (let o = 0; rows.length < count; o++) {
    for (let k = 0; k <= o % 3 && rows.length < count; k++) {
      const [name, prefix, sizes, colours] = ITEMS[(o + k) % ITEMS.length]!;
      const style = (o * 7 + k) % 400;
      const size = sizes[(o + k) % sizes.length]!;
      const colour = colours[(o >> 2) % colours.length]!;
      const sizeText = size === 'FS' ? 'Free Size' : size;
      rows.push([
        `#B${100000 + o}`,
        `${name} ${String(style).padStart(3, '0')} - ${sizeText} / ${colour}`,
        `${prefix}${1000 + style}-${size}-${colour.toUpperCase()}`,
        `${20 + ((o + k) % 80)}.00`,
        'FALSE',
      ]);
    }
  }
  return rows;
}

export function orderFiles(count: number): { csv: Buffer; xlsx: Buffer } {
  const rows = orderRows(count);
  const csv = Buffer.from([HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\n'));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Orders');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return { csv, xlsx };
}

// Parse the file as the upload does, then COPY its rows into a table with no index and no constraint.
async function baseline(client: pg.Client, file: { name: string; buffer: Buffer }): Promise<number> {
  await client.query('drop table if exists bench_import_floor');
  await client.query('create table bench_import_floor (order_number text, item text, sku text, value text, fulfilled text)');
  const t0 = performance.now();
  const ext = file.name.endsWith('.csv') ? 'csv' : 'xlsx';
  const sheet = parseSheet({ filename: file.name, extension: ext, buffer: file.buffer });
  await copyCsv(
    client,
    'bench_import_floor',
    sheet.rows.map((r) => [r.values['order #'], r.values.item, r.values.sku, r.values.value, r.values['is fulfilled']].map((v) => v ?? '')),
  );
  const ms = performance.now() - t0;
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from bench_import_floor');
  if (rows[0]!.n !== sheet.rows.length) throw new Error(`baseline copied ${rows[0]!.n} of ${sheet.rows.length} rows`);
  return ms;
}

// CPU seconds of a PostgreSQL cluster: its postmaster with its reaped children, and its live children. On a shared
// machine wall times swing by 2x, CPU times far less. BENCH_PGDATA names the cluster's data directory (readable only
// for a server on this machine); without it, or for a server elsewhere, only the service is read.
function clusterCpu(): number | null {
  const data = process.env.BENCH_PGDATA;
  if (!data) return null;
  const pid = Number(readFileSync(`${data}/postmaster.pid`, 'utf8').split('\n')[0]);
  const own = cpuSeconds(pid, { children: true });
  if (own === null) return null;
  // One that exited meanwhile is counted in the postmaster's reaped children.
  let total = own;
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean)) total += cpuSeconds(Number(child)) ?? 0;
  return total;
}

// CPU seconds between two readings, or why there is no figure.
const spent = (before: number | null, after: number | null) => (before === null || after === null ? 'not read' : `${(after - before).toFixed(2)} s`);

// The service's CPU seconds between two readings by thread: the event loop's, then each other thread's that used
// 10 ms or more, largest first (the file-pool worker, V8's GC helpers), where the import's cost goes between them.
function byThread(pid: number, before: Map<number, number>, after: Map<number, number>): string {
  if (after.size === 0) return 'not read';
  const used = (id: number) => (after.get(id) ?? 0) - (before.get(id) ?? 0);
  const others = [...after.keys()].filter((id) => id !== pid).map(used).filter((s) => s >= 0.01).sort((a, b) => b - a);
  return `event loop ${used(pid).toFixed(2)} s, other threads ${others.map((s) => s.toFixed(2)).join(' / ')} s`;
}

interface Timed {
  answeredMs: number;
  caughtUpMs: number;
  projected: boolean;
  orders: number;
  // The service's CPU seconds (every thread: event loop, file-pool worker, in-process projector, GC) from sending
  // the file to caught up, or null where /proc cannot be read.
  serviceCpu: number | null;
}

interface Run {
  timed: Timed;
  // The baseline: parse + COPY into an unindexed table.
  baselineMs: number;
  // The design's own floor: its writes alone (import-floor.ts).
  writesMs: number;
}

async function upload(pgUrl: string, file: { name: string; buffer: Buffer; type: string }, log: BenchContext['log']): Promise<Run> {
  const service = await startBenchService(pgUrl);
  const client = new pg.Client({ connectionString: service.databaseUrl });
  try {
    await client.connect();
    const baselineMs = await baseline(client, file);
    await client.query('drop table bench_import_floor');
    const sheet = orderRows(ROWS);
    const writes = await importWriteFloor(service.databaseUrl, sheet.map(([order_number = '', item = '', sku = '', value = '']) => ({ order_number, item, sku, value })));
    await client.query('checkpoint');
    const token = await signIn(service.url, 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new Blob([file.buffer], { type: file.type }), file.name);
    // When every order is appended (its number claimed in the append transaction): the rest is the projector.
    // Asked of the last order number of each transaction's chunk (import-store.ts), by key: counting the whole
    // registry every 50 ms would take a share of the database's CPU from the upload it is timing.
    const numbers = [...new Set(sheet.map((r) => r[0]!))];
    const lastOfChunks = numbers.filter((_, i) => (i + 1) % ORDERS_PER_TRANSACTION === 0 || i === numbers.length - 1).map((n) => n.toUpperCase());
    let appendedMs = NaN;
    let sampling = true;
    const service0 = cpuSeconds(service.pid);
    const threads0 = threadCpuSeconds(service.pid);
    const cluster0 = clusterCpu();
    const t0 = performance.now();
    const sampler = (async () => {
      while (sampling && Number.isNaN(appendedMs)) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from order_registry where number_key = any(${lastOfChunks}::text[])`.execute(service.database.db);
        if (rows[0]!.n >= lastOfChunks.length) appendedMs = performance.now() - t0;
        else await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const res = await fetch(`${service.url}/api/files/upload/orders`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { data: { total_orders: number }; position?: string; projected?: boolean };
    const answeredMs = performance.now() - t0;
    sampling = false;
    await sampler;
    if (res.status !== 200 || !body.position) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    // Caught up: the projector's checkpoint has passed the upload's last event.
    const db = service.database.db;
    for (;;) {
      const { rows } = await sql<{ done: boolean }>`
        select (c.last_tx, c.last_pos) >= (e.transaction_id, e.global_position) as done
          from projector_checkpoints c, events e
         where c.name = 'main' and e.global_position = ${body.position}::bigint`.execute(db);
      if (rows[0]?.done) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const caughtUpMs = performance.now() - t0;
    const service1 = cpuSeconds(service.pid);
    const threads1 = threadCpuSeconds(service.pid);
    const serviceCpu = service0 === null || service1 === null ? null : service1 - service0;
    const cpu = `CPU service ${spent(service0, service1)}, PostgreSQL ${spent(cluster0, clusterCpu())}`;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from rm_orders`.execute(db);
    if (rows[0]!.n !== body.data.total_orders) throw new Error(`read model has ${rows[0]!.n} of ${body.data.total_orders} orders`);
    const each = Object.entries(writes.statements).map(([t, ms]) => `${t} ${ms}`).join(', ');
    log(`  ${file.name}: the design's writes alone ${writes.ms.toFixed(0)} ms (${each})`);
    log(`  ${file.name}: service CPU by thread: ${byThread(service.pid, threads0, threads1)}`);
    log(`  ${file.name}: baseline ${baselineMs.toFixed(0)} ms, all appended ${appendedMs.toFixed(0)} ms, answered ${answeredMs.toFixed(0)} ms (projected: ${body.projected}), caught up ${caughtUpMs.toFixed(0)} ms; ${cpu}`);
    return { timed: { answeredMs, caughtUpMs, projected: body.projected === true, orders: body.data.total_orders, serviceCpu }, baselineMs, writesMs: writes.ms };
  } finally {
    await client.end().catch(() => {});
    await service.close();
  }
}

export const bench: Bench = async (ctx) => {
  const { csv, xlsx } = orderFiles(ROWS);
  ctx.log(`import: ${ROWS.toLocaleString('en-GB')} rows, CSV ${(csv.length / 1e6).toFixed(1)} MB, XLSX ${(xlsx.length / 1e6).toFixed(1)} MB`);
  // BENCH_IMPORT_FORMATS=csv (or xlsx) measures one format only.
  const formats = (process.env.BENCH_IMPORT_FORMATS ?? 'csv,xlsx').toLowerCase().split(',');
  const files = [
    { label: 'CSV', name: 'orders-bench.csv', buffer: csv, type: 'text/csv' },
    { label: 'XLSX', name: 'orders-bench.xlsx', buffer: xlsx, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ].filter((f) => formats.includes(f.label.toLowerCase()));
  const rows: BenchRow[] = [];
  for (const file of files) {
    const runs: Run[] = [];
    for (let i = 0; i < ctx.runs; i++) runs.push(await upload(ctx.pgUrl, file, ctx.log));
    const base = median(runs.map((r) => r.baselineMs)) / 1000;
    const caughtUp = median(runs.map((r) => r.timed.caughtUpMs)) / 1000;
    const answered = median(runs.map((r) => r.timed.answeredMs)) / 1000;
    const writes = median(runs.map((r) => r.writesMs)) / 1000;
    const ratio = round(caughtUp / base);
    const name = `${ROWS.toLocaleString('en-GB')}-row ${file.label}`;
    rows.push({
      group: 'import',
      name: `${name}: upload to read models caught up`,
      median: round(caughtUp, 2),
      unit: 's',
      runs: ctx.runs,
      baseline: round(base, 2),
      ratio,
      target: `<= ${TARGET_RATIO}x baseline`,
      pass: ratio <= TARGET_RATIO,
    });
    rows.push({
      group: 'import',
      name: `${name}: upload answered (projected: ${runs.filter((r) => r.timed.projected).length}/${ctx.runs})`,
      median: round(answered, 2),
      unit: 's',
      runs: ctx.runs,
      baseline: round(base, 2),
      ratio: round(answered / base),
      target: `<= ${TARGET_RATIO}x baseline`,
      pass: answered / base <= TARGET_RATIO,
    });
    // Not a target, and the steadier figure on a shared machine: wall times swing with other work on the host, CPU
    // seconds far less.
    const cpus = runs.map((r) => r.timed.serviceCpu).filter((c): c is number => c !== null);
    if (cpus.length > 0) {
      rows.push({
        group: 'import',
        name: `${name}: service CPU, upload to caught up (runs ${cpus.map((c) => c.toFixed(2)).join(' / ')} s)`,
        median: round(median(cpus), 2),
        unit: 's',
        runs: cpus.length,
        target: 'report',
        pass: true,
      });
    }
    // Not a target: how far below this design's own floor the target sits (import-floor.ts).
    rows.push({
      group: 'import',
      name: `${name}: this design's writes alone (the same orders' events, claims and read-model rows, set-wise SQL on two connections)`,
      median: round(writes, 2),
      unit: 's',
      runs: ctx.runs,
      baseline: round(base, 2),
      ratio: round(writes / base),
      target: 'report',
      pass: true,
    });
  }
  return rows;
};

export default bench;

await runAlone(import.meta.url, bench);
