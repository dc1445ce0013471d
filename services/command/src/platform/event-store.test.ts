import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { EventSchemaError, EVENTS, UnknownEventError } from '@wh/contracts';
import { appendToStreams, ConcurrencyError, readStream, type EventMetadata } from './event-store.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;

const metadata: EventMetadata = {
  actor_id: 7,
  actor_role: 'manager',
  correlation_id: 'corr-1',
  causation_id: 'cause-1',
  client_ip: '10.0.0.1',
};

// A real event type: every append is checked against its type's schema.
const ev = (n: number) => ({ type: 'UserActivated', data: { user_id: n, at: '2025-03-01T10:00:00.000Z' } });

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'event-store-test' });
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

async function rowsOf(streamId: string) {
  const { rows } = await sql<{
    stream_version: number;
    event_type: string;
    global_position: string;
    transaction_id: string;
    data: { user_id: number };
    metadata: unknown;
  }>`select stream_version, event_type, global_position, transaction_id::text as transaction_id, data, metadata
       from events where stream_id = ${streamId} order by stream_version`.execute(handle.db);
  return rows;
}

// Appends version 1 of a stream and keeps its transaction open until `commit()` is called.
async function appendHeldOpen(streamId: string, n: number): Promise<{ commit(): Promise<void> }> {
  let appended!: () => void;
  const appendedP = new Promise<void>((r) => (appended = r));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const tx = handle.db.transaction().execute(async (trx) => {
    await appendToStreams(trx, [{ streamId, expectedVersion: 0, events: [ev(n)] }], metadata);
    appended();
    await gate;
  });
  await appendedP;
  return {
    async commit() {
      release();
      await tx;
    },
  };
}

describe('appendToStreams', () => {
  it('writes consecutive stream versions across several streams in one transaction and returns the last (tx, position)', async () => {
    const { result, txid } = await handle.db.transaction().execute(async (trx) => {
      const result = await appendToStreams(
        trx,
        [
          { streamId: 'multi-a', expectedVersion: 0, events: [ev(1), ev(2)] },
          { streamId: 'multi-b', expectedVersion: 0, events: [ev(1), ev(2), ev(3)] },
        ],
        metadata,
      );
      const { rows } = await sql<{ txid: string }>`select pg_current_xact_id()::text as txid`.execute(trx);
      return { result, txid: rows[0]!.txid };
    });

    const a = await rowsOf('multi-a');
    const b = await rowsOf('multi-b');
    expect(a.map((r) => r.stream_version)).toEqual([1, 2]);
    expect(b.map((r) => r.stream_version)).toEqual([1, 2, 3]);
    expect(a.map((r) => r.data.user_id)).toEqual([1, 2]);
    expect(b.map((r) => r.data.user_id)).toEqual([1, 2, 3]);
    // One transaction: every row carries the appending transaction's id.
    expect(new Set([...a, ...b].map((r) => r.transaction_id))).toEqual(new Set([txid]));

    const maxPosition = [...a, ...b].map((r) => BigInt(r.global_position)).reduce((x, y) => (x > y ? x : y));
    expect(result).toEqual({ tx: txid, pos: maxPosition.toString() });

    // A later append continues the stream's versions.
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'multi-a', expectedVersion: 2, events: [ev(3)] }], metadata),
    );
    expect((await rowsOf('multi-a')).map((r) => r.stream_version)).toEqual([1, 2, 3]);
  });

  it('keeps versions consecutive and returns the highest position when the append spans several insert statements', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => ev(i + 1));
    const result = await handle.db.transaction().execute((trx) =>
      appendToStreams(
        trx,
        [
          { streamId: 'bulk-a', expectedVersion: 0, events: many },
          { streamId: 'bulk-b', expectedVersion: 0, events: many.slice(0, 800) },
        ],
        metadata,
      ),
    );
    const a = await rowsOf('bulk-a');
    const b = await rowsOf('bulk-b');
    expect(a.map((r) => r.stream_version)).toEqual(many.map((_, i) => i + 1));
    expect(b.map((r) => r.stream_version)).toEqual(many.slice(0, 800).map((_, i) => i + 1));
    const all = [...a, ...b];
    const maxPosition = all.map((r) => BigInt(r.global_position)).reduce((x, y) => (x > y ? x : y));
    expect(result?.pos).toBe(maxPosition.toString());
    expect(new Set(all.map((r) => r.transaction_id))).toEqual(new Set([result?.tx]));
  });

  it('returns null and writes nothing when there are no events', async () => {
    const result = await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'empty', expectedVersion: 0, events: [] }], metadata),
    );
    expect(result).toBeNull();
    expect(await rowsOf('empty')).toEqual([]);
  });

  it('throws ConcurrencyError on a stale expectedVersion and the failed transaction writes nothing', async () => {
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'stale', expectedVersion: 0, events: [ev(1)] }], metadata),
    );
    const attempt = handle.db.transaction().execute((trx) =>
      appendToStreams(
        trx,
        [
          { streamId: 'stale-other', expectedVersion: 0, events: [ev(1)] },
          // Decided on an empty stream, but version 1 is taken.
          { streamId: 'stale', expectedVersion: 0, events: [ev(99)] },
        ],
        metadata,
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await rowsOf('stale')).map((r) => r.data.user_id)).toEqual([1]);
    expect(await rowsOf('stale-other')).toEqual([]);
  });

  it('throws ConcurrencyError for the later of two concurrent writers deciding on the same version', async () => {
    // Writer 1 appends version 1 and holds its transaction open.
    const first = await appendHeldOpen('race', 1);
    // Writer 2 decided on the same (empty) stream: its insert waits for writer 1, then fails once writer 1 commits.
    const second = handle.db
      .transaction()
      .execute((trx) => appendToStreams(trx, [{ streamId: 'race', expectedVersion: 0, events: [ev(2)] }], metadata))
      .catch((e: unknown) => e);
    await first.commit();
    const error = await second;
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect((error as ConcurrencyError).streamId).toContain('race');
    expect((await rowsOf('race')).map((r) => r.data.user_id)).toEqual([1]);
  });
});

