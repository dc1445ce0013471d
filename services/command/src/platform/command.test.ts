import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { backoffMs, foldStreams, MAX_TRIES, onStream, runCommand, type Decider, type StreamCommand } from './command.ts';
import { badRequest, conflict, DomainError } from './errors.ts';
import { isUniqueViolation, type EventMetadata } from './event-store.ts';
import { z } from 'zod';
import { firstVersion, type EventsOf } from '@wh/contracts';
import { registerTestEvents } from '@wh/contracts/testing';

// An event type of the test's own (appends are checked against their type's schema): an increment, `n` counting and
// `reason` saying who made it.
const COUNTER_EVENTS = { TestIncremented: firstVersion(z.object({ n: z.number().int(), reason: z.string() })) };
registerTestEvents(COUNTER_EVENTS);
type CounterEvent = EventsOf<typeof COUNTER_EVENTS>;

// State: how many increments the stream holds.
const counter: Decider<number, CounterEvent> = {
  initialState: () => 0,
  evolve: (state) => state + 1,
};

const inc = (by: string, n: number): CounterEvent => ({ type: 'TestIncremented', data: { n, reason: by } });

const metadata: EventMetadata = {
  actor_id: 1,
  actor_role: 'manager',
  correlation_id: 'c',
  causation_id: null,
  client_ip: null,
};

let testDb: TestDatabase;
let handle: DatabaseHandle;
const competitors: pg.Client[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'command-test' });
  await sql`create table test_effects (stream_id text not null, note text not null)`.execute(handle.db);
});

afterAll(async () => {
  for (const c of competitors) await c.end().catch(() => {});
  await handle?.close();
  await testDb?.drop();
});

async function streamEvents(streamId: string) {
  const { rows } = await sql<{ stream_version: number; data: CounterEvent['data'] }>`
    select stream_version, data from events where stream_id = ${streamId} order by stream_version`.execute(handle.db);
  return rows;
}

async function effectRows(streamId: string) {
  const { rows } = await sql<{ note: string }>`select note from test_effects where stream_id = ${streamId}`.execute(handle.db);
  return rows;
}

// Another writer that has already inserted `version` of the stream in an open transaction. Its row is invisible
// to the command's read (read committed), but the command's insert of the same version waits on it and fails
// with a unique violation once it commits.
async function pendingCompetitor(streamId: string, version: number): Promise<{ commit: () => Promise<unknown> }> {
  const client = new pg.Client({ connectionString: testDb.url });
  competitors.push(client);
  await client.connect();
  await client.query('begin');
  await client.query(
    `insert into events (stream_id, stream_version, event_type, data) values ($1, $2, 'TestIncremented', $3)`,
    [streamId, version, JSON.stringify(inc('competitor', version).data)],
  );
  let committed: Promise<unknown> | null = null;
  return { commit: () => (committed ??= client.query('commit')) };
}

// A command on one stream, run as every command runs.
const runOnStream = <P, F>(c: StreamCommand<number, CounterEvent, P, F>) => runCommand(handle.db, onStream(c), metadata);

