// A diagnostic preload for the service child (not used by the benchmarks themselves): counts and times the
// statements each connection pool sends, and the projector's batches (BEGIN to COMMIT on its connections), and
// writes the totals to COUNT_STATEMENTS_OUT when the process ends. Counting in the driver because
// pg_stat_statements is not installed on the shared server.
//   BENCH_SERVICE_NODE_ARGS="--import ./bench/lib/count-statements.mjs" COUNT_STATEMENTS_OUT=/tmp/x.json \
//     npx tsx bench/commands.ts
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { observeQueries } from './pg-hook.mjs';

const require = createRequire(new URL('../../db/src/connect.ts', import.meta.url));
const pg = require('pg');
const out = process.env.COUNT_STATEMENTS_OUT ?? '/tmp/count-statements.json';
const since = { at: Date.now() };
const byApp = new Map();
const byText = new Map();
const batches = { count: 0, totalMs: 0, events: 0, maxMs: 0, sizes: new Map() };

function bump(map, key, ms) {
  const v = map.get(key) ?? { n: 0, ms: 0 };
  v.n++;
  v.ms += ms;
  map.set(key, v);
}

observeQueries(pg, (client, text, app) => {
  const start = performance.now();
  const key = `${app} | ${text.replace(/\s+/g, ' ').trim().slice(0, 110)}`;
  if (app === 'warehouse-projector' && /^begin/i.test(text)) client.__batchStart = start;
  return () => {
    const ms = performance.now() - start;
    bump(byApp, app, ms);
    bump(byText, key, ms);
    if (app === 'warehouse-projector' && /^commit/i.test(text) && client.__batchStart !== undefined) {
      const total = performance.now() - client.__batchStart;
      batches.count++;
      batches.totalMs += total;
      batches.maxMs = Math.max(batches.maxMs, total);
      client.__batchStart = undefined;
    }
  };
});

function dump() {
  const ms = Date.now() - since.at;
  const report = {
    wallMs: ms,
    byApp: Object.fromEntries(byApp),
    batches: { count: batches.count, totalMs: Math.round(batches.totalMs), meanMs: batches.totalMs / Math.max(1, batches.count), maxMs: batches.maxMs },
    top: [...byText].sort((a, b) => b[1].n - a[1].n).slice(0, 80).map(([k, v]) => ({ k, n: v.n, ms: Math.round(v.ms) })),
  };
  writeFileSync(out, JSON.stringify(report, null, 1));
}
// Reset on SIGUSR2 so the preparation (users, stock, the order upload) can be left out of the counts.
const reset = () => {
  byApp.clear();
  byText.clear();
  Object.assign(batches, { count: 0, totalMs: 0, events: 0, maxMs: 0 });
  since.at = Date.now();
};
process.on('SIGUSR2', reset);
process.on('exit', dump);
