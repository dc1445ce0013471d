// The service's event loop while a big upload imports, and while clients attack it: GET /api/health sent every
// HEALTH_EVERY_MS, open loop (each request goes when due, whether or not the previous one has answered, so a stall is
// sampled for as long as it lasts). The import: from the upload of a generated 100,000-row order workbook
// (bench/import.ts) until the read models have caught up with it. The attacks (ATTACKS below, each on a service of its
// own): deeply nested 1 MB bodies to the sign-in, a flood of bogus auth messages on live sockets, 2,000 live sockets of
// one account held over a heartbeat, requests trickling their headers, and big orders (a 500-line order, and a file
// holding a 200,000-line order, which is refused). The service runs as deployed, projector in process
// (lib/service.ts).
//   npx tsx bench/event-loop.ts        (BENCH_DATABASE_URL, BENCH_RUNS, BENCH_IMPORT_ROWS, BENCH_EVENT_LOOP_ATTACKS)
import { connect } from 'node:net';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import WebSocket from 'ws';
import type { Bench, BenchRow } from './lib/types.ts';
import { ADMIN_PASSWORD, LOADER, median, percentile, round, runAlone, signIn, startBenchService, type BenchService } from './lib/service.ts';
import { orderFiles } from './import.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const HEALTH_EVERY_MS = 20;
const SAMPLER = fileURLToPath(new URL('./lib/health-sampler.ts', import.meta.url));
const BARE_SERVER = fileURLToPath(new URL('./lib/bare-live-server.ts', import.meta.url));
const P95_TARGET_MS = 100;
const MAX_TARGET_MS = 500;

interface Run {
  latencies: number[];
  importMs: number;
}

// Latency of each health request from when it was due, sampled by a process of its own (lib/health-sampler.ts).
function healthSampler(url: string): { stop(): Promise<number[]> } {
  const child = spawn(process.execPath, ['--import', LOADER, SAMPLER, url, String(HEALTH_EVERY_MS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`health sampler exited with ${code}`)))));
  return {
    async stop() {
      child.stdin.write('stop\n');
      await exited;
      return JSON.parse(out) as number[];
    },
  };
}

async function importOnce(pgUrl: string, xlsx: Buffer): Promise<Run> {
  const service = await startBenchService(pgUrl);
  try {
    const token = await signIn(service.url, 'admin', ADMIN_PASSWORD);
    const sampler = healthSampler(service.url);
    const t0 = performance.now();
    const res = await upload(service, token, 'orders-bench.xlsx', xlsx);
    const body = (await res.json()) as { position?: string };
    if (res.status !== 200 || !body.position) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    await caughtUp(service, body.position);
    const importMs = performance.now() - t0;
    return { latencies: await sampler.stop(), importMs };
  } finally {
    await service.close();
  }
}

// Until the projector (in the service's process) has applied the event at `position`.
async function caughtUp(service: BenchService, position: string): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ done: boolean }>`
      select (c.last_tx, c.last_pos) >= (e.transaction_id, e.global_position) as done
        from projector_checkpoints c, events e
       where c.name = 'main' and e.global_position = ${position}::bigint`.execute(service.database.db);
    if (rows[0]?.done) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// What an attack did, for the log (and, where it says something the health figures do not, the table).
type Attack =
  | { name: string; bare?: false; run(service: BenchService, token: string): Promise<{ note: string }> }
  // Against lib/bare-live-server.ts instead of the app: what Node and ws cost alone.
  | { name: string; bare: true; run(url: string): Promise<{ note: string }> };

// 2,000 live sockets opened together, each authenticating with `token`, held open over a heartbeat, then closed.
async function socketBurst(url: string, token: string): Promise<{ note: string }> {
  const sockets: ReturnType<typeof liveSocket>[] = [];
  for (let i = 0; i < 2000; i++) {
    sockets.push(liveSocket(url, [JSON.stringify({ type: 'auth', token })]));
    if (i % 50 === 49) await new Promise((r) => setImmediate(r));
  }
  const settled = await Promise.all(sockets.map((s) => Promise.race([s.ready.then((r) => (r ? 'ready' : 'closed')), s.closed.then(String)])));
  const codes = await Promise.all(sockets.map((s) => Promise.race([s.closed, new Promise<string>((r) => setTimeout(() => r('open'), 100))])));
  await new Promise((r) => setTimeout(r, 27_000));
  for (const s of sockets) s.ws.close();
  await Promise.all(sockets.map((s) => s.closed));
  return { note: `${settled.filter((s) => s === 'ready').length} ready; ${counts(codes)}` };
}

