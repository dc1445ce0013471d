import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { startRelay } from '../../../../test/relay.ts';
import { ProjectionWatcher } from './projection-watcher.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;
let watcher: ProjectionWatcher;

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'watcher-test' });
  watcher = new ProjectionWatcher(testDb.url, handle.db);
  await watcher.start();
});

afterAll(async () => {
  await watcher?.stop();
  await handle?.close();
  await testDb?.drop();
});

// No projector runs here and nothing moves the checkpoint row: only `projected` can end these waits.
describe('ProjectionWatcher.projected (the in-process projector committed a batch)', () => {
  it('answers the commands waiting for that checkpoint or an earlier one, without a notice', async () => {
    const waits = [
      watcher.waitFor({ tx: '900', pos: '41' }, 60_000),
      watcher.waitFor({ tx: '900', pos: '42' }, 60_000),
      watcher.waitFor({ tx: '899', pos: '50' }, 60_000),
    ];
    watcher.projected({ tx: '900', pos: '42' });
    expect(await Promise.all(waits)).toEqual([true, true, true]);
    // Reached already: answered at once.
    expect(await watcher.waitFor({ tx: '900', pos: '42' }, 60_000)).toBe(true);
  });

  it('leaves a command whose events are further on waiting', async () => {
    const later = watcher.waitFor({ tx: '901', pos: '1' }, 300);
    watcher.projected({ tx: '900', pos: '99' });
    expect(await later).toBe(false);
  });
});

describe('ProjectionWatcher.stoppedFor (a projection stopped at an event while the others go on)', () => {
  it("names the stopped projection for a command whose events it handles, once told of the stop and before the next batch's checkpoint arrives", async () => {
    const append = async (type: string) =>
      (
        await sql<{ tx: string; pos: string }>`
          insert into events (stream_id, stream_version, event_type, data) values (${`w-${type}-${Math.random()}`}, 1, ${type}, '{}')
          returning transaction_id::text as tx, global_position::text as pos`.execute(handle.db)
      ).rows[0]!;
    const before = await append('OrderImported');
    const order = await append('OrderImported');
    const location = await append('LocationCreated');
    expect(await watcher.stoppedFor(order)).toBeNull();
    // As the projector records it (services/projector stops.ts), then tells its in-process watcher (onStops) and
    // commits its next batch (projected) before the notice has come back through PostgreSQL.
    await sql`
      insert into projection_stops (projection, last_tx, last_pos, event_tx, event_pos, event_type, event_stream, message, event_types)
      values ('orders', ${before.tx}::xid8, ${before.pos}::bigint, ${order.tx}::xid8, ${order.pos}::bigint, 'OrderImported', 'w',
              'orders: numeric field overflow', '{OrderImported,OrderCancelled}')`.execute(handle.db);
    watcher.stopsChanged();
    watcher.projected(location);
    expect(await watcher.waitFor(order, 60_000)).toBe(true);
    expect(await watcher.stoppedFor(order)).toBe(
      `The orders read model is stopped at event ${order.pos} (OrderImported): orders: numeric field overflow. ` +
        'This change is recorded but not shown there until the projection is fixed.',
    );
    // Events it applied before it stopped, and events of types it does not handle, are shown.
    expect(await watcher.stoppedFor(before)).toBeNull();
    expect(await watcher.stoppedFor(location)).toBeNull();
    await sql`delete from projection_stops`.execute(handle.db);
    watcher.stopsChanged();
    expect(await watcher.stoppedFor(order)).toBeNull();
  });
});

describe('ProjectionWatcher.onStale', () => {
  it('tells the caches to start afresh on a * notice (a rebuild), before the notice is handed on, and not on other topics', async () => {
    const calls: string[] = [];
    const offStale = watcher.onStale(() => calls.push('stale'));
    const offChange = watcher.onChange((notice) => calls.push(notice.topics.join(',')));
    try {
      const announce = (topics: string[]) =>
        sql`select pg_notify('read_models', ${JSON.stringify({ tx: '1', pos: '1', topics })})`.execute(handle.db);
      await announce(['orders', 'order:4']);
      await announce(['*']);
      await vi.waitFor(() => expect(calls).toEqual(['orders,order:4', 'stale', '*']), { timeout: 5000, interval: 20 });
    } finally {
      offStale();
      offChange();
    }
  });
});

describe('ProjectionWatcher after its connection is lost', () => {
  it('listens again once the database answers, even after an attempt that got no answer at all', async () => {
    const relay = await startRelay(new URL(testDb.url));
    const notices: string[] = [];
    const deaf = new ProjectionWatcher(relay.url, handle.db, () => {}, { connectTimeoutMs: 300, retryMs: 50 });
    deaf.onChange((notice) => notices.push(notice.pos));
    try {
      await deaf.start();
      expect(deaf.listening).toBe(true);
      // The host goes down: the connection is cut and the next attempts are accepted and never answered.
      relay.hang(true);
      relay.cut();
      await vi.waitFor(() => expect(deaf.listening).toBe(false), { timeout: 5000, interval: 20 });
      // Back once an attempt has been left unanswered: that attempt must not be the last.
      await vi.waitFor(() => expect(relay.hung).toBeGreaterThan(0), { timeout: 5000, interval: 20 });
      expect(deaf.listening).toBe(false);
      relay.hang(false);
      await vi.waitFor(() => expect(deaf.listening).toBe(true), { timeout: 10_000, interval: 50 });
      // And it hears what is announced now.
      await sql`select pg_notify('read_models', ${JSON.stringify({ tx: '1', pos: '7', topics: ['orders'] })})`.execute(handle.db);
      await vi.waitFor(() => expect(notices).toContain('7'), { timeout: 5000, interval: 20 });
    } finally {
      await deaf.stop();
      await relay.close();
    }
  });
});
