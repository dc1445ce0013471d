// What a scan on the picking screen does, and what the screen says about it, for the selected order's items and for
// an open batch's combined list alike. With the warehouse's "scan the location first" setting on, an item is picked
// by scanning only after its location's label has been scanned (as Odoo Barcode asks); an item with no location (no
// stock recorded anywhere) after the label of any location, where it is taken from (the server refuses a pick
// naming no location while the setting is on).
import { locationCodeProblem, normaliseCode } from '@wh/contracts/platform/codes';
import { batchScanTarget, isPicked, scanTarget, type ProgressItem, type ProgressOrder } from './picking-progress.ts';

export interface ScanItem extends ProgressItem {
  location: string | null;
  no_stock: boolean;
}

export interface ScanOrder extends ProgressOrder {
  order_number: string;
  items: readonly ScanItem[];
}

export interface ScanLine extends ScanItem {
  order_id: number;
}

export interface ScanContext {
  /** The orders picked alone (a batch's orders are picked with their batch). */
  orders: readonly ScanOrder[];
  selectedId: number | null;
  /** The batch open on the screen: scans work on its lines instead of the orders. */
  batch: { id: number; lines: readonly ScanLine[] } | null;
  scanLocationFirst: boolean;
  /** The location label scanned last (null: none yet). */
  atLocation: string | null;
}

export type ScanOutcome =
  | { kind: 'pick'; orderId: number; item: ScanItem }
  | { kind: 'select'; orderId: number; orderNumber: string }
  | { kind: 'location'; location: string; pickHere: number; next: string | null; batchId: number | null }
  | { kind: 'location-first'; item: ScanItem; location: string | null }
  | { kind: 'wrong-location'; item: ScanItem; location: string; scanned: string }
  | { kind: 'all-picked' }
  | { kind: 'not-found'; batchId: number | null };

/** The first unpicked item of an order or line of a batch, in the order the server lists them (walk order). */
export function nextUnpicked<T extends ProgressItem>(items: readonly T[]): T | null {
  return items.find((i) => !isPicked(i)) ?? null;
}

export function readScan(raw: string, ctx: ScanContext): ScanOutcome {
  const code = normaliseCode(raw);
  const batchId = ctx.batch?.id ?? null;
  const target = ctx.batch ? batchScanTarget(code, ctx.batch.lines) : scanTarget(code, ctx.orders, ctx.selectedId);
  // The list being walked: the open batch's lines, or the selected order's items.
  const walking: readonly ScanItem[] = ctx.batch?.lines ?? ctx.orders.find((o) => o.id === ctx.selectedId)?.items ?? [];
  switch (target.kind) {
    case 'pick': {
      const item = walking.find((i) => i.id === target.itemId)!;
      if (ctx.scanLocationFirst) {
        if (ctx.atLocation === null) return { kind: 'location-first', item, location: item.location };
        if (item.location !== null && ctx.atLocation !== item.location) return { kind: 'wrong-location', item, location: item.location, scanned: ctx.atLocation };
      }
      return { kind: 'pick', orderId: target.orderId, item };
    }
    case 'select': {
      const order = ctx.orders.find((o) => o.id === target.orderId)!;
      return { kind: 'select', orderId: order.id, orderNumber: order.order_number };
    }
    case 'all-picked':
      return { kind: 'all-picked' };
    case 'not-found': {
      if (locationCodeProblem(code) !== null) return { kind: 'not-found', batchId };
      const unpicked = walking.filter((i) => !isPicked(i));
      const pickHere = unpicked.filter((i) => i.location === code).length;
      return { kind: 'location', location: code, pickHere, next: unpicked.find((i) => i.location !== null)?.location ?? null, batchId };
    }
  }
}

export type ScanTone = 'success' | 'info' | 'error';

/** The line the screen shows for a scan (a pick's own line comes once the server has recorded it: pickedMessage). */
export function scanMessage(raw: string, outcome: ScanOutcome): { tone: ScanTone; text: string } {
  const code = normaliseCode(raw);
  switch (outcome.kind) {
    case 'pick':
      return { tone: 'info', text: `Picking ${outcome.item.sku}...` };
    case 'select':
      return { tone: 'info', text: `Scanned ${code}: order ${outcome.orderNumber} selected. Scan again to pick.` };
    case 'location':
      if (outcome.pickHere > 0) return { tone: 'success', text: `At ${outcome.location}: scan the item.` };
      return {
        tone: 'info',
        text: `At ${outcome.location}: nothing of this ${outcome.batchId === null ? 'order' : 'batch'} to pick here.${outcome.next ? ` Next: ${outcome.next}.` : ''}`,
      };
    case 'location-first':
      return {
        tone: 'error',
        text:
          outcome.location === null
            ? `Scan the location first: no stock of ${outcome.item.sku} is recorded anywhere; scan the label where you take it from.`
            : `Scan the location first: ${outcome.item.sku} is at ${outcome.location}.`,
      };
    case 'wrong-location':
      return {
        tone: 'error',
        text: `Wrong location: ${outcome.item.sku} is at ${outcome.location}, not ${outcome.scanned}. Scan ${outcome.location} first.`,
      };
    case 'all-picked':
      return { tone: 'info', text: `Scanned ${code}: every item with this SKU is already picked.` };
    case 'not-found':
      return {
        tone: 'error',
        text: `Not recognised: ${code} is not an item of ${outcome.batchId === null ? 'your orders' : `batch ${outcome.batchId}`} or a location.`,
      };
  }
}

export function pickedMessage(item: { sku: string; style_name: string; size: string; color: string }, location: string | null): string {
  return `Picked ${item.sku} (${item.style_name}, ${item.size} ${item.color})${location ? ` from ${location}` : ' without a location'}.`;
}

/** The one-line hint under the scan field. */
export function scanHint(scanLocationFirst: boolean): string {
  return scanLocationFirst
    ? "Scan the location label, then the item's barcode (or type the code and press Enter)"
    : "Scan an item's barcode or type its SKU and press Enter";
}

export const NO_STOCK_QUESTION = 'No stock recorded here or anywhere. Pick anyway?';
