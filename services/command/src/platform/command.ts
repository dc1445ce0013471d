import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import { preparedOnce, type Database } from '@wh/db';
import { EVENTS } from '@wh/contracts';
import {
  appendToStreams,
  concurrencyExhausted,
  isRetryableRace,
  type AppendResult,
  type EventMetadata,
  type NewEvent,
  type StreamAppend,
} from './event-store.ts';

// The one way a command runs, whatever it changes (one order, a user, a style, a receipt, a bin-allocation sheet, an
// adjustment, a location, an upload of thousands of orders):
//   read    what the decision needs: its streams folded into state, registry rows, stock counts, new ids;
//   decide  a pure function of those facts: the events per stream, each at the version it was decided on;
//   append  every stream's events with optimistic concurrency (a taken stream version means another writer got
//           there first), together with the command-side tables the events imply (`effects`);
// and on a lost race (a taken stream version, a deadlock, a registry row another writer claimed) it reads and
// decides again from fresh state, up to MAX_TRIES times, then answers 409.

export type Executor = Kysely<Database> | Transaction<Database>;

export interface Decider<S, E extends NewEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
}

// What a decision produces: the events to append and what the command answers.
export interface Decision<R, E extends NewEvent = NewEvent> {
  appends: StreamAppend<E>[];
  result: R;
}

// A writer of the append and its effects in one autocommitted statement (a stocked pick: stock/appendTakingStock).
export type AppendInOne = (db: Kysely<Database>, appends: StreamAppend[], metadata: EventMetadata) => Promise<AppendResult>;

interface CommandSteps<F, R, E extends NewEvent> {
  // Pure: no I/O. May yield to the event loop between slices of a big upload (mapInTurns).
  decide: (facts: F) => Decision<R, E> | Promise<Decision<R, E>>;
  // The command-side tables that go with the events (registries, credentials, stock), in the append's transaction.
  effects?: (trx: Transaction<Database>, decision: Decision<R, E>, facts: F) => Promise<void>;
  // Widens what counts as a lost race (a unique registry row another writer inserted first).
  retryOn?: (error: unknown) => boolean;
}

export type Command<F, R, E extends NewEvent = NewEvent> = CommandSteps<F, R, E> &
  (
    | {
        // Read in the command's transaction: rows locked or claimed here (stock counts, registry rows, new ids)
        // commit with the append.
        locking: true;
        read: (trx: Transaction<Database>) => Promise<F>;
      }
    | {
        // Read on the pool, outside any transaction: the append's (stream_id, stream_version) key is what makes
        // such a decision safe, so a transaction around the read adds only statements.
        locking?: false;
        read: (db: Kysely<Database>) => Promise<F>;
        // Whether this decision has effects to write (default: yes when `effects` is given). One without is
        // appended in a single autocommitted statement: no BEGIN and COMMIT round trips.
        hasEffects?: (decision: Decision<R, E>) => boolean;
        // The append and its effects in one statement, when the decision allows it; null falls back to `effects`.
        appendInOne?: (decision: Decision<R, E>) => AppendInOne | null;
      }
  );

export interface CommandResult<R> {
  result: R;
  // The (transaction, position) of the last event written, for read-your-writes; null when nothing was decided.
  append: AppendResult | null;
}

const MAX_TRIES = 3;

export async function runCommand<F, R, E extends NewEvent>(db: Kysely<Database>, command: Command<F, R, E>, metadata: EventMetadata): Promise<CommandResult<R>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return command.locking
        ? await db.transaction().execute(async (trx) => {
            const facts = await command.read(trx);
            const decision = await command.decide(facts);
            const append = await appendToStreams(trx, decision.appends, metadata);
            await command.effects?.(trx, decision, facts);
            return { result: decision.result, append };
          })
        : await readThenWrite(db, command, metadata);
    } catch (error) {
      const raced = isRetryableRace(error) || (command.retryOn?.(error) ?? false);
      if (!raced) throw error;
      if (attempt >= MAX_TRIES) throw concurrencyExhausted();
    }
  }
}

// A command that decides nothing writes nothing and opens no transaction; one without effects is one autocommitted
// statement, and so is one whose effects fit in the append's statement; only the rest pay for BEGIN and COMMIT.
async function readThenWrite<F, R, E extends NewEvent>(
  db: Kysely<Database>,
  command: Extract<Command<F, R, E>, { read: (db: Kysely<Database>) => Promise<F> }>,
  metadata: EventMetadata,
): Promise<CommandResult<R>> {
  const facts = await command.read(db);
  const decision = await command.decide(facts);
  if (decision.appends.every((a) => a.events.length === 0)) return { result: decision.result, append: null };
  const inOne = command.appendInOne?.(decision) ?? null;
  if (inOne) return { result: decision.result, append: await inOne(db, decision.appends, metadata) };
  const effects = command.effects && (command.hasEffects?.(decision) ?? true) ? command.effects : undefined;
  const append = effects
    ? await db.transaction().execute(async (trx) => {
        const written = await appendToStreams(trx, decision.appends, metadata);
        await effects(trx, decision, facts);
        return written;
      })
    : await appendToStreams(db, decision.appends, metadata);
  return { result: decision.result, append };
}

// Facts a decision will need, read with the stream instead of in a round trip of their own (a pick's stock
// holders): `expression` (evaluated once) builds them from `values`, its parameters in order, and `key` names its
// shape, so the statement is compiled once a process (preparedOnce).
export interface Prefetch<P> {
  key: string;
  values: readonly unknown[];
  expression: () => Expression<P>;
}

