import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, toStoredEvent, type DatabaseHandle, type EventRow } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import type { StoredEvent } from '@wh/contracts';
import { readEvents } from './rebuild-io.ts';

// The rebuild's event reader (rebuild-io.ts `readEvents`: a connection of its own in a read-only snapshot, the events
// streamed with COPY and parsed as the driver's chunks arrive): every event below the events' horizon, exactly as
// stored, in order, over chunk boundaries that fall inside rows and inside multi-byte characters.

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
                  values (${`reader-${n}`}, 1, 'UserActivated', ${JSON.stringify(data)}::jsonb, ${JSON.stringify({ actor_id: n, note: ODD })}::jsonb)`.execute(trx);
      }
    });
  }
}, 300_000);

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

async function stored(): Promise<StoredEvent[]> {
  const { rows } = await sql<EventRow>`
    select event_type, schema_version, data, stream_id, stream_version, global_position::text as global_position,
           transaction_id::text as transaction_id, metadata, recorded_at
      from events order by events.transaction_id, events.global_position`.execute(handle.db);
  return rows.map((r) => toStoredEvent(r));
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
    const batches: StoredEvent[][] = [];
    for await (const batch of readEvents(handle.pool, 64)) batches.push(batch);
    expect(batches.slice(0, -1).every((b) => b.length === 64)).toBe(true);
    expect(batches.flat()).toEqual(expected);
  });

  it('leaves out events committed after it started, and those of transactions still open when it started and after them', async () => {
    const late = async (stream: string) =>
      sql`insert into events (stream_id, stream_version, event_type, data) values (${stream}, 1, 'UserActivated', '{}')`.execute(handle.db);
    // A transaction older than the reader's snapshot, still open; one after it commits before the reader starts.
    const open = await handle.pool.connect();
    try {
      await open.query('begin');
      await open.query(`insert into events (stream_id, stream_version, event_type, data) values ('reader-open', 1, 'UserActivated', '{}')`);
      await late('reader-after-open');
      const reader = readEvents(handle.pool, 100);
      const first = await reader.next();
      await late('reader-late');
      await open.query('commit');
      let n = first.done ? 0 : first.value.length;
      for await (const batch of reader) n += batch.length;
      expect(n).toBe(700);
    } finally {
      open.release();
    }
    // Read again, the reader finds all three (the next rebuild's catch-up does): no transaction of this database is
    // open below them, and those of the server's other databases (test files beside this one) do not count.
    let n = 0;
    for await (const batch of readEvents(handle.pool, 1000)) n += batch.length;
    expect(n).toBe(703);
  });

  it('closes its connection when the rebuild stops reading early', async () => {
    for await (const batch of readEvents(handle.pool, 10)) {
      expect(batch).toHaveLength(10);
      break;
    }
    await expect.poll(readerBackends, { timeout: 10_000 }).toBe(0);
  });

  it('takes no transaction id, so it holds back no projector while it reads', async () => {
    const reader = readEvents(handle.pool, 10);
    await reader.next();
    const { rows } = await sql<{ xid: string | null; xmin: string | null }>`
      select backend_xid::text as xid, backend_xmin::text as xmin from pg_stat_activity
       where datname = current_database() and application_name = ${APPLICATION} and query like 'copy (%'`.execute(handle.db);
    await reader.return(undefined);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.xmin).not.toBeNull();
    expect(rows[0]!.xid).toBeNull();
  });
});
