import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { EVENTS, ORDER_EVENT_TYPES, type StoredEvent } from '@wh/contracts';
import type { Projection, Rebuilder } from '../../projection.ts';
import { copyLine, linesOf, type RebuildIo } from '../../rebuild-io.ts';
import { matchByKey, chunks, executePrepared, writeTogether, type WriteStatement } from '../../write-together.ts';
import { bucketCounters, foldReport, type Counters, type PickRow, type StandingPicks, type Timing, type WorkerPicks } from './fold.ts';
import { importedInSql } from '../event-time.ts';

type Trx = Transaction<Database>;

// Rows per statement: each is one jsonb parameter, so the figure bounds its size, not a count of bind parameters.
const WRITE_CHUNK = 5000;

// rm_report_buckets, rm_report_worker_buckets, rm_order_timings and rm_report_picks: Order Analytics, Worker
// Productivity and the dashboard's daily figures; announces 'dashboard' and 'reports'. One fold (fold.ts), two ways
// to hold its rows:
// - live (`apply`): a batch costs the same few statements whatever its size: the timings rows it touches are read
//   once, every event is folded into them in memory in log order, and each table is written once. Counters are summed
//   per batch and added once per bucket;
// - rebuild (`rebuilder`): rm_order_timings folded in memory over the whole history and COPYed once at the end; the
//   bucket counters and worker pick sums (sums: adding per batch or once gives the same rows) likewise; the pick rows
//   (one per pick that stands) held while an undo may take them back, COPYed once their order is verified or
//   cancelled, the rest at the end.
export const reportsProjection: Projection = {
  name: 'reports',
  handles: new Set<string>(ORDER_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'dashboard' });
    topics.add({ kind: 'reports' });
    const [timings, standing] = await Promise.all([timingsBefore(trx, events), picksUndoable(trx, events)]);
    // Orders this batch imports: inserted, where the others are updated.
    const imported = new Set<number>();
    // Of those, the ones whose row is inserted straight from the event (by position), not from this process.
    const sqlImported = new Map<number, string>();
    const changed = new Set<number>();
    const { counters, count } = bucketCounters();
    const workerPicks: WorkerPicks = new Map();
    // The batch's picks to insert, by position, and the positions of those recorded before that it undoes.
    const pickRows = new Map<string, PickRow>();
    const unpicked: string[] = [];
    for (const stored of events) {
      const { event, row, pick, undone } = foldReport(stored, { timings, count, workerPicks, standing });
      if (event.type === 'OrderImported') {
        if (importedInSql(event.data.at)) sqlImported.set(event.data.order_id, stored.global_position);
        imported.add(event.data.order_id);
        continue;
      }
      // An event of an order no import introduced (hand-written test events) changes no row.
      if (row) changed.add(row.order_id);
      if (pick) pickRows.set(pick.position, pick);
      for (const u of undone) if (!pickRows.delete(u.position)) unpicked.push(u.position);
    }
    const inserts: Timing[] = [];
    const updates: Timing[] = [];
    const inSql = await insertImportedTimings(trx, [...sqlImported.values()]);
    for (const id of imported) if (!inSql.has(id)) inserts.push(timings.get(id)!);
    // An order inserted from its event and changed later in the batch is inserted as imported, then updated.
    for (const id of changed) if (!imported.has(id) || inSql.has(id)) updates.push(timings.get(id)!);
    await insertTimings(trx, inserts);
    // The updated timings are none of those just inserted (above), and the other tables are the counters' own.
    await writeTogether(trx, [
      timingUpdates(updates),
      pickInserts([...pickRows.values()]),
      pickDeletes(unpicked),
      counterWrites(counters),
      pickCounterWrites(workerPicks),
    ]);
  },
  rebuilder: (io) => reportsRebuilder(io),
};

// A big upload's new orders, read from the events inside the database (as the orders projection does): 50,000 rows
// built, stringified and parsed again as one jsonb parameter cost the projector more than the insert itself.
// Returns the orders inserted: an event handed to apply that is not in the table (a projection test's) is not, and
// takes the in-process path. SQL sees the data as stored, not upcast (readInDatabase).
EVENTS.readInDatabase('OrderImported', 1, 'the reports projection (insertImportedTimings)');
async function insertImportedTimings(trx: Trx, positions: readonly string[]): Promise<Set<number>> {
  if (positions.length === 0) return new Set();
  const { rows } = await sql<{ order_id: number }>`
    insert into rm_order_timings (order_id, order_number, status, total_items, picked_items, imported_at,
           discrepancy_count, last_activity_at)
    select (e.data->>'order_id')::int, e.data->>'order_number', 'pending', jsonb_array_length(e.data->'items'), 0,
           (e.data->>'at')::timestamptz, 0, (e.data->>'at')::timestamptz
      from events e
     where e.global_position = any(${positions}::bigint[])
    returning order_id`.execute(trx);
  return new Set(rows.map((r) => r.order_id));
}