describe('the events table is append-only', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'immutable', expectedVersion: 0, events: [ev(1)] }], metadata),
    );
  });
  afterAll(async () => {
    await client?.end();
  });

  it.each([
    ['UPDATE', `update events set data = '{"n": 2}' where stream_id = 'immutable'`],
    ['DELETE', `delete from events where stream_id = 'immutable'`],
    ['TRUNCATE', `truncate events`],
  ])('refuses %s', async (op, statement) => {
    const error = (await client.query(statement).catch((e: unknown) => e)) as { code?: string; message?: string };
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('42501');
    expect(error.message).toBe(`events are append-only: ${op} refused`);
    expect((await rowsOf('immutable')).map((r) => r.data.user_id)).toEqual([1]);
  });
});

describe('NOTIFY events', () => {
  // A client listening on 'events' (its payloads in `received`) and a second client to send from.
  async function listenToEvents() {
    const listener = new pg.Client({ connectionString: testDb.url });
    const other = new pg.Client({ connectionString: testDb.url });
    await listener.connect();
    await other.connect();
    const received: string[] = [];
    listener.on('notification', (msg) => {
      if (msg.channel === 'events') received.push(msg.payload ?? '');
    });
    await listener.query('listen events');
    return { listener, other, received };
  }

  it('is delivered when the appending transaction commits, not before', async () => {
    const { listener, other, received } = await listenToEvents();
    try {

      const open = await appendHeldOpen('notify', 1);

      // The append has run but not committed. A committed marker notification sent now reaches the listener
      // after anything already delivered; when it has arrived, the append's notification must not have.
      await other.query(`select pg_notify('events', 'marker')`);
      await vi.waitFor(() => expect(received).toContain('marker'), { timeout: 10_000, interval: 20 });
      expect(received).toEqual(['marker']);

      await open.commit();
      await vi.waitFor(() => expect(received).toEqual(['marker', '']), { timeout: 10_000, interval: 20 });
    } finally {
      await listener.end();
      await other.end();
    }
  });

  it('is not delivered for an append that rolls back', async () => {
    const { listener, other, received } = await listenToEvents();
    try {
      const rolledBack = handle.db.transaction().execute(async (trx) => {
        await appendToStreams(trx, [{ streamId: 'notify-rollback', expectedVersion: 0, events: [ev(1)] }], metadata);
        throw new Error('abort');
      });
      await expect(rolledBack).rejects.toThrow('abort');
      await other.query(`select pg_notify('events', 'marker')`);
      await vi.waitFor(() => expect(received).toContain('marker'), { timeout: 10_000, interval: 20 });
      expect(received).toEqual(['marker']);
    } finally {
      await listener.end();
      await other.end();
    }
  });
});

