import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wh/migrations';
import {
  appendToStreams,
  ConcurrencyError,
  concurrencyExhausted,
  readStream,
  type AppendResult,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
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
export async function executeCommand<S, E extends NewEvent>(
  db: Kysely<Database>,
  options: {
    streamId: string;
    decider: Decider<S, E>;
    decide: (state: S) => E[];
    metadata: EventMetadata;
    effects?: (trx: Transaction<Database>, events: E[], before: S, after: S) => Promise<void>;
  },
): Promise<CommandOutcome<S, E>> {
  return transactWithRetry(db, async (trx) => {
    const history = await readStream<E>(trx, options.streamId);
    const before = foldStream(options.decider, history);
    const events = options.decide(before);
    const after = events.reduce(options.decider.evolve, before);
    const append = await appendToStreams(
      trx,
      [{ streamId: options.streamId, expectedVersion: history.length, events }],
      options.metadata,
    );
    if (options.effects && events.length > 0) await options.effects(trx, events, before, after);
    return { state: after, events, append };
  });
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
      const raced = error instanceof ConcurrencyError || (options.retryOn?.(error) ?? false);
      if (raced && attempt < MAX_TRIES) continue;
      if (raced) throw concurrencyExhausted();
      throw error;
    }
  }
}

export function foldStream<S, E extends NewEvent>(decider: Decider<S, E>, events: StoredEvent<E>[]): S {
  return events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
}