// The rows of the orders the batch touches but does not import, as they stand before it.
async function timingsBefore(trx: Trx, events: readonly StoredEvent[]): Promise<Map<number, Timing>> {
  const imported = new Set<number>();
  const touched = new Set<number>();
  for (const stored of events) {
    const id = (stored.data as { order_id: number }).order_id;
    if (stored.type === 'OrderImported') imported.add(id);
    else touched.add(id);
  }
  const ids = [...touched].filter((id) => !imported.has(id));
  if (ids.length === 0) return new Map();
  const { rows } = await executePrepared<Timing>(trx, sql`select * from rm_order_timings where order_id = any(${ids}::int[])`);
  return new Map(rows.map((r) => [r.order_id, r]));
}

// The picks that stand, as recorded before the batch, of the orders whose picks it undoes (an undo, a send back):
// what those take back. Undos are few beside picks, and most batches read nothing.
async function picksUndoable(trx: Trx, events: readonly StoredEvent[]): Promise<StandingPicks> {
  const ids = new Set<number>();
  for (const stored of events) {
    if (stored.type === 'OrderItemPickUndone' || stored.type === 'OrderSentBack') ids.add((stored.data as { order_id: number }).order_id);
  }
  const standing: StandingPicks = new Map();
  if (ids.size === 0) return standing;
  const rows = await trx.selectFrom('rm_report_picks').selectAll().where('order_id', 'in', [...ids]).orderBy('position').execute();
  for (const r of rows) {
    let picks = standing.get(r.order_id);
    if (!picks) standing.set(r.order_id, (picks = new Map()));
    // An item picked twice without an undo between (hand-written test events): the later pick is the one undone
    // (as foldReport keeps it).
    picks.set(r.item_id, r);
  }
  return standing;
}

const TIMING_COLUMNS = sql`(
  order_id int, order_number text, status text, total_items int, picked_items int, imported_at timestamptz,
  worker_id int, assigned_at timestamptz, first_pick_at timestamptz, last_pick_at timestamptz,
  completed_at timestamptz, completed_worker_id int, verified_at timestamptz, verified_by int, picked_by int,
  discrepancy_count int, cancelled_at timestamptz, last_activity_at timestamptz)`;

async function insertTimings(trx: Trx, rows: readonly Timing[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    await sql`
      insert into rm_order_timings (order_id, order_number, status, total_items, picked_items, imported_at, worker_id,
             assigned_at, first_pick_at, last_pick_at, completed_at, completed_worker_id, verified_at, verified_by,
             picked_by, discrepancy_count, cancelled_at, last_activity_at)
      select order_id, order_number, status, total_items, picked_items, imported_at, worker_id,
             assigned_at, first_pick_at, last_pick_at, completed_at, completed_worker_id, verified_at, verified_by,
             picked_by, discrepancy_count, cancelled_at, last_activity_at
        from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + WRITE_CHUNK))}::jsonb) as x ${TIMING_COLUMNS}`.execute(trx);
  }
}

// Every column the events change, set to the folded value (the row was read in this transaction, which holds the
// projector's lock: nobody else wrote it since).
function timingUpdates(rows: readonly Timing[]): WriteStatement[] {
  return chunks(rows, WRITE_CHUNK).map(
    (chunk) => sql`
      update rm_order_timings t
         set status = x.status, picked_items = x.picked_items, worker_id = x.worker_id, assigned_at = x.assigned_at,
             first_pick_at = x.first_pick_at, last_pick_at = x.last_pick_at, completed_at = x.completed_at,
             completed_worker_id = x.completed_worker_id, verified_at = x.verified_at, verified_by = x.verified_by,
             picked_by = x.picked_by, discrepancy_count = x.discrepancy_count, cancelled_at = x.cancelled_at,
             last_activity_at = x.last_activity_at
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x ${TIMING_COLUMNS}
       where ${matchByKey('t.order_id', 'x.order_id', chunk.map((r) => r.order_id))}`,
  );
}