describe('a command on one stream', () => {
  it('retries after a concurrency conflict: the second attempt sees the competing event and succeeds', async () => {
    const streamId = 'retry-once';
    const competitor = await pendingCompetitor(streamId, 1);
    const seen: number[] = [];
    // decide is synchronous, so the competing append is made to commit during the first decide: its row (version 1)
    // was inserted before the command read the stream, and commits while the command decides on an empty stream.
    const outcome = await runOnStream({
      streamId,
      decider: counter,
      decide: (state) => {
        seen.push(state);
        if (seen.length === 1) void competitor.commit();
        return [inc('command', state + 1)];
      },
    });
    await competitor.commit();

    expect(seen).toEqual([0, 1]); // decide called twice; the second time it saw the competitor's event
    expect(outcome.result.state).toBe(2);
    expect(outcome.result.events).toEqual([inc('command', 2)]);
    expect(await streamEvents(streamId)).toEqual([
      { stream_version: 1, data: inc('competitor', 1).data },
      { stream_version: 2, data: inc('command', 2).data },
    ]);
  });

  it('throws a 409 DomainError after MAX_TRIES conflicting tries, having written nothing of its own', async () => {
    const streamId = 'retry-exhausted';
    // Competitors hold versions 1 to MAX_TRIES in open transactions; the k-th decide lets the k-th commit, so every
    // attempt decides one version behind.
    const pending: { commit: () => Promise<unknown> }[] = [];
    for (let version = 1; version <= MAX_TRIES; version++) pending.push(await pendingCompetitor(streamId, version));
    let calls = 0;
    let effects = 0;
    const error = await runOnStream({
      streamId,
      decider: counter,
      decide: (state) => {
        void pending[calls]?.commit();
        calls++;
        return [inc('command', state + 1)];
      },
      appendWith: () => ({
        effects: async (trx) => {
          effects++;
          await sql`insert into test_effects values (${streamId}, 'should not stay')`.execute(trx);
        },
      }),
    }).catch((e: unknown) => e);
    for (const p of pending) await p.commit();

    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect((error as DomainError).code).toBe('CONFLICT');
    expect(calls).toBe(MAX_TRIES);
    expect(effects).toBe(0);
    expect((await streamEvents(streamId)).map((e) => e.data.reason)).toEqual(Array.from({ length: MAX_TRIES }, () => 'competitor'));
    expect(await effectRows(streamId)).toEqual([]);
  });

  it('writes events and effects together when decide succeeds', async () => {
    const streamId = 'happy';
    const outcome = await runOnStream({
      streamId,
      decider: counter,
      decide: (state) => [
        inc('command', state + 1),
        inc('command', state + 2),
      ],
      appendWith: ({ events, before, state }) => ({
        effects: async (trx) => {
          await sql`insert into test_effects values (${streamId}, ${`${events.length}:${before}->${state}`})`.execute(trx);
        },
      }),
    });
    expect(outcome.result.state).toBe(2);
    expect(outcome.append).not.toBeNull();
    expect((await streamEvents(streamId)).map((e) => e.stream_version)).toEqual([1, 2]);
    expect(await effectRows(streamId)).toEqual([{ note: '2:0->2' }]);
  });

  it('a DomainError thrown by decide is not retried and leaves nothing written', async () => {
    const streamId = 'refused';
    await runOnStream({
      streamId,
      decider: counter,
      decide: () => [inc('command', 1)],
    });
    let calls = 0;
    let effects = 0;
    const error = await runOnStream({
      streamId,
      decider: counter,
      decide: () => {
        calls++;
        throw badRequest('Nope');
      },
      appendWith: () => ({
        effects: async (trx) => {
          effects++;
          await sql`insert into test_effects values (${streamId}, 'should not exist')`.execute(trx);
        },
      }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(400);
    expect(calls).toBe(1);
    expect(effects).toBe(0);
    expect((await streamEvents(streamId)).map((e) => e.stream_version)).toEqual([1]);
    expect(await effectRows(streamId)).toEqual([]);
  });

  it('a DomainError thrown by the effects rolls back the events appended in the same transaction', async () => {
    const streamId = 'effects-refused';
    const error = await runOnStream({
      streamId,
      decider: counter,
      decide: () => [inc('command', 1)],
      appendWith: () => ({
        effects: async (trx) => {
          await sql`insert into test_effects values (${streamId}, 'written then refused')`.execute(trx);
          throw conflict('Username already exists');
        },
      }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect(await streamEvents(streamId)).toEqual([]);
    expect(await effectRows(streamId)).toEqual([]);
  });

  it('decides nothing, writes nothing and reports no append', async () => {
    let effects = 0;
    const outcome = await runOnStream({ streamId: 'nothing', decider: counter, decide: () => [], appendWith: () => ({ effects: async () => void effects++ }) });
    expect(outcome).toEqual({ result: { before: 0, state: 0, events: [] }, append: null });
    expect(effects).toBe(0);
    expect(await streamEvents('nothing')).toEqual([]);
  });
});

describe('runCommand in a transaction', () => {
  it('appends to several streams with its effects in one transaction; a taken version on any of them decides all again', async () => {
    const competitor = await pendingCompetitor('multi-b', 1);
    const decided: number[][] = [];
    const { result, append } = await runCommand(
      handle.db,
      {
        locks: true,
        read: async (trx) => {
          const folded = await foldStreams(trx, counter, ['multi-a', 'multi-b']);
          return [folded.get('multi-a')!, folded.get('multi-b')!];
        },
        decide: ([a, b]) => {
          decided.push([a!.version, b!.version]);
          if (decided.length === 1) void competitor.commit();
          return {
            appends: [
              { streamId: 'multi-a', expectedVersion: a!.version, events: [inc('command', a!.state + 1)] },
              { streamId: 'multi-b', expectedVersion: b!.version, events: [inc('command', b!.state + 1)] },
            ],
            result: decided.length,
          };
        },
        appendWith: (decision) => ({
          effects: async (trx) => {
            await sql`insert into test_effects values ('multi', ${`attempt ${decision.result}`})`.execute(trx);
          },
        }),
      },
      metadata,
    );
    await competitor.commit();

    expect(decided).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(result).toBe(2);
    expect(append).not.toBeNull();
    expect(await streamEvents('multi-a')).toEqual([{ stream_version: 1, data: inc('command', 1).data }]);
    expect(await streamEvents('multi-b')).toEqual([
      { stream_version: 1, data: inc('competitor', 1).data },
      { stream_version: 2, data: inc('command', 2).data },
    ]);
    expect(await effectRows('multi')).toEqual([{ note: 'attempt 2' }]);
  });

  it('a registry row another writer claimed first (retryOn) is a lost race: read and decided again', async () => {
    await sql`create table test_claims (code text primary key)`.execute(handle.db);
    await sql`insert into test_claims values ('taken')`.execute(handle.db);
    const seen: boolean[] = [];
    const { result } = await runCommand(
      handle.db,
      {
        locks: true,
        retryOn: (error) => isUniqueViolation(error),
        read: async (trx) => (await sql<{ n: number }>`select count(*)::int as n from test_claims where code = 'claimed'`.execute(trx)).rows[0]!.n > 0,
        decide: (claimed) => {
          seen.push(claimed);
          const events = claimed ? [] : [inc('claim', seen.length)];
          return { appends: [{ streamId: `claim-${seen.length}`, expectedVersion: 0, events }], result: claimed ? 'found the claim' : 'claimed' };
        },
        appendWith: () => ({
          effects: async (trx) => {
            // Another writer's claim committed between this command's read and its insert.
            if (seen.length === 1) await sql`insert into test_claims values ('claimed')`.execute(handle.db);
            await sql`insert into test_claims values ('claimed')`.execute(trx);
          },
        }),
      },
      metadata,
    );
    expect(seen).toEqual([false, true]);
    expect(result).toBe('found the claim');
  });


  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('runs the work again after %s (PostgreSQL cancelled this side, which wrote nothing)', async (_what, code) => {
    let tries = 0;
    const { result } = await runCommand(
      handle.db,
      {
        locks: true,
        read: async (trx) => {
          tries++;
          await sql`insert into test_effects (stream_id, note) values (${`race-${code}`}, ${`try ${tries}`})`.execute(trx);
          if (tries === 1) throw Object.assign(new Error('cancelled by PostgreSQL'), { code });
          return tries;
        },
        decide: (tried) => ({ appends: [], result: tried }),
      },
      metadata,
    );
    expect(result).toBe(2);
    expect(await effectRows(`race-${code}`)).toEqual([{ note: 'try 2' }]);
  });

  it('answers 409 when the race is lost MAX_TRIES times, and does not retry other errors', async () => {
    let tries = 0;
    const lost = runCommand(
      handle.db,
      {
        locks: true,
        read: async () => {
          tries++;
          throw Object.assign(new Error('deadlock'), { code: '40P01' });
        },
        decide: () => ({ appends: [], result: null }),
      },
      metadata,
    );
    await expect(lost).rejects.toMatchObject({ status: 409 });
    expect(tries).toBe(MAX_TRIES);
    let other = 0;
    await expect(
      runCommand(
        handle.db,
        {
          locks: true,
          read: async () => {
            other++;
            throw Object.assign(new Error('unique'), { code: '23505' });
          },
          decide: () => ({ appends: [], result: null }),
        },
        metadata,
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(other).toBe(1);
  });
});

describe('back-off between tries', () => {
  it('waits a jittered delay that at most doubles with each try', () => {
    expect(backoffMs(1, 0)).toBe(0);
    for (let attempt = 1; attempt < MAX_TRIES; attempt++) {
      expect(backoffMs(attempt, 0.999)).toBeGreaterThan(backoffMs(attempt, 0.5));
      expect(backoffMs(attempt + 1, 0.999)).toBeGreaterThanOrEqual(2 * backoffMs(attempt, 0.999));
    }
    // The sum of every wait stays well under what a person notices.
    const worst = Array.from({ length: MAX_TRIES - 1 }, (_, i) => backoffMs(i + 1, 0.999)).reduce((a, b) => a + b, 0);
    expect(worst).toBeLessThan(100);
  });

  it('wins after losing more races than three in a row: each try reads again, up to MAX_TRIES', async () => {
    const streamId = 'retry-four';
    const pending: { commit: () => Promise<unknown> }[] = [];
    for (let version = 1; version < MAX_TRIES; version++) pending.push(await pendingCompetitor(streamId, version));
    const seen: number[] = [];
    const outcome = await runOnStream({
      streamId,
      decider: counter,
      decide: (state) => {
        void pending[seen.length]?.commit();
        seen.push(state);
        return [inc('command', state + 1)];
      },
    });
    for (const p of pending) await p.commit();
    expect(seen).toEqual(Array.from({ length: MAX_TRIES }, (_, i) => i));
    expect(outcome.result.state).toBe(MAX_TRIES);
  });
});
