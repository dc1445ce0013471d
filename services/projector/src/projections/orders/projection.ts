import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { EVENTS, ORDER_EVENT_TYPES, STOCK_MOVEMENT_EVENT_TYPES, type OrderEvent, type StoredEvent } from '@wh/contracts';
import type { Projection, Rebuilder } from '../../projection.ts';
import { copyFields, copyLine, linesOf, type RebuildIo } from '../../rebuild-io.ts';
import { fold, itemChanges, PROJECTED_COLUMNS, statusCounts, type ItemPick, type ProjectedOrder, type ShortPatches } from './fold.ts';
import { countNoStockAgain, countNoStockOfAll, noStockOfImport, skuDeltas } from './no-stock.ts';
import { matchByKey, chunks, executePrepared, writeTogether, type WriteStatement } from '../../write-together.ts';

// rm_orders and rm_order_items (orders list, order details, picking and verification screens) and
// rm_order_status_counts (the list's search is order-search.ts); announces 'orders', 'order:<id>' and 'worker:<id>'.
// It also takes the events that move stock, for each order's count of items no location holds (no-stock.ts).
// One fold (fold.ts), two ways to hold its rows:
// - live (`apply`): a batch is written in a few statements whatever its size: the batch's imports with one multi-row
//   insert per table, then every other event folded in memory over the touched orders' current rows, read from the
//   tables, and written with one multi-row update per table;
// - rebuild (`rebuilder`): every order of the history folded in memory and each table COPYed once at the end (a
//   year's history replays assigns, picks, completions and verifications by the million).
const ORDER_TYPES = new Set<string>(ORDER_EVENT_TYPES);

export const ordersProjection: Projection = ordersProjectionOf({ noStock: true });

// `noStock: false` leaves out the count of lines no location holds (no-stock.ts) on the live path, and with it the
// stock events: only bench/no-stock-recount.ts builds it, to measure what the count costs a batch.
export function ordersProjectionOf({ noStock }: { noStock: boolean }): Projection {
  return {
    name: 'orders',
    handles: new Set<string>([...ORDER_EVENT_TYPES, ...STOCK_MOVEMENT_EVENT_TYPES]),
    async apply(trx, all, topics) {
      const events = all.filter((e) => ORDER_TYPES.has(e.type));
      const { count, rows: counted } = statusCounts();
      // An order's events keep their order; events of different orders are independent. So the batch's imports go
      // first and the changes are folded after them.
      const imports = events.filter((e) => e.type === 'OrderImported').map((e) => e.global_position);
      if (imports.length > 0) {
        await insertImported(trx, imports, noStock);
        count('pending', true, imports.length);
        topics.add({ kind: 'orders' });
      }
      const changes = events
        .filter((e) => e.type !== 'OrderImported')
        .map((e) => asOrderEvent(e) as Exclude<OrderEvent, { type: 'OrderImported' }>);
      if (changes.length > 0) {
        const orders = await currentOrders(trx, [...new Set(changes.map((e) => e.data.order_id))]);
        const items = itemChanges();
        const touched = new Set<number>();
        for (const event of changes) {
          topics.add({ kind: 'orders' });
          topics.add({ kind: 'order', id: event.data.order_id });
          const row = orders.get(event.data.order_id);
          if (row) touched.add(row.id);
          fold(event, row, items, count, (workerId) => workerId !== null && topics.add({ kind: 'worker', id: workerId }));
        }
        await writeTogether(trx, [orderWrites([...touched].map((id) => orders.get(id)!)), itemWrites([...items.whole.values()]), shortWrites(items.patched)]);
      }
      const recounted = noStock ? await countNoStockAgain(trx, [...touchedIds(events)], all) : [];
      if (recounted.length > 0) topics.add({ kind: 'orders' });
      for (const id of recounted) topics.add({ kind: 'order', id });
      await saveCounts(trx, counted());
    },
    rebuilder: (io) => ordersRebuilder(io),
  };
}

// The orders a batch's events after their import change (an import counts its own lines without stock).
function touchedIds(events: readonly StoredEvent[]): Set<number> {
  return new Set(events.filter((e) => e.type !== 'OrderImported').map((e) => (e.data as { order_id: number }).order_id));
}

