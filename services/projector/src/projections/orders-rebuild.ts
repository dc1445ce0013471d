import type { OrderEvent } from '@wh/contracts';
import type { Rebuilder } from '../projection.ts';
import { copyFields, copyLine, linesOf, type RebuildIo } from '../rebuild-io.ts';
import { fold, type Count, type ItemPick, type ProjectedOrder } from './orders-fold.ts';

type Data = Record<string, unknown>;

// An order as the rebuild holds it: the columns its later events change, and the imported ones already written as
// COPY fields (one string instead of a string per column: the rebuild holds every order of the history, and the
// garbage collector's work grows with the number of objects it has to trace).
interface OrderRow extends ProjectedOrder {
  imported: string;
}

// A rebuild's rm_orders, rm_order_items and rm_order_status_counts (search is order-search.ts): every order folded in memory over
// the whole history with the live path's `fold`, each table written once at the end with COPY (the live path inserts
// an order and then rewrites it at every assign, pick, completion and verification). An item is held as two strings
// of COPY fields: the imported columns, and its last pick's (the live path overwrites the pick columns).
//
// The imported rows take their values the way the live path's SQL does (`data->>'field'` cast by the column), so
// numbers and strings are passed as their JSON text.
export function ordersRebuilder(io: RebuildIo): Rebuilder {
  const orders = new Map<number, OrderRow>();
  const items = new Map<number, string>();
  const picked = new Map<number, string>();
  const counts = new Map<string, number>();
  const count: Count = (status, unassigned, delta) => {
    const key = `${status}|${unassigned}`;
    counts.set(key, (counts.get(key) ?? 0) + delta);
  };
  return {
    async apply(_trx, events) {
      // As live: a batch's imports first, then its other events in order.
      for (const e of events) {
        if (e.type !== 'OrderImported') continue;
        imported(e.data as Data, orders, items, picked);
        count('pending', true, 1);
      }
      const picks = new Map<number, ItemPick>();
      for (const e of events) {
        if (e.type === 'OrderImported') continue;
        const event = { type: e.type, data: e.data } as Exclude<OrderEvent, { type: 'OrderImported' }>;
        fold(event, orders.get(event.data.order_id), picks, count, () => {});
      }
      // The live path updates the rows that exist by then, each with the batch's last pick.
      for (const [id, pick] of picks) {
        if (items.has(id)) picked.set(id, pickFields(pick));
      }
    },
    async finish() {
      await io.copyAll('rm_orders', ORDER_COLUMNS, linesOf(orders.values(), orderLine));
      await io.copyAll('rm_order_items', ITEM_COLUMNS, linesOf(items, ([id, head]) => `${head}\t${picked.get(id) ?? NOT_PICKED}\n`));
      const nonZero = [...counts].filter(([, n]) => n !== 0);
      io.copy(
        'rm_order_status_counts',
        ['status', 'unassigned', 'count'],
        nonZero.map(([key, n]) => {
          const [status = '', unassigned] = key.split('|');
          return copyLine([status, unassigned === 'true', n]);
        }),
      );
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
    assigned_worker_id: null,
    assigned_at: null,
    completed_by: null,
    completed_at: null,
    verified_by: null,
    verified_at: null,
    cancelled_at: null,
    verification_notes: null,
    discrepancies: [],
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
  // ProjectedOrder
  'status',
  'picked_items',
  'assigned_worker_id',
  'assigned_at',
  'completed_by',
  'completed_at',
  'verified_by',
  'verified_at',
  'cancelled_at',
  'verification_notes',
  'discrepancies',
  'updated_at',
] as const;

function orderLine(o: OrderRow): string {
  return `${o.imported}\t${copyLine([
    o.status,
    o.picked_items,
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
] as const;

const NOT_PICKED = copyFields(['pending', null, null, null, null, false, null]);

function pickFields(p: ItemPick): string {
  return copyFields(['picked', p.picked_at, p.picked_by, p.location, p.location_type, p.unstocked, p.notes]);
}
