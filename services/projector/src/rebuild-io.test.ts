import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, toStoredEvent, type DatabaseHandle, type EventRow } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import type { StoredEvent } from '@wh/contracts';
import { readEventsInSnapshot } from './rebuild-io.ts';

// The rebuild's event reader (rebuild-io.ts `readEventsInSnapshot`: a second connection importing the rebuild's
// snapshot, the events streamed with COPY and parsed as the driver's chunks arrive): every event of the snapshot,
// exactly as stored, in order, over chunk boundaries that fall inside rows and inside multi-byte characters.

let scratch: TestDatabase;
let handle: DatabaseHandle;
const APPLICATION = 'rebuild-reader-test';

// About 9 MB of events: 700 of about 13 KB (text COPY must escape, characters of two to four bytes, at offsets that
// move from row to row) and one of about 300 KB (many chunks long).
const ODD = 'tab\there, new\nline, back\\slash, "quoted", é ü 漢 😀 ';
function payload(n: number, repeat: number): Record<string, unknown> {
  return { n, text: 'x'.repeat(n % 7) + ODD.repeat(repeat), list: [n, `${n}`, null] };
}

beforeAll(async () => {
  scratch = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(scratch.url, { application: APPLICATION });
  for (let start = 0; start < 700; start += 100) {
    await handle.db.transaction().execute(async (trx) => {
      for (let n = start; n < start + 100; n++) {
        const data = n === 350 ? payload(n, 6000) : payload(n, 250);
        await sql`insert into events (stream_id, stream_version, event_type, data, metadata)
                  values (${`reader-${n}`}, 1, 'ReaderTested', ${JSON.stringify(data)}::jsonb, ${JSON.stringify({ actor_id: n, note: ODD })}::jsonb)`.execute(trx);
      }
    });
  }
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

async function stored(): Promise<StoredEvent[]> {
  const { rows } = await sql<EventRow>`
    select event_type, data, stream_id, stream_version, global_position::text as global_position,
           transaction_id::text as transaction_id, metadata, recorded_at
      from events order by events.transaction_id, events.global_position`.execute(handle.db);
  return rows.map((r) => toStoredEvent(r));
}

// The reader's events for a snapshot exported by a transaction held open meanwhile (as the rebuild's is).
async function inSnapshot<T>(read: (snapshot: string) => Promise<T>): Promise<T> {
  const client = await handle.pool.connect();
  try {
    await client.query('begin isolation level repeatable read');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    return await read(rows[0]!.snapshot);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

async function readerBackends(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'
       and application_name = ${APPLICATION} and query like 'copy (%'`.execute(handle.db);
  return rows[0]!.n;
}

describe('reading the events for a rebuild', () => {
  it('yields every event below the snapshot exactly as stored, in order, in batches of the size asked for', async () => {
    const expected = await stored();
    const batches = await inSnapshot(async (snapshot) => {
      const out: StoredEvent[][] = [];
      for await (const batch of readEventsInSnapshot(handle.pool, snapshot, 64)) out.push(batch);
      return out;
    });
    expect(batches.slice(0, -1).every((b) => b.length === 64)).toBe(true);
    expect(batches.flat()).toEqual(expected);
  });

  it('leaves out events committed after the snapshot was taken', async () => {
    const count = await inSnapshot(async (snapshot) => {
      await sql`insert into events (stream_id, stream_version, event_type, data) values ('reader-late', 1, 'ReaderTested', '{}')`.execute(handle.db);
      let n = 0;
      for await (const batch of readEventsInSnapshot(handle.pool, snapshot, 1000)) n += batch.length;
      return n;
    });
    expect(count).toBe(700);
  });

  it('closes its connection when the rebuild stops reading early', async () => {
    await inSnapshot(async (snapshot) => {
      for await (const batch of readEventsInSnapshot(handle.pool, snapshot, 10)) {
        expect(batch).toHaveLength(10);
        break;
      }
    });
    await expect.poll(readerBackends, { timeout: 10_000 }).toBe(0);
  });

  it('fails with the server error when the snapshot cannot be imported', async () => {
    const reader = readEventsInSnapshot(handle.pool, '00000003-0000001B-1', 10);
    await expect(reader.next()).rejects.toThrow(/snapshot/);
  });
});