describe('event schemas on append', () => {
  it('stores every event at its type’s current version', async () => {
    const verified = {
      type: 'OrderVerified',
      data: { order_id: 1, order_number: '#1', verified_by: 9, worker_id: 5, item_count: 2, unit_count: 3, verification_notes: null, discrepancies: [], at: '' },
    };
    await appendToStreams(handle.db, [{ streamId: 'versioned', expectedVersion: 0, events: [ev(1), verified] }], metadata);
    const { rows } = await sql<{ event_type: string; schema_version: number }>`
      select event_type, schema_version from events where stream_id = 'versioned' order by stream_version`.execute(handle.db);
    expect(EVENTS.currentVersion('OrderVerified')).toBe(2);
    expect(rows).toEqual([
      { event_type: 'UserActivated', schema_version: 1 },
      { event_type: 'OrderVerified', schema_version: 2 },
    ]);
  });

  it.each([
    ['a command’s few events', 1],
    ['an upload’s many events', MANY],
  ])('refuses %s when one does not fit its schema, and writes none of them', async (_, count) => {
    // OrderVerified as version 1 wrote it: today's schema wants worker_id and the counts.
    const old = { type: 'OrderVerified', data: { order_id: 1, order_number: '#1', verified_by: 9, picked_by: 5, verification_notes: null, discrepancies: [], at: '' } };
    const attempt = handle.db.transaction().execute((trx) =>
      appendToStreams(
        trx,
        [
          { streamId: `schema-fine-${count}`, expectedVersion: 0, events: padding(count) },
          { streamId: `schema-wrong-${count}`, expectedVersion: 0, events: [old] },
        ],
        metadata,
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(EventSchemaError);
    await expect(attempt).rejects.toThrow(/OrderVerified.*worker_id/s);
    expect(await rowsOf(`schema-fine-${count}`)).toEqual([]);
    expect(await rowsOf(`schema-wrong-${count}`)).toEqual([]);
  });

  it('refuses an event type it does not know', async () => {
    await expect(appendToStreams(handle.db, [{ streamId: 'unknown-type', expectedVersion: 0, events: [{ type: 'Thing', data: {} }] }], metadata)).rejects.toBeInstanceOf(
      UnknownEventError,
    );
    expect(await rowsOf('unknown-type')).toEqual([]);
  });

  it('refuses to read an event stored at a version newer than it knows, rather than guess its shape', async () => {
    await sql`insert into events (stream_id, stream_version, event_type, schema_version, data)
              values ('from-the-future', 1, 'UserActivated', 2, ${JSON.stringify({ user_id: 1, at: '' })}::jsonb)`.execute(handle.db);
    await expect(readStream(handle.db, 'from-the-future')).rejects.toThrow('unknown event UserActivated version 2');
  });
});

describe('readStream', () => {
  it('returns the stream in version order with data and metadata', async () => {
    const otherMeta: EventMetadata = { ...metadata, correlation_id: 'corr-2', actor_id: null, client_ip: null };
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'read-me', expectedVersion: 0, events: [ev(1), ev(2)] }], metadata),
    );
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'read-me-not', expectedVersion: 0, events: [ev(100)] }], metadata),
    );
    // Version 4 is written before version 3, so it has the lower position: the order must come from the version.
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'read-me', expectedVersion: 3, events: [ev(4)] }], otherMeta),
    );
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'read-me', expectedVersion: 2, events: [ev(3)] }], otherMeta),
    );

    const events = await readStream<{ type: 'UserActivated'; data: { user_id: number } }>(handle.db, 'read-me');
    expect(events.map((e) => e.stream_version)).toEqual([1, 2, 3, 4]);
    expect(events.map((e) => e.data.user_id)).toEqual([1, 2, 3, 4]);
    expect(events.every((e) => e.type === 'UserActivated' && e.stream_id === 'read-me')).toBe(true);
    expect(events.map((e) => e.metadata)).toEqual([metadata, metadata, otherMeta, otherMeta]);
    expect(BigInt(events[3]!.global_position)).toBeLessThan(BigInt(events[2]!.global_position));
    for (const e of events) {
      expect(e.global_position).toMatch(/^\d+$/);
      expect(e.transaction_id).toMatch(/^\d+$/);
      expect(e.recorded_at).toBeInstanceOf(Date);
    }
    expect(await readStream(handle.db, 'no-such-stream')).toEqual([]);
  });
});

