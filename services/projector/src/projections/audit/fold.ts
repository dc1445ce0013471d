import { locationTypeLabel, movementsOf, occurredAt, stockMoveReason, type StoredEvent } from '@wh/contracts';

// The audit log's one fold: an event's row, given the user names learnt so far (learnName), the same for the live
// projection and the rebuild (projection.ts).

type Data = Record<string, unknown>;

export const USER_FIELDS = [
  'user_id',
  'worker_id',
  'previous_worker_id',
  'picked_by',
  'completed_by',
  'created_by',
  'verified_by',
  'approved_by',
  'recorded_by',
  'rejected_by',
  'counted_by',
  'undone_by',
  'held_by',
  'sent_by',
  'resolved_by',
] as const;

export function usersOf(stored: StoredEvent): number[] {
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
  for (const list of [d.items, d.variants, d.discrepancies, d.barcodes, d.lines]) {
    if (Array.isArray(list)) for (const x of list) addText(skus, (x as Data | null)?.sku);
  }
  addText(locations, d.location);
  for (const code of list(d.looked_in)) addText(locations, code);
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

// What a verification checked, when the event says (version 2 on; an upcast version 1 has null counts).
function verifiedCounts(d: Data): string {
  return typeof d.item_count === 'number' && typeof d.unit_count === 'number' ? ` (${plural(d.item_count, 'item')}, ${plural(d.unit_count, 'unit')})` : '';
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function leftBatch(d: Data): string {
  return typeof d.left_batch_id === 'number' ? `; left batch ${d.left_batch_id}` : '';
}

// 'orders #10001 (tote 1), #10002 (tote 2)'
function batchOrders(d: Data): string {
  const orders = list(d.orders) as { order_number?: unknown; slot?: unknown }[];
  return `${plural(orders.length, 'order')} ${orders.map((o) => `${o.order_number} (tote ${o.slot})`).join(', ')}`;
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
      if (typeof d.batch_id === 'number') return `Assigned order ${n} to ${nameOf(names, d.worker_id)} in batch ${d.batch_id}`;
      return d.previous_worker_id === null || d.previous_worker_id === undefined
        ? `Assigned order ${n} to ${nameOf(names, d.worker_id)}`
        : `Reassigned order ${n} from ${nameOf(names, d.previous_worker_id)} to ${nameOf(names, d.worker_id)}${leftBatch(d)}`;
    case 'OrderDeassigned':
      return `Unassigned order ${n} from ${nameOf(names, d.worker_id)}${leftBatch(d)}`;
    case 'OrderCancelled':
      return `Cancelled order ${n} (was ${d.previous_status})${leftBatch(d)}`;
    case 'OrderItemPicked':
      return d.unstocked
        ? `Picked ${d.quantity} × ${d.sku} for order ${n} with no stock recorded anywhere`
        : `Picked ${d.quantity} × ${d.sku} for order ${n} from ${d.location}`;
    case 'OrderItemShortPicked': {
      const where = list(d.looked_in).length === 0 ? '' : ` at ${list(d.looked_in).join(', ')}`;
      return `Recorded ${d.short_quantity} of ${d.quantity} × ${d.sku} short for order ${n}: not found${where}`;
    }
    case 'OrderItemPickUndone':
      return `Undid the ${d.undone === 'short' ? 'short' : 'pick'} of ${d.quantity} × ${d.sku} for order ${n}: ${d.reason}`;
    case 'OrderHeld': {
      const lines = list(d.lines) as { sku?: unknown; issue?: unknown }[];
      const wrong = list(d.wrong_items).length;
      const what = [...lines.map((l) => `${l.sku}: ${l.issue}`), ...(wrong > 0 ? [`${plural(wrong, 'item')} not in the order`] : [])];
      return `Held order ${n} at verification: ${what.join('; ')}`;
    }
    case 'OrderSentBack':
      return `Sent order ${n} back to ${nameOf(names, d.worker_id)} to pick ${plural(list(d.lines).length, 'line')} again: ${d.reason}`;
    case 'OrderHoldResolved': {
      const missing = (list(d.lines) as { missing?: number }[]).reduce((s, l) => s + (typeof l.missing === 'number' ? l.missing : 0), 0);
      return `Resolved the hold on order ${n}${missing > 0 ? ` (${plural(missing, 'unit')} missing, shipped short)` : ''}: ${d.reason}`;
    }
    case 'OrderCompleted': {
      const short = typeof d.short_items === 'number' ? `, ${plural(d.short_items, 'item')} short` : '';
      return `Completed order ${n} (picked by ${nameOf(names, d.worker_id)}${typeof d.batch_id === 'number' ? ` in batch ${d.batch_id}` : ''}${short})`;
    }
    case 'BatchCreated':
      return `Created batch ${d.batch_id} for ${nameOf(names, d.worker_id)}: ${batchOrders(d)}`;
    case 'BatchCompleted':
      return `Completed batch ${d.batch_id} (picked by ${nameOf(names, d.worker_id)}): ${batchOrders(d)}`;
    case 'OrderVerified': {
      const k = list(d.discrepancies).length;
      return `Verified order ${n}${verifiedCounts(d)} picked by ${nameOf(names, d.worker_id)}: ${k === 0 ? 'no discrepancies' : plural(k, 'discrepancy', 'discrepancies')}`;
    }
    case 'InventoryAdjusted':
      return `${d.adjustment_type === 'decrease' ? 'Decreased' : 'Increased'} ${d.sku} at ${d.location} by ${d.quantity} (${d.old_quantity} → ${d.new_quantity}): ${d.reason}`;
    case 'StockMoved': {
      const over = d.over_capacity as { capacity?: number; quantity_after?: number } | null;
      const past = over ? ` (${d.to_location} over capacity, confirmed: ${over.quantity_after} for ${over.capacity})` : '';
      return `${stockMoveReason({ from_location: String(d.from_location), to_location: String(d.to_location) })}: ${d.quantity} × ${d.sku}${past}`;
    }
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
    case 'SkuBarcodesAdded': {
      const added = list(d.barcodes) as { sku?: unknown; barcode?: unknown }[];
      const only = added.length === 1 ? added[0] : undefined;
      return only ? `Added barcode ${only.barcode} to ${only.sku}` : `Added ${plural(added.length, 'barcode')} to SKUs of style ${d.style_code}`;
    }
    case 'SkuBarcodeRemoved':
      return `Removed barcode ${d.barcode} from ${d.sku}`;
    case 'LocationCreated':
      return `Created ${locationTypeLabel(String(d.location_type)).toLowerCase()} ${d.code}${typeof d.capacity === 'number' ? ` (capacity ${d.capacity})` : ''}`;
    case 'LocationCapacityChanged':
      return `Changed the capacity of ${d.code} to ${d.capacity ?? 'none'}`;
    case 'LocationGenderChanged':
      return `Changed the gender of ${d.code} to ${d.gender ?? 'none'}`;
    case 'LocationDeactivated':
      return `Deactivated location ${d.code}`;
    case 'LocationReactivated':
      return `Reactivated location ${d.code}`;
    case 'LocationWalkSequenceSet':
      return d.walk_sequence === null ? `Walk sequence of ${d.code} set back to its code's` : `Set the walk sequence of ${d.code} to ${d.walk_sequence}`;
    case 'ScanLocationFirstSet':
      return `Turned ${d.scan_location_first ? 'on' : 'off'} scanning the location before each picked item`;
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
