import { sql, type Kysely, type Transaction } from 'kysely';
import { prepared, toStoredEvent, type Database } from '@wh/db';
import type { EventMetadata, NewEvent, StoredEvent } from '@wh/contracts';
import { conflict } from './errors.ts';
import { appendWaker, wakeByCaller } from './projector-wake.ts';

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

// Rows per INSERT: one statement's arrays stay a few MB at most however big an upload is.
const ROWS_PER_INSERT = 5000;

// Appends to several streams in the caller's transaction, or, given the pool, in one autocommitted statement
// (only for at most ROWS_PER_INSERT events: more take several statements, which must share a transaction). A taken (stream_id, stream_version) means another
// writer got there first: ConcurrencyError, which executeCommand turns into reload-and-retry.
// The rows travel as four array parameters unnested by the server (the metadata, the same for every event of a
// command or upload, once): a multi-row VALUES list costs the server five bound parameters per event to parse
// and plan, which made an event cost 100-200 us to write.
export async function appendToStreams(
  trx: Executor,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
): Promise<AppendResult | null> {
  const total = appends.reduce((n, a) => n + a.events.length, 0);
  if (total === 0) return null;
  if (total > ROWS_PER_INSERT && !trx.isTransaction) throw new Error('an append of more than one statement needs a transaction');
  const meta = JSON.stringify(metadata);
  // Only a single autocommitted statement: its commit is known when it returns.
  const waker = total <= ROWS_PER_INSERT ? appendWaker(trx) : null;
  let last: AppendResult | null = null;
  try {
    let streams: string[] = [];
    let versions: number[] = [];
    let types: string[] = [];
    let data: string[] = [];
    const flush = async () => {
      if (streams.length === 0) return;
      const { rows } = await trx.executeQuery(prepared(sql<{ position: string; transaction_id: string }>`
        with inserted as (
          insert into events (stream_id, stream_version, event_type, data, metadata)
          select s, v, t, d, ${meta}::jsonb
            from unnest(${streams}::text[], ${versions}::int[], ${types}::text[], ${data}::jsonb[]) as x(s, v, t, d)
          returning global_position)
        select max(global_position)::text as position, pg_current_xact_id()::text as transaction_id, ${wakeByCaller(waker)} as wake
          from inserted`.compile(trx)));
      last = { transactionId: rows[0]!.transaction_id, position: rows[0]!.position };
      streams = [];
      versions = [];
      types = [];
      data = [];
    };
    for (const a of appends) {
      for (let i = 0; i < a.events.length; i++) {
        const event = a.events[i]!;
        streams.push(a.streamId);
        versions.push(a.expectedVersion + i + 1);
        types.push(event.type);
        data.push(JSON.stringify(event.data));
        if (streams.length >= ROWS_PER_INSERT) await flush();
      }
    }
    await flush();
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_unique')) {
      throw new ConcurrencyError(appends.map((a) => a.streamId).join(','));
    }
    throw error;
  }
  waker?.appended();
  return last;
}

// The append's rows as the four arrays the insert unnests.
export function eventArrays(appends: readonly StreamAppend[]): { streams: string[]; versions: number[]; types: string[]; data: string[] } {
  const out = { streams: [] as string[], versions: [] as number[], types: [] as string[], data: [] as string[] };
  for (const a of appends) {
    a.events.forEach((event, i) => {
      out.streams.push(a.streamId);
      out.versions.push(a.expectedVersion + i + 1);
      out.types.push(event.type);
      out.data.push(JSON.stringify(event.data));
    });
  }
  return out;
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

// A deadlock or a serialization failure is a race PostgreSQL settled by cancelling one side, which wrote nothing: it
// is decided again from fresh state like a stream conflict.
export function isRetryableRace(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return error instanceof ConcurrencyError || code === '40P01' || code === '40001';
}

export function concurrencyExhausted(): Error {
  return conflict('Someone else changed this at the same time. Please reload and try again.');
}
