import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import WebSocket from 'ws';
import { IDEMPOTENCY_KEY_HEADER, LIVE_CLOSE_SERVICE_RESTART, LIVE_CLOSE_UNAUTHORIZED, type LiveServerMessage } from '@wh/contracts';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { freePort } from '../../../scripts/embedded-postgres.ts';
import { startBalancer, type Balancer } from '../../../test/balancer.ts';

// docker-compose's shape from outside: one projector process and two command services (the projector not in them) on
// one database, started as the containers start them, behind a load balancer like the Caddy in front of them.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const COMMAND = 'services/command/src/main.ts';
const PROJECTOR = 'services/projector/src/main.ts';
const ADMIN_PASSWORD = 'admin-password';
const PER_USERNAME = 3;
const PER_ADDRESS = 5;
const ORDERS = 24;

interface Child {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

// As the Dockerfile's entry points run (`node --import ./scripts/ts-loader.mjs ...`); its last lines of output are
// kept for a failure's message.
function run(entry: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', './scripts/ts-loader.mjs', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output };
}

class Replica {
  process: Child | null = null;
  constructor(
    readonly port: number,
    private readonly databaseUrl: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = run(COMMAND, {
      DATABASE_URL: this.databaseUrl,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT: String(PER_USERNAME),
      LOGIN_ADDRESS_RATE_LIMIT: String(PER_ADDRESS),
      READ_YOUR_WRITES_TIMEOUT_MS: '1000',
      // As docker-compose sets it, shorter: the balancer here has no health check to wait for.
      SHUTDOWN_DELAY_MS: '1000',
      SHUTDOWN_GRACE_MS: '15000',
    });
    const started = this.process;
    await vi.waitFor(
      async () => {
        if (started.child.exitCode !== null) throw new Error(`replica exited with ${started.child.exitCode}: ${started.output.join('')}`);
        const res = await fetch(`${this.url}/api/ready`);
        expect(res.status).toBe(200);
      },
      { timeout: 60_000, interval: 100 },
    );
  }

  // SIGTERM, as docker stop sends; the exit code.
  async stop(): Promise<number | null> {
    const stopping = this.process!;
    stopping.child.kill('SIGTERM');
    const code = await stopping.exited;
    if (code !== 0) console.error(stopping.output.join(''));
    return code;
  }
}

let db: TestDatabase;
let a: Replica;
let b: Replica;
let projector: Child;
let balancer: Balancer;

beforeAll(async () => {
  // Not migrated: both replicas migrate and create the administrator as they start, at the same time.
  db = await createTestDatabase(inject('pgUrl'), { migrate: false });
  a = new Replica(await freePort(), db.url);
  b = new Replica(await freePort(), db.url);
  await Promise.all([a.start(), b.start()]);
  projector = run(PROJECTOR, { DATABASE_URL: db.url });
  balancer = await startBalancer([a.url, b.url]);
}, 300_000);

afterAll(async () => {
  await balancer?.close();
  for (const c of [a?.process, b?.process, projector]) {
    if (c && c.child.exitCode === null) {
      c.child.kill('SIGTERM');
      await c.exited;
    }
  }
  await db?.drop();
}, 300_000);

interface Answer {
  status: number;
  body: any;
  upstream: string | null;
}

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure's message (a proxy's own error page).
  }
  return { status: res.status, body, upstream: res.headers.get('x-upstream') };
}

async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', { body: { username, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token;
}

