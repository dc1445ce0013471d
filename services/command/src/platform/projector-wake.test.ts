import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { Projector, projections } from '@wh/projector';
import { appendToStreams, type AppendResult, type EventMetadata } from './event-store.ts';
import { ProjectionWatcher } from './projection-watcher.ts';
import { ProjectorWaker, setAppendWaker } from './projector-wake.ts';
import { stockTake } from './stock.ts';

// Every projector here polls once in ten minutes: an event projected within a test was woken for, not polled for.
const NEVER_POLL_MS = 600_000;
const metadata: EventMetadata = { actor_id: 1, actor_role: 'manager', correlation_id: 'wake', causation_id: 'wake', client_ip: '127.0.0.1' };

let testDb: TestDatabase;
let commands: DatabaseHandle;
let projectorDb: DatabaseHandle;
let watcher: ProjectionWatcher;
let listener: pg.Client;
const notices: string[] = [];
const stops: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  commands = createDatabase(testDb.url, { application: 'wake-test-commands' });
  projectorDb = createDatabase(testDb.url, { application: 'wake-test-projector', max: 2 });
  watcher = new ProjectionWatcher(testDb.url, commands.db);
  await watcher.start();
  listener = new pg.Client({ connectionString: testDb.url });
  await listener.connect();
  listener.on('notification', (msg) => notices.push(msg.channel === 'events' ? (msg.payload ?? '') : `${msg.channel}:${msg.payload}`));
  await listener.query('listen events');
  await listener.query('listen wake_test');
});

afterEach(async () => {
  setAppendWaker(commands.db, null);
  while (stops.length > 0) await stops.pop()!();
});

afterAll(async () => {
  await listener?.end();
  await watcher?.stop();
  await projectorDb?.close();
  await commands?.close();
  await testDb?.drop();
});

// A projector on its own connections, caught up and asleep when this resolves: from then on only a wake-up
// projects anything (its poll is ten minutes away).
async function activeProjector(): Promise<Projector> {
  let asleep!: () => void;
  const idle = new Promise<void>((resolve) => (asleep = resolve));
  const projector = new Projector({ databaseUrl: testDb.url, db: projectorDb.db, projections, pollMs: NEVER_POLL_MS, onIdle: () => asleep() });
  projector.start();
  stops.push(() => projector.stop());
  await idle;
  return projector;
}

function useWaker(local: Projector | null): void {
  const waker = new ProjectorWaker(commands.db, local);
  setAppendWaker(commands.db, waker);
  stops.push(() => waker.close());
}

// A real event type, as every append is checked against its type's schema.
const SETTING_CHANGED = { type: 'ScanLocationFirstSet', data: { scan_location_first: true, at: '2025-03-01T10:00:00.000Z' } };
let streams = 0;
const appendOne = (db = commands.db) =>
  appendToStreams(db, [{ streamId: `wake-${++streams}`, expectedVersion: 0, events: [SETTING_CHANGED] }], metadata);

// Whether the read models reached the append: bounded far below the projectors' poll.
const projected = (append: AppendResult | null) => watcher.waitFor(append!, 20_000);

// Notices on 'events' so far: a marker sent now arrives after every notice committed before it (one queue for
// every channel). Not on 'events' itself, which would wake the projector.
async function noticesSoFar(): Promise<string[]> {
  const marker = String(Math.random());
  await commands.pool.query(`select pg_notify('wake_test', $1)`, [marker]);
  await vi.waitFor(() => expect(notices).toContain(`wake_test:${marker}`), { timeout: 10_000, interval: 20 });
  return notices.splice(0).filter((n) => !n.startsWith('wake_test:'));
}

describe('projector wake-up after an append', () => {
  it('pokes the active projector of this process directly: the append sends no NOTIFY and is projected at once', async () => {
    await noticesSoFar();
    const projector = await activeProjector();
    useWaker(projector);
    const appended = await appendOne();
    expect(await projected(appended)).toBe(true);
    expect(await noticesSoFar()).toEqual([]);
  });

  it('a stocked pick appended with its stock take wakes the projector the same way', async () => {
    const projector = await activeProjector();
    useWaker(projector);
    await commands.pool.query(`insert into stock_levels (sku, location, quantity) values ('WAKE-1', 'W-1', 5)`);
    await noticesSoFar();
    const appended = await appendToStreams(
      commands.db,
      [{ streamId: `wake-${++streams}`, expectedVersion: 0, events: [SETTING_CHANGED] }],
      metadata,
      { guard: stockTake({ sku: 'WAKE-1', location: 'W-1', delta: -1 }) },
    );
    expect(await projected(appended)).toBe(true);
    expect(await noticesSoFar()).toEqual([]);
  });

  it('with no active projector in this process, one NOTIFY outside the append wakes a projector elsewhere', async () => {
    // The projector on its own connections stands for another process: only a NOTIFY reaches it.
    await activeProjector();
    useWaker(null);
    await noticesSoFar();
    const appends = await Promise.all(Array.from({ length: 20 }, () => appendOne()));
    for (const a of appends) expect(await projected(a)).toBe(true);
    const sent = await noticesSoFar();
    // Coalesced: never more than one a append, and at least one.
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(20);
  });

  it('appends in a transaction and on a pool without a waker are still notified for by the trigger', async () => {
    await activeProjector();
    useWaker(null);
    await noticesSoFar();
    const inTransaction = await commands.db.transaction().execute((trx) => appendOne(trx));
    expect(await projected(inTransaction)).toBe(true);
    const other = createDatabase(testDb.url, { application: 'wake-test-script' });
    stops.push(() => other.close());
    const elsewhere = await appendOne(other.db);
    expect(await projected(elsewhere)).toBe(true);
    expect(await noticesSoFar()).toEqual(['', '']);
  });
});
