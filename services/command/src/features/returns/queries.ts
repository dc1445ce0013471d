import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  pagination,
  RETURN_LOOKUP_LIMIT,
  RETURNS_LOCATION,
  RETURNS_PER_PAGE,
  SECONDS_LOCATION,
  type ReturnGrade,
  type ReturnList,
  type ReturnLookup,
  type ReturnParcel,
  type ReturnParcelLine,
  type ReturnReason,
  type ReturnSuggestion,
  type ReturnView,
  foldBench,
  foldShipment,
  returnStreamId,
  type BenchParcel,
  orderStreamId,
  shippedUnits,
  type ImportedOrderItem,
  type OrderEvent,
  type Shipment,
  type ShippedOrder,
} from '@wh/contracts';
import { foldStreams, type Executor } from '../../platform/command.ts';
import { readStream } from '../../platform/event-store.ts';
import { skuBarcodes } from '../../platform/style-reads.ts';
import { usersById } from '../../platform/user-reads.ts';
import type { OrderFacts, ShippedLineFacts } from './decide.ts';

// What the bench reads: the shipped orders a code opens, the parcels' lists, one parcel with where its units should go.

// Units each of an order's lines has had returned: the lines of its parcels received or matched to it, from the event
// store (db/migrations/190 events_return_order), so a receipt is decided on every parcel before it.
async function returnedOf(db: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await sql<{ order_item_id: number; quantity: number }>`
    select (l ->> 'order_item_id')::int as order_item_id, sum((l ->> 'quantity')::int)::int as quantity
      from events e, jsonb_array_elements(e.data -> 'lines') l
     -- The first list is the index's predicate, spelled as it is so the planner takes the index.
     where e.event_type in ('ReturnReceived', 'ReturnMatched', 'ReturnRestocked', 'ReturnWrittenOff')
       and e.event_type in ('ReturnReceived', 'ReturnMatched')
       and ((e.data ->> 'order_id')::int) = any(${orderIds}::int[])
     group by 1`.execute(db);
  return new Map(rows.map((r) => [r.order_item_id, r.quantity]));
}

// Orders with their lines as shipped and returned so far, in the order of `orderIds`, as the bench shows them.
// Shipped: verified and not cancelled; a line's shipped units are those not recorded short, which the orders
// projection keeps as verification left them (a line resolved short, or undone at the bench and resolved, short of
// what did not ship): the numbers orderFacts reads from the order's stream.
export async function shippedOrders(db: Executor, orderIds: readonly number[]): Promise<(ShippedOrder & { shipped: boolean })[]> {
  if (orderIds.length === 0) return [];
  const orders = await db
    .selectFrom('rm_orders')
    .select(['id', 'order_number', 'verified_at', 'cancelled_at'])
    .where('id', 'in', orderIds)
    .execute();
  const items = await db
    .selectFrom('rm_order_items')
    .select(['id', 'order_id', 'sku', 'style_code', 'style_name', 'size', 'color', 'quantity', 'short_quantity', skuBarcodes('sku').as('barcodes')])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const returned = await returnedOf(db, orderIds);
  const byId = new Map(orders.map((o) => [o.id, o]));
  return orderIds.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    const lines = items
      .filter((i) => i.order_id === id)
      .map((i) => ({
        order_item_id: i.id,
        sku: i.sku,
        style_code: i.style_code,
        size: i.size,
        colour: i.color,
        item_name: i.style_name,
        barcodes: i.barcodes,
        shipped: i.quantity - (i.short_quantity ?? 0),
        returned: returned.get(i.id) ?? 0,
      }));
    return [
      {
        id: o.id,
        order_number: o.order_number,
        customer_name: null,
        verified_at: o.verified_at ? new Date(o.verified_at).toISOString() : '',
        shipped: o.verified_at !== null && o.cancelled_at === null,
        lines,
      },
    ];
  });
}

// An order's stream as a receipt is decided on it: whether it is verified, and its lines as imported with what
// verification shipped of each (foldShipment, the rule the returns reports count by).
interface OrderShipped {
  order_number: string | null;
  verified: boolean;
  imported: readonly ImportedOrderItem[];
  shipment: Shipment | undefined;
}
const orderShipped = {
  initialState: (): OrderShipped => ({ order_number: null, verified: false, imported: [], shipment: undefined }),
  evolve: (s: OrderShipped, e: OrderEvent): OrderShipped =>
    e.type === 'OrderImported'
      ? { order_number: e.data.order_number, verified: false, imported: e.data.items, shipment: foldShipment(undefined, e) }
      : { ...s, verified: s.verified || e.type === 'OrderVerified', shipment: foldShipment(s.shipment, e) },
};

