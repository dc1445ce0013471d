// What the picking screen holds besides its data (the lists and the commands' answers live in the query cache): what
// is open, what the last scan did, and the line the picker cannot find; and the pure rules it goes by:
// progress over the lists, and what a scan does and says.
import { matchesScan } from '@wh/contracts/catalogue/barcodes';
import type { BatchLine, OrderItem } from '@wh/contracts/orders/http';
import { locationCodeProblem, normaliseCode } from '@wh/contracts/platform/codes';

/** One pick, of an order's item or a batch's line. `walk` is the list it sits in, where focus moves on afterwards. */
export interface PickRequest {
  orderId: number;
  orderNumber: string;
  item: OrderItem;
  walk: readonly OrderItem[];
  /** The location named by the picker (a refused pick's holders); otherwise the suggested one. */
  from?: string;
  scanned?: boolean;
  /** A batch line's tote, which the confirmation names. */
  tote?: number;
  /** A batch line, kept in sight once picked (KeptLine). */
  kept?: KeptLine;
}

/**
 * A batch line just picked: the server's next read of the batch leaves it out, but the screen keeps it in sight, picked
 * and naming its tote, until the picker's next scan or pick, just before the line that followed it (`beforeId`).
 */
export interface KeptLine {
  line: BatchLine;
  beforeId: number | null;
}

/** A refused pick or completion, as the panel shows it. */
export interface PickError {
  message: string;
  orderId: number;
  itemId: number | null;
  /** Locations that hold the SKU, when a pick was refused for lack of stock. */
  holders: string[];
}

export type Selection = { kind: 'order'; id: number } | { kind: 'batch'; id: number } | null;

export interface ScanFeedback {
  tone: ScanTone;
  text: string;
}

export interface PickingState {
  selection: Selection;
  notice: string | null;
  showSearch: boolean;
  /** The location label scanned last. */
  atLocation: string | null;
  /** What the last scan, or the pick it asked for, did. */
  feedback: ScanFeedback | null;
  /** The batch line the last pick took, kept in sight until the next scan or pick. */
  keptLine: KeptLine | null;
  /** The line the picker cannot find ("Can't find it"), while they say where they looked. */
  shortPick: PickRequest | null;
  /** The picked or short line being undone, while the picker says why. */
  undoPick: PickRequest | null;
}

export type PickingEvent =
  | { type: 'selected'; selection: Selection }
  | { type: 'completed'; notice: string }
  | { type: 'notice-dismissed' }
  | { type: 'search-toggled' }
  | { type: 'at-location'; location: string }
  /** What a scan or pick did; `kept`: the batch line it picked. */
  | { type: 'feedback'; feedback: ScanFeedback; kept?: KeptLine }
  | { type: 'short-asked'; request: PickRequest }
  | { type: 'short-closed' }
  | { type: 'undo-asked'; request: PickRequest }
  | { type: 'undo-closed' };

export const INITIAL_PICKING: PickingState = {
  selection: null,
  notice: null,
  showSearch: false,
  atLocation: null,
  feedback: null,
  keptLine: null,
  shortPick: null,
  undoPick: null,
};