async function currentOrders(trx: Transaction<Database>, ids: readonly number[]): Promise<Map<number, ProjectedOrder>> {
  const query = trx
    .selectFrom('rm_orders')
    .select(PROJECTED_COLUMNS)
    .where('id', '=', sql<number>`any(${ids}::int[])`);
  const { rows } = await executePrepared<ProjectedOrder>(trx, query);
  return new Map(rows.map((r) => [r.id, r]));
}

const CHUNK = 5000;

function orderWrites(rows: readonly ProjectedOrder[]): WriteStatement[] {
  return chunks(rows, CHUNK).map(
    (chunk) => sql`
      update rm_orders o
         set status = u.status, picked_items = u.picked_items, short_items = u.short_items, assigned_worker_id = u.assigned_worker_id,
             assigned_at = u.assigned_at, completed_by = u.completed_by, completed_at = u.completed_at,
             verified_by = u.verified_by, verified_at = u.verified_at, cancelled_at = u.cancelled_at,
             verification_notes = u.verification_notes, discrepancies = u.discrepancies, hold = u.hold, updated_at = u.updated_at
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             as u(id int, status text, picked_items int, short_items int, assigned_worker_id int, assigned_at timestamptz, completed_by int,
                  completed_at timestamptz, verified_by int, verified_at timestamptz, cancelled_at timestamptz,
                  verification_notes text, discrepancies jsonb, hold jsonb, updated_at timestamptz)
       where ${matchByKey('o.id', 'u.id', chunk.map((r) => r.id))}`,
  );
}

function itemWrites(rows: readonly ItemPick[]): WriteStatement[] {
  return chunks(rows, CHUNK).map(
    (chunk) => sql`
      update rm_order_items it
         set status = u.status, picked_at = u.picked_at, picked_by = u.picked_by, location = u.location,
             location_type = u.location_type, unstocked = u.unstocked, notes = u.notes,
             short_quantity = u.short_quantity, looked_in = u.looked_in
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             as u(id int, status text, picked_at timestamptz, picked_by int, location text, location_type text,
                  unstocked boolean, notes text, short_quantity int, looked_in text[])
       where ${matchByKey('it.id', 'u.id', chunk.map((r) => r.id))}`,
  );
}

// Lines found short at verification: their status and units short, the rest of the row as the pick left it. None of
// them is among the rows itemWrites writes (fold.ts keeps the two apart).
function shortWrites(patched: ShortPatches): WriteStatement[] {
  const rows = [...patched].map(([id, short_quantity]) => ({ id, short_quantity }));
  return chunks(rows, CHUNK).map(
    (chunk) => sql`
      update rm_order_items it
         set status = 'short', short_quantity = u.short_quantity
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as u(id int, short_quantity int)
       where ${matchByKey('it.id', 'u.id', chunk.map((r) => r.id))}`,
  );
}

function asOrderEvent(stored: StoredEvent): OrderEvent {
  return { type: stored.type, data: stored.data } as OrderEvent;
}

// An OrderImported event's order id and items, read from its data once per event (`offset 0` keeps the subquery
// from being merged into its caller): an item row that read `e.data` itself would take the whole event out of TOAST
// again for each line, and projecting an order would grow with the square of its lines.
export const eventItems = sql`select (e.data->>'order_id')::int as order_id, e.data->'items' as items offset 0`;

