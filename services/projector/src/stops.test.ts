import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import type { ReadModelsNotice } from '@wh/contracts';
import type { Projection } from './projection.ts';
import { Projector } from './runner.ts';
import { caughtUp } from './testing.ts';

const WAIT = { timeout: 15_000, interval: 25 };

let testDb: TestDatabase;
let handle: DatabaseHandle;
const running: Projector[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'stops-test' });
  for (const table of ['fragile_applied', 'steady_applied', 'reader_applied']) {
    await sql`create table ${sql.table(table)} (seq bigserial not null, position bigint primary key, note text)`.execute(handle.db);
  }
});

afterEach(async () => {
  while (running.length > 0) await running.pop()!.stop();
  // The server drops a stopped projector's advisory lock a moment after its connection closes.
  await vi.waitFor(async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks where locktype = 'advisory'
         and database = (select oid from pg_database where datname = current_database())`.execute(handle.db);
    expect(rows[0]!.n).toBe(0);
  }, WAIT);
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

// Each recorder announces a batch topic of its own ('batch:<n>'), so a notice says which of them applied events.
const recorderTopic = (name: string) => [...name].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 1_000_000;

// Records each applied event in its own table; the primary key makes a second application fail loudly.
function recorder(name: string, table: string, options: { failOn?: () => string | null; note?: (trx: Parameters<Projection['apply']>[0], position: string) => Promise<string> } = {}): Projection {
  return {
    name,
    handles: new Set(['UserActivated']),
    async apply(trx, events, topics) {
      for (const e of events) {
        if (options.failOn?.() === e.stream_id) throw new Error(`numeric field overflow at ${e.stream_id}`);
        const note = options.note ? await options.note(trx, e.global_position) : null;
        await sql`insert into ${sql.table(table)} (position, note) values (${e.global_position}::bigint, ${note})`.execute(trx);
        topics.add({ kind: 'batch', id: recorderTopic(name) });
      }
    },
  };
}

let streams = 0;
async function append(): Promise<{ position: string; tx: string; stream: string }> {
  const stream = `stop-${++streams}`;
  const { rows } = await handle.pool.query<{ position: string; tx: string }>(
    `insert into events (stream_id, stream_version, event_type, data) values ($1, 1, 'UserActivated', '{}')
     returning global_position::text as position, transaction_id::text as tx`,
    [stream],
  );
  return { ...rows[0]!, stream };
}

async function applied(table: string): Promise<string[]> {
  const { rows } = await sql<{ position: string }>`select position::text as position from ${sql.table(table)} order by seq`.execute(handle.db);
  return rows.map((r) => r.position);
}

const stops = async () =>
  (
    await sql<{ projection: string; last_pos: string; event_pos: string | null; event_type: string | null; event_stream: string | null; message: string | null; attempts: number }>`
      select projection, last_pos::text as last_pos, event_pos::text as event_pos, event_type, event_stream, message, attempts
        from projection_stops order by projection`.execute(handle.db)
  ).rows;

function start(projections: readonly Projection[], options: { stopRetryMs?: number; together?: string[][] } = {}) {
  const logs: { level: string; msg: string; extra?: Record<string, unknown> }[] = [];
  let changes = 0;
  const p = new Projector({
    databaseUrl: testDb.url,
    db: handle.db,
    projections,
    pollMs: 50,
    batchSize: 4,
    failureBackoff: { firstMs: 20, maxMs: 100 },
    stopRetryMs: options.stopRetryMs ?? 60_000,
    ...(options.together ? { together: options.together } : {}),
    onStops: () => changes++,
    log: (level, msg, extra) => logs.push({ level, msg, ...(extra ? { extra } : {}) }),
  });
  running.push(p);
  p.start();
  return { p, logs, changes: () => changes };
}

async function listen(): Promise<{ notices: ReadModelsNotice[]; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  const notices: ReadModelsNotice[] = [];
  client.on('notification', (m) => notices.push(JSON.parse(m.payload!) as ReadModelsNotice));
  await client.query('listen read_models');
  return { notices, close: () => client.end() };
}

describe('a projection that cannot apply an event', () => {
  it('stops there alone, recorded with the event; the others go on projecting later events; a fixed release catches it up exactly', async () => {
    let failing: string | null = null;
    const fragile = recorder('fragile', 'fragile_applied', { failOn: () => failing });
    const steady = recorder('steady', 'steady_applied');
    const listener = await listen();
    const before = [await append(), await append()];
    const bad = await append();
    failing = bad.stream;
    const after = [await append(), await append(), await append()];

    const first = start([fragile, steady]);
    await caughtUp(handle.db);
    // The others have every event; the stopped one has those before the event it cannot apply, and no fault holds
    // the projector.
    expect(await applied('steady_applied')).toEqual([...before, bad, ...after].map((e) => e.position));
    expect(await applied('fragile_applied')).toEqual(before.map((e) => e.position));
    expect(await stops()).toEqual([
      {
        projection: 'fragile',
        last_pos: before[1]!.position,
        event_pos: bad.position,
        event_type: 'UserActivated',
        event_stream: bad.stream,
        message: `fragile: numeric field overflow at ${bad.stream}`,
        attempts: 1,
      },
    ]);
    expect((await sql<{ n: number }>`select count(*)::int as n from projector_faults`.execute(handle.db)).rows[0]!.n).toBe(0);
    expect(first.changes()).toBe(1);
    expect(first.logs.find((l) => l.msg.includes('stopped at an event'))).toMatchObject({
      level: 'error',
      extra: { projection: 'fragile', stopped: ['fragile'], position: bad.position, stream_id: bad.stream },
    });
    await vi.waitFor(() => expect(listener.notices.some((n) => n.topics.includes('system'))).toBe(true), WAIT);

    // Later events reach the others at once; the stopped one is left out of every batch.
    const later = await append();
    await caughtUp(handle.db);
    await vi.waitFor(async () => expect(await applied('steady_applied')).toContain(later.position), WAIT);
    expect(await applied('fragile_applied')).toEqual(before.map((e) => e.position));

    // A fixed release: the projector starts again with a projection that applies the event.
    await first.p.stop();
    running.pop();
    failing = null;
    const fixed = start([fragile, steady]);
    await vi.waitFor(async () => expect(await stops()).toEqual([]), WAIT);
    // From where it stopped, every event once and in order: what a rebuild would give.
    expect(await applied('fragile_applied')).toEqual([...before, bad, ...after, later].map((e) => e.position));
    expect(fixed.logs.some((l) => l.msg.includes('rejoined'))).toBe(true);
    await vi.waitFor(() => expect(listener.notices.some((n) => n.topics.includes('system') && n.topics.includes(`batch:${recorderTopic('fragile')}`))).toBe(true), WAIT);
    // And it is back in the main batch.
    const last = await append();
    await vi.waitFor(async () => expect(await applied('fragile_applied')).toContain(last.position), WAIT);
    expect(await applied('steady_applied')).toContain(last.position);
    await listener.close();
  });

  it('is tried again while the projector runs: stays stopped with the attempt counted while it still fails, rejoins once it applies', async () => {
    let failing: string | null = null;
    const fragile = recorder('fragile', 'fragile_applied', { failOn: () => failing });
    const steady = recorder('steady', 'steady_applied');
    const bad = await append();
    failing = bad.stream;
    const next = await append();
    start([fragile, steady], { stopRetryMs: 100 });
    await vi.waitFor(async () => expect((await stops())[0]?.attempts).toBeGreaterThanOrEqual(3), WAIT);
    expect((await stops())[0]).toMatchObject({ projection: 'fragile', event_pos: bad.position });
    expect(await applied('steady_applied')).toEqual(expect.arrayContaining([bad.position, next.position]));
    failing = null;
    await vi.waitFor(async () => expect(await stops()).toEqual([]), WAIT);
    expect(await applied('fragile_applied')).toEqual(expect.arrayContaining([bad.position, next.position]));
  });

  it('stops those it stops together with (one reads the other tables), and they catch up together', async () => {
    let failing: string | null = null;
    const fragile = recorder('fragile', 'fragile_applied', { failOn: () => failing });
    // Reads the fragile projection's table, as the audit reads the user names: how many of its rows reach each event.
    const reader = recorder('reader', 'reader_applied', {
      note: async (trx, position) =>
        String((await sql<{ n: number }>`select count(*)::int as n from fragile_applied where position <= ${position}::bigint`.execute(trx)).rows[0]!.n),
    });
    const steady = recorder('steady', 'steady_applied');
    const bad = await append();
    failing = bad.stream;
    const next = await append();
    const group = start([fragile, reader, steady], { together: [['fragile', 'reader']], stopRetryMs: 100 });
    await vi.waitFor(async () => expect((await stops()).map((s) => s.projection)).toEqual(['fragile', 'reader']), WAIT);
    await caughtUp(handle.db);
    expect(await applied('steady_applied')).toEqual(expect.arrayContaining([bad.position, next.position]));
    expect(await applied('reader_applied')).not.toContain(bad.position);
    failing = null;
    await vi.waitFor(async () => expect(await stops()).toEqual([]), WAIT);
    // The reader saw the fragile table holding every event up to each of its own, as in one batch.
    const { rows } = await sql<{ position: string; note: string; fragile: number }>`
      select r.position::text as position, r.note, (select count(*)::int from fragile_applied f where f.position <= r.position) as fragile
        from reader_applied r where r.position >= ${bad.position}::bigint order by r.position`.execute(handle.db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((r) => Number(r.note))).toEqual(rows.map((r) => r.fragile));
    expect(group.logs.some((l) => l.msg.includes('rejoined'))).toBe(true);
  });

  it('a group whose members stopped at different events (stopped apart by an earlier release) catches up from the lowest, each event once', async () => {
    let failing: string[] = [];
    const fragile = recorder('fragile', 'fragile_applied', { failOn: () => failing[0] ?? null });
    const reader = recorder('reader', 'reader_applied', { failOn: () => failing[1] ?? null });
    const steady = recorder('steady', 'steady_applied');
    const first = await append();
    const second = await append();
    const third = await append();
    failing = [first.stream, third.stream];
    const apart = start([fragile, reader, steady]);
    await vi.waitFor(async () => expect((await stops()).map((s) => [s.projection, s.event_pos])).toEqual([['fragile', first.position], ['reader', third.position]]), WAIT);
    await apart.p.stop();
    running.pop();
    failing = [];
    start([fragile, reader, steady], { together: [['fragile', 'reader']] });
    await vi.waitFor(async () => expect(await stops()).toEqual([]), WAIT);
    expect(await applied('fragile_applied')).toEqual(expect.arrayContaining([first, second, third].map((e) => e.position)));
    expect(await applied('reader_applied')).toEqual(expect.arrayContaining([first, second, third].map((e) => e.position)));
  });
});
