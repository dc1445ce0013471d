import { sql, type Kysely, type Transaction } from 'kysely';
import { toStoredEvent, type Database } from '@wh/migrations';
import type { EventMetadata, NewEvent, StoredEvent } from '@wh/contracts';
import { conflict } from './errors.ts';

export type { EventMetadata, NewEvent, StoredEvent };

export interface StreamAppend {
  streamId: string;
  // The version the stream had when the decision was made; 0 for a new stream.
  expectedVersion: number;
  events: readonly NewEvent[];
}

export interface AppendResult {
  // The (transaction, position) pair of the last event written: what read-your-writes waits for.
  transactionId: string;
  position: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

export class ConcurrencyError extends Error {
  constructor(readonly streamId: string) {
    super(`stream ${streamId} changed while the command was decided`);
  }
}

const ROWS_PER_INSERT = 1000;

// Appends to several streams in the caller's transaction. A taken (stream_id, stream_version) means another
// writer got there first: ConcurrencyError, which executeCommand turns into reload-and-retry.
export async function appendToStreams(
  trx: Transaction<Database>,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
): Promise<AppendResult | null> {
  const rows = appends.flatMap((a) =>
    a.events.map((event, i) => ({
      stream_id: a.streamId,
      stream_version: a.expectedVersion + i + 1,
      event_type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(metadata),
    })),
  );
  if (rows.length === 0) return null;
  let last: { global_position: string; transaction_id: string } | undefined;
  try {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const inserted = await trx
        .insertInto('events')
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .returning(['global_position', sql<string>`transaction_id::text`.as('transaction_id')])
        .execute();
      last = inserted.reduce((a, b) => (BigInt(b.global_position) > BigInt(a.global_position) ? b : a), inserted[0]!);
    }
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_unique')) {
      throw new ConcurrencyError(appends.map((a) => a.streamId).join(','));
    }
    throw error;
  }
  return last ? { transactionId: last.transaction_id, position: last.global_position } : null;
}

export async function readStream<E extends NewEvent>(db: Executor, streamId: string): Promise<StoredEvent<E>[]> {
  const rows = await db
    .selectFrom('events')
    .select([
      'event_type',
      'data',
      'stream_id',
      'stream_version',
      'global_position',
      sql<string>`transaction_id::text`.as('transaction_id'),
      'metadata',
      'recorded_at',
    ])
    .where('stream_id', '=', streamId)
    .orderBy('stream_version')
    .execute();
  return rows.map(toStoredEvent<E>);
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

export function concurrencyExhausted(): Error {
  return conflict('Someone else changed this at the same time. Please reload and try again.');
}
