import { sql, type Kysely, type Transaction } from 'kysely';
import { prepared, toStoredEvent, type Database } from '@wh/db';
import { EVENTS, type EventMetadata, type NewEvent, type StoredEvent, type StreamPosition } from '@wh/contracts';
import { conflict } from './errors.ts';
import { appendWaker, wakeByCaller } from './projector-wake.ts';

export type { EventMetadata, NewEvent, StoredEvent };

export interface StreamAppend<E extends NewEvent = NewEvent> {
  streamId: string;
  // The version the stream had when the decision was made; 0 for a new stream.
  expectedVersion: number;
  events: readonly E[];
}

// The (transaction, position) of the last event written: what read-your-writes waits for.
export type AppendResult = StreamPosition;

type Executor = Kysely<Database> | Transaction<Database>;

export class ConcurrencyError extends Error {
  constructor(readonly streamId: string) {
    super(`stream ${streamId} changed while the command was decided`);
  }
}

// Events per statement: one statement's parameters stay a few MB at most however big an upload is.
const EVENTS_PER_STATEMENT = 5000;
// Up to this many events travel as four array parameters in a prepared statement (a command's few events); more
// (an upload's thousands) as one JSON text parameter the server parses once: for many events the driver's quoting
// of JSON inside an array literal and the server's array parsing cost more than the insert itself.
const ARRAY_ENCODED_EVENTS = 64;

// The one way events are written: to one or many streams, each at the version its decision was made on. In the
// caller's transaction, or, given the pool, in one autocommitted statement (only for at most EVENTS_PER_STATEMENT
// events: more take several statements, which must share a transaction). A taken (stream_id, stream_version)
// means another writer got there first: ConcurrencyError, which the command runner turns into decide-again. Each
// event is checked against its type's schema and stored with its type's current version (checkedVersion).
export async function appendToStreams(
  trx: Executor,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
): Promise<AppendResult | null> {
  const total = appends.reduce((n, a) => n + a.events.length, 0);
  if (total === 0) return null;
  if (total > EVENTS_PER_STATEMENT && !trx.isTransaction) throw new Error('an append of more than one statement needs a transaction');
  try {
    return total <= ARRAY_ENCODED_EVENTS ? await appendAsArrays(trx, appends, metadata) : await appendAsJson(trx, appends, metadata);
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_unique')) {
      throw new ConcurrencyError(appends.map((a) => a.streamId).join(','));
    }
    throw error;
  }
}

// A command's events: four array parameters unnested by the server, the metadata once, in a statement prepared once
// a connection. When it is the only statement (autocommitted), the caller wakes the projectors (projector-wake.ts).
async function appendAsArrays(trx: Executor, appends: readonly StreamAppend[], metadata: EventMetadata): Promise<AppendResult> {
  const waker = appendWaker(trx);
  const { streams, versions, types, schemaVersions, data } = eventArrays(appends);
  const { rows } = await trx.executeQuery(prepared(sql<{ position: string; transaction_id: string }>`
    with inserted as (
      insert into events (stream_id, stream_version, event_type, schema_version, data, metadata)
      select s, v, t, n, d, ${JSON.stringify(metadata)}::jsonb
        from unnest(${streams}::text[], ${versions}::int[], ${types}::text[], ${schemaVersions}::smallint[], ${data}::jsonb[]) as x(s, v, t, n, d)
      returning global_position)
    select max(global_position)::text as position, pg_current_xact_id()::text as transaction_id, ${wakeByCaller(waker)} as wake
      from inserted`.compile(trx)));
  waker?.appended();
  return { tx: rows[0]!.transaction_id, pos: rows[0]!.position };
}

// An upload's events: each statement's events as one JSON text that the server splits with jsonb_to_recordset. Each
// statement's text is built just before it is sent, so the event loop turns between statements instead of
// stringifying a whole upload's events in one go.
async function appendAsJson(trx: Executor, appends: readonly StreamAppend[], metadata: EventMetadata): Promise<AppendResult | null> {
  const meta = JSON.stringify(metadata);
  // Set only for a single autocommitted statement (appendToStreams refuses more outside a transaction).
  const waker = appendWaker(trx);
  let last: AppendResult | null = null;
  let rows: string[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const { rows: result } = await sql<{ position: string; transaction_id: string }>`
      with inserted as (
        insert into events (stream_id, stream_version, event_type, schema_version, data, metadata)
        select s, v, t, n, d, ${meta}::jsonb
          from jsonb_to_recordset(${`[${rows.join(',')}]`}::jsonb) as x(s text, v int, t text, n smallint, d jsonb)
        returning global_position)
      select max(global_position)::text as position, pg_current_xact_id()::text as transaction_id, ${wakeByCaller(waker)} as wake
        from inserted`.execute(trx);
    last = { tx: result[0]!.transaction_id, pos: result[0]!.position };
    rows = [];
  };
  for (const a of appends) {
    for (let i = 0; i < a.events.length; i++) {
      const event = a.events[i]!;
      // Hand-built so each event's data is stringified once, straight into the statement's text.
      const n = checkedVersion(event);
      rows.push(`{"s":${JSON.stringify(a.streamId)},"v":${a.expectedVersion + i + 1},"t":${JSON.stringify(event.type)},"n":${n},"d":${JSON.stringify(event.data)}}`);
      if (rows.length >= EVENTS_PER_STATEMENT) await flush();
    }
  }
  await flush();
  waker?.appended();
  return last;
}

// The version an event is stored at: its type's current one, once its data is checked against that version's schema.
// An event that does not fit is a decider's bug (request input is refused by the routes' schemas first): it throws
// EventSchemaError before anything of the append is written (an upload's later statements share its transaction).
function checkedVersion(event: NewEvent): number {
  EVENTS.check(event.type, event.data);
  return EVENTS.currentVersion(event.type);
}

// The append's rows as the five arrays the insert unnests.
export function eventArrays(appends: readonly StreamAppend[]): {
  streams: string[];
  versions: number[];
  types: string[];
  schemaVersions: number[];
  data: string[];
} {
  const out = { streams: [] as string[], versions: [] as number[], types: [] as string[], schemaVersions: [] as number[], data: [] as string[] };
  for (const a of appends) {
    a.events.forEach((event, i) => {
      out.schemaVersions.push(checkedVersion(event));
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
      'schema_version',
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
