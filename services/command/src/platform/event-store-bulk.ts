import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { ConcurrencyError, isUniqueViolation, type AppendResult, type EventMetadata, type StreamAppend } from './event-store.ts';

// Events per statement: the statement's one parameter stays a few MB however big an upload is.
const EVENTS_PER_STATEMENT = 5000;

// appendToStreams for uploads: the same rows, guarantees and answer (a taken (stream_id, stream_version) is a
// ConcurrencyError; the last event's (transaction, position) comes back), but each statement's events travel as
// ONE json text parameter that the server parses once and splits with jsonb_to_recordset. appendToStreams's four
// array parameters cost, per event, the driver's quoting of a JSON text inside an array literal and the server's
// array parsing before the jsonb parsing: for an upload's thousands of events, more than the insert itself.
// Always in the caller's transaction (a bulk append takes several statements).
export async function appendToStreamsBulk(
  trx: Transaction<Database>,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
): Promise<AppendResult | null> {
  const meta = JSON.stringify(metadata);
  let last: AppendResult | null = null;
  let rows: string[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const { rows: result } = await sql<{ position: string; transaction_id: string }>`
      with inserted as (
        insert into events (stream_id, stream_version, event_type, data, metadata)
        select s, v, t, d, ${meta}::jsonb
          from jsonb_to_recordset(${`[${rows.join(',')}]`}::jsonb) as x(s text, v int, t text, d jsonb)
        returning global_position)
      select max(global_position)::text as position, pg_current_xact_id()::text as transaction_id from inserted`.execute(trx);
    last = { transactionId: result[0]!.transaction_id, position: result[0]!.position };
    rows = [];
  };
  try {
    // Each statement's text is built just before it is sent: the service's event loop turns between statements
    // instead of stringifying a whole upload's events in one go.
    for (const a of appends) {
      for (let i = 0; i < a.events.length; i++) {
        const event = a.events[i]!;
        // Hand-built so each event's data is stringified once, straight into the statement's text.
        rows.push(`{"s":${JSON.stringify(a.streamId)},"v":${a.expectedVersion + i + 1},"t":${JSON.stringify(event.type)},"d":${JSON.stringify(event.data)}}`);
        if (rows.length >= EVENTS_PER_STATEMENT) await flush();
      }
    }
    await flush();
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_unique')) {
      throw new ConcurrencyError(appends.map((a) => a.streamId).join(','));
    }
    throw error;
  }
  return last;
}
