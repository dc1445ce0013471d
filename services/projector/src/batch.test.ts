import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, statementCounter, type TestDatabase } from '@wh/db/testing';
import type { ReadModelsNotice } from '@wh/contracts';
import { BatchFailed, compactTopics, lockCheckpoint, projectBatch } from './batch.ts';
import type { Projection } from './projection.ts';

// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; the notice wraps the topics with tx and pos.
const PAYLOAD_LIMIT = 8000;
const fits = (topics: string[]) =>
  Buffer.byteLength(JSON.stringify({ tx: '18446744073709551615', pos: '9223372036854775807', topics })) < PAYLOAD_LIMIT;

describe('compactTopics', () => {
  it('leaves a small topic list as it is', () => {
    const topics = ['orders', 'order:1', 'worker:7', 'inventory'];
    expect(compactTopics(topics)).toEqual(topics);
  });

  it("drops 'order:N' when 'orders' is present, keeping topics no family covers", () => {
    const orders = Array.from({ length: 2000 }, (_, i) => `order:${i + 1}`);
    const topics = ['orders', ...orders, 'worker:7', 'worker:8', 'inventory', 'user:3'];
    expect(fits(topics)).toBe(false);
    const compacted = compactTopics(topics);
    expect(compacted).toEqual(['orders', 'worker:7', 'worker:8', 'inventory', 'user:3']);
    expect(fits(compacted)).toBe(true);
  });

  it("drops each family's items: 'user:N' under 'users' as well as 'order:N' under 'orders'", () => {
    const topics = [
      'users',
      ...Array.from({ length: 1000 }, (_, i) => `user:${i}`),
      'orders',
      ...Array.from({ length: 1000 }, (_, i) => `order:${i}`),
    ];
    expect(compactTopics(topics)).toEqual(['users', 'orders']);
  });

  it("falls back to ['*'] when the items have no family to fold into", () => {
    const topics = ['inventory', ...Array.from({ length: 2000 }, (_, i) => `worker:${i}`)];
    expect(fits(topics)).toBe(false);
    expect(compactTopics(topics)).toEqual(['*']);
  });

  it("falls back to ['*'] when what is left after dropping covered items is still too long", () => {
    const topics = ['orders', ...Array.from({ length: 1000 }, (_, i) => `order:${i}`), ...Array.from({ length: 1500 }, (_, i) => `order-line:${i}`)];
    expect(compactTopics(topics)).toEqual(['*']);
  });
});

describe('projectBatch with many topics', () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let listener: pg.Client;
  const notices: ReadModelsNotice[] = [];

  // Touches one 'order:N' topic per event plus the 'orders' family. Its events are of a real type (the projector
  // refuses a type it does not know) with what data the test needs: reading checks versions, not shapes.
  const noisy: Projection = {
    name: 'noisy',
    handles: new Set(['UserActivated']),
    async apply(_trx, events, topics) {
      topics.add({ kind: 'orders' });
      for (const e of events) topics.add({ kind: 'order', id: (e.data as { user_id: number }).user_id });
    },
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(inject('pgUrl'));
    handle = createDatabase(testDb.url, { application: 'batch-test' });
    listener = new pg.Client({ connectionString: testDb.url });
    await listener.connect();
    listener.on('notification', (msg) => {
      if (msg.channel === 'read_models' && msg.payload) notices.push(JSON.parse(msg.payload) as ReadModelsNotice);
    });
    await listener.query('listen read_models');
  });

  afterAll(async () => {
    await listener?.end();
    await handle?.close();
    await testDb?.drop();
  });

  it('commits a batch whose topics exceed the NOTIFY limit, announcing the compacted topics', async () => {
    const n = 1500;
    await sql`insert into events (stream_id, stream_version, event_type, data)
              select 'noisy-' || i, 1, 'UserActivated', jsonb_build_object('user_id', i) from generate_series(1, ${n}) as i`.execute(handle.db);
    expect(fits(['orders', ...Array.from({ length: n }, (_, i) => `order:${i + 1}`)])).toBe(false);

    let applied = 0;
    await vi.waitFor(
      async () => {
        applied += (await handle.db.transaction().execute((trx) => projectBatch(trx, [noisy], 5000))).count;
        expect(applied).toBe(n);
      },
      { timeout: 15_000, interval: 25 },
    );
    const cp = await handle.db.transaction().execute((trx) => lockCheckpoint(trx));
    await vi.waitFor(() => expect(notices.some((x) => x.pos === cp.pos)).toBe(true), { timeout: 10_000, interval: 20 });
    const notice = notices.find((x) => x.pos === cp.pos)!;
    expect(notice.tx).toBe(cp.tx);
    expect(notice.topics).toEqual(['orders']);
  });
});

