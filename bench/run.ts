// `npm run bench [-- group ...]`: runs every benchmark module (or the named groups), then prints one table, as text
// and as markdown for docs/performance.md.
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_RUNS          repetitions per figure, the median is reported (default 5)
//   BENCH_ORDERS        size of the generated history for queries, returns, rebuild, rebuild-online and commands-history (default 1,000,000)
//   BENCH_REPLICA_ORDERS size of the history the replica group loads into its own primary (default 100,000)
//   BENCH_NO_STOCK_ORDERS open orders the no-stock group's batches meet (default 50,000)
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchContext, BenchRow } from './lib/types.ts';

// Group name -> module; a module that does not exist (yet) is skipped with a note.
const MODULES: [group: string, file: string][] = [
  ['import', 'import.ts'],
  ['event-loop', 'event-loop.ts'],
  ['commands', 'commands.ts'],
  ['commands-history', 'commands-history.ts'],
  ['replicas', 'replicas.ts'],
  ['live', 'live-push.ts'],
  ['queries', 'queries.ts'],
  ['returns', 'returns-report.ts'],
  ['replica', 'replica.ts'],
  ['rebuild', 'rebuild.ts'],
  ['rebuild-online', 'rebuild-online.ts'],
  ['no-stock', 'no-stock-recount.ts'],
  ['counts', 'counts.ts'],
  ['web', 'web.ts'],
];

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !MODULES.some(([g, f]) => g === w || f === w || f === `${w}.ts`));
if (unknown.length > 0) {
  console.error(`unknown group(s): ${unknown.join(', ')}; groups: ${MODULES.map(([g]) => g).join(', ')}`);
  process.exit(2);
}
const selected = MODULES.filter(([g, f]) => wanted.length === 0 || wanted.some((w) => w === g || w === f || `${w}.ts` === f));

const ctx: BenchContext = {
  pgUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  runs: Math.max(1, Number(process.env.BENCH_RUNS ?? 5)),
  log: (message) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`),
};

// Table helpers first: printTable runs after each module.
const fmt = (n: number | undefined) =>
  n === undefined ? '' : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

function cells(r: BenchRow): string[] {
  return [r.group, r.name, fmt(r.median), r.unit, fmt(r.baseline), r.ratio === undefined ? '' : `${fmt(r.ratio)}x`, r.target, r.pass ? 'yes' : 'NO'];
}
const HEAD = ['group', 'name', 'median', 'unit', 'baseline', 'ratio', 'target', 'pass'];

function printTable(list: readonly BenchRow[]): void {
  const table = [HEAD, ...list.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const [n, r] of table.entries()) {
    console.log(r.map((c, i) => (i === 2 || i === 4 || i === 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  '));
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log('');
}

const rows: BenchRow[] = [];
const failures: string[] = [];
for (const [group, file] of selected) {
  const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
  if (!existsSync(path)) {
    ctx.log(`${group}: bench/${file} does not exist, skipped`);
    continue;
  }
  ctx.log(`${group}: running bench/${file}`);
  try {
    const mod = (await import(pathToFileURL(path).href)) as { default?: Bench; bench?: Bench };
    const bench = mod.default ?? mod.bench;
    if (!bench) throw new Error(`bench/${file} exports no Bench`);
    const result = await bench({ ...ctx, log: (m) => ctx.log(`${group}: ${m}`) });
    rows.push(...result);
    printTable(result);
  } catch (error) {
    failures.push(`${group}: ${(error as Error).stack ?? String(error)}`);
    ctx.log(`${group} failed: ${(error as Error).message}`);
  }
}

console.log(`\n${rows.length} figures, ${ctx.runs} run(s) each; ${rows.filter((r) => !r.pass).length} miss their target\n`);
printTable(rows);
console.log(`| ${HEAD.join(' | ')} |`);
console.log(`|${HEAD.map((_, i) => (i === 2 || i === 4 || i === 5 ? '---:' : '---')).join('|')}|`);
for (const r of rows) console.log(`| ${cells(r).join(' | ')} |`);
if (failures.length > 0) {
  console.error(`\n${failures.length} benchmark module(s) failed:\n${failures.join('\n')}`);
  process.exitCode = 1;
}
