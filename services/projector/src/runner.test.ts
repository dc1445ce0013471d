import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { compareStreamPositions, encodeTopic, type ReadModelsNotice, type StreamPosition } from '@wh/contracts';
import { lockCheckpoint, projectBatch, type BatchResult } from './batch.ts';
import type { Projection } from './projection.ts';
import { usersProjection } from './projections/users.ts';
import { Projector, PROJECTOR_LOCK_KEY } from './runner.ts';
import { startRelay } from '../../../test/relay.ts';

const WAIT = { timeout: 15_000, interval: 25 };

let testDb: TestDatabase;
let handle: DatabaseHandle;
const clients: pg.Client[] = [];
const running: Projector[] = [];

// The test projection's topic: a batch no other projection announces.
const TEST_TOPIC = { kind: 'batch', id: 424_242 } as const;

// Records every applied event; the primary key makes a second application of an event fail loudly.
const testProjection: Projection = {
  name: 'test',
  handles: new Set(['UserActivated']),
  async apply(trx, events, topics) {
    for (const e of events) {
      await sql`insert into test_applied (position, tx, stream_id)
                values (${e.global_position}::bigint, ${e.transaction_id}::xid8, ${e.stream_id})`.execute(trx);
      topics.add(TEST_TOPIC);
    }
  },
};

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'runner-test' });
  await sql`create table test_applied (
              seq       bigserial not null,
              position  bigint primary key,
              tx        xid8 not null,
              stream_id text not null)`.execute(handle.db);
});

afterEach(async () => {
  while (running.length > 0) await running.pop()!.stop();
  while (clients.length > 0) await clients.pop()!.end().catch(() => {});
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDb.url });
  clients.push(client);
  await client.connect();
  return client;
}

let streamCounter = 0;
interface Appended {
  position: string;
  tx: string;
}

// Appends one test event on the given connection (inside whatever transaction it has open).
async function appendOn(client: pg.Client | pg.Pool, type = 'UserActivated', data: unknown = {}, streamId?: string): Promise<Appended> {
  const { rows } = await client.query<{ position: string; tx: string }>(
    `insert into events (stream_id, stream_version, event_type, data) values ($1, 1, $2, $3)
     returning global_position::text as position, transaction_id::text as tx`,
    [streamId ?? `test-${++streamCounter}`, type, JSON.stringify(data)],
  );
  return rows[0]!;
}

const append = (type?: string, data?: unknown, streamId?: string) => appendOn(handle.pool, type, data, streamId);

async function appliedPositions(): Promise<string[]> {
  const { rows } = await sql<{ position: string }>`select position::text as position from test_applied order by seq`.execute(handle.db);
  return rows.map((r) => r.position);
}

async function checkpoint() {
  return handle.db.transaction().execute((trx) => lockCheckpoint(trx));
}

const batch = (projections: readonly Projection[] = [testProjection]): Promise<BatchResult> =>
  handle.db.transaction().execute((trx) => projectBatch(trx, projections, 500));

const after = (a: StreamPosition, b: StreamPosition) => compareStreamPositions(a, b) > 0;

function projector(
  options: { pollMs?: number; projections?: readonly Projection[]; batchSize?: number; maxBatchSize?: number; failureBackoff?: { firstMs: number; maxMs: number } } = {},
) {
  const batches: BatchResult[] = [];
  let idles = 0;
  const logs: { level: string; msg: string; extra?: Record<string, unknown> }[] = [];
  const p = new Projector({
    databaseUrl: testDb.url,
    db: handle.db,
    projections: options.projections ?? [testProjection],
    pollMs: options.pollMs ?? 100,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.maxBatchSize ? { maxBatchSize: options.maxBatchSize } : {}),
    ...(options.failureBackoff ? { failureBackoff: options.failureBackoff } : {}),
    onBatch: (r) => batches.push(r),
    onIdle: () => idles++,
    log: (level, msg, extra) => logs.push({ level, msg, ...(extra ? { extra } : {}) }),
  });
  running.push(p);
  p.start();
  return { p, batches, logs, applied: () => batches.reduce((n, b) => n + b.count, 0), idles: () => idles };
}

