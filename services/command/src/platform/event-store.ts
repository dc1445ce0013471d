import { sql, Transaction, type Kysely, type RawBuilder } from 'kysely';
import { prepared, toStoredEvent, type Database } from '@wh/db';
import { EVENTS, type EventMetadata, type NewEvent, type StoredEvent, type StreamPosition } from '@wh/contracts';
import { conflict } from './errors.ts';
import { appendWaker, wakeByCaller, type AppendWaker } from './projector-wake.ts';

export type { EventMetadata, NewEvent, StoredEvent };

export interface StreamAppend<E extends NewEvent = NewEvent> {
  streamId: string;
  // The version the stream had when the decision was made; 0 for a new stream.
  expectedVersion: number;
  events: readonly E[];
}

// The (transaction, position) of the last event written: what read-your-writes waits for.
export type AppendResult = StreamPosition;

export type Executor = Kysely<Database> | Transaction<Database>;

export class ConcurrencyError extends Error {
  constructor(readonly streamId: string) {
    super(`stream ${streamId} changed while the command was decided`);
  }
}

// Events per statement: one statement's parameters stay a few MB at most however big an upload is.
const EVENTS_PER_STATEMENT = 5000;
// Up to this many events travel as five array parameters in a prepared statement (a command's few events); more
// (an upload's thousands) as one JSON text parameter the server parses once: for many events the driver's quoting
// of JSON inside an array literal and the server's array parsing cost more than the insert itself.
const ARRAY_ENCODED_EVENTS = 64;

// A condition the append's own statement checks before it writes (a stocked pick's take: stock.ts stockTake). Its
// statement runs first, in the same statement as the insert; the events are written only if it returns a row, so
// what it changes and the events commit together or not at all, in one round trip.
export interface AppendGuard {
  // A data-modifying statement (`update ... returning 1`): no row means the append is refused.
  statement: RawBuilder<unknown>;
  // The error for a refusal, when the streams were not moved on meanwhile (then it is a lost race).
  refused: (db: Executor) => Promise<Error>;
}

// What goes with the events: options of the one append.
export interface AppendOptions {
  // The command-side writes the events imply (registries, stock, credentials), in the append's transaction: given
  // the pool, the append opens one for them.
  effects?: ((trx: Transaction<Database>) => Promise<void>) | null;
  guard?: AppendGuard | null;
}

// The one way events are written: to one or many streams, each at the version its decision was made on, with its
// effects. In the caller's transaction; or, given the pool, in one autocommitted statement (no BEGIN and COMMIT)
// when there are no effects and the events fit in one statement, else in a transaction of its own. A taken
// (stream_id, stream_version) means another writer got there first: ConcurrencyError, which the command runner
// turns into decide-again. Each event is checked against its type's schema and stored with its type's current
// version (checkedVersion). A decision without events writes nothing, effects included.
export async function appendToStreams(
  db: Executor,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
  options: AppendOptions = {},
): Promise<AppendResult | null> {
  const total = appends.reduce((n, a) => n + a.events.length, 0);
  if (total === 0) return null;
  const { effects, guard = null } = options;
  if (db instanceof Transaction) {
    const written = await insertEvents(db, appends, total, metadata, guard);
    await effects?.(db);
    return written;
  }
  if (effects || total > EVENTS_PER_STATEMENT) return db.transaction().execute((trx) => appendToStreams(trx, appends, metadata, options));
  return insertEvents(db, appends, total, metadata, guard);
}

async function insertEvents(
  db: Executor,
  appends: readonly StreamAppend[],
  total: number,
  metadata: EventMetadata,
  guard: AppendGuard | null,
): Promise<AppendResult> {
  let written: AppendResult | null;
  try {
    written = total <= ARRAY_ENCODED_EVENTS ? await appendAsArrays(db, appends, metadata, guard) : await appendAsJson(db, appends, metadata, guard);
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_unique')) throw new ConcurrencyError(streamsOf(appends));
    throw error;
  }
  if (written) return written;
  // The guard let nothing through. If a stream moved on meanwhile (another pick of this item took the last unit),
  // the command is decided again on the new stream, as a taken version would have made it: its answer is then the
  // decider's ("already picked"), not the guard's.
  const firsts = appends.filter((a) => a.events.length > 0);
  const { rows: moved } = await sql`
    select 1 from events e join unnest(${firsts.map((a) => a.streamId)}::text[], ${firsts.map((a) => a.expectedVersion + 1)}::int[]) as x(s, v)
        on e.stream_id = x.s and e.stream_version = x.v
     limit 1`.execute(db);
  if (moved.length > 0) throw new ConcurrencyError(streamsOf(appends));
  throw await guard!.refused(db);
}