// The new orders are read from the events themselves, inside the database: a batch of imports moves no
// order data through this process a second time. SQL sees the data as stored, not upcast (readInDatabase).
EVENTS.readInDatabase('OrderImported', 1, 'the orders projection (insertImported)');
async function insertImported(trx: Transaction<Database>, positions: readonly string[], noStock: boolean): Promise<void> {
  await sql`
    insert into rm_orders (id, order_number, status, priority, order_date, total_items, total_quantity, picked_items,
                           discrepancies, source_file, created_at, updated_at, no_stock_items)
    select (d->>'order_id')::int, d->>'order_number', 'pending', (d->>'priority')::int, (d->>'order_date')::date,
           jsonb_array_length(d->'items'),
           (select coalesce(sum((i->>'quantity')::int), 0) from jsonb_array_elements(d->'items') i), 0,
           '[]'::jsonb, d->>'source_file', (d->>'at')::timestamptz, (d->>'at')::timestamptz, ${noStock ? noStockOfImport : sql`0`}
      from events e, lateral (select e.data as d) o
     where e.global_position = any(${positions}::bigint[])`.execute(trx);
  await sql`
    insert into rm_order_items (id, order_id, position, sku, style_code, style_name, size, color, quantity, value,
                                status, unstocked)
    select (i->>'item_id')::int, d.order_id, (n - 1)::int, i->>'sku', i->>'style_code',
           i->>'style_name', i->>'size', i->>'color', (i->>'quantity')::int, (i->>'value')::numeric, 'pending', false
      from events e
     cross join lateral (${eventItems}) d
     cross join lateral jsonb_array_elements(d.items) with ordinality as x(i, n)
     where e.global_position = any(${positions}::bigint[])`.execute(trx);
}

async function saveCounts(trx: Transaction<Database>, rows: { status: string; unassigned: boolean; count: number }[]): Promise<void> {
  if (rows.length === 0) return;
  const saved = await trx
    .insertInto('rm_order_status_counts')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['status', 'unassigned']).doUpdateSet((eb) => ({ count: eb('rm_order_status_counts.count', '+', eb.ref('excluded.count')) })),
    )
    .returning('count')
    .execute();
  // A status no order has left has no row, however the events were batched (a rebuild equals the live tables). Only
  // a row this batch brought to zero can be one: asked only then, a round trip less in nearly every batch.
  if (saved.some((r) => Number(r.count) === 0)) await trx.deleteFrom('rm_order_status_counts').where('count', '=', '0').execute();
}

type Data = Record<string, unknown>;

// An order as the rebuild holds it: the columns its later events change, and the imported ones already written as
// COPY fields (one string instead of a string per column: the rebuild holds every order of the history, and the
// garbage collector's work grows with the number of objects it has to trace).
interface OrderRow extends ProjectedOrder {
  imported: string;
}

// The rebuild's way: every order held in memory over the whole history, folded with `fold`, each table written once
// at the end with COPY. An item is held as two strings of COPY fields: the imported columns, and its last pick's (the
// live path overwrites the pick columns).
//
// The imported rows take their values the way the live path's SQL does (`data->>'field'` cast by the column), so
// numbers and strings are passed as their JSON text.
function ordersRebuilder(io: RebuildIo): Rebuilder {
  const orders = new Map<number, OrderRow>();
  const items = new Map<number, string>();
  const picked = new Map<number, string>();
  const { count, rows: counted } = statusCounts();
  // Each SKU's units (rm_order_sku_stock); the count of lines without stock is made from the copied tables at the end.
  const skus = new Map<string, number>();
  return {
    async apply(_trx, all) {
      for (const { sku, delta } of skuDeltas(all)) skus.set(sku, (skus.get(sku) ?? 0) + delta);
      const events = all.filter((e) => ORDER_TYPES.has(e.type));
      // As live: a batch's imports first, then its other events in order.
      for (const e of events) {
        if (e.type !== 'OrderImported') continue;
        imported(e.data as Data, orders, items, picked);
        count('pending', true, 1);
      }
      const changes = itemChanges();
      for (const e of events) {
        if (e.type === 'OrderImported') continue;
        const event = { type: e.type, data: e.data } as Exclude<OrderEvent, { type: 'OrderImported' }>;
        fold(event, orders.get(event.data.order_id), changes, count, () => {});
      }
      // The live path updates the rows that exist by then, each with the batch's last pick, or patched short.
      for (const [id, pick] of changes.whole) {
        if (items.has(id)) picked.set(id, pickFields(pick));
      }
      for (const [id, short] of changes.patched) {
        const fields = picked.get(id);
        if (items.has(id) && fields) picked.set(id, patchedShort(fields, short));
      }
    },
    async finish(trx) {
      await io.copyAll('rm_orders', ORDER_COLUMNS, linesOf(orders.values(), orderLine));
      await io.copyAll('rm_order_items', ITEM_COLUMNS, linesOf(items, ([id, head]) => `${head}\t${picked.get(id) ?? NOT_PICKED}\n`));
      io.copy(
        'rm_order_status_counts',
        ['status', 'unassigned', 'count'],
        counted().map((r) => copyLine([r.status, r.unassigned, r.count])),
      );
      await io.copyAll('rm_order_sku_stock', ['sku', 'quantity'], linesOf(skus, ([sku, quantity]) => copyLine([sku, quantity])));
      // On the same connection, after the COPYs sent before it.
      await countNoStockOfAll(trx);
    },
  };
}