describe('projectBatch round trips', () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const seen: string[] = [];
  // One statement of its own a batch.
  const one: Projection = {
    name: 'one',
    handles: new Set(['UserActivated']),
    async apply(trx, events) {
      seen.push(...events.map((e) => e.stream_id));
      await sql`select 1`.execute(trx);
    },
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(inject('pgUrl'));
    handle = createDatabase(testDb.url, { application: 'batch-test' });
  });

  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  it('reads transactions in numeric order, so transaction 9 comes before transaction 10', async () => {
    // Explicit (long finished) transaction ids on either side of a digit boundary, the later one written first; the
    // fresh database's checkpoint is before both.
    await sql`insert into events (stream_id, stream_version, event_type, data, transaction_id)
              values ('late', 1, 'UserActivated', '{}', '10'::xid8), ('early', 1, 'UserActivated', '{}', '9'::xid8)`.execute(handle.db);
    await handle.db.transaction().execute((trx) => projectBatch(trx, [one], 1));
    await handle.db.transaction().execute((trx) => projectBatch(trx, [one], 1));
    expect(seen).toEqual(['early', 'late']);
  });

  it('costs two statements besides its projections: checkpoint and events in one, checkpoint and notice in the other; commits asynchronously', async () => {
    const batch = async () => {
      const counter = statementCounter();
      return handle.db.transaction().execute(async (trx) => {
        const result = await projectBatch(trx.withPlugin(counter), [one], 500);
        const { rows } = await sql<{ commit: string }>`select current_setting('synchronous_commit') as commit`.execute(trx);
        return { result, commit: rows[0]!.commit, statements: counter.count };
      });
    };
    // A transaction of another test file's database, open below the new events, costs the batch a second read (up
    // to the horizon): two new events a try until one batch reads them below the snapshot's xmin.
    let done = await batch();
    let tries = 0;
    await vi.waitFor(async () => {
      tries++;
      await sql`insert into events (stream_id, stream_version, event_type, data)
                values (${`a-${tries}`}, 1, 'UserActivated', '{}'), (${`b-${tries}`}, 1, 'UserActivated', '{}')`.execute(handle.db);
      done = await batch();
      expect(done.result.count).toBe(2);
      expect(done.statements).toBe(3);
    }, { timeout: 30_000, interval: 20 });
    const { result, commit } = done;
    // Read models are derived: a batch lost in a crash is projected again from the events.
    expect(commit).toBe('off');
    const cp = await handle.db.transaction().execute((trx) => lockCheckpoint(trx));
    expect(cp).toEqual(result.checkpoint);

    const idle = statementCounter();
    const empty = await handle.db.transaction().execute((trx) => projectBatch(trx.withPlugin(idle), [one], 500));
    expect(empty).toEqual({ count: 0, checkpoint: cp, topics: [], heldBack: false });
    expect(idle.count).toBe(1);
  });

  it('finds nothing past its checkpoint without reading the event log whole', async () => {
    await sql`insert into events (stream_id, stream_version, event_type, data)
              select 'bulk-' || i, 1, 'UserActivated', '{}' from generate_series(1, 20000) as i`.execute(handle.db);
    await vi.waitFor(async () => {
      const result = await handle.db.transaction().execute((trx) => projectBatch(trx, [one], 50_000));
      expect(result.count === 0 && !result.heldBack).toBe(true);
    }, { timeout: 10_000, interval: 20 });
    await sql`analyze events`.execute(handle.db);
    const { result, wholeReads } = await handle.db.transaction().execute(async (trx) => {
      const result = await projectBatch(trx, [one], 500);
      const { rows } = await sql<{ n: string }>`select seq_scan::text as n from pg_stat_xact_user_tables where relname = 'events'`.execute(trx);
      return { result, wholeReads: Number(rows[0]?.n ?? 0) };
    });
    expect(result).toMatchObject({ count: 0, heldBack: false });
    expect(wholeReads).toBe(0);
  });

  it('reads past a transaction open in another database of the server, which can never write these events', async () => {
    // Holds a transaction id, and the server's snapshot xmin with it, in the server's own test database.
    const elsewhere = new pg.Client({ connectionString: inject('pgUrl') });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await sql`insert into events (stream_id, stream_version, event_type, data) values ('past-elsewhere', 1, 'UserActivated', '{}')`.execute(handle.db);
      const { rows } = await sql<{ below: boolean }>`
        select max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()) as below from events`.execute(handle.db);
      expect(rows[0]!.below).toBe(false);
      await vi.waitFor(async () => {
        await handle.db.transaction().execute((trx) => projectBatch(trx, [one], 500));
        expect(seen).toContain('past-elsewhere');
      }, { timeout: 10_000, interval: 20 });
    } finally {
      await elsewhere.query('commit');
      await elsewhere.end();
    }
  });

  it('does not read past a transaction open in its own database, which may still commit below what it read', async () => {
    const own = new pg.Client({ connectionString: testDb.url });
    await own.connect();
    try {
      await own.query('begin');
      await own.query('select pg_current_xact_id()');
      await sql`insert into events (stream_id, stream_version, event_type, data) values ('past-own', 1, 'UserActivated', '{}')`.execute(handle.db);
      const result = await handle.db.transaction().execute((trx) => projectBatch(trx, [one], 500));
      expect(result).toMatchObject({ count: 0, heldBack: true });
      expect(seen).not.toContain('past-own');
    } finally {
      await own.query('commit');
      await own.end();
    }
    await vi.waitFor(async () => {
      await handle.db.transaction().execute((trx) => projectBatch(trx, [one], 500));
      expect(seen).toContain('past-own');
    }, { timeout: 30_000, interval: 20 });
  });
});