// Appends of more than a command's few events travel as JSON text (event-store.ts): the same rows and guarantees.
const MANY = 65;
const padding = (n: number) => Array.from({ length: n }, (_, i) => ev(i + 1));

describe('appendToStreams of an upload’s many events (JSON text)', () => {
  it('writes the same rows as a command’s few events (arrays), whatever the data holds', async () => {
    const odd = 'quote " backslash \\ tab \t newline \n brace } unicode é 🧶';
    const line = { item_id: 1, sku: odd, style_code: 'KN1010', style_name: odd, size: '', color: '', quantity: 1, row: 2 };
    const data = { order_id: 1, order_number: odd, priority: 0, order_date: '', items: [{ ...line, value: 1.5 }, { ...line, value: null }], source_file: odd, at: '' };
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'json-same-a', expectedVersion: 0, events: [{ type: 'OrderImported', data }] }], metadata),
    );
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'json-same-b', expectedVersion: 0, events: [{ type: 'OrderImported', data }, ...padding(MANY)] }], metadata),
    );
    const [a] = await rowsOf('json-same-a');
    const [b] = await rowsOf('json-same-b');
    expect(b).toMatchObject({ stream_version: 1, event_type: 'OrderImported', data: a!.data, metadata: a!.metadata });
    expect(b!.data).toEqual(data);
  });

  it('keeps versions consecutive across statements and returns the transaction and highest position', async () => {
    const events = Array.from({ length: 6200 }, (_, i) => ev(i + 1));
    const { result, txid } = await handle.db.transaction().execute(async (trx) => {
      const result = await appendToStreams(
        trx,
        [
          { streamId: 'json-bulk-a', expectedVersion: 0, events },
          { streamId: 'json-bulk-b', expectedVersion: 0, events: events.slice(0, 3) },
        ],
        metadata,
      );
      const { rows } = await sql<{ txid: string }>`select pg_current_xact_id()::text as txid`.execute(trx);
      return { result, txid: rows[0]!.txid };
    });
    const a = await rowsOf('json-bulk-a');
    const b = await rowsOf('json-bulk-b');
    expect(a.map((r) => r.stream_version)).toEqual(events.map((_, i) => i + 1));
    expect(a.map((r) => r.data.user_id)).toEqual(events.map((_, i) => i + 1));
    expect(b.map((r) => r.stream_version)).toEqual([1, 2, 3]);
    const all = [...a, ...b];
    expect(new Set(all.map((r) => r.transaction_id))).toEqual(new Set([txid]));
    const maxPosition = all.map((r) => BigInt(r.global_position)).reduce((x, y) => (x > y ? x : y));
    expect(result).toEqual({ tx: txid, pos: maxPosition.toString() });
  });

  it('returns null and writes nothing when there are no events', async () => {
    const result = await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'json-bulk-empty', expectedVersion: 0, events: [] }], metadata),
    );
    expect(result).toBeNull();
    expect(await rowsOf('json-bulk-empty')).toEqual([]);
  });

  it('throws ConcurrencyError when a version is taken, and the failed transaction writes nothing', async () => {
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'json-bulk-taken', expectedVersion: 0, events: [ev(1)] }], metadata),
    );
    const attempt = handle.db.transaction().execute((trx) =>
      appendToStreams(
        trx,
        [
          { streamId: 'json-bulk-fresh', expectedVersion: 0, events: [ev(1), ...padding(MANY)] },
          { streamId: 'json-bulk-taken', expectedVersion: 0, events: [ev(1)] },
        ],
        metadata,
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await rowsOf('json-bulk-fresh')).toEqual([]);
    expect((await rowsOf('json-bulk-taken')).map((r) => r.data.user_id)).toEqual([1]);
  });
});