// Resolves once the projector has gone idle (caught up, in its wait for a wake-up or the poll) after this call: every
// batch it committed before then has been reported to onBatch.
async function idleAgain(only: { idles: () => number }) {
  const before = only.idles();
  await vi.waitFor(() => expect(only.idles()).toBeGreaterThan(before), WAIT);
}

// Resolves once an instance without the lock has asked for it `n` more times (its connection's last statement, the
// pg_try_advisory_lock, started anew each time).
async function lockAttempts(n: number) {
  const started = async () =>
    (
      await sql<{ started: string }>`
        select query_start::text as started from pg_stat_activity
         where datname = current_database() and application_name = 'warehouse-projector'
           and query like 'select pg_try_advisory_lock(%'
           and pid not in (select pid from pg_locks where locktype = 'advisory' and granted and objid = ${PROJECTOR_LOCK_KEY})`.execute(handle.db)
    ).rows.map((r) => r.started);
  const first = new Set(await started());
  const seen = new Set<string>();
  await vi.waitFor(async () => {
    for (const s of await started()) if (!first.has(s)) seen.add(s);
    expect(seen.size).toBeGreaterThanOrEqual(n);
  }, WAIT);
}

// Resolves once at least `n` batches have begun and ended after this call: each locks the checkpoint row (FOR UPDATE
// in lockAndRead), which leaves its transaction id in the row's xmax. Two more xmax changes than that: the first seen
// may be a batch whose statement began before the call, the last one's batch may still be under way.
async function batchesRun(n: number) {
  const xmax = async () =>
    (await sql<{ xmax: string }>`select xmax::text as xmax from projector_checkpoints where name = 'main'`.execute(handle.db)).rows[0]!.xmax;
  const first = await xmax();
  const seen = new Set<string>();
  await vi.waitFor(async () => {
    const now = await xmax();
    if (now !== first) seen.add(now);
    expect(seen.size).toBeGreaterThanOrEqual(n + 2);
  }, WAIT);
}

