import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { EVENTS, type StoredEvent } from '@wh/contracts';
import type { Projection, Rebuilder } from '../../projection.ts';
import { copyLine, type RebuildIo } from '../../rebuild-io.ts';
import { importedInSql } from '../event-time.ts';
import { auditRow, learnName, summarise, usersOf, USER_FIELDS } from './fold.ts';
import { executePrepared } from '../../write-together.ts';

type Trx = Transaction<Database>;
type Data = Record<string, unknown>;
// Rows per statement: each chunk is one jsonb parameter (a rebuild writes millions of rows, a row per event).
const INSERT_CHUNK = 4000;
// Sessions fill the log but are not warehouse activity: the dashboard's counters ignore them.
const SESSION_EVENTS = new Set(['UserSignedIn', 'UserSignedOut']);

// Every event type, including those added after this projection was written: the audit log misses nothing.
class EveryEventType extends Set<string> {
  override has(): boolean {
    return true;
  }
}

// rm_audit: one row per event with who, when, a one-line summary and the keys the audit filters look for; announces
// 'reports', and 'dashboard' for warehouse activity. One fold (fold.ts: an event's row, and the user names it learns),
// two ways to hold the names:
// - live (`apply`): read back from rm_users before each batch, the rows inserted a chunk at a time (a big upload's
//   imports straight from the events, inside the database);
// - rebuild (`rebuilder`): kept in memory across the whole history (a rebuild's rm_users holds exactly the names
//   learnt from the events applied so far), the rows COPYed a batch at a time.
export const auditProjection: Projection = {
  name: 'audit',
  handles: new EveryEventType(),
  async apply(trx, events, topics) {
    topics.add({ kind: 'reports' });
    if (events.some((e) => !SESSION_EVENTS.has(e.type))) topics.add({ kind: 'dashboard' });
    const names = await namesBefore(trx, events);
    const rows: ReturnType<typeof auditRow>[] = [];
    const imports = new Map<string, ImportRow>();
    for (const stored of events) {
      if (importInSql(stored)) {
        const d = stored.data as Data;
        imports.set(stored.global_position, { stored, key: (d.order_number as string).toUpperCase(), summary: summarise(stored.type, d, names) });
        continue;
      }
      learnName(stored, names);
      rows.push(auditRow(stored, names));
    }
    // An event handed to apply that is not in the table (a projection test's) takes the in-process path.
    const inSql = await insertImports(trx, [...imports.values()]);
    for (const [position, row] of imports) if (!inSql.has(position)) rows.push(auditRow(row.stored, names));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insertRows(trx, rows.slice(i, i + INSERT_CHUNK));
  },
  rebuilder: (io) => auditRebuilder(io),
};

interface ImportRow {
  stored: StoredEvent;
  key: string;
  summary: string;
}

// An OrderImported as the upload writes it: its row is the same read from the event inside the database. A big
// upload's 50,000 rows otherwise go through this process as one big jsonb parameter, which cost the projector more
// than the insert itself. Anything else keeps the in-process path (auditRow).
function importInSql(stored: StoredEvent): boolean {
  if (stored.type !== 'OrderImported') return false;
  const d = (stored.data ?? {}) as Data;
  const actor = stored.metadata?.actor_id;
  return (
    importedInSql(d.at) &&
    typeof d.order_number === 'string' &&
    d.order_number !== '' &&
    Array.isArray(d.items) &&
    (actor === undefined || actor === null || Number.isInteger(actor)) &&
    USER_FIELDS.every((f) => d[f] === undefined) &&
    d.sku === undefined &&
    d.variants === undefined &&
    d.discrepancies === undefined &&
    d.location === undefined &&
    d.movements === undefined
  );
}

// SQL sees the data as stored, not upcast (readInDatabase).
EVENTS.readInDatabase('OrderImported', 1, 'the audit projection (insertImports)');

// The columns auditRow gives such an event: occurred_at from `at`, the actor as the only user, the items' SKUs once
// each in item order, no location.
async function insertImports(trx: Trx, rows: readonly ImportRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const { rows: inserted } = await sql<{ position: string }>`
    insert into rm_audit (position, event_type, stream_id, occurred_at, actor_id, actor_role, user_ids, order_key,
           order_number, skus, locations, summary)
    select e.global_position, e.event_type, e.stream_id, (e.data->>'at')::timestamptz, (e.metadata->>'actor_id')::int,
           e.metadata->>'actor_role',
           case when jsonb_typeof(e.metadata->'actor_id') = 'number' then array[(e.metadata->>'actor_id')::int] else '{}'::int[] end,
           x.key, e.data->>'order_number',
           array(select sku from (select i->>'sku' as sku, min(n) as n
                                    from jsonb_array_elements(e.data->'items') with ordinality as it(i, n)
                                   where jsonb_typeof(i->'sku') = 'string' and i->>'sku' <> ''
                                   group by 1) s order by n),
           '{}'::text[], x.summary
      from unnest(${rows.map((r) => r.stored.global_position)}::bigint[], ${rows.map((r) => r.key)}::text[],
                  ${rows.map((r) => r.summary)}::text[]) as x(position, key, summary)
      join events e on e.global_position = x.position
     -- The planner guesses 100 rows for unnest: this makes it probe events by key whatever it guesses.
     where e.global_position = any(${rows.map((r) => r.stored.global_position)}::bigint[])
    returning position::text`.execute(trx);
  return new Set(inserted.map((r) => r.position));
}

async function insertRows(trx: Trx, rows: readonly ReturnType<typeof auditRow>[]): Promise<void> {
  await executePrepared(
    trx,
    sql`
    insert into rm_audit (position, event_type, stream_id, occurred_at, actor_id, actor_role, user_ids, order_key,
           order_number, skus, locations, summary)
    select position, event_type, stream_id, occurred_at, actor_id, actor_role, user_ids, order_key,
           order_number, skus, locations, summary
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x (
           position bigint, event_type text, stream_id text, occurred_at timestamptz, actor_id int, actor_role text,
           user_ids int[], order_key text, order_number text, skus text[], locations text[], summary text)`,
  );
}

// Names as they were before the batch (this projection runs before the users projection), so a summary names users
// as they were called when the event happened, however the events are batched.
async function namesBefore(trx: Trx, events: readonly StoredEvent[]): Promise<Map<number, string>> {
  const ids = [...new Set(events.flatMap(usersOf))];
  if (ids.length === 0) return new Map();
  const { rows } = await executePrepared<{ id: number; username: string }>(
    trx,
    trx.selectFrom('rm_users').select(['id', 'username']).where('id', '=', sql<number>`any(${ids}::int[])`),
  );
  return new Map(rows.map((r) => [r.id, r.username]));
}

const COLUMNS = [
  'position',
  'event_type',
  'stream_id',
  'occurred_at',
  'actor_id',
  'actor_role',
  'user_ids',
  'order_key',
  'order_number',
  'skus',
  'locations',
  'summary',
] as const satisfies readonly (keyof ReturnType<typeof auditRow>)[];

// The rebuild's way: the names in memory, each batch's rows COPYed.
function auditRebuilder(io: RebuildIo): Rebuilder {
  const names = new Map<number, string>();
  return {
    async apply(_trx, events) {
      const lines: string[] = [];
      for (const stored of events) {
        learnName(stored, names);
        const r = auditRow(stored, names);
        lines.push(copyLine(COLUMNS.map((c) => r[c])));
      }
      io.copy('rm_audit', COLUMNS, lines);
    },
    async finish() {},
  };
}