describe('what goes with an append (its options)', () => {
  beforeAll(async () => {
    await sql`create table test_append_effects (note text not null)`.execute(handle.db);
    await sql`create table test_guard (name text primary key, left_over int not null)`.execute(handle.db);
  });

  const notes = async () => (await sql<{ note: string }>`select note from test_append_effects order by note`.execute(handle.db)).rows.map((r) => r.note);

  it('given the pool, writes the events and their effects in one transaction of its own', async () => {
    const result = await appendToStreams(handle.db, [{ streamId: 'with-effects', expectedVersion: 0, events: [ev(1)] }], metadata, {
      effects: async (trx) => {
        const { rows } = await sql<{ txid: string }>`select pg_current_xact_id()::text as txid`.execute(trx);
        await sql`insert into test_append_effects values (${`effects in ${rows[0]!.txid}`})`.execute(trx);
      },
    });
    expect(await notes()).toContain(`effects in ${result!.tx}`);
    expect(await rowsOf('with-effects')).toHaveLength(1);
  });

  it('given the pool, leaves neither events nor effects when the effects fail', async () => {
    const attempt = appendToStreams(handle.db, [{ streamId: 'effects-fail', expectedVersion: 0, events: [ev(1)] }], metadata, {
      effects: async (trx) => {
        await sql`insert into test_append_effects values ('effects-fail')`.execute(trx);
        throw new Error('refused by the effects');
      },
    });
    await expect(attempt).rejects.toThrow('refused by the effects');
    expect(await rowsOf('effects-fail')).toEqual([]);
    expect(await notes()).not.toContain('effects-fail');
  });

  // A guard that takes one unit of `name`, refused with its own error when none is left.
  const takeOne = (name: string) => ({
    statement: sql`update test_guard set left_over = left_over - 1 where name = ${name} and left_over > 0 returning 1`,
    refused: async () => new Error(`none of ${name} left`),
  });
  const leftOver = async (name: string) =>
    (await sql<{ left_over: number }>`select left_over from test_guard where name = ${name}`.execute(handle.db)).rows[0]?.left_over;

  it.each([
    ['a command’s few events', 1],
    ['an upload’s many events', MANY + 1],
  ])('writes %s only while the guard lets them through, and its change with them', async (_what, count) => {
    const name = `guard-${count}`;
    await sql`insert into test_guard values (${name}, 1)`.execute(handle.db);
    const first = await appendToStreams(handle.db, [{ streamId: `${name}-a`, expectedVersion: 0, events: padding(count) }], metadata, { guard: takeOne(name) });
    expect(first).not.toBeNull();
    expect(await rowsOf(`${name}-a`)).toHaveLength(count);
    const refused = appendToStreams(handle.db, [{ streamId: `${name}-b`, expectedVersion: 0, events: padding(count) }], metadata, { guard: takeOne(name) });
    await expect(refused).rejects.toThrow(`none of ${name} left`);
    expect(await rowsOf(`${name}-b`)).toEqual([]);
    expect(await leftOver(name)).toBe(0);
  });

  it('a guarded append whose stream moved on is a lost race, not a refusal, and its guard’s change is undone', async () => {
    await sql`insert into test_guard values ('guard-moved', 5)`.execute(handle.db);
    await appendToStreams(handle.db, [{ streamId: 'guard-moved', expectedVersion: 0, events: [ev(1)] }], metadata, { guard: takeOne('guard-moved') });
    const stale = appendToStreams(handle.db, [{ streamId: 'guard-moved', expectedVersion: 0, events: [ev(2)] }], metadata, { guard: takeOne('guard-moved') });
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await leftOver('guard-moved')).toBe(4);
  });
});
