// Progress on the picking screen (spec sections 2, 4, 9): picked items over all items, whole percent;
// Complete Order is offered at 100 %.

export interface ProgressItem {
  id: number;
  sku: string;
  status: string;
}

export interface ProgressOrder {
  id: number;
  status: string;
  items: readonly ProgressItem[];
}

/** Picked per the server: its last read, or the answer to a pick this screen has just made. */
export function isPicked(item: ProgressItem): boolean {
  return item.status === 'picked';
}

export function pickedCount(order: ProgressOrder): number {
  return order.items.filter(isPicked).length;
}

/** Whole percent; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

export function progressPercent(order: ProgressOrder): number {
  return percentOf(pickedCount(order), order.items.length);
}

export interface PickingStats {
  assigned: number;
  inProgress: number;
  itemsPicked: number;
  avgProgress: number;
}

export function pickingStats(orders: readonly ProgressOrder[]): PickingStats {
  const percents = orders.map(progressPercent);
  return {
    assigned: orders.length,
    inProgress: orders.filter((o) => o.status === 'picking').length,
    itemsPicked: orders.reduce((sum, o) => sum + pickedCount(o), 0),
    avgProgress: percents.length === 0 ? 0 : Math.round(percents.reduce((a, b) => a + b, 0) / percents.length),
  };
}

export type ScanTarget =
  | { kind: 'pick'; orderId: number; itemId: number }
  | { kind: 'select'; orderId: number; itemId: number }
  | { kind: 'all-picked'; orderId: number }
  | { kind: 'not-found' };

const sameSku = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * What a scanned SKU does: pick the next unpicked item with that SKU in the selected order; with no order
 * selected (or none of its items match), select the first order holding an unpicked item with that SKU.
 */
export function scanTarget(
  code: string,
  orders: readonly ProgressOrder[],
  selectedId: number | null,
): ScanTarget {
  const selected = orders.find((o) => o.id === selectedId);
  if (selected) {
    const matching = selected.items.filter((i) => sameSku(i.sku, code));
    const next = matching.find((i) => !isPicked(i));
    if (next) return { kind: 'pick', orderId: selected.id, itemId: next.id };
    if (matching.length > 0) return { kind: 'all-picked', orderId: selected.id };
  }
  for (const order of orders) {
    const next = order.items.find((i) => sameSku(i.sku, code) && !isPicked(i));
    if (next) return { kind: 'select', orderId: order.id, itemId: next.id };
  }
  return { kind: 'not-found' };
}

export interface ProgressLine extends ProgressItem {
  order_id: number;
}

/**
 * A batch's picked items: those the server counts, plus its lines picked since (the server lists only unpicked lines;
 * a line the answer to a pick has marked picked stays listed until the batch is read again).
 */
export function batchPicked(batch: { picked_items: number; lines: readonly ProgressLine[] }): number {
  return batch.picked_items + batch.lines.filter(isPicked).length;
}

/** What a scanned SKU does in a batch: pick its next unpicked line with that SKU, in walk order. */
export function batchScanTarget(code: string, lines: readonly ProgressLine[]): ScanTarget {
  const matching = lines.filter((l) => sameSku(l.sku, code));
  const next = matching.find((l) => !isPicked(l));
  if (next) return { kind: 'pick', orderId: next.order_id, itemId: next.id };
  return matching.length > 0 ? { kind: 'all-picked', orderId: matching[0]!.order_id } : { kind: 'not-found' };
}