describe('projectBatch on an event this release cannot read', () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const seen: string[] = [];
  const recording: Projection = {
    name: 'recording',
    handles: new Set(['UserActivated']),
    async apply(_trx, events) {
      seen.push(...events.map((e) => e.stream_id));
    },
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(inject('pgUrl'));
    handle = createDatabase(testDb.url, { application: 'batch-test-unknown' });
  });

  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  it('fails the batch at that event, naming it, and projects the events before it one by one', async () => {
    const { rows } = await sql<{ pos: string; tx: string }>`
      insert into events (stream_id, stream_version, event_type, schema_version, data)
      values ('known', 1, 'UserActivated', 1, ${JSON.stringify({ user_id: 1, at: '2025-03-01T10:00:00.000Z' })}::jsonb),
             ('from-a-newer-release', 1, 'UserActivated', 9, '{}')
      returning global_position::text as pos, transaction_id::text as tx`.execute(handle.db);
    const before = await handle.db.transaction().execute((trx) => lockCheckpoint(trx));
    const attempt = handle.db.transaction().execute((trx) => projectBatch(trx, [recording], 10));
    await expect(attempt).rejects.toBeInstanceOf(BatchFailed);
    await expect(attempt).rejects.toMatchObject({
      message: 'unknown event UserActivated version 9',
      count: 1,
      first: { pos: rows[1]!.pos, tx: rows[1]!.tx, type: 'UserActivated', stream: 'from-a-newer-release' },
      projection: null,
    });
    expect(seen).toEqual([]);
    expect(await handle.db.transaction().execute((trx) => lockCheckpoint(trx))).toEqual(before);

    // As the runner does after a failure: a batch of one at a time gets as far as the event, and no further.
    expect(await handle.db.transaction().execute((trx) => projectBatch(trx, [recording], 1))).toMatchObject({ count: 1 });
    expect(seen).toEqual(['known']);
    await expect(handle.db.transaction().execute((trx) => projectBatch(trx, [recording], 1))).rejects.toBeInstanceOf(BatchFailed);
    expect(seen).toEqual(['known']);
  });
});