const streamsOf = (appends: readonly StreamAppend[]) => appends.map((a) => a.streamId).join(',');

// The one `insert into events`, whatever carries its rows: `rows` yields (s, v, t, n, d) per event. The metadata
// travels once; a guard's statement runs first and the insert writes only when it returned a row. The final select
// answers the last position (null when the guard refused) and, for an autocommitted statement, tells the trigger
// that the caller wakes the projectors (projector-wake.ts).
function insertStatement(rows: RawBuilder<unknown>, metadata: string, guard: AppendGuard | null, waker: AppendWaker | null) {
  return sql<{ position: string | null; transaction_id: string }>`
    with ${guard ? sql`guard as (${guard.statement}),` : sql``}
    inserted as (
      insert into events (stream_id, stream_version, event_type, schema_version, data, metadata)
      select s, v, t, n, d, ${metadata}::jsonb from ${rows} ${guard ? sql`where exists (select 1 from guard)` : sql``}
      returning global_position)
    select max(global_position)::text as position, pg_current_xact_id()::text as transaction_id, ${wakeByCaller(waker)} as wake
      from inserted`;
}

const positionOf = (row: { position: string | null; transaction_id: string } | undefined): AppendResult | null =>
  row?.position == null ? null : { tx: row.transaction_id, pos: row.position };

// A command's events: five array parameters unnested by the server, in a statement prepared once a connection.
async function appendAsArrays(db: Executor, appends: readonly StreamAppend[], metadata: EventMetadata, guard: AppendGuard | null): Promise<AppendResult | null> {
  const waker = appendWaker(db);
  const { streams, versions, types, schemaVersions, data } = eventArrays(appends);
  const rows = sql`unnest(${streams}::text[], ${versions}::int[], ${types}::text[], ${schemaVersions}::smallint[], ${data}::jsonb[]) as x(s, v, t, n, d)`;
  const { rows: answer } = await db.executeQuery(prepared(insertStatement(rows, JSON.stringify(metadata), guard, waker).compile(db)));
  const written = positionOf(answer[0]);
  if (written) waker?.appended();
  return written;
}

// An upload's events: each statement's events as one JSON text that the server splits with jsonb_to_recordset. Each
// statement's text is built just before it is sent, so the event loop turns between statements instead of
// stringifying a whole upload's events in one go. A guard goes with the first statement.
async function appendAsJson(db: Executor, appends: readonly StreamAppend[], metadata: EventMetadata, guard: AppendGuard | null): Promise<AppendResult | null> {
  const meta = JSON.stringify(metadata);
  // Set only for a single autocommitted statement (appendToStreams opens a transaction for more).
  const waker = appendWaker(db);
  let last: AppendResult | null = null;
  let rows: string[] = [];
  let statements = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    const source = sql`jsonb_to_recordset(${`[${rows.join(',')}]`}::jsonb) as x(s text, v int, t text, n smallint, d jsonb)`;
    const { rows: answer } = await insertStatement(source, meta, statements++ === 0 ? guard : null, waker).execute(db);
    last = positionOf(answer[0]);
    rows = [];
    if (!last) throw new GuardRefused();
  };
  try {
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
  } catch (error) {
    if (error instanceof GuardRefused) return null;
    throw error;
  }
  if (last) waker?.appended();
  return last;
}

// The first statement's guard let nothing through: nothing of the append is written.
class GuardRefused extends Error {}

// The version an event is stored at: its type's current one, once its data is checked against that version's schema.
// An event that does not fit is a decider's bug (request input is refused by the routes' schemas first): it throws
// EventSchemaError before anything of the append is written (an upload's later statements share its transaction).
function checkedVersion(event: NewEvent): number {
  EVENTS.check(event.type, event.data);
  return EVENTS.currentVersion(event.type);
}

// The append's rows as the five arrays the insert unnests.
function eventArrays(appends: readonly StreamAppend[]): {
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