// The order a command names, as its decision needs it: from the order's stream, so a receipt is decided on the order
// as verification left it and on every parcel before it, not on a read model still catching up.
export async function orderFacts(db: Executor, orderId: number): Promise<OrderFacts | null> {
  const streamId = orderStreamId(orderId);
  const { order_number, verified, imported, shipment } = (await foldStreams(db, orderShipped, [streamId])).get(streamId)!.state;
  if (order_number === null) return null;
  const returned = await returnedOf(db, [orderId]);
  const lines = imported.map(
    (i): ShippedLineFacts => ({
      order_item_id: i.item_id,
      sku: i.sku,
      style_code: i.style_code,
      size: i.size,
      colour: i.color,
      shipped: verified ? shippedUnits(shipment!.get(i.item_id)!) : 0,
      returned: returned.get(i.item_id) ?? 0,
    }),
  );
  return { id: orderId, order_number, shipped: verified, lines };
}

// What a scanned or typed code opens: an order by its number (`#5001` or `5001`; the pick list's barcode encodes the
// order number), else the newest shipped orders holding the SKU (or the SKU of the barcode).
export async function lookupReturns(db: Kysely<Database>, code: string): Promise<ReturnLookup> {
  const numbers = [code, code.startsWith('#') ? code.slice(1) : `#${code}`];
  const byNumber = await db
    .selectFrom('rm_orders')
    .select('id')
    .where('order_number', 'in', numbers)
    .where('verified_at', 'is not', null)
    .where('cancelled_at', 'is', null)
    .execute();
  let ids = byNumber.map((o) => o.id);
  let named: string | null = null;
  if (ids.length === 0) {
    const barcode = await db.selectFrom('rm_barcodes').select('sku').where('barcode', '=', code).executeTakeFirst();
    const sku = barcode?.sku ?? code.toUpperCase();
    const variant = await db.selectFrom('variant_registry').select('sku').where('sku', '=', sku).executeTakeFirst();
    named = variant?.sku ?? null;
    const holding = await db
      .selectFrom('rm_orders as o')
      .innerJoin('rm_order_items as i', 'i.order_id', 'o.id')
      .select(['o.id', 'o.verified_at'])
      .distinct()
      .where('i.sku', '=', sku)
      .where('o.verified_at', 'is not', null)
      .where('o.cancelled_at', 'is', null)
      .orderBy('o.verified_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(RETURN_LOOKUP_LIMIT)
      .execute();
    ids = holding.map((o) => o.id);
  }
  const orders = await shippedOrders(db, ids);
  return { orders: orders.map(({ shipped: _shipped, ...o }) => o), sku: named };
}

const iso = (d: Date | string) => new Date(d).toISOString();

// The bench's lists: unmatched and waiting oldest first, recent newest first.
export async function listReturns(db: Kysely<Database>, view: ReturnView, page: number): Promise<ReturnList> {
  let q = db.selectFrom('rm_return_parcels');
  if (view !== 'recent') q = q.where('status', '=', view);
  const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const ordered = view === 'recent' ? q.orderBy('received_at', 'desc').orderBy('id', 'desc') : q.orderBy('received_at').orderBy('id');
  const rows = await ordered.selectAll().limit(RETURNS_PER_PAGE).offset((page - 1) * RETURNS_PER_PAGE).execute();
  const users = await usersById(db, rows.map((r) => r.received_by));
  return {
    returns: rows.map((r) => ({
      id: r.id,
      status: r.status,
      order_id: r.order_id,
      order_number: r.order_number,
      note: r.note,
      received_at: iso(r.received_at),
      received_by: users.get(r.received_by ?? 0)?.username ?? null,
      units: r.units,
      waiting: r.waiting,
      in_returns: r.in_returns,
    })),
    pagination: pagination(page, RETURNS_PER_PAGE, Number(total)),
  };
}

interface BinLoad {
  code: string;
  capacity: number | null;
  quantity: number;
  // Units of each of the parcel's SKUs the bin holds.
  holds: Record<string, number>;
}

// The active bins in walk order with their load, read once for a parcel's lines.
async function binLoads(db: Kysely<Database>, skus: readonly string[]): Promise<BinLoad[]> {
  const { rows } = await sql<BinLoad>`
    select l.code, l.capacity,
           coalesce((select sum(s.quantity) from stock_levels s where s.location = l.code), 0)::int as quantity,
           coalesce((select jsonb_object_agg(s.sku, s.quantity) from stock_levels s where s.location = l.code and s.sku = any(${skus}::text[])), '{}') as holds
      from rm_locations l
     where l.is_active and l.location_type = 'bin'
     order by l.walk_sequence nulls last, l.code`.execute(db);
  return rows;
}

// The SKU's pick bin for `units` in walk order: bins holding it with room, then an active bin with room, else the
// first holder with its over-capacity said.
function suggestBin(bins: readonly BinLoad[], sku: string, units: number): ReturnSuggestion | null {
  const room = (b: BinLoad) => b.capacity === null || b.quantity + units <= b.capacity;
  const holders = bins.filter((b) => (b.holds[sku] ?? 0) > 0);
  const found = holders.find(room) ?? bins.find(room);
  if (found) return { location: found.code, over_capacity: null };
  const first = holders[0] ?? bins[0];
  if (!first) return null;
  return { location: first.code, over_capacity: first.capacity === null ? null : { location: first.code, capacity: first.capacity, quantity_after: first.quantity + units } };
}

// Where a line's waiting units should go (the bench's first, else those in RETURNS): C to SECONDS, D to RETURNS, A and
// B to a bin; null once nothing waits.
function suggestionFor(bins: readonly BinLoad[], grade: string, sku: string, bench: number, inReturns: number): ReturnSuggestion | null {
  const units = bench > 0 ? bench : inReturns;
  if (units === 0) return null;
  if (grade === 'C') return { location: SECONDS_LOCATION, over_capacity: null };
  if (grade === 'D') return { location: RETURNS_LOCATION, over_capacity: null };
  return suggestBin(bins, sku, units);
}

// One parcel as the bench reads it: from the bench's read model; null when the read model does not hold it.
export async function returnParcel(db: Kysely<Database>, id: number): Promise<ReturnParcel | null> {
  const p = await db.selectFrom('rm_return_parcels').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) return null;
  const lines = await db.selectFrom('rm_return_lines').selectAll().where('return_id', '=', id).orderBy('line').execute();
  return shownParcel(db, { ...p, lines });
}