// `data->>'key'`: a string as is, a number or boolean as its JSON text, null or missing as NULL.
function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function imported(d: Data, orders: Map<number, OrderRow>, items: Map<number, string>, picked: Map<number, string>): void {
  const list = Array.isArray(d.items) ? (d.items as Data[]) : [];
  const orderId = text(d.order_id);
  let quantity = 0;
  list.forEach((item, n) => {
    const q = text(item.quantity);
    if (q !== null) quantity += Number(q);
    const id = text(item.item_id);
    const key = Number(id);
    items.set(key, copyFields([id, orderId, n, text(item.sku), text(item.style_code), text(item.style_name), text(item.size), text(item.color), q, text(item.value)]));
    // A new row (an item imported again, as live, starts unpicked).
    picked.delete(key);
  });
  const at = text(d.at);
  orders.set(Number(orderId), {
    id: Number(orderId),
    imported: copyFields([Number(orderId), text(d.order_number), text(d.priority), text(d.order_date), list.length, quantity, text(d.source_file), at]),
    status: 'pending',
    picked_items: 0,
    short_items: 0,
    assigned_worker_id: null,
    assigned_at: null,
    completed_by: null,
    completed_at: null,
    verified_by: null,
    verified_at: null,
    cancelled_at: null,
    verification_notes: null,
    discrepancies: [],
    hold: null,
    updated_at: at ?? '',
  });
}

const ORDER_COLUMNS = [
  // OrderRow.imported
  'id',
  'order_number',
  'priority',
  'order_date',
  'total_items',
  'total_quantity',
  'source_file',
  'created_at',
  // ProjectedOrder, but its id
  ...PROJECTED_COLUMNS.slice(1),
] as const;

function orderLine(o: OrderRow): string {
  return `${o.imported}\t${copyLine([
    o.status,
    o.picked_items,
    o.short_items,
    o.assigned_worker_id,
    o.assigned_at,
    o.completed_by,
    o.completed_at,
    o.verified_by,
    o.verified_at,
    o.cancelled_at,
    o.verification_notes,
    // jsonb: the value as JSON, whatever it is (an array, or null the way JSON.stringify writes it for the live update).
    JSON.stringify(o.discrepancies ?? null),
    // jsonb or NULL: a JSON null is NULL in the live update (jsonb_to_recordset).
    o.hold ?? null,
    o.updated_at,
  ])}`;
}

const ITEM_COLUMNS = [
  // imported
  'id',
  'order_id',
  'position',
  'sku',
  'style_code',
  'style_name',
  'size',
  'color',
  'quantity',
  'value',
  // picked
  'status',
  'picked_at',
  'picked_by',
  'location',
  'location_type',
  'unstocked',
  'notes',
  'short_quantity',
  'looked_in',
] as const;

const NOT_PICKED = copyFields(['pending', null, null, null, null, false, null, null, []]);

// A line's pick fields (as pickFields writes them) with the line short: its status (the first) and units short (the
// eighth) changed. COPY's text format escapes a tab inside a value, so the fields split on tabs.
function patchedShort(fields: string, short_quantity: number): string {
  const parts = fields.split('\t');
  parts[0] = 'short';
  parts[7] = String(short_quantity);
  return parts.join('\t');
}

function pickFields(p: ItemPick): string {
  return copyFields([p.status, p.picked_at, p.picked_by, p.location, p.location_type, p.unstocked, p.notes, p.short_quantity, p.looked_in]);
}
