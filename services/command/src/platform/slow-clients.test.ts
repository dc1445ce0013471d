import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE_POLICY, LIVE_CLOSE_TOO_MANY, LIVE_CLOSE_UNAUTHORIZED } from '@wh/contracts';
import { loadConfig } from './config.ts';
import { startTestApp, type TestApp } from '../testing.ts';

// What a client that is slow, or floods, can make the service do for everyone else: a bounded amount.

const PER_USER = 3;
const PER_ADDRESS = 8;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true, config: { LIVE_SOCKETS_PER_USER: PER_USER, LIVE_SOCKETS_PER_ADDRESS: PER_ADDRESS, REQUEST_TIMEOUT_MS: 1000 } });
});
afterAll(() => t.stop());

interface Socket {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  ready: Promise<boolean>;
}

function open(): Promise<Socket> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const ready = new Promise<boolean>((resolve) => {
    ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === 'ready') resolve(true);
    });
    void closed.then(() => resolve(false));
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed, ready }));
    ws.once('error', reject);
  });
}

async function authed(token: string): Promise<Socket> {
  const socket = await open();
  socket.ws.send(JSON.stringify({ type: 'auth', token }));
  return socket;
}

const closeAll = async (sockets: readonly Socket[]) => {
  for (const s of sockets) s.ws.close();
  await Promise.all(sockets.map((s) => s.closed));
};

describe('live sockets', () => {
  it('closes a socket that sends a second auth message', async () => {
    const admin = await t.asAdmin();
    const socket = await authed(admin.token!);
    expect(await socket.ready).toBe(true);
    socket.ws.send(JSON.stringify({ type: 'auth', token: admin.token }));
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_POLICY, reason: 'One authentication per connection' });
  });

  it('keeps at most so many open sockets per user, and closes the next one saying why', async () => {
    const worker = await t.userWithRole('worker');
    const kept = await Promise.all(Array.from({ length: PER_USER }, () => authed(worker.token!)));
    expect(await Promise.all(kept.map((s) => s.ready))).toEqual(Array(PER_USER).fill(true));
    const extra = await authed(worker.token!);
    expect(await extra.closed).toEqual({ code: LIVE_CLOSE_TOO_MANY, reason: `Too many live connections for this user (at most ${PER_USER})` });
    // Another user is not held back by this one's sockets.
    const admin = await t.asAdmin();
    const other = await authed(admin.token!);
    expect(await other.ready).toBe(true);
    // A closed socket frees its place once the service has seen it close.
    const open = t.app.live.count();
    await closeAll([kept[0]!]);
    await vi.waitFor(() => expect(t.app.live.count()).toBe(open - 1));
    const again = await authed(worker.token!);
    expect(await again.ready).toBe(true);
    await closeAll([...kept.slice(1), other, again]);
  });

  it('keeps at most so many open sockets per address, signed in or not, refusing the next before its handshake', async () => {
    const kept = await Promise.all(Array.from({ length: PER_ADDRESS }, () => open()));
    const refused = await new Promise<{ status: number; body: string }>((resolve) => {
      const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live`);
      ws.on('error', () => {});
      ws.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ message: `Too many live connections from this address (at most ${PER_ADDRESS})` });
    // A closed socket frees its place once the service has seen it close.
    await closeAll(kept.slice(0, 1));
    await vi.waitFor(() => expect(t.app.live.count()).toBe(PER_ADDRESS - 1));
    const again = await open();
    await closeAll([...kept.slice(1), again]);
  });

  it('reads one auth message per socket: a flood of bogus tokens leaves another user fast', async () => {
    const manager = await t.userWithRole('manager');
    const flooders = await Promise.all(Array.from({ length: 4 }, () => open()));
    const flood = flooders.map(async (s) => {
      for (let i = 0; i < 3000 && s.ws.readyState === WebSocket.OPEN; i++) s.ws.send('{"type":"auth","token":"bogus"}');
      return s.closed;
    });
    const slowest = await (async () => {
      let worst = 0;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expect((await manager.get('/api/orders/workers')).status).toBe(200);
        worst = Math.max(worst, performance.now() - started);
      }
      return worst;
    })();
    const codes = (await Promise.all(flood)).map((c) => c.code);
    // The second message closes the socket while the first is looked up (or the bad token does, if it was quicker);
    // sockets sending one token past the per-user cap are refused before any look-up.
    for (const code of codes) expect([LIVE_CLOSE_POLICY, LIVE_CLOSE_UNAUTHORIZED, LIVE_CLOSE_TOO_MANY]).toContain(code);
    expect(codes.filter((c) => c === LIVE_CLOSE_TOO_MANY).length).toBeLessThanOrEqual(flooders.length - PER_USER);
    // Generous: the machine is shared. One look-up per message held such a request for seconds.
    expect(slowest).toBeLessThan(1500);
  });
});

describe('slow requests', () => {
  it('cuts a request whose headers have not arrived within the request timeout', async () => {
    expect(t.app.server.headersTimeout).toBe(1000);
    expect(t.app.server.requestTimeout).toBe(1000);
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    // A byte every 200 ms, for as long as the connection lasts (at most 30 s: the test's own bound).
    const trickle = setInterval(() => socket.writable && socket.write('X'), 200);
    const started = performance.now();
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    clearInterval(trickle);
    expect(socket.destroyed || socket.readableEnded, 'the server closed the connection').toBe(true);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    socket.destroy();
  }, 40_000);

  it('sets the request, header and keep-alive timeouts by default', () => {
    const config = loadConfig({});
    expect(config.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.KEEP_ALIVE_TIMEOUT_MS).toBe(72_000);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
  });
});