// A projector that just stopped has closed its connection; the server drops its advisory lock a moment later.
async function lockReleased() {
  await vi.waitFor(async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks
       where locktype = 'advisory' and objid = ${PROJECTOR_LOCK_KEY}
         and database = (select oid from pg_database where datname = current_database())`.execute(handle.db);
    expect(rows[0]!.n).toBe(0);
  }, WAIT);
}

// Two instances on one database, once one holds the lock and the other waits for it.
async function activeAndStandby() {
  await lockReleased();
  const first = projector();
  const second = projector();
  await vi.waitFor(() => expect([first.p.state, second.p.state]).toContain('active'), WAIT);
  const [active, standby] = first.p.state === 'active' ? [first, second] : [second, first];
  await vi.waitFor(() => expect(standby.p.state).toBe('standby'), WAIT);
  return { active, standby };
}

describe('projectBatch and late commits', () => {
  it('does not pass an open transaction holding a lower position; applies both once, in (tx, position) order, after it commits', async () => {
    const a = await connect();
    const b = await connect();

    await a.query('begin');
    const eventA = await appendOn(a); // lower position, lower transaction id; stays open
    await b.query('begin');
    const eventB = await appendOn(b);
    await b.query('commit');
    expect(BigInt(eventA.position)).toBeLessThan(BigInt(eventB.position));
    expect(BigInt(eventA.tx)).toBeLessThan(BigInt(eventB.tx));

    // B is committed and readable (so B not applied below is the batch's doing), but A may still commit below it.
    // Why the pair and not the position alone: a reader ordering by global_position would read B now, checkpoint B's
    // position and never look below it again, so A, committing later with a lower position, would be lost for good.
    // The batch must hold B back.
    const readable = await handle.pool.query<{ pos: string }>(`select global_position::text as pos from events where global_position > $1`, [
      eventA.position,
    ]);
    expect(readable.rows.map((r) => r.pos)).toContain(eventB.position);
    const held = await batch();
    expect(await appliedPositions()).not.toContain(eventB.position);
    expect(held.topics).not.toContain(encodeTopic(TEST_TOPIC));
    expect(held.heldBack).toBe(true);
    const cp = await checkpoint();
    expect(after(cp, { tx: eventA.tx, pos: eventA.position })).toBe(false);
    expect(after(cp, { tx: eventB.tx, pos: eventB.position })).toBe(false);

    await a.query('commit');

    // A's events become readable once its commit is seen: batch until done.
    await vi.waitFor(async () => {
      await batch();
      const applied = await appliedPositions();
      expect(applied).toContain(eventA.position);
      expect(applied).toContain(eventB.position);
    }, WAIT);

    const applied = await appliedPositions();
    expect(applied.filter((p) => p === eventA.position || p === eventB.position)).toEqual([eventA.position, eventB.position]);
    const passed = await checkpoint();
    expect(passed.pos === eventB.position || after(passed, { tx: eventB.tx, pos: eventB.position })).toBe(true);

    // Nothing is applied twice: further batches find nothing new.
    expect((await batch()).count).toBe(0);
    expect(await appliedPositions()).toEqual(applied);
  });
});

describe('Projector', () => {
  it('two instances: one active, one standby, each event applied once; stopping the active one hands over', async () => {
    const { active, standby } = await activeAndStandby();

    const events: string[] = [];
    for (let i = 0; i < 5; i++) events.push((await append()).position);
    await vi.waitFor(async () => expect(await appliedPositions()).toEqual(expect.arrayContaining(events)), WAIT);

    // The standby keeps trying the lock (every 100 ms) but never gets it while the active one holds it: once it has
    // tried a few times, and the active one has gone idle after projecting the events (its batches all reported).
    await idleAgain(active);
    await lockAttempts(5);
    expect(active.p.state).toBe('active');
    expect(standby.p.state).toBe('standby');
    expect(standby.applied()).toBe(0);
    expect(active.applied()).toBe(events.length);

    await active.p.stop();
    expect(active.p.state).toBe('stopped');
    await vi.waitFor(() => expect(standby.p.state).toBe('active'), WAIT);

    const later: string[] = [];
    for (let i = 0; i < 3; i++) later.push((await append()).position);
    await vi.waitFor(async () => expect(await appliedPositions()).toEqual(expect.arrayContaining(later)), WAIT);
    expect(standby.applied()).toBe(later.length);
    expect(active.applied()).toBe(events.length);
    expect([...active.logs, ...standby.logs].filter((l) => l.msg.includes('lost'))).toEqual([]);
  });

  it('when the active instance loses its connection on the database side, the standby takes over', async () => {
    const { active, standby } = await activeAndStandby();

    // Both lock clients are named warehouse-projector; the one holding the advisory lock is the active one.
    const { rows } = await sql<{ pid: number; application_name: string }>`
      select l.pid, a.application_name
        from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and l.objid = ${PROJECTOR_LOCK_KEY}
         and l.database = (select oid from pg_database where datname = current_database())`.execute(handle.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.application_name).toBe('warehouse-projector');
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(handle.db);

    await vi.waitFor(() => expect(standby.p.state).toBe('active'), WAIT);
    const events: string[] = [];
    for (let i = 0; i < 3; i++) events.push((await append()).position);
    await vi.waitFor(async () => expect(await appliedPositions()).toEqual(expect.arrayContaining(events)), WAIT);
    // The killed instance reconnects and waits as the standby.
    await vi.waitFor(() => expect(active.p.state).toBe('standby'), WAIT);
    expect(standby.p.state).toBe('active');
    expect(active.logs.some((l) => l.msg.includes('connection lost'))).toBe(true);
    expect(active.applied() + standby.applied()).toBe(events.length);
  });

  it('projects a backlog in doubling batches, and a new event after it in the small batch again', async () => {
    await lockReleased();
    const appendMany = (n: number) =>
      sql`insert into events (stream_id, stream_version, event_type, data)
          select 'backlog-' || ${++streamCounter} || '-' || i, 1, 'UserActivated', '{}' from generate_series(1, ${n}) i`.execute(handle.db);
    await appendMany(70);
    const only = projector({ batchSize: 10, maxBatchSize: 40 });
    await vi.waitFor(() => expect(only.applied()).toBe(70), WAIT);
    // Let it find nothing more (the batch that ends the backlog) before the next event comes.
    await idleAgain(only);
    await appendMany(15);
    await vi.waitFor(() => expect(only.applied()).toBe(85), WAIT);
    expect(only.batches.map((b) => b.count)).toEqual([10, 20, 40, 10, 5]);
  });

  it('is woken by NOTIFY events, not by polling', async () => {
    await lockReleased();
    const only = projector({ pollMs: 60_000 });
    await vi.waitFor(() => expect(only.p.state).toBe('active'), WAIT);
    // Let the first batch after becoming active finish, so the projector is idle in its 60 s wait.
    await vi.waitFor(() => expect(only.idles()).toBeGreaterThan(0), WAIT);
    const { position } = await append();
    await vi.waitFor(async () => expect(await appliedPositions()).toContain(position), { timeout: 10_000, interval: 25 });
  });

  it('applies an event held back by an unrelated open transaction as soon as it ends, without waiting for the poll', async () => {
    await lockReleased();
    const only = projector({ pollMs: 60_000 });
    await vi.waitFor(() => expect(only.p.state).toBe('active'), WAIT);
    await vi.waitFor(() => expect(only.idles()).toBeGreaterThan(0), WAIT);
    // A writer that appends no event but holds the snapshot's xmin while an event commits and its NOTIFY fires.
    const blocker = await connect();
    await blocker.query('begin');
    await blocker.query('select pg_current_xact_id()');
    const { position } = await append();
    // Woken by the event's NOTIFY, the projector's batches after its commit find it held back and retry.
    await batchesRun(2);
    expect(await appliedPositions()).not.toContain(position);
    await blocker.query('commit');
    // No second NOTIFY comes and the poll is 60 s away: only the held-back retry can apply it within this bound.
    await vi.waitFor(async () => expect(await appliedPositions()).toContain(position), { timeout: 10_000, interval: 25 });
  });

  it('stop() during a batch that finds nothing returns, instead of starting the long poll wait', async () => {
    await lockReleased();
    const only = projector({ pollMs: 600_000 });
    await vi.waitFor(() => expect(only.p.state).toBe('active'), WAIT);
    await vi.waitFor(() => expect(only.idles()).toBeGreaterThan(0), WAIT);
    // Hold the checkpoint row, wake the projector: its batch waits on the row lock.
    const holder = await connect();
    await holder.query('begin');
    await holder.query(`select 1 from projector_checkpoints where name = 'main' for update`);
    await handle.pool.query(`select pg_notify('events', '')`); // delivered at once: not inside the holder's transaction
    await vi.waitFor(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`.execute(handle.db);
      expect(rows[0]!.n).toBeGreaterThan(0);
    }, WAIT);
    const stopped = only.p.stop();
    await holder.query('commit');
    // With the old idle(), this waited out the 10-minute poll (the test's own timeout fails it first).
    await stopped;
    expect(only.p.state).toBe('stopped');
  });

  it("sends NOTIFY read_models with the batch's checkpoint and topics after a batch", async () => {
    const listener = await connect();
    const notices: ReadModelsNotice[] = [];
    listener.on('notification', (msg) => {
      if (msg.channel === 'read_models' && msg.payload) notices.push(JSON.parse(msg.payload) as ReadModelsNotice);
    });
    await listener.query('listen read_models');
    await lockReleased();
    const only = projector({ projections: [usersProjection, testProjection] });
    await vi.waitFor(() => expect(only.p.state).toBe('active'), WAIT);

    const userId = 4242;
    const created = await append(
      'UserCreated',
      { user_id: userId, username: 'notice', email: null, full_name: null, role: 'worker', is_active: true, at: '2024-01-01T00:00:00.000Z' },
      `user-${userId}`,
    );
    await vi.waitFor(() => expect(notices.some((n) => n.topics.includes(`user:${userId}`))).toBe(true), WAIT);
    const notice = notices.find((n) => n.topics.includes(`user:${userId}`))!;
    expect(notice.topics).toEqual(expect.arrayContaining(['users', `user:${userId}`]));
    expect(notice.topics).not.toContain(encodeTopic(TEST_TOPIC));
    expect(notice).toEqual({ tx: created.tx, pos: created.position, topics: notice.topics });
    const row = await handle.db.selectFrom('rm_users').selectAll().where('id', '=', userId).executeTakeFirst();
    expect(row?.username).toBe('notice');
  });
});