function pickInserts(rows: readonly PickRow[]): WriteStatement[] {
  return chunks(rows, WRITE_CHUNK).map(
    (chunk) => sql`
      insert into rm_report_picks (position, order_id, order_number, item_id, sku, style_code, quantity, picked_by,
             worker_id, unstocked, picked_at)
      select position, order_id, order_number, item_id, sku, style_code, quantity, picked_by, worker_id, unstocked, picked_at
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x (
             position bigint, order_id int, order_number text, item_id int, sku text, style_code text, quantity int,
             picked_by int, worker_id int, unstocked boolean, picked_at timestamptz)`,
  );
}

function pickDeletes(positions: readonly string[]): WriteStatement[] {
  return chunks(positions, WRITE_CHUNK).map((chunk) => sql`delete from rm_report_picks where position = any(${chunk}::bigint[])`);
}

function counterWrites(counters: Map<string, Counters>): WriteStatement[] {
  const rows = [...counters].map(([bucket, c]) => ({ bucket, ...c }));
  if (rows.length === 0) return [];
  return [
    sql`
      insert into rm_report_buckets (bucket, received, assigned, completed, verified, cancelled, shorted)
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               as x(bucket timestamptz, received int, assigned int, completed int, verified int, cancelled int, shorted int)
      on conflict (bucket) do update
         set received = rm_report_buckets.received + excluded.received,
             assigned = rm_report_buckets.assigned + excluded.assigned,
             completed = rm_report_buckets.completed + excluded.completed,
             verified = rm_report_buckets.verified + excluded.verified,
             cancelled = rm_report_buckets.cancelled + excluded.cancelled,
             shorted = rm_report_buckets.shorted + excluded.shorted`,
  ];
}

function pickCounterWrites(picks: Map<string, { items: number; units: number }>): WriteStatement[] {
  const rows = [...picks].map(([key, p]) => {
    const [bucket = '', worker] = key.split('|');
    return { bucket, worker_id: Number(worker), items_picked: p.items, units_picked: p.units };
  });
  if (rows.length === 0) return [];
  return [
    sql`
      insert into rm_report_worker_buckets (bucket, worker_id, items_picked, units_picked)
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(bucket timestamptz, worker_id int, items_picked int, units_picked bigint)
      on conflict (bucket, worker_id) do update
         set items_picked = rm_report_worker_buckets.items_picked + excluded.items_picked,
             units_picked = rm_report_worker_buckets.units_picked + excluded.units_picked`,
  ];
}

// The rebuild's way: every order's timing row held in memory over the whole history.
function reportsRebuilder(io: RebuildIo): Rebuilder {
  const timings = new Map<number, Timing>();
  const { counters, count } = bucketCounters();
  const workerPicks: WorkerPicks = new Map();
  const standing: StandingPicks = new Map();
  const pickLine = (r: PickRow) => copyLine(PICK_COLUMNS.map((c) => r[c]));
  return {
    async apply(_trx, events) {
      const picks: string[] = [];
      for (const stored of events) {
        const { settled } = foldReport(stored, { timings, count, workerPicks, standing });
        for (const r of settled) picks.push(pickLine(r));
      }
      io.copy('rm_report_picks', PICK_COLUMNS, picks);
    },
    async finish() {
      io.copy('rm_report_picks', PICK_COLUMNS, [...standing.values()].flatMap((picks) => [...picks.values()].map(pickLine)));
      await io.copyAll('rm_order_timings', TIMING_FIELDS, linesOf(timings.values(), (t) => copyLine(TIMING_FIELDS.map((c) => t[c]))));
      io.copy(
        'rm_report_buckets',
        ['bucket', 'received', 'assigned', 'completed', 'verified', 'cancelled', 'shorted'],
        [...counters].map(([bucket, c]) => copyLine([bucket, c.received, c.assigned, c.completed, c.verified, c.cancelled, c.shorted])),
      );
      io.copy(
        'rm_report_worker_buckets',
        ['bucket', 'worker_id', 'items_picked', 'units_picked'],
        [...workerPicks].map(([key, p]) => {
          const [bucket = '', worker] = key.split('|');
          return copyLine([bucket, Number(worker), p.items, p.units]);
        }),
      );
    },
  };
}

const PICK_COLUMNS = ['position', 'order_id', 'order_number', 'item_id', 'sku', 'style_code', 'quantity', 'picked_by', 'worker_id', 'unstocked', 'picked_at'] as const;

const TIMING_FIELDS = [
  'order_id',
  'order_number',
  'status',
  'total_items',
  'picked_items',
  'imported_at',
  'worker_id',
  'assigned_at',
  'first_pick_at',
  'last_pick_at',
  'completed_at',
  'completed_worker_id',
  'verified_at',
  'verified_by',
  'picked_by',
  'discrepancy_count',
  'cancelled_at',
  'last_activity_at',
] as const satisfies readonly (keyof Timing)[];
