// A diagnostic preload for the service child (not used by the benchmarks themselves): where a command's time goes.
// Records every HTTP request with the statements it ran (through AsyncLocalStorage), every projector batch (BEGIN to
// COMMIT on its connections: statements, events, duration), when each read_models notice arrived, and the event
// loop's delay; writes a summary to TRACE_OUT when the process ends. SIGUSR2 (sent by bench/commands.ts when
// COUNT_STATEMENTS_OUT is set) starts the trace afresh, after the preparation.
//   BENCH_SERVICE_NODE_ARGS="--import ./bench/lib/trace-commands.mjs" COUNT_STATEMENTS_OUT=/dev/null \
//     TRACE_OUT=/tmp/trace.json npx tsx bench/commands.ts
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { observeQueries } from './pg-hook.mjs';

// The service's own pg (the checkout the service runs from, which need not be this file's).
const require = createRequire(`${process.cwd()}/db/src/connect.ts`);
const pg = require('pg');
const out = process.env.TRACE_OUT ?? '/tmp/trace-commands.json';
const als = new AsyncLocalStorage();
let requests = [];
let batches = [];
let notices = [];
let loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
// Event-loop delay per 100 ms slice, to line up with slow commands.
let lagSlices = [];
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  lagSlices.push({ at: now, lag: now - lastTick - 20 });
  lastTick = now;
}, 20).unref();

const kind = (text) =>
  /^begin/i.test(text) ? 'begin'
  : /^commit/i.test(text) ? 'commit'
  : /insert into events/i.test(text) ? 'append'
  : /pg_snapshot_xmin/i.test(text) ? 'read'
  : text.replace(/\s+/g, ' ').trim().slice(0, 60);

observeQueries(pg, (client, text, app) => {
  const start = performance.now();
  const k = kind(text);
  const req = als.getStore();
  if (app === 'warehouse-projector') {
    if (k === 'begin') client.__batch = { start, statements: 0, events: 0, steps: [] };
    if (client.__batch) client.__batch.statements++;
  }
  const batch = app === 'warehouse-projector' ? client.__batch : undefined;
  return (result) => {
    const end = performance.now();
    if (req) req.statements.push({ k, start, end });
    if (batch) {
      batch.steps.push({ k, ms: +(end - start).toFixed(2) });
      if (k === 'read' && result?.rows) batch.events = result.rows.length;
      if (k === 'commit') {
        batch.end = end;
        batches.push(batch);
        client.__batch = undefined;
      }
    }
  };
});

const emitClient = pg.Client.prototype.emit;
pg.Client.prototype.emit = function (event, ...args) {
  if (event === 'notification' && args[0]?.channel === 'read_models') notices.push(performance.now());
  return emitClient.call(this, event, ...args);
};

const emitServer = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event !== 'request') return emitServer.apply(this, arguments);
  const rec = { path: req.url, start: performance.now(), statements: [] };
  res.on('finish', () => {
    rec.end = performance.now();
    requests.push(rec);
  });
  return als.run(rec, () => emitServer.call(this, event, req, res));
};

const pct = (xs, p) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
};
const summary = (xs) => ({ n: xs.length, p50: pct(xs, 0.5), p90: pct(xs, 0.9), p99: pct(xs, 0.99), max: pct(xs, 1), mean: xs.length ? +(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2) : null });

function analyse(reqs) {
  const commands = reqs.filter((r) => r.statements.some((s) => s.k === 'append'));
  const rows = commands.map((r) => {
    const appendIdx = r.statements.findIndex((s) => s.k === 'append');
    const append = r.statements[appendIdx];
    const after = r.statements[appendIdx + 1];
    const waitEnd = after ? after.start : r.end;
    const first = r.statements[0];
    // Batches committed while waiting, and whether one was running when the append committed.
    const through = batches.filter((b) => b.end > append.end && b.end <= waitEnd + 0.5).length;
    const running = batches.some((b) => b.start < append.end && b.end > append.end);
    return {
      total: r.end - r.start,
      beforeFirstStatement: first.start - r.start,
      decide: append.start - r.start,
      append: append.end - append.start,
      wait: waitEnd - append.end,
      answer: r.end - waitEnd,
      through,
      running,
    };
  });
  const slow = rows.filter((r) => r.total >= pct(rows.map((x) => x.total), 0.99));
  const pick = (xs, key) => summary(xs.map((x) => x[key]));
  const keys = ['total', 'beforeFirstStatement', 'decide', 'append', 'wait', 'answer', 'through'];
  return {
    commands: rows.length,
    all: Object.fromEntries(keys.map((k) => [k, pick(rows, k)])),
    slowest1pct: { ...Object.fromEntries(keys.map((k) => [k, pick(slow, k)])), runningAtAppend: slow.filter((r) => r.running).length },
    runningAtAppend: rows.filter((r) => r.running).length,
  };
}

let dumped = false;
function dump() {
  if (dumped) return;
  dumped = true;
  try {
    dumpNow();
  } catch (e) {
    console.error('trace-commands: could not write the trace', e);
  }
}
function dumpNow() {
  // The open loop starts with 50 /api/health requests (warming its connections): split the trace there.
  const health = requests.filter((r) => r.path === '/api/health');
  const split = health.length > 0 ? health[0].start : Infinity;
  const inRange = (a, b) => (x) => x >= a && x < b;
  const closedReqs = requests.filter((r) => r.start < split);
  const openReqs = requests.filter((r) => r.start >= split);
  const batchSummary = (bs) => {
    const steps = new Map();
    for (const b of bs) for (const s of b.steps) steps.set(s.k, [...(steps.get(s.k) ?? []), s.ms]);
    return {
      count: bs.length,
      ms: summary(bs.map((b) => b.end - b.start)),
      events: summary(bs.map((b) => b.events)),
      statements: summary(bs.map((b) => b.statements)),
      steps: [...steps].map(([k, v]) => ({ k, n: v.length, mean: +(v.reduce((a, c) => a + c, 0) / v.length).toFixed(2), p99: pct(v, 0.99) })),
    };
  };
  const openStart = openReqs[0]?.start ?? Infinity;
  const lagIn = (f) => summary(lagSlices.filter((s) => f(s.at)).map((s) => s.lag));
  const report = {
    closed: { ...analyse(closedReqs), batches: batchSummary(batches.filter((b) => b.start < split)), lag20ms: lagIn((t) => t < split) },
    open: { ...analyse(openReqs), batches: batchSummary(batches.filter((b) => b.start >= openStart)), lag20ms: lagIn((t) => t >= openStart) },
    noticeAfterCommit: summary(
      batches
        .filter((b) => b.events > 0)
        .map((b) => notices.find((n) => n >= b.end))
        .map((n) => (n === undefined ? null : n))
        .map((n, i) => (n === null ? null : n - batches.filter((b) => b.events > 0)[i].end))
        .filter((x) => x !== null && x < 1000),
    ),
    loopDelay: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  };
  void inRange;
  writeFileSync(out, JSON.stringify(report, null, 1));
}
process.on('SIGUSR2', () => {
  requests = [];
  batches = [];
  notices = [];
  lagSlices = [];
  loop.reset();
});
// Written at SIGTERM too, in case the service's own close does not end the process.
process.prependListener('SIGTERM', dump);
process.on('exit', dump);
