import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE_SERVICE_RESTART } from '@wh/contracts';
import { startTestApp, type TestApp } from './testing.ts';

// The drain of one instance (server.ts close, what SIGTERM runs), in process. Its projector is stopped, so a command
// waits out its read-your-writes timeout: a request that is still in flight when the drain begins.

let t: TestApp | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

// Closes as SIGTERM does; the test's database goes after.
async function drain(app: TestApp, closing: Promise<void>): Promise<void> {
  t = null;
  try {
    await closing;
  } finally {
    await app.db.drop();
  }
}

async function liveSocket(url: string, token: string): Promise<{ closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/live`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const ready = new Promise<void>((resolve) => ws.on('message', (raw) => JSON.parse(raw.toString()).type === 'ready' && resolve()));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return { closed };
}

// A kept-alive connection of the kind a proxy holds to each instance: raw, so requests can be pipelined on it.
function rawConnection(url: string): { socket: Socket; received: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  const received = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.on('error', () => {});
  return { socket, received };
}

const createUser = (token: string, username: string) => {
  const body = JSON.stringify({ username, password: 'password1', role: 'worker' });
  return (
    `POST /api/users HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

async function recorded(app: TestApp, username: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql`select 1 from events where event_type = 'UserCreated' and data->>'username' = ${username}`.execute(app.database.db);
      expect(rows).toHaveLength(1);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('draining an instance (SIGTERM)', () => {
  it('stops listening, says 503 draining, closes live sockets with 1012, and lets the request in flight finish', async () => {
    const app = (t = await startTestApp({ listen: true, config: { READ_YOUR_WRITES_TIMEOUT_MS: 1500 } }));
    const admin = await app.asAdmin();
    const live = await liveSocket(app.url, admin.token!);
    await app.projector!.stop();

    const kept = rawConnection(app.url);
    kept.socket.write(createUser(admin.token!, 'drain_in_flight'));
    await recorded(app, 'drain_in_flight');

    const closing = drain(app, app.close());
    // The live sockets are closed as the drain begins, just before the listener.
    expect(await live.closed).toEqual({ code: LIVE_CLOSE_SERVICE_RESTART, reason: 'Service restarting: reconnect' });
    await vi.waitFor(async () => {
      const refused = await fetch(`${app.url}/api/health`).then(
        () => false,
        () => true,
      );
      expect(refused).toBe(true);
    });
    // A request arriving on the kept-alive connection meanwhile is still answered, after the one in flight.
    kept.socket.write('GET /api/ready HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await kept.received;
    await closing;

    const answers = text.split(/(?=HTTP\/1\.1 \d{3})/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 201/);
    expect(answers[0]).toContain('"projected":false');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(answers[1]!.toLowerCase()).toContain('connection: close');
    expect(answers[1]).toContain('Draining: this instance is shutting down');
  });

  it('goes on answering through the shutdown delay, each answer closing its connection and ready saying 503', async () => {
    const app = (t = await startTestApp({ listen: true }));
    const admin = await app.asAdmin();
    const live = await liveSocket(app.url, admin.token!);
    let closedAt = 0;
    void live.closed.then(() => (closedAt = performance.now()));

    const closing = drain(app, app.close({ delayMs: 2000 }));
    const ready = await fetch(`${app.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    const users = await fetch(`${app.url}/api/users`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(users.status).toBe(200);
    expect(users.headers.get('connection')).toBe('close');
    const answeredAt = performance.now();
    // The live sockets stay until the listener closes.
    expect(await live.closed).toMatchObject({ code: LIVE_CLOSE_SERVICE_RESTART });
    expect(closedAt).toBeGreaterThan(answeredAt);
    await closing;
  });

  it('cuts a request still running when the grace period is over', async () => {
    const app = (t = await startTestApp({ listen: true, config: { READ_YOUR_WRITES_TIMEOUT_MS: 3000 } }));
    const admin = await app.asAdmin();
    await app.projector!.stop();
    const kept = rawConnection(app.url);
    kept.socket.write(createUser(admin.token!, 'drain_cut'));
    await recorded(app, 'drain_cut');

    await drain(app, app.close({ graceMs: 200 }));
    // Closed without an answer: the command is recorded all the same, and a retry with its Idempotency-Key says so.
    expect(await kept.received).toBe('');
  });
});