// lib/bare-live-server.ts in a process of its own, warmed as the app is.
async function startBareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', LOADER, BARE_SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

const ATTACK_MS = 5000;

const nestedBody = (bytes: number) => `{"username":${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)},"password":"x"}`;

function upload(service: BenchService, token: string, name: string, content: string | Buffer) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return fetch(`${service.url}/api/files/upload/orders`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

// A live socket sending `messages` once open: whether it was told it is ready, and its close code.
function liveSocket(url: string, messages: string[]): { ws: WebSocket; ready: Promise<boolean>; closed: Promise<number> } {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/live`);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('error', () => {});
  const ready = new Promise<boolean>((resolve) => {
    ws.on('message', (raw) => (JSON.parse(raw.toString()) as { type: string }).type === 'ready' && resolve(true));
    void closed.then(() => resolve(false));
  });
  // In chunks, each on its own turn of this process's loop: the health sampler shares it.
  ws.on('open', async () => {
    for (let i = 0; i < messages.length && ws.readyState === WebSocket.OPEN; i += 100) {
      for (const m of messages.slice(i, i + 100)) ws.send(m);
      await new Promise((r) => setImmediate(r));
    }
  });
  return { ws, ready, closed };
}

const counts = (codes: readonly (number | string)[]) =>
  [...codes.reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map<number | string, number>())].map(([c, n]) => `${n} x ${c}`).join(', ');

const ATTACKS: Attack[] = [
  {
    name: 'six deeply nested JSON bodies of 1 MB (under the general body limit) at a time to POST /api/auth/login, for 5 s',
    async run(service) {
      const statuses: number[] = [];
      const until = performance.now() + ATTACK_MS;
      while (performance.now() < until) {
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: nestedBody(1_000_000) })
              .then(async (r) => (await r.arrayBuffer(), r.status))
              .catch(() => 0),
          ),
        );
        statuses.push(...answers);
      }
      return { note: `answers ${counts(statuses)}` };
    },
  },
  {
    name: 'four live sockets at a time each sending 3,000 {"type":"auth","token":"bogus"}, for 5 s',
    async run(service, token) {
      const message = JSON.stringify({ type: 'auth', token: 'bogus' });
      const codes: number[] = [];
      // Another user's request meanwhile (the issue's measure): the assignable workers.
      const other: number[] = [];
      const until = performance.now() + ATTACK_MS;
      const flood = (async () => {
        while (performance.now() < until) {
          const sockets = Array.from({ length: 4 }, () => liveSocket(service.url, Array(3000).fill(message)));
          codes.push(...(await Promise.all(sockets.map((s) => s.closed))));
        }
      })();
      while (performance.now() < until) {
        const t0 = performance.now();
        await fetch(`${service.url}/api/orders/workers`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
        other.push(performance.now() - t0);
      }
      await flood;
      return { note: `closed ${counts(codes)}; another user's GET /api/orders/workers meanwhile: max ${Math.max(...other).toFixed(0)} ms` };
    },
  },
  {
    name: '2,000 live sockets of one account, held over a heartbeat (25 s)',
    run: (service, token) => socketBurst(service.url, token),
  },
  {
    name: 'the same 2,000 sockets against a bare Node server (http and ws, nothing of the app): the floor',
    bare: true,
    run: (url) => socketBurst(url, 'any'),
  },
  {
    name: '200 requests trickling their headers, a byte a second',
    async run(service) {
      const { port } = new URL(service.url);
      const started = performance.now();
      const cut = await Promise.all(
        Array.from(
          { length: 200 },
          () =>
            new Promise<number | null>((resolve) => {
              const socket = connect(Number(port), '127.0.0.1');
              socket.on('error', () => {});
              socket.once('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: bench\r\n'));
              const trickle = setInterval(() => socket.writable && socket.write('X'), 1000);
              const give = setTimeout(() => {
                clearInterval(trickle);
                socket.destroy();
                resolve(null);
              }, 45_000);
              socket.on('close', () => {
                clearInterval(trickle);
                clearTimeout(give);
                resolve(performance.now() - started);
              });
            }),
        ),
      );
      const closed = cut.filter((c): c is number => c !== null);
      return { note: `${closed.length} of 200 cut by the server${closed.length > 0 ? ` within ${(Math.max(...closed) / 1000).toFixed(1)} s` : ' (given up after 45 s)'}` };
    },
  },
  {
    name: 'a 500-line order, then a file holding a 200,000-line order, to read models caught up',
    async run(service, token) {
      const full = ['Order #,Item,SKU'];
      for (let n = 0; n < 500; n++) full.push(`#FULL,Linen Shirt 007 - 6 / Green,TP1007-${n}-GREEN`);
      const first = await upload(service, token, 'full.csv', full.join('\n'));
      const firstBody = (await first.json()) as { position?: string; data?: { total_items?: number } };
      if (firstBody.position) await caughtUp(service, firstBody.position);
      const huge = ['Order #,Item,SKU', '#SMALL,Linen Shirt 007 - 6 / Green,TP1007-6-GREEN'];
      for (let n = 0; n < 200_000; n++) huge.push('#HUGE,Bag,BG1005-FS-GREY');
      const second = await upload(service, token, 'huge.csv', huge.join('\n'));
      const body = (await second.json()) as { position?: string; data?: { total_orders?: number; errors?: { error: string }[] } };
      if (body.position) await caughtUp(service, body.position);
      return { note: `500-line order: ${firstBody.data?.total_items ?? '?'} items; 200,000-line file: ${second.status}, ${body.data?.total_orders ?? '?'} orders imported, ${body.data?.errors?.length ?? '?'} row errors` };
    },
  },
];