export interface StreamOutcome<S, E extends NewEvent> {
  state: S;
  events: E[];
  append: AppendResult | null;
}

// A command on one stream: fold it, decide on the state, append at the version read. `facts` gathers what the
// decision needs once the state is known (a pick's stock holders when the prefetch missed them).
export interface StreamCommand<S, E extends NewEvent, P, F> {
  streamId: string;
  decider: Decider<S, E>;
  prefetch?: Prefetch<P>;
  facts?: (db: Executor, state: S, prefetched: P | null) => Promise<F>;
  decide: (state: S, facts: F) => E[];
  effects?: (trx: Transaction<Database>, events: E[], before: S, after: S) => Promise<void>;
  hasEffects?: (events: E[]) => boolean;
  appendInOne?: (events: E[]) => AppendInOne | null;
}

interface StreamFacts<S, F> {
  version: number;
  state: S;
  facts: F;
}

export function onStream<S, E extends NewEvent, P = never, F = undefined>(
  c: StreamCommand<S, E, P, F>,
): Command<StreamFacts<S, F>, { before: S; state: S; events: E[] }, E> {
  return {
    read: async (db) => {
      const { history, prefetched } = await readForDecision<E, P>(db, c.streamId, c.prefetch);
      const state = history.reduce(c.decider.evolve, c.decider.initialState());
      const facts = c.facts ? await c.facts(db, state, prefetched) : (undefined as F);
      return { version: history.length, state, facts };
    },
    decide: ({ version, state, facts }) => {
      const events = c.decide(state, facts);
      return {
        appends: [{ streamId: c.streamId, expectedVersion: version, events }],
        result: { before: state, state: events.reduce(c.decider.evolve, state), events },
      };
    },
    ...(c.effects ? { effects: (trx, { result }) => c.effects!(trx, result.events, result.before, result.state) } : {}),
    ...(c.hasEffects ? { hasEffects: ({ result }) => c.hasEffects!(result.events) } : {}),
    ...(c.appendInOne ? { appendInOne: ({ result }) => c.appendInOne!(result.events) } : {}),
  };
}

// runCommand for one stream, answering its state after the command, its new events and the append.
export async function runOnStream<S, E extends NewEvent, P = never, F = undefined>(
  db: Kysely<Database>,
  c: StreamCommand<S, E, P, F>,
  metadata: EventMetadata,
): Promise<StreamOutcome<S, E>> {
  const { result, append } = await runCommand(db, onStream(c), metadata);
  return { state: result.state, events: result.events, append };
}

// What a decision needs of a stream: its events' types and data in order (positions, metadata and times are the
// projections' business, and parsing them is most of the statement's cost in the service), and the prefetched
// facts on the first row.
async function readForDecision<E extends NewEvent, P>(
  db: Executor,
  streamId: string,
  prefetch: Prefetch<P> | undefined,
): Promise<{ history: E[]; prefetched: P | null }> {
  const compile = () =>
    db
      .selectFrom('events')
      .select((eb) => [
        'event_type',
        'schema_version',
        'data',
        eb.case().when('stream_version', '=', eb.lit(1)).then(prefetch ? prefetch.expression() : sql<P>`null`).end().as('prefetched'),
      ])
      .where('stream_id', '=', streamId)
      .orderBy('stream_version')
      .compile();
  const { rows } = await db.executeQuery(
    prefetch ? preparedOnce(`command.stream.${prefetch.key}`, [...prefetch.values, streamId], compile) : preparedOnce('command.stream', [streamId], compile),
  );
  // The events table holds only what this stream's decider produced; an older version is upcast to today's shape.
  const history = rows.map((r) => ({ type: r.event_type, data: EVENTS.upcast(r.event_type, r.schema_version, r.data) }) as E);
  return { history, prefetched: (rows[0]?.prefetched as P | null | undefined) ?? null };
}

// Many streams read in one go (an upload touching thousands of styles), each folded: stream id -> version and state.
export async function foldStreams<S, E extends NewEvent>(
  db: Executor,
  decider: Decider<S, E>,
  streamIds: readonly string[],
): Promise<Map<string, { version: number; state: S }>> {
  const folded = new Map<string, { version: number; state: S }>();
  const distinct = [...new Set(streamIds)];
  for (let i = 0; i < distinct.length; i += STREAMS_PER_READ) {
    const part = distinct.slice(i, i + STREAMS_PER_READ);
    const rows = await db
      .selectFrom('events')
      .select(['stream_id', 'event_type', 'schema_version', 'data'])
      .where('stream_id', 'in', part)
      .orderBy('stream_id')
      .orderBy('stream_version')
      .execute();
    for (const row of rows) {
      const seen = folded.get(row.stream_id) ?? { version: 0, state: decider.initialState() };
      folded.set(row.stream_id, { version: seen.version + 1, state: decider.evolve(seen.state, { type: row.event_type, data: EVENTS.upcast(row.event_type, row.schema_version, row.data) } as E) });
    }
  }
  for (const id of distinct) if (!folded.has(id)) folded.set(id, { version: 0, state: decider.initialState() });
  return folded;
}

// Bound parameters per read stay well under PostgreSQL's 65535.
const STREAMS_PER_READ = 5000;

// `count` new values of a sequence, ascending, as one int[] row (a row per id costs the driver more than the server).
export async function nextIds(db: Executor, sequence: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ ids: number[] }>`
    select array_agg(nextval(${sequence}::regclass)::int) as ids from generate_series(1, ${count})`.execute(db);
  return rows[0]!.ids.sort((a, b) => a - b);
}
