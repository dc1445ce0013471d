import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { LiveServerMessage } from '@wh/contracts';
import { caughtUp } from '@wh/projector/testing';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../../../scripts/embedded-postgres.ts';
import { fixture } from '../../../../test/fixtures.ts';
import { loadConfig } from '../platform/config.ts';
import { startServer, type RunningServer } from '../server.ts';
import { ADMIN_PASSWORD, type Answer } from '../testing.ts';
import { httpClient, httpLogin } from './http.ts';

// The database stopped and started again under a running service (a real listening server with its projector,
// projection watcher and live gateway): answers are 503 with a clear message meanwhile, the process survives, and
// afterwards everything works again without restarting the service.
const UNAVAILABLE = 'The service is temporarily unavailable. If you were saving a change, check whether it was recorded before trying again.';
const WAIT = { timeout: 60_000, interval: 200 };

let dir: string;
let port: number;
let database: EmbeddedDatabase;
let server: RunningServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'warehouse-restart-'));
  port = await freePort();
  database = await startEmbeddedPostgres(dir, 'warehouse', { port });
  server = await startServer({
    config: { ...loadConfig({}), DATABASE_URL: database.url, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1' },
    withProjector: true,
    listen: true,
    logger: false,
  });
}, 300_000);

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await server?.close();
  await database?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 300_000);

interface Live {
  ws: WebSocket;
  messages: LiveServerMessage[];
  closeCode: number | null;
}

async function openLive(token: string | null): Promise<Live> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/live`);
  sockets.push(ws);
  const live: Live = { ws, messages: [], closeCode: null };
  ws.on('message', (raw) => live.messages.push(JSON.parse(raw.toString())));
  ws.on('close', (code) => (live.closeCode = code));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  return live;
}

// Counts the connection attempts that fail, by the application_name of the client making them (the projector's
// 'warehouse-projector', the live listener's 'warehouse-live'), until `stop` is called.
function countFailedConnects(): { failed: Map<string, number>; stop: () => void } {
  const failed = new Map<string, number>();
  type Callback = (error: Error | null, ...rest: unknown[]) => void;
  const connect = pg.Client.prototype.connect as (this: pg.Client, callback?: Callback) => Promise<void> | undefined;
  const spy = vi.spyOn(pg.Client.prototype, 'connect').mockImplementation(function (this: pg.Client, callback?: Callback) {
    const name = (this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters.application_name ?? '';
    const count = () => void failed.set(name, (failed.get(name) ?? 0) + 1);
    if (callback) {
      return connect.call(this, (error, ...rest) => {
        if (error) count();
        callback(error, ...rest);
      });
    }
    const attempt = connect.call(this);
    attempt?.catch(count);
    return attempt;
  } as typeof pg.Client.prototype.connect);
  return { failed, stop: () => spy.mockRestore() };
}

const changed = (live: Live, topic: string) => live.messages.some((m) => m.type === 'changed' && m.topics.includes(topic));

function expectUnavailable(res: Answer, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(503);
  expect(res.body, what).toEqual({ success: false, message: UNAVAILABLE, error: { code: 'UNAVAILABLE', message: UNAVAILABLE } });
}

describe('the database restarted while the service runs', () => {
  it('answers 503 UNAVAILABLE during the outage, survives it, and works again afterwards without a restart', async () => {
    const admin = await httpLogin(server.url, 'admin', ADMIN_PASSWORD);
    const anonymous = httpClient(server.url);
    const created = await admin.post('/api/users', { username: 'wendy', password: 'password1', role: 'worker', full_name: 'Wendy Worker' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const workerId = created.body.data.id as number;
    expect((await admin.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'))).status).toBe(200);
    const orders = (await admin.get('/api/orders?limit=10')).body.data.orders as { id: number }[];
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = orders as [{ id: number }, { id: number }, { id: number }];

    const live = await openLive(admin.token);
    await vi.waitFor(() => expect(live.messages.some((m) => m.type === 'ready')).toBe(true), WAIT);
    const assigned = await admin.post(`/api/orders/${first.id}/assign-worker`, { worker_id: workerId });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await vi.waitFor(() => expect(changed(live, `order:${first.id}`)).toBe(true), WAIT);

    const attempts = countFailedConnects();
    await database.stop();

    // Several rounds, so that every pooled connection has met the dead server at least once.
    for (let round = 0; round < 3; round++) {
      expectUnavailable(await admin.post(`/api/orders/${second.id}/assign-worker`, { worker_id: workerId }), 'assign');
      expectUnavailable(
        await admin.post('/api/inventory/adjust', {
          sku: 'DR1000-6-BEIGE', adjustment_type: 'increase', quantity: 1, reason: 'Found items', location: 'RECEIVING',
        }),
        'adjust',
      );
      expectUnavailable(await admin.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv')), 'upload');
      expectUnavailable(await admin.get('/api/orders?limit=5'), 'order list');
      expectUnavailable(await admin.get(`/api/orders/${first.id}`), 'order');
      // A sign-in that cannot reach the sessions is unavailable, not a wrong password.
      expectUnavailable(await anonymous.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }), 'login');
      const ready = await anonymous.get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe('UNAVAILABLE');
      expect((await anonymous.get('/api/health')).status).toBe(200);
    }

    // A browser (re)connecting to the live feed meanwhile is told to try again later (1013), not that its session
    // ended (4401), which would sign it out. The socket opened before the outage stays open.
    const during = await openLive(admin.token);
    await vi.waitFor(() => expect(during.closeCode).toBe(1013), WAIT);
    expect(live.closeCode).toBeNull();

    // The projector's and the watcher's reconnect attempts fail a few times before the database comes back.
    await vi.waitFor(() => {
      expect(attempts.failed.get('warehouse-projector') ?? 0, 'failed attempts of the projector').toBeGreaterThanOrEqual(3);
      expect(attempts.failed.get('warehouse-live') ?? 0, 'failed attempts of the live listener').toBeGreaterThanOrEqual(3);
    }, WAIT);
    attempts.stop();
    database = await startEmbeddedPostgres(dir, 'warehouse', { port });

    // Commands succeed again, with the service untouched: read-your-writes shows the projector is projecting.
    await vi.waitFor(async () => {
      const res = await admin.post(`/api/orders/${second.id}/assign-worker`, { worker_id: workerId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.status).toBe('assigned');
    }, WAIT);
    const adjusted = await admin.post('/api/inventory/adjust', {
      sku: 'DR1000-6-BEIGE', adjustment_type: 'increase', quantity: 2, reason: 'Found items', location: 'RECEIVING',
    });
    // No catalogue here, so the SKU is unknown: a domain answer, not the outage's.
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBeLessThan(500);
    expect((await anonymous.get('/api/ready')).status).toBe(200);
    expect(server.projector?.state).toBe('active');

    // The live feed recovered: the listening connection is back, and the socket opened before the outage hears about
    // a change made after it.
    await vi.waitFor(() => expect(server.watcher.listening, 'the live listener reconnected').toBe(true), WAIT);
    const after = await admin.post(`/api/orders/${third.id}/assign-worker`, { worker_id: workerId });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    await vi.waitFor(() => expect(changed(live, `order:${third.id}`)).toBe(true), WAIT);
    expect(changed(live, `order:${second.id}`)).toBe(true);
    // And a socket opened after the restart authenticates and hears it too.
    const fresh = await openLive(admin.token);
    await vi.waitFor(() => expect(fresh.messages.some((m) => m.type === 'ready')).toBe(true), WAIT);

    await caughtUp(server.database.db);
    const row = await server.database.db.selectFrom('rm_orders').select('status').where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('assigned');
  }, 300_000);
});
