import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { parseWalPosition, READ_AFTER_HEADER, type LiveServerMessage, type Readiness } from '@wh/contracts';
import { queryRows } from '@wh/db/testing';
import { startPrimary, type LocalCluster, type ReplicationSet } from '../../../../scripts/streaming-replica.ts';
import { client, startTestApp, type Client, type TestApp } from '../testing.ts';

// A real streaming replica: the test's own primary (initdb) and a replica made from it with pg_basebackup, each its
// own PostgreSQL server; the service reads its queries from the replica (DATABASE_READ_URL).
const WAIT = { timeout: 30_000, interval: 50 };

let dir: string;
let clusters: ReplicationSet;
let replica: LocalCluster;
let t: TestApp;
let admin: Client;

const onReplica = <T extends Record<string, unknown>>(text: string) => queryRows<T>(replica.at(t.db.url), text);

async function replayedAtLeast(position: string): Promise<void> {
  await vi.waitFor(async () => {
    const [row] = await onReplica<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn');
    expect(parseWalPosition(row!.lsn)! >= parseWalPosition(position)!).toBe(true);
  }, WAIT);
}

// The replica keeps receiving the primary's WAL but applies none of it until resumed.
async function pauseReplay(): Promise<void> {
  await onReplica('select pg_wal_replay_pause()');
  await vi.waitFor(async () => {
    const [row] = await onReplica<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
    expect(row!.state).toBe('paused');
  }, WAIT);
}

const resumeReplay = () => onReplica('select pg_wal_replay_resume()');

// The primary's WAL position now, for a replica to catch up to.
async function primaryPosition(): Promise<string> {
  const [row] = await queryRows<{ lsn: string }>(t.db.url, 'select pg_current_wal_insert_lsn()::text as lsn');
  return row!.lsn;
}

let orderNumber = 30000;
// Imports one order (a command) and answers its number with the command's answer.
async function importOrder(): Promise<{ number: string; body: any }> {
  const number = `#${++orderNumber}`;
  const csv = `Order #,Item,SKU,Value,is Fulfilled\n${number},Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,100.00,FALSE\n`;
  const res = await admin.upload('/api/files/upload/orders', 'orders.csv', csv);
  expect(res.status).toBe(200);
  return { number, body: res.body };
}

// The order numbers GET /api/orders lists, sent with the headers given.
async function listedOrders(headers: Record<string, string> = {}): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/orders?per_page=100', headers: { authorization: `Bearer ${admin.token}`, ...headers } });
  expect(res.statusCode).toBe(200);
  return (res.json().data.orders as { order_number: string }[]).map((o) => o.order_number);
}

const readiness = async (): Promise<Readiness> => {
  const res = await client(t.app).get('/api/ready');
  expect(res.status).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'warehouse-replica-test-'));
  clusters = await startPrimary(dir);
  replica = await clusters.addReplica();
  t = await startTestApp({ pgUrl: clusters.primary.url, readUrl: (url) => replica.at(url), listen: true, config: { READ_REPLICA_WAIT_MS: 300 } });
  admin = await t.asAdmin();
  // The test's database and its migrations reach the replica through the WAL.
  await replayedAtLeast(await primaryPosition());
}, 300_000);

afterAll(async () => {
  await resumeReplay().catch(() => {});
  await t?.stop();
  await clusters?.destroy();
  await rm(dir, { recursive: true, force: true });
}, 300_000);

