import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import { preparedOnce, type Database } from '@wh/db';
import {
  appendToStreams,
  concurrencyExhausted,
  isRetryableRace,
  type AppendResult,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
} from './event-store.ts';

export interface Decider<S, E extends NewEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
}

export interface CommandOutcome<S, E extends NewEvent> {
  state: S;
  events: E[];
  append: AppendResult | null;
}

const MAX_TRIES = 3;

// Load a stream, fold it, decide, append with optimistic concurrency; on a conflict reload and decide again.
// `effects` writes the command-side tables that go with the events, in the same transaction.
// `decide` may be async to gather the facts a decision needs (a pick's stock holders) once it has the state.
//
// The stream is read outside any transaction: the append's (stream_id, stream_version) key is what makes the
// decision safe (a writer that got there first fails the insert, and the command is decided again on the new
// stream), so a transaction around the read added only statements. A command that decides nothing writes
// nothing and opens no transaction; one without effects appends in a single autocommitted statement, and so does
// one whose effects fit in the append's statement (`appendInOne`); only the rest pay for BEGIN and COMMIT. Each
// statement is a round trip that costs the service a socket write.
// Facts a decision will need, read with the stream instead of in a round trip of their own (a pick's stock
// holders): `expression` (evaluated once) builds them from `values`, its parameters in order, and `key` names its
// shape, so the statement is compiled once a process (preparedOnce).
export interface Prefetch<P> {
  key: string;
  values: readonly unknown[];
  expression: () => Expression<P>;
}

export async function executeCommand<S, E extends NewEvent, P = never>(
  db: Kysely<Database>,
  options: {
    streamId: string;
    decider: Decider<S, E>;
    // `prefetched`: the value of `prefetch`, read in the stream's own statement (null when it found nothing or the
    // stream is empty).
    decide: (state: S, prefetched: P | null) => E[] | Promise<E[]>;
    prefetch?: Prefetch<P>;
    metadata: EventMetadata;
    effects?: (trx: Transaction<Database>, events: E[], before: S, after: S) => Promise<void>;
    // Whether these events have effects to write (default: any do): those that have none are appended alone.
    hasEffects?: (events: E[]) => boolean;
    // A writer of the append and its effects in one autocommitted statement, when these events allow it (a stocked
    // pick: stock/appendTakingStock); null falls back to `effects` in a transaction.
    appendInOne?: (events: E[]) => ((db: Kysely<Database>, appends: StreamAppend[], metadata: EventMetadata) => Promise<AppendResult>) | null;
  },
): Promise<CommandOutcome<S, E>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { history, prefetched } = await readForDecision<E, P>(db, options.streamId, options.prefetch);
      const before = history.reduce(options.decider.evolve, options.decider.initialState());
      const events = await options.decide(before, prefetched);
      const after = events.reduce(options.decider.evolve, before);
      if (events.length === 0) return { state: after, events, append: null };
      const appends = [{ streamId: options.streamId, expectedVersion: history.length, events }];
      const inOne = options.appendInOne?.(events) ?? null;
      const effects = options.effects && (options.hasEffects?.(events) ?? true) ? options.effects : undefined;
      const append = inOne
        ? await inOne(db, appends, options.metadata)
        : effects
        ? await db.transaction().execute(async (trx) => {
            const written = await appendToStreams(trx, appends, options.metadata);
            await effects(trx, events, before, after);
            return written;
          })
        : await appendToStreams(db, appends, options.metadata);
      return { state: after, events, append };
    } catch (error) {
      if (!isRetryableRace(error)) throw error;
      if (attempt >= MAX_TRIES) throw concurrencyExhausted();
    }
  }
}

// What a decision needs of a stream: its events' types and data in order (positions, metadata and times are
// the projections' business, and parsing them was most of the statement's cost in the service), and the
// prefetched facts on the first row.
async function readForDecision<E extends NewEvent, P>(
  db: Kysely<Database>,
  streamId: string,
  prefetch: Prefetch<P> | undefined,
): Promise<{ history: E[]; prefetched: P | null }> {
  const compile = () =>
    db
      .selectFrom('events')
      .select((eb) => [
        'event_type',
        'data',
        eb.case().when('stream_version', '=', eb.lit(1)).then(prefetch ? prefetch.expression() : sql<P>`null`).end().as('prefetched'),
      ])
      .where('stream_id', '=', streamId)
      .orderBy('stream_version')
      .compile();
  const { rows } = await db.executeQuery(
    prefetch ? preparedOnce(`command.stream.${prefetch.key}`, [...prefetch.values, streamId], compile) : preparedOnce('command.stream', [streamId], compile),
  );
  // The events table holds only what this stream's decider produced.
  const history = rows.map((r) => ({ type: r.event_type, data: r.data }) as E);
  return { history, prefetched: (rows[0]?.prefetched as P | null | undefined) ?? null };
}

// One transaction, run again from fresh state when another writer got to a stream first: up to 3 tries, then 409.
// `retryOn` widens what counts as such a race (a unique index on a command-side registry row).
export async function transactWithRetry<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: { retryOn?: (error: unknown) => boolean } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const raced = isRetryableRace(error) || (options.retryOn?.(error) ?? false);
      if (raced && attempt < MAX_TRIES) continue;
      if (raced) throw concurrencyExhausted();
      throw error;
    }
  }
}

export function foldStream<S, E extends NewEvent>(decider: Decider<S, E>, events: StoredEvent<E>[]): S {
  return events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
}
