import type { OrderEvent } from '@wh/contracts';
import type { Rebuilder } from '../projection.ts';
import { copyLine, type RebuildIo } from '../rebuild-io.ts';
import { fold, type Count, type ItemPick, type OrderState } from './orders.ts';

type Data = Record<string, unknown>;

interface OrderRow extends OrderState {
  order_number: string | null;
  priority: string | null;
  order_date: string | null;
  total_items: number;
  total_quantity: number;
  source_file: string | null;
  created_at: string | null;
}

interface ItemRow {
  id: string | null;
  order_id: string | null;
  position: number;
  sku: string | null;
  style_code: string | null;
  style_name: string | null;
  size: string | null;
  color: string | null;
  quantity: string | null;
  value: string | null;
  pick: ItemPick | null;
}

// A rebuild's rm_orders, rm_order_items and rm_order_status_counts (search is order-search.ts): every order folded in memory over
// the whole history with the live path's `fold`, each table written once at the end with COPY (the live path inserts
// an order and then rewrites it at every assign, pick, completion and verification).
//
// The imported rows take their values the way the live path's SQL does (`data->>'field'` cast by the column), so
// numbers and strings are passed as their JSON text.
export function ordersRebuilder(io: RebuildIo): Rebuilder {
  const orders = new Map<number, OrderRow>();
  const items = new Map<number, ItemRow>();
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
        imported(e.data as Data, orders, items);
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
        const item = items.get(id);
        if (item) item.pick = pick;
      }
    },
    async finish(trx) {
      io.copy('rm_orders', ORDER_COLUMNS, [...orders.values()].map(orderLine));
      io.copy('rm_order_items', ITEM_COLUMNS, [...items.values()].map(itemLine));
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

function imported(d: Data, orders: Map<number, OrderRow>, items: Map<number, ItemRow>): void {
  const list = Array.isArray(d.items) ? (d.items as Data[]) : [];
  const orderId = text(d.order_id);
  let quantity = 0;
  list.forEach((item, n) => {
    const q = text(item.quantity);
    if (q !== null) quantity += Number(q);
    const id = text(item.item_id);
    items.set(Number(id), {
      id,
      order_id: orderId,
      position: n,
      sku: text(item.sku),
      style_code: text(item.style_code),
      style_name: text(item.style_name),
      size: text(item.size),
      color: text(item.color),
      quantity: q,
      value: text(item.value),
      pick: null,
    });
  });
  const at = text(d.at);
  orders.set(Number(orderId), {
    id: Number(orderId),
    order_number: text(d.order_number),
    status: 'pending',
    priority: text(d.priority),
    order_date: text(d.order_date),
    total_items: list.length,
    total_quantity: quantity,
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
    source_file: text(d.source_file),
    created_at: at,
    updated_at: at ?? '',
  });
}

const ORDER_COLUMNS = [
  'id',
  'order_number',
  'status',
  'priority',
  'order_date',
  'total_items',
  'total_quantity',
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
  'source_file',
  'created_at',
  'updated_at',
] as const;

function orderLine(o: OrderRow): string {
  return copyLine([
    o.id,
    o.order_number,
    o.status,
    o.priority,
    o.order_date,
    o.total_items,
    o.total_quantity,
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
    o.source_file,
    o.created_at,
    o.updated_at,
  ]);
}

const ITEM_COLUMNS = [
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
  'status',
  'picked_at',
  'picked_by',
  'location',
  'location_type',
  'unstocked',
  'notes',
] as const;

function itemLine(it: ItemRow): string {
  const p = it.pick;
  return copyLine([
    it.id,
    it.order_id,
    it.position,
    it.sku,
    it.style_code,
    it.style_name,
    it.size,
    it.color,
    it.quantity,
    it.value,
    p ? 'picked' : 'pending',
    p?.picked_at,
    p?.picked_by,
    p?.location,
    p?.location_type,
    p ? p.unstocked : false,
    p?.notes,
  ]);
}
