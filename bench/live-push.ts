// Live push: one manager assigns orders, one at a time; another manager's browser session is subscribed on
// /api/live. Measured from the HTTP response of each command to the 'changed' message naming its order at the
// other client. With read-your-writes the response waits for the same projector notice that triggers the push,
// so the push usually comes first (a negative figure); a second service with the wait off
// (READ_YOUR_WRITES_TIMEOUT_MS=0) answers at commit, which shows the projector's own delay. Sending the command to
// the push is reported too.
//   npx tsx bench/live-push.ts         (BENCH_DATABASE_URL, BENCH_RUNS, BENCH_LIVE_COMMANDS per run)
import WebSocket from 'ws';
import type { LiveServerMessage } from '@wh/contracts';
import type { Bench, BenchContext, BenchRow } from './lib/types.ts';
import { ADMIN_PASSWORD, api, expectOk, median, percentile, round, runAlone, signIn, startBenchService } from './lib/service.ts';

const COMMANDS_PER_RUN = Number(process.env.BENCH_LIVE_COMMANDS ?? 300);

async function subscribe(url: string, token: string, onMessage: (m: LiveServerMessage, at: number) => void): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/api/live`);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as LiveServerMessage;
      if (message.type === 'ready') resolve();
      onMessage(message, at);
    });
  });
  return socket;
}

interface Measured {
  p50: number;
  p99: number;
  sentP99: number;
  missing: number;
}

async function measure(ctx: BenchContext, readYourWritesMs: number | undefined): Promise<Measured[]> {
  const total = COMMANDS_PER_RUN * ctx.runs;
  const service = await startBenchService(ctx.pgUrl, readYourWritesMs === undefined ? {} : { readYourWritesMs });
  const url = service.url;
  try {
    const admin = await signIn(url, 'admin', ADMIN_PASSWORD);
    for (const name of ['bench-sender', 'bench-watcher']) {
      await expectOk(api(url, '/api/users', { token: admin, body: { username: name, password: 'bench-pass', role: 'manager' } }), name);
    }
    const worker = await expectOk(api<{ id: number }>(url, '/api/users', { token: admin, body: { username: 'picker', password: 'bench-pass', role: 'worker' } }), 'worker');
    const sender = await signIn(url, 'bench-sender', 'bench-pass');
    const watcher = await signIn(url, 'bench-watcher', 'bench-pass');
    const lines = ['Order #,Item,SKU,Value,is Fulfilled', ...Array.from({ length: total }, (_, o) => `#L${100000 + o},Bench item,KN1000-8-WINE,10.00,FALSE`)];
    const form = new FormData();
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench-live.csv');
    const res = await fetch(`${url}/api/files/upload/orders`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    if (res.status !== 200) throw new Error(`order upload failed: ${res.status}`);
    let orders: { id: number }[] = [];
    for (let i = 0; orders.length < total && i < 600; i++) {
      orders = await service.database.db.selectFrom('rm_orders').select('id').orderBy('id').execute();
      if (orders.length < total) await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // When the watcher first heard of each order.
    const heard = new Map<string, number>();
    const socket = await subscribe(url, watcher, (m, at) => {
      if (m.type !== 'changed') return;
      for (const topic of m.topics) if (topic.startsWith('order:') && !heard.has(topic)) heard.set(topic, at);
    });
    const results: Measured[] = [];
    try {
      for (let r = 0; r < ctx.runs; r++) {
        const latencies: number[] = [];
        const fromSend: number[] = [];
        let missing = 0;
        for (const { id } of orders.slice(r * COMMANDS_PER_RUN, (r + 1) * COMMANDS_PER_RUN)) {
          const sent = performance.now();
          await expectOk(api(url, `/api/orders/${id}/assign-worker`, { token: sender, body: { worker_id: worker.id } }), 'assign');
          const answered = performance.now();
          const topic = `order:${id}`;
          const deadline = answered + 5000;
          while (!heard.has(topic) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
          const at = heard.get(topic);
          if (at === undefined) missing++;
          else {
            latencies.push(at - answered);
            fromSend.push(at - sent);
          }
        }
        const m = { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), sentP99: percentile(fromSend, 0.99), missing };
        ctx.log(`  ${readYourWritesMs === 0 ? 'no wait' : 'read-your-writes'} run ${r + 1}: response to push p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms; sent to push p99 ${m.sentP99.toFixed(1)} ms; missing ${missing}`);
        results.push(m);
      }
    } finally {
      socket.close();
    }
    return results;
  } finally {
    await service.close();
  }
}

export const bench: Bench = async (ctx) => {
  ctx.log(`live push: ${ctx.runs} x ${COMMANDS_PER_RUN} assigns, one at a time`);
  const rows: BenchRow[] = [];
  for (const [label, ryw] of [['', undefined], [' (no read-your-writes wait)', 0]] as const) {
    const runs = await measure(ctx, ryw);
    const missing = runs.reduce((n, r) => n + r.missing, 0);
    const p99 = round(median(runs.map((r) => r.p99)));
    rows.push(
      { group: 'live', name: `response to WebSocket message${label}: p50`, median: round(median(runs.map((r) => r.p50))), unit: 'ms', runs: ctx.runs, target: 'report', pass: true },
      { group: 'live', name: `response to WebSocket message${label}: p99`, median: p99, unit: 'ms', runs: ctx.runs, target: '<= 100 ms', pass: p99 <= 100 && missing === 0 },
      { group: 'live', name: `command sent to WebSocket message${label}: p99 (${missing} missed)`, median: round(median(runs.map((r) => r.sentP99))), unit: 'ms', runs: ctx.runs, target: 'report', pass: missing === 0 },
    );
  }
  return rows;
};

export default bench;

await runAlone(import.meta.url, bench);