export function pickingReducer(state: PickingState, event: PickingEvent): PickingState {
  switch (event.type) {
    case 'selected':
      return { ...state, selection: event.selection, keptLine: null };
    case 'completed':
      return { ...state, selection: null, notice: event.notice, keptLine: null };
    case 'notice-dismissed':
      return { ...state, notice: null };
    case 'search-toggled':
      return { ...state, showSearch: !state.showSearch };
    case 'at-location':
      return { ...state, atLocation: event.location };
    case 'feedback':
      return { ...state, feedback: event.feedback, keptLine: event.kept ?? null };
    case 'short-asked':
      return { ...state, shortPick: event.request };
    case 'short-closed':
      return { ...state, shortPick: null };
    case 'undo-asked':
      return { ...state, undoPick: event.request };
    case 'undo-closed':
      return { ...state, undoPick: null };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

// Progress on the picking screen (spec sections 2, 4, 9): items picked or recorded short over all items, whole
// percent; Complete Order is offered at 100 % ("completed short" when some are short).

export interface ProgressItem {
  id: number;
  sku: string;
  status: string;
  /** What else scans as the item (its SKU's barcodes). */
  barcodes?: readonly string[];
}

export interface ProgressOrder {
  id: number;
  status: string;
  items: readonly ProgressItem[];
}

/**
 * Picked or recorded short per the server (its last read, or the answer to a pick this screen has just made): nothing
 * left to do on the line.
 */
export function isDone(item: ProgressItem): boolean {
  return item.status !== 'pending';
}

export function doneCount(order: ProgressOrder): number {
  return order.items.filter(isDone).length;
}

export const shortCount = (items: readonly ProgressItem[]) => items.filter((i) => i.status === 'short').length;

/** Whole percent; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

export function progressPercent(order: ProgressOrder): number {
  return percentOf(doneCount(order), order.items.length);
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
    itemsPicked: orders.reduce((sum, o) => sum + doneCount(o) - shortCount(o.items), 0),
    avgProgress: percents.length === 0 ? 0 : Math.round(percents.reduce((a, b) => a + b, 0) / percents.length),
  };
}

export type ScanTarget =
  | { kind: 'pick'; orderId: number; itemId: number }
  | { kind: 'select'; orderId: number; itemId: number }
  | { kind: 'all-picked'; orderId: number }
  | { kind: 'not-found' };

/**
 * What a scanned SKU (or barcode of one) does: pick the next unpicked item with that SKU in the selected order; with no order
 * selected (or none of its items match), select the first order holding an unpicked item with that SKU.
 */
export function scanTarget(
  code: string,
  orders: readonly ProgressOrder[],
  selectedId: number | null,
): ScanTarget {
  const selected = orders.find((o) => o.id === selectedId);
  if (selected) {
    const matching = selected.items.filter((i) => matchesScan(code, i));
    const next = matching.find((i) => !isDone(i));
    if (next) return { kind: 'pick', orderId: selected.id, itemId: next.id };
    if (matching.length > 0) return { kind: 'all-picked', orderId: selected.id };
  }
  for (const order of orders) {
    const next = order.items.find((i) => matchesScan(code, i) && !isDone(i));
    if (next) return { kind: 'select', orderId: order.id, itemId: next.id };
  }
  return { kind: 'not-found' };
}

export interface ProgressLine extends ProgressItem {
  order_id: number;
}

/**
 * A batch's items picked or short: those the server counts, plus its lines done since (the server lists only lines
 * still to pick; a line the answer to a pick has marked picked stays listed until the batch is read again).
 */
export function batchDone(batch: { picked_items: number; short_items: number; lines: readonly ProgressLine[] }): { done: number; short: number } {
  const short = batch.short_items + shortCount(batch.lines);
  return { done: batch.picked_items + batch.short_items + batch.lines.filter(isDone).length, short };
}

/** The line a pick of `line` keeps in sight: the line picked, and the one after it in the list. */
export function keptLineOf(line: BatchLine, lines: readonly BatchLine[]): KeptLine {
  const at = lines.findIndex((l) => l.id === line.id);
  return { line: { ...line, status: 'picked' }, beforeId: at < 0 ? null : (lines[at + 1]?.id ?? null) };
}

/**
 * A batch's lines as the panel lists them: the kept line, which the server no longer lists, goes back just before the
 * line that followed it (first, when that one is gone too; last, when none followed). Counts go by the batch itself.
 */
export function linesShown(lines: readonly BatchLine[], kept: KeptLine | null): readonly BatchLine[] {
  if (!kept || lines.some((l) => l.id === kept.line.id)) return lines;
  if (kept.beforeId === null) return [...lines, kept.line];
  const at = Math.max(0, lines.findIndex((l) => l.id === kept.beforeId));
  return [...lines.slice(0, at), kept.line, ...lines.slice(at)];
}

/** What a scanned SKU (or barcode of one) does in a batch: pick its next unpicked line with that SKU, in walk order. */
export function batchScanTarget(code: string, lines: readonly ProgressLine[]): ScanTarget {
  const matching = lines.filter((l) => matchesScan(code, l));
  const next = matching.find((l) => !isDone(l));
  if (next) return { kind: 'pick', orderId: next.order_id, itemId: next.id };
  return matching.length > 0 ? { kind: 'all-picked', orderId: matching[0]!.order_id } : { kind: 'not-found' };
}

// What a scan on the picking screen does, and what the screen says about it, for the selected order's items and for
// an open batch's combined list alike. With the warehouse's "scan the location first" setting on, an item is picked
// by scanning only after its location's label has been scanned (as Odoo Barcode asks); an item with no location (no
// stock recorded anywhere) after the label of any location, where it is taken from (the server refuses a pick
// naming no location while the setting is on).

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
  /** The batch open on the screen: scans work on its lines (to pick and done) instead of the orders. */
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
  return items.find((i) => !isDone(i)) ?? null;
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
      const unpicked = walking.filter((i) => !isDone(i));
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

/** A pick's confirmation; a batch line's names the tote it goes into. */
export function pickedMessage(item: { sku: string; style_name: string; size: string; color: string }, location: string | null, tote?: number): string {
  const into = tote === undefined ? '' : ` into Tote ${tote}`;
  return `Picked ${item.sku} (${item.style_name}, ${item.size} ${item.color})${location ? ` from ${location}` : ' without a location'}${into}.`;
}

/** The one-line hint under the scan field. */
export function scanHint(scanLocationFirst: boolean): string {
  return scanLocationFirst
    ? "Scan the location label, then the item's barcode (or type the code and press Enter)"
    : "Scan an item's barcode or type its SKU and press Enter";
}

/** A scan before the orders have loaded (a page opened out of reach). */
export const ORDERS_NOT_LOADED = 'Your orders are not loaded yet: scan again once they show (they load when the connection returns).';
/** What the screen says once a short is recorded: what was missing, and what happens to the locations looked in. */
export function shortMessage(item: { sku: string }, shortQuantity: number, lookedIn: readonly string[]): string {
  const units = `${shortQuantity} ${shortQuantity === 1 ? 'unit' : 'units'}`;
  if (lookedIn.length === 0) return `Short recorded: ${units} of ${item.sku} not found.`;
  return `Short recorded: ${units} of ${item.sku} not found at ${lookedIn.join(', ')}; flagged for a count.`;
}

/** The locations a picker typed as looked in ('a-1-1, A-1-2'): normalised, each once, in the order typed. */
export function lookedInCodes(text: string): string[] {
  return [...new Set(text.split(/[,\s]+/).map(normaliseCode).filter((c) => c !== ''))];
}