describe('queries on a streaming replica (DATABASE_READ_URL)', () => {
  it('reads queries from the replica: with its replay paused, a read without X-Read-After does not see a new order', async () => {
    const first = await importOrder();
    await replayedAtLeast(first.body.read_after);
    expect(await listedOrders()).toContain(first.number);

    await pauseReplay();
    try {
      const second = await importOrder();
      // The primary has it; the replica, which answered, does not.
      expect((await queryRows(t.db.url, `select 1 from rm_orders where order_number = '${second.number}'`)).length).toBe(1);
      expect(await listedOrders()).not.toContain(second.number);
    } finally {
      await resumeReplay();
    }
  });

  it("keeps read-your-writes: a command's answer carries read_after, and a read sent with it sees the write", async () => {
    await pauseReplay();
    try {
      const written = await importOrder();
      expect(written.body).toMatchObject({ projected: true, position: expect.any(String) });
      expect(parseWalPosition(written.body.read_after)).not.toBeNull();
      // The replica cannot show it within READ_REPLICA_WAIT_MS: the read goes to the primary.
      expect(await listedOrders({ [READ_AFTER_HEADER]: written.body.read_after })).toContain(written.number);
      expect(await listedOrders()).not.toContain(written.number);
    } finally {
      await resumeReplay();
    }
  });

  it('answers a read from the replica once it has replayed past the position the read carries', async () => {
    const older = await importOrder();
    await replayedAtLeast(older.body.read_after);
    // The write's position, once replayed, brings its projected read model along.
    expect((await onReplica(`select 1 from rm_orders where order_number = '${older.number}'`)).length).toBe(1);
    await pauseReplay();
    try {
      const newer = await importOrder();
      // Sent with the older write's position, the read is served by the replica: it has that write, not the newer one
      // the primary has.
      const listed = await listedOrders({ [READ_AFTER_HEADER]: older.body.read_after });
      expect(listed).toContain(older.number);
      expect(listed).not.toContain(newer.number);
      expect(await listedOrders({ [READ_AFTER_HEADER]: newer.body.read_after })).toContain(newer.number);
    } finally {
      await resumeReplay();
    }
  });

  it('puts read_after on live notices: a screen that reads again on hearing of a change sees it', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live`);
    const messages: LiveServerMessage[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'auth', token: admin.token }));
    await vi.waitFor(() => expect(messages.some((m) => m.type === 'ready')).toBe(true), WAIT);
    await pauseReplay();
    try {
      const written = await importOrder();
      let notice: LiveServerMessage | undefined;
      await vi.waitFor(() => {
        notice = messages.find((m) => m.type === 'changed' && m.topics.includes('orders') && m.read_after !== undefined);
        expect(notice).toBeDefined();
      }, WAIT);
      const readAfter = notice!.type === 'changed' ? notice!.read_after! : '';
      expect(parseWalPosition(readAfter)).not.toBeNull();
      expect(await listedOrders({ [READ_AFTER_HEADER]: readAfter })).toContain(written.number);
    } finally {
      ws.close();
      await resumeReplay();
    }
  });

  it('reports the replica in /api/ready: reachable, and its replay lag in bytes and seconds', async () => {
    await replayedAtLeast(await primaryPosition());
    await pauseReplay();
    try {
      await importOrder();
      const lagging = await readiness();
      expect(lagging.status).toBe('ready');
      expect(lagging.replica).toMatchObject({ configured: true, reachable: true, replay_position: expect.any(String) });
      expect(lagging.replica.lag_bytes).toBeGreaterThan(0);
      expect(lagging.replica.lag_seconds).toBeGreaterThanOrEqual(0);
    } finally {
      await resumeReplay();
    }
    await vi.waitFor(async () => expect((await readiness()).replica).toMatchObject({ reachable: true, lag_bytes: 0, lag_seconds: 0 }), WAIT);
  });

  it('refuses a malformed X-Read-After with a 400 naming the header', async () => {
    for (const value of ['yesterday', '0/', '1/2/3', '123456789/0', '0/16B3748; drop table events']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { authorization: `Bearer ${admin.token}`, [READ_AFTER_HEADER]: value } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('X-Read-After');
    }
  });

  it('reads from the primary while the replica is unreachable, with no error, and from the replica again once it is back', async () => {
    await replica.stop();
    try {
      const written = await importOrder();
      expect(written.body.read_after).toEqual(expect.any(String));
      for (const headers of [{}, { [READ_AFTER_HEADER]: written.body.read_after as string }] as Record<string, string>[]) {
        expect(await listedOrders(headers)).toContain(written.number);
      }
      for (const url of ['/api/reports/order-analytics?range=today', '/api/inventory/status', '/api/orders/export?format=csv']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
        expect(res.statusCode, url).toBe(200);
      }
      expect((await readiness()).replica).toMatchObject({ configured: true, reachable: false, lag_bytes: null });
    } finally {
      await replica.start();
    }
    await vi.waitFor(async () => expect((await readiness()).replica.reachable).toBe(true), WAIT);
    await replayedAtLeast(await primaryPosition());
    // Back on the replica: with its replay paused, a read without the header misses a new order again.
    await pauseReplay();
    try {
      const unseen = await importOrder();
      await vi.waitFor(async () => expect(await listedOrders()).not.toContain(unseen.number), WAIT);
    } finally {
      await resumeReplay();
    }
  });
});