// A live socket as the web app keeps one (web/src/lib/live-socket.ts): it authenticates first, and after a close it
// reconnects, at once (under 250 ms) after 1012 as the web app does (web/src/lib/live-topics.ts reconnectDelay), after
// a second otherwise; it counts how often it was made ready.
class LiveClient {
  readonly closes: number[] = [];
  readonly messages: LiveServerMessage[] = [];
  readies = 0;
  private ws: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(`${this.base.replace('http', 'ws')}/api/live`);
    this.ws = ws;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: this.token })));
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      this.messages.push(message);
      if (message.type === 'ready') {
        this.readies++;
      }
    });
    ws.on('error', () => {});
    ws.on('close', (code) => {
      this.closes.push(code);
      if (this.stopped || code === LIVE_CLOSE_UNAUTHORIZED) return;
      // The client's own delay before it reconnects, not a wait of the test's: the test waits on `readies`.
      setTimeout(() => this.connect(), code === LIVE_CLOSE_SERVICE_RESTART ? Math.random() * 250 : 1000);
    });
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  async heard(match: (m: LiveServerMessage) => boolean): Promise<void> {
    await vi.waitFor(() => expect(this.messages.some(match)).toBe(true), { timeout: 15_000, interval: 20 });
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

const changed = (topic: string) => (m: LiveServerMessage) => m.type === 'changed' && m.topics.includes(topic);

describe('two command services and a projector behind a load balancer', () => {
  it('count failed sign-ins together: per username and address, and per address', async () => {
    const wrong = (username: string, address: string) =>
      call(balancer.url, 'POST', '/api/auth/login', { body: { username, password: 'not-the-password' }, headers: { 'x-forwarded-for': address } });

    const perUser: Answer[] = [];
    for (let i = 0; i < PER_USERNAME; i++) perUser.push(await wrong('admin', '10.20.0.1'));
    expect(perUser.map((r) => r.status)).toEqual(Array(PER_USERNAME).fill(401));
    // Alternated through both replicas.
    expect(new Set(perUser.map((r) => r.upstream))).toEqual(new Set([a.url, b.url]));
    expect((await wrong('admin', '10.20.0.1')).status).toBe(429);
    const right = await call(balancer.url, 'POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD }, headers: { 'x-forwarded-for': '10.20.0.1' } });
    expect(right.status).toBe(429);

    const perAddress: Answer[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) perAddress.push(await wrong(`nobody${i}`, '10.20.0.2'));
    expect(perAddress.map((r) => r.status)).toEqual(Array(PER_ADDRESS).fill(401));
    expect(new Set(perAddress.map((r) => r.upstream))).toEqual(new Set([a.url, b.url]));
    expect((await wrong('someone-else', '10.20.0.2')).status).toBe(429);
  });

  let admin: string;
  let workers: { id: number; token: string }[];
  let orderIds: number[];

  // Orders imported through one replica, for the tests below, each of which can run alone.
  beforeAll(async () => {
    admin = await signIn(a.url, 'admin', ADMIN_PASSWORD);
    const styled = await call(a.url, 'POST', '/api/styles', { token: admin, body: { style_code: 'REP1', name: 'Replica Tee', sizes: ['M'], colors: ['Blue'] } });
    expect(styled.status, JSON.stringify(styled.body)).toBe(201);
    workers = [];
    for (const username of ['rep_worker1', 'rep_worker2']) {
      const created = await call(a.url, 'POST', '/api/users', { token: admin, body: { username, password: 'password1', role: 'worker' } });
      expect(created.status).toBe(201);
      workers.push({ id: created.body.data.id, token: await signIn(b.url, username, 'password1') });
    }

    const form = new FormData();
    const rows = Array.from({ length: ORDERS }, (_, i) => `#R${1000 + i},Replica Tee,REP1-M-BLUE,10.00,FALSE`);
    form.append('file', new Blob([['Order #,Item,SKU,Value,is Fulfilled', ...rows].join('\n')], { type: 'text/csv' }), 'replicas.csv');
    const uploaded = await fetch(`${a.url}/api/files/upload/orders`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    expect(uploaded.status).toBe(200);
    await vi.waitFor(
      async () => {
        const all = await call(a.url, 'GET', `/api/orders?search=${encodeURIComponent('#R1')}&limit=100`, { token: admin });
        orderIds = all.body.data.orders.map((o: { id: number }) => o.id);
        expect(orderIds).toHaveLength(ORDERS);
      },
      { timeout: 60_000, interval: 100 },
    );
  }, 300_000);

  it('show an order imported through one to the other, and tell a socket on the other about a command on one', async () => {
    const listed = await call(b.url, 'GET', `/api/orders?search=${encodeURIComponent('#R1000')}`, { token: admin });
    expect(listed.body.data.orders.map((o: { order_number: string }) => o.order_number)).toEqual(['#R1000']);
    const all = await call(b.url, 'GET', `/api/orders?search=${encodeURIComponent('#R1')}&limit=100`, { token: admin });
    expect(all.body.data.orders.map((o: { id: number }) => o.id).sort()).toEqual([...orderIds].sort());

    const worker = workers[0]!;
    const socket = new LiveClient(b.url, worker.token);
    await vi.waitFor(() => expect(socket.readies).toBe(1));
    expect((await call(a.url, 'POST', `/api/orders/${orderIds[0]}/assign-worker`, { token: admin, body: { worker_id: worker.id } })).status).toBe(200);
    await socket.heard(changed(`worker:${worker.id}`));

    // A session ended on one is refused by the other, and its socket there closed.
    const second = await signIn(b.url, 'rep_worker1', 'password1');
    const secondSocket = new LiveClient(b.url, second);
    await vi.waitFor(() => expect(secondSocket.readies).toBe(1));
    expect((await call(a.url, 'POST', '/api/auth/logout', { token: second })).status).toBe(200);
    await vi.waitFor(() => expect(secondSocket.closes).toEqual([LIVE_CLOSE_UNAUTHORIZED]), { timeout: 15_000 });
    expect((await call(b.url, 'GET', '/api/auth/me', { token: second })).status).toBe(401);
    socket.stop();
  });

  it('restart one at a time under a stream of commands and an open socket: nothing fails, the socket comes back', async () => {
    // Two sockets, which the balancer sends one to each replica.
    const sockets = [new LiveClient(balancer.url, admin), new LiveClient(balancer.url, admin)];
    await vi.waitFor(() => expect(sockets.map((s) => s.readies)).toEqual([1, 1]));

    // The stream: three clients in a closed loop, each reassigning its own orders between the two workers, every
    // command with its own Idempotency-Key as the web app sends them, and a read now and then.
    const failures: string[] = [];
    const upstreams: string[] = [];
    let sent = 0;
    let streaming = true;
    const loop = async (lane: number) => {
      const mine = orderIds.filter((_, i) => i % 3 === lane);
      for (let n = 0; streaming; n++) {
        const orderId = mine[n % mine.length]!;
        const worker = workers[Math.floor(n / mine.length) % 2]!;
        const request =
          n % 5 === 4
            ? call(balancer.url, 'GET', `/api/orders/${orderId}`, { token: admin })
            : call(balancer.url, 'POST', `/api/orders/${orderId}/assign-worker`, { token: admin, body: { worker_id: worker.id }, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
        const res = await request.catch((e: Error) => ({ status: 0, body: e.message, upstream: null }));
        sent++;
        if (res.upstream) upstreams.push(res.upstream);
        if (res.status !== 200) failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    };
    const stream = [0, 1, 2].map(loop);
    const servedBy = (r: Replica) => upstreams.filter((u) => u === r.url).length;
    const afterMore = async (r: Replica) => {
      const before = servedBy(r);
      await vi.waitFor(() => expect(servedBy(r)).toBeGreaterThan(before + 10), { timeout: 30_000, interval: 50 });
    };

    await afterMore(a);
    expect(await a.stop()).toBe(0);
    // Meanwhile the other answers.
    const whileADown = sent;
    await vi.waitFor(() => expect(sent).toBeGreaterThan(whileADown), { timeout: 15_000, interval: 20 });
    await a.start();
    await afterMore(a);
    expect(await b.stop()).toBe(0);
    await b.start();
    await afterMore(b);
    streaming = false;
    await Promise.all(stream);

    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(50);
    // Each socket was closed with 1012 by each restart of the replica it was on then, and came back each time.
    for (const socket of sockets) {
      expect(socket.closes.length).toBeGreaterThanOrEqual(1);
      expect(new Set(socket.closes)).toEqual(new Set([LIVE_CLOSE_SERVICE_RESTART]));
      await vi.waitFor(() => expect(socket.readies).toBe(socket.closes.length + 1));
      expect(socket.open).toBe(true);
    }
    // And they hear the next change.
    const last = orderIds[orderIds.length - 1]!;
    await call(balancer.url, 'POST', `/api/orders/${last}/deassign-worker`, { token: admin });
    for (const socket of sockets) {
      await socket.heard(changed(`order:${last}`));
      socket.stop();
    }
  }, 300_000);
});