async function attackOnce(pgUrl: string, attack: Attack): Promise<{ latencies: number[]; note: string }> {
  if (attack.bare) {
    const bare = await startBareServer();
    try {
      for (let i = 0; i < 50; i++) await fetch(`${bare.url}/api/health`).then((r) => r.arrayBuffer());
      const sampler = healthSampler(bare.url);
      const { note } = await attack.run(bare.url);
      return { latencies: await sampler.stop(), note };
    } finally {
      await bare.close();
    }
  }
  const service = await startBenchService(pgUrl);
  try {
    const token = await signIn(service.url, 'admin', ADMIN_PASSWORD);
    // A warm service: its first answers (code compiled, connections opened) are not the attack's.
    for (let i = 0; i < 50; i++) await fetch(`${service.url}/api/health`).then((r) => r.arrayBuffer());
    const sampler = healthSampler(service.url);
    const { note } = await attack.run(service, token);
    return { latencies: await sampler.stop(), note };
  } finally {
    await service.close();
  }
}

const chosen = (index: number) => {
  const wanted = process.env.BENCH_EVENT_LOOP_ATTACKS;
  return wanted === undefined || wanted.split(',').map((s) => s.trim()).includes(String(index));
};

export const bench: Bench = async (ctx) => {
  const rows: BenchRow[] = [];
  for (const [index, attack] of ATTACKS.entries()) {
    if (!chosen(index + 1)) continue;
    const runs: number[][] = [];
    for (let i = 0; i < ctx.runs; i++) {
      const { latencies: l, note } = await attackOnce(ctx.pgUrl, attack);
      ctx.log(`${attack.name}, run ${i + 1}: ${note}; ${l.length} health requests: p95 ${percentile(l, 0.95).toFixed(1)} ms, max ${Math.max(...l).toFixed(0)} ms`);
      runs.push(l);
    }
    const p95 = round(median(runs.map((l) => percentile(l, 0.95))), 1);
    const max = round(median(runs.map((l) => Math.max(...l))), 1);
    // The floor is reported, not held to the targets: it is what the app's figures above it are compared with.
    rows.push(
      { group: 'event-loop', name: `GET /api/health during ${attack.name}: p95`, median: p95, unit: 'ms', runs: ctx.runs, target: attack.bare ? 'report' : `<= ${P95_TARGET_MS} ms`, pass: attack.bare || p95 <= P95_TARGET_MS },
      { group: 'event-loop', name: `the same: max`, median: max, unit: 'ms', runs: ctx.runs, target: attack.bare ? 'report' : `<= ${MAX_TARGET_MS} ms`, pass: attack.bare || max <= MAX_TARGET_MS },
    );
  }
  if (!chosen(0)) return rows;
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
    ...rows,
    figure('p50', runs.map((r) => percentile(r.latencies, 0.5)), 'report', () => true),
    figure('p95', runs.map((r) => percentile(r.latencies, 0.95)), `<= ${P95_TARGET_MS} ms`, (v) => v <= P95_TARGET_MS),
    figure('max', runs.map((r) => Math.max(...r.latencies)), `<= ${MAX_TARGET_MS} ms`, (v) => v <= MAX_TARGET_MS),
  ];
};

export default bench;

await runAlone(import.meta.url, bench);
