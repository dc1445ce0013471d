import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { movementsOf, type StoredEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';
import { importedInSql, occurredAt } from './reports.ts';
import { auditRebuilder } from './audit-rebuild.ts';
import { executePrepared } from '../write-together.ts';

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

// rm_audit: one row per event with who, when, a one-line summary and the keys the audit filters look for.
export const auditProjection: Projection = {
  name: 'audit',
  handles: new EveryEventType(),
  async apply(trx, events, topics) {
    topics.add('reports');
    if (events.some((e) => !SESSION_EVENTS.has(e.type))) topics.add('dashboard');
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

const USER_FIELDS = [
  'user_id',
  'worker_id',
  'previous_worker_id',
  'picked_by',
  'completed_by',
  'verified_by',
  'approved_by',
  'recorded_by',
  'rejected_by',
  'counted_by',
] as const;

function usersOf(stored: StoredEvent): number[] {
  const d = (stored.data ?? {}) as Data;
  const ids: number[] = [];
  const actor = stored.metadata?.actor_id;
  if (typeof actor === 'number') ids.push(actor);
  for (const f of USER_FIELDS) {
    const v = d[f];
    if (typeof v === 'number' && !ids.includes(v)) ids.push(v);
  }
  return ids;
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

// A user's name changes with these events; later events of the batch use the new name.
export function learnName(stored: StoredEvent, names: Map<number, string>): void {
  const d = (stored.data ?? {}) as Data;
  if ((stored.type === 'UserCreated' || stored.type === 'UserUpdated') && typeof d.user_id === 'number' && typeof d.username === 'string') {
    names.set(d.user_id, d.username);
  }
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

// Module-level helpers rather than closures made per event: a rebuild calls these for each of millions of events, and
// each closure costs an allocation (and, under tsx, a call that names it).
function addText(set: Set<string>, v: unknown): void {
  const t = text(v);
  if (t) set.add(t);
}

function keysOf(stored: StoredEvent): { skus: string[]; locations: string[] } {
  const d = (stored.data ?? {}) as Data;
  const skus = new Set<string>();
  const locations = new Set<string>();
  addText(skus, d.sku);
  for (const list of [d.items, d.variants, d.discrepancies]) {
    if (Array.isArray(list)) for (const x of list) addText(skus, (x as Data | null)?.sku);
  }
  addText(locations, d.location);
  if (stored.type.startsWith('Location')) addText(locations, d.code);
  for (const m of movementsOf(stored.data)) {
    addText(skus, m.sku);
    addText(locations, m.location);
  }
  return { skus: [...skus], locations: [...locations] };
}

export function auditRow(stored: StoredEvent, names: Map<number, string>) {
  const d = (stored.data ?? {}) as Data;
  const orderNumber = text(d.order_number);
  return {
    position: stored.global_position,
    event_type: stored.type,
    stream_id: stored.stream_id,
    occurred_at: occurredAt(stored),
    actor_id: stored.metadata?.actor_id ?? null,
    actor_role: stored.metadata?.actor_role ?? null,
    user_ids: usersOf(stored),
    order_key: orderNumber?.toUpperCase() ?? null,
    order_number: orderNumber,
    ...keysOf(stored),
    summary: summarise(stored.type, d, names),
  };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function nameOf(names: Map<number, string>, v: unknown): string {
  return typeof v === 'number' ? (names.get(v) ?? `user #${v}`) : 'nobody';
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

// One line a manager reads in the audit view.
export function summarise(type: string, d: Data, names: Map<number, string>): string {
  const n = d.order_number;
  switch (type) {
    case 'OrderImported': {
      const items = list(d.items) as { quantity?: number }[];
      const units = items.reduce((s, i) => s + (typeof i.quantity === 'number' ? i.quantity : 0), 0);
      return `Imported order ${n} (${plural(items.length, 'item')}, ${plural(units, 'unit')}) from ${d.source_file}`;
    }
    case 'OrderAssigned':
      return d.previous_worker_id === null || d.previous_worker_id === undefined
        ? `Assigned order ${n} to ${nameOf(names, d.worker_id)}`
        : `Reassigned order ${n} from ${nameOf(names, d.previous_worker_id)} to ${nameOf(names, d.worker_id)}`;
    case 'OrderDeassigned':
      return `Unassigned order ${n} from ${nameOf(names, d.worker_id)}`;
    case 'OrderCancelled':
      return `Cancelled order ${n} (was ${d.previous_status})`;
    case 'OrderItemPicked':
      return d.unstocked
        ? `Picked ${d.quantity} × ${d.sku} for order ${n} with no stock recorded anywhere`
        : `Picked ${d.quantity} × ${d.sku} for order ${n} from ${d.location}`;
    case 'OrderCompleted':
      return `Completed order ${n} (picked by ${nameOf(names, d.worker_id)})`;
    case 'OrderVerified': {
      const k = list(d.discrepancies).length;
      return `Verified order ${n} picked by ${nameOf(names, d.picked_by)}: ${k === 0 ? 'no discrepancies' : plural(k, 'discrepancy', 'discrepancies')}`;
    }
    case 'InventoryAdjusted':
      return `${d.adjustment_type === 'decrease' ? 'Decreased' : 'Increased'} ${d.sku} at ${d.location} by ${d.quantity} (${d.old_quantity} → ${d.new_quantity}): ${d.reason}`;
    case 'StockReceiptRecorded':
      return `Recorded receipt #${d.receipt_id}: ${d.quantity} × ${d.sku} (${d.source})`;
    case 'StockReceiptApproved':
      return `Approved receipt #${d.receipt_id}: ${d.quantity} × ${d.sku} into ${d.location}`;
    case 'StockReceiptRejected':
      return `Rejected receipt #${d.receipt_id}: ${d.reason}`;
    case 'BinStockCounted':
      return `Counted ${d.sku} at ${d.location}: ${d.previous_quantity} → ${d.quantity}`;
    case 'StyleCreated':
      return `Created style ${d.style_code} (${d.name}) with ${plural(list(d.variants).length, 'variant')}`;
    case 'StyleUpdated':
      return `Updated style ${d.style_code} (${d.name})`;
    case 'StyleVariantsAdded':
      return `Added ${plural(list(d.variants).length, 'variant')} to style ${d.style_code}`;
    case 'LocationCreated':
      return `Created ${String(d.location_type).replace('_', ' ')} ${d.code}${typeof d.capacity === 'number' ? ` (capacity ${d.capacity})` : ''}`;
    case 'LocationCapacityChanged':
      return `Changed the capacity of ${d.code} to ${d.capacity ?? 'none'}`;
    case 'LocationGenderChanged':
      return `Changed the gender of ${d.code} to ${d.gender ?? 'none'}`;
    case 'LocationDeactivated':
      return `Deactivated location ${d.code}`;
    case 'LocationReactivated':
      return `Reactivated location ${d.code}`;
    case 'UserCreated':
      return `Created user ${d.username} (${d.role})`;
    case 'UserUpdated':
      return `Updated user ${d.username} (${d.role})`;
    case 'UserActivated':
      return `Activated user ${nameOf(names, d.user_id)}`;
    case 'UserDeactivated':
      return `Deactivated user ${nameOf(names, d.user_id)}`;
    case 'PasswordChanged':
      return `Changed the password of ${nameOf(names, d.user_id)}`;
    case 'UserDeleted':
      return `Deleted user ${nameOf(names, d.user_id)}`;
    case 'UserRestored':
      return `Restored user ${nameOf(names, d.user_id)}`;
    case 'UserSignedIn':
      return `${nameOf(names, d.user_id)} signed in`;
    case 'UserSignedOut':
      return `${nameOf(names, d.user_id)} signed out (${String(d.reason ?? 'logout').replace('_', ' ')})`;
    default:
      return type.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}
