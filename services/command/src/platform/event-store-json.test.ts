import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { appendToStreams, ConcurrencyError, type EventMetadata } from './event-store.ts';

// Appends of more than a command's few events travel as JSON text (event-store.ts): the same rows and guarantees.
const MANY = 65;
const padding = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'Padding', data: { i } }));

let testDb: TestDatabase;
let handle: DatabaseHandle;

const metadata: EventMetadata = {
  actor_id: 7,
  actor_role: 'manager',
  correlation_id: 'corr-bulk',
  causation_id: null,
  client_ip: '10.0.0.1',
};

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'event-store-bulk-test' });
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
    data: unknown;
    metadata: unknown;
  }>`select stream_version, event_type, global_position, transaction_id::text as transaction_id, data, metadata
       from events where stream_id = ${streamId} order by stream_version`.execute(handle.db);
  return rows;
}

describe('appendToStreams of an upload’s many events (JSON text)', () => {
  it('writes the same rows as a command’s few events (arrays), whatever the data holds', async () => {
    const data = { text: 'quote " backslash \\ tab \t newline \n brace } unicode é 🧶', n: 1.5, list: [{ a: null }], empty: '' };
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'same-a', expectedVersion: 0, events: [{ type: 'Thing', data }] }], metadata),
    );
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'same-b', expectedVersion: 0, events: [{ type: 'Thing', data }, ...padding(MANY)] }], metadata),
    );
    const [a] = await rowsOf('same-a');
    const [b] = await rowsOf('same-b');
    expect(b).toMatchObject({ stream_version: 1, event_type: 'Thing', data: a!.data, metadata: a!.metadata });
    expect(b!.data).toEqual(data);
  });

  it('keeps versions consecutive across statements and returns the transaction and highest position', async () => {
    const events = Array.from({ length: 6200 }, (_, i) => ({ type: 'Thing', data: { n: i + 1 } }));
    const { result, txid } = await handle.db.transaction().execute(async (trx) => {
      const result = await appendToStreams(
        trx,
        [
          { streamId: 'bulk-a', expectedVersion: 0, events },
          { streamId: 'bulk-b', expectedVersion: 0, events: events.slice(0, 3) },
        ],
        metadata,
      );
      const { rows } = await sql<{ txid: string }>`select pg_current_xact_id()::text as txid`.execute(trx);
      return { result, txid: rows[0]!.txid };
    });
    const a = await rowsOf('bulk-a');
    const b = await rowsOf('bulk-b');
    expect(a.map((r) => r.stream_version)).toEqual(events.map((_, i) => i + 1));
    expect(a.map((r) => (r.data as { n: number }).n)).toEqual(events.map((_, i) => i + 1));
    expect(b.map((r) => r.stream_version)).toEqual([1, 2, 3]);
    const all = [...a, ...b];
    expect(new Set(all.map((r) => r.transaction_id))).toEqual(new Set([txid]));
    const maxPosition = all.map((r) => BigInt(r.global_position)).reduce((x, y) => (x > y ? x : y));
    expect(result).toEqual({ tx: txid, pos: maxPosition.toString() });
  });

  it('returns null and writes nothing when there are no events', async () => {
    const result = await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'bulk-empty', expectedVersion: 0, events: [] }], metadata),
    );
    expect(result).toBeNull();
    expect(await rowsOf('bulk-empty')).toEqual([]);
  });

  it('throws ConcurrencyError when a version is taken, and the failed transaction writes nothing', async () => {
    await handle.db.transaction().execute((trx) =>
      appendToStreams(trx, [{ streamId: 'bulk-taken', expectedVersion: 0, events: [{ type: 'Thing', data: {} }] }], metadata),
    );
    const attempt = handle.db.transaction().execute((trx) =>
      appendToStreams(
        trx,
        [
          { streamId: 'bulk-fresh', expectedVersion: 0, events: [{ type: 'Thing', data: {} }, ...padding(MANY)] },
          { streamId: 'bulk-taken', expectedVersion: 0, events: [{ type: 'Thing', data: { again: true } }] },
        ],
        metadata,
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await rowsOf('bulk-fresh')).toEqual([]);
    expect((await rowsOf('bulk-taken')).map((r) => r.data)).toEqual([{}]);
  });
});