describe('a projection that fails on an event for a passing cause (a serialization failure)', () => {
  it('narrows a failing batch down to the event, records it with its position and error, retries, and clears it once past', async () => {
    await lockReleased();
    let broken = true;
    // Applies like testProjection, and fails on an event marked to fail while `broken`, as a transaction that lost a
    // serialization conflict does (SQLSTATE 40001): not the projection's fault, so it is retried, never stopped.
    const fragile: Projection = {
      ...testProjection,
      name: 'fragile',
      async apply(trx, events, topics) {
        for (const e of events) {
          if (broken && (e.data as { fail?: boolean }).fail) {
            throw Object.assign(new Error(`boom at ${e.stream_id}\n  with a second line`), { code: '40001' });
          }
        }
        await testProjection.apply(trx, events, topics);
      },
    };
    const events: Appended[] = [];
    for (let i = 0; i < 5; i++) events.push(await append('UserActivated', { fail: i === 2 }));
    const failing = events[2]!;
    const faults = () =>
      sql<{ pos: string; tx: string; event_type: string; projection: string | null; message: string; attempts: number }>`
        select event_pos::text as pos, event_tx::text as tx, event_type, projection, message, attempts
          from projector_faults where name = 'main'`.execute(handle.db);

    // All five wait in one batch of the projector's usual size.
    const only = projector({ projections: [fragile], failureBackoff: { firstMs: 20, maxMs: 100 } });
    await vi.waitFor(async () => expect((await faults()).rows[0]?.attempts).toBeGreaterThanOrEqual(3), WAIT);
    const { rows } = await faults();
    expect(rows).toEqual([
      {
        pos: failing.position,
        tx: failing.tx,
        event_type: 'UserActivated',
        projection: 'fragile',
        message: expect.stringMatching(/^boom at test-\d+ with a second line$/),
        attempts: expect.any(Number),
      },
    ]);
    // The events before it are applied; it and those after it are not.
    const applied = await appliedPositions();
    expect(applied).toEqual(expect.arrayContaining([events[0]!.position, events[1]!.position]));
    for (const e of events.slice(2)) expect(applied).not.toContain(e.position);
    // A read may catch fewer than all five when another database's open transaction holds the server's horizon back for
    // a moment, so the batch that fails is any run of them that reaches the failing event: it is the one narrowed.
    const narrowed = only.logs.find((l) => l.msg.includes('smaller batches'))?.extra;
    const from = events.findIndex((e) => e.position === narrowed?.from_position);
    expect(from).toBeGreaterThanOrEqual(0);
    expect(from).toBeLessThanOrEqual(2);
    expect(Number(narrowed?.events)).toBeGreaterThanOrEqual(3 - from);
    const logged = only.logs.find((l) => l.msg === 'projection failed on an event; retrying');
    expect(logged?.level).toBe('error');
    expect(logged?.extra).toMatchObject({
      position: failing.position,
      transaction_id: failing.tx,
      event_type: 'UserActivated',
      projection: 'fragile',
      error: expect.stringContaining('boom at'),
    });
    expect(only.logs.filter((l) => l.msg.includes('connection lost'))).toEqual([]);
    expect(only.p.state).toBe('active');

    broken = false;
    await vi.waitFor(async () => expect(await appliedPositions()).toEqual(expect.arrayContaining(events.map((e) => e.position))), WAIT);
    await vi.waitFor(async () => expect((await faults()).rows).toEqual([]), WAIT);
    const order = (await appliedPositions()).filter((p) => events.some((e) => e.position === p));
    expect(order).toEqual(events.map((e) => e.position));
  });
});

describe('a projector whose database host went down', () => {
  it('is active again once the database answers, even after an attempt that got no answer at all', async () => {
    await lockReleased();
    const relay = await startRelay(new URL(testDb.url));
    const p = new Projector({ databaseUrl: relay.url, db: handle.db, projections: [testProjection], pollMs: 50 });
    running.push(p);
    try {
      p.start();
      await vi.waitFor(() => expect(p.state).toBe('active'), WAIT);
      relay.hang(true);
      relay.cut();
      await vi.waitFor(() => expect(p.state).not.toBe('active'), WAIT);
      // Back once an attempt has been left unanswered: that attempt must not be the last.
      await vi.waitFor(() => expect(relay.hung).toBeGreaterThan(0), WAIT);
      relay.hang(false);
      await vi.waitFor(() => expect(p.state).toBe('active'), WAIT);
      // And it projects what is appended now.
      const appended = await append();
      await vi.waitFor(async () => expect(await appliedPositions()).toContain(appended.position), WAIT);
    } finally {
      await p.stop();
      await relay.close();
    }
  }, 30_000);
});