// One parcel folded from its stream (contracts' foldBench, the read model's own fold): a command's answer, as fresh
// as the append it follows whether or not the projector has caught up; null before its receipt.
export async function returnParcelFromStream(db: Kysely<Database>, id: number): Promise<ReturnParcel | null> {
  const events = await readStream(db, returnStreamId(id));
  const parcel = events.reduce<BenchParcel | undefined>(foldBench, undefined);
  return parcel ? shownParcel(db, parcel) : null;
}

// A parcel with its receiver's name and, while it has an order, where each line's waiting units should go.
async function shownParcel(db: Kysely<Database>, p: BenchParcel): Promise<ReturnParcel> {
  const users = await usersById(db, [p.received_by]);
  // The bins are read only when a line of a matched parcel has units to go to one.
  const toBins = p.status === 'unmatched' ? [] : p.lines.filter((l) => (l.grade === 'A' || l.grade === 'B') && l.bench + l.in_returns > 0);
  const bins = toBins.length === 0 ? [] : await binLoads(db, toBins.map((l) => l.sku));
  const lines = p.lines.map((l): ReturnParcelLine => ({
    line: l.line,
    order_item_id: l.order_item_id,
    sku: l.sku,
    style_code: l.style_code,
    size: l.size,
    colour: l.colour,
    quantity: l.quantity,
    reason: l.reason as ReturnReason,
    reason_note: l.reason_note,
    grade: l.grade as ReturnGrade,
    placed: { restocked: l.restocked, written_off: l.written_off },
    waiting: { bench: l.bench, returns: l.in_returns },
    suggestion: p.status === 'unmatched' ? null : suggestionFor(bins, l.grade, l.sku, l.bench, l.in_returns),
  }));
  return {
    id: p.id,
    status: p.status,
    order: p.order_id === null || p.order_number === null ? null : { id: p.order_id, order_number: p.order_number },
    scanned: p.scanned,
    note: p.note,
    received_at: iso(p.received_at),
    received_by: users.get(p.received_by ?? 0)?.username ?? null,
    lines,
  };
}
