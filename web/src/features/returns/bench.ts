// The returns bench's rules, pure. A scan (or a typed code) opens the shipped order it names, counting the unit when
// it was a unit's code; each unit then gets a reason and a grade (A unless said), and the parcel is received. Its
// units are then placed line by line: the suggested location's label scanned (or its button pressed), RETURNS to
// leave them waiting, or written off by a manager. A parcel no order matches is received with a note, and matched to
// its order later from the unmatched list.
import { matchesScan } from '@wh/contracts/catalogue/barcodes';
import { locationCodeProblem, normaliseCode } from '@wh/contracts/platform/codes';
import { RETURN_REASON_LABELS, type ReturnGrade, type ReturnReason } from '@wh/contracts/returns/events';
import {
  RETURN_MESSAGES,
  type MatchReturnBody,
  type ReceiveReturnBody,
  type ReturnLookup,
  type ReturnParcel,
  type ReturnParcelLine,
  type ShippedLine,
  type ShippedOrder,
} from '@wh/contracts/returns/http';

/** Units of one SKU that came back for one reason with one grade, as the clerk is recording them. */
export interface Entry {
  key: number;
  // The order's line they were shipped on; null in a parcel without an order.
  order_item_id: number | null;
  sku: string;
  quantity: number;
  reason: ReturnReason | null;
  reason_note: string;
  grade: ReturnGrade;
}

export type BenchStep =
  // Waiting for a scan. `unknown`: the last code matched no shipped order (the screen offers to receive without one).
  | { step: 'scan'; unknown: { code: string; sku: string | null } | null }
  // Several shipped orders hold the scanned unit: the clerk picks the one on the parcel's slip.
  | { step: 'choose'; code: string; sku: string | null; orders: readonly ShippedOrder[]; matching: number | null }
  // Recording what came back of an order; `matching`: the unmatched parcel being matched to it.
  | { step: 'order'; code: string | null; order: ShippedOrder; entries: readonly Entry[]; matching: number | null }
  | { step: 'unmatched'; code: string | null; note: string; entries: readonly Entry[] }
  // Placing a received parcel's units; `line`: the line a scanned location takes (null: the first waiting).
  | { step: 'parcel'; id: number; line: number | null }
  // An unmatched parcel: scan or type its order.
  | { step: 'find-order'; matching: number };

export type Tone = 'success' | 'info' | 'error';
export interface Feedback {
  tone: Tone;
  text: string;
}

export interface BenchState {
  bench: BenchStep;
  feedback: Feedback | null;
  nextKey: number;
}

export const INITIAL_BENCH: BenchState = { bench: { step: 'scan', unknown: null }, feedback: null, nextKey: 1 };

export type BenchEvent =
  | { type: 'looked-up'; code: string; lookup: ReturnLookup; matching: ReturnParcel | null }
  | { type: 'order-chosen'; order: ShippedOrder; matching: ReturnParcel | null }
  | { type: 'unit-scanned'; raw: string }
  | { type: 'unit-added'; order_item_id: number }
  | { type: 'quantity'; key: number; quantity: number }
  | { type: 'reason'; key: number; reason: ReturnReason }
  | { type: 'reason-note'; key: number; note: string }
  | { type: 'grade'; key: number; grade: ReturnGrade }
  | { type: 'split'; key: number }
  | { type: 'receive-unmatched' }
  | { type: 'note'; note: string }
  | { type: 'received'; parcel: ReturnParcel; message: string }
  | { type: 'opened'; id: number }
  | { type: 'match-started'; id: number }
  | { type: 'line-selected'; line: number }
  | { type: 'placed'; message: string }
  | { type: 'refused'; text: string }
  | { type: 'restart' };

const say = (tone: Tone, text: string): Feedback => ({ tone, text });
const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

type Recording = Extract<BenchStep, { step: 'order' }>;

/** Units of a shipped line that can still come back, less those being recorded. */
export function leftToReturn(line: ShippedLine, entries: readonly Entry[]): number {
  const recorded = entries.filter((e) => e.order_item_id === line.order_item_id).reduce((n, e) => n + e.quantity, 0);
  return line.shipped - line.returned - recorded;
}

function addUnit(state: BenchState, bench: Recording, line: ShippedLine): BenchState {
  if (leftToReturn(line, bench.entries) <= 0) {
    const left = line.shipped - line.returned;
    return { ...state, feedback: say('error', RETURN_MESSAGES.overReturned(left, line.sku, bench.order.order_number)) };
  }
  // A unit joins the line's last entry; a new entry once that one has its reason, so a second unit can differ.
  const last = bench.entries.findLast((e) => e.order_item_id === line.order_item_id);
  const entries =
    last && last.reason === null
      ? bench.entries.map((e) => (e.key === last.key ? { ...e, quantity: e.quantity + 1 } : e))
      : [...bench.entries, newEntry(state.nextKey, line.order_item_id, line.sku)];
  const count = entries.filter((e) => e.order_item_id === line.order_item_id).reduce((n, e) => n + e.quantity, 0);
  return {
    bench: { ...bench, entries },
    nextKey: state.nextKey + 1,
    feedback: say('success', `${line.sku}: ${units(count)} back from ${bench.order.order_number}. Choose why it came back.`),
  };
}

const newEntry = (key: number, orderItemId: number | null, sku: string, quantity = 1): Entry => ({
  key,
  order_item_id: orderItemId,
  sku,
  quantity,
  reason: null,
  reason_note: '',
  grade: 'A',
});

// An unmatched parcel's lines on the order's shipped lines of the same SKU, first with room first.
function matchedEntries(order: ShippedOrder, parcel: ReturnParcel, firstKey: number): Entry[] {
  const entries: Entry[] = [];
  parcel.lines.forEach((l, i) => {
    const ofSku = order.lines.filter((s) => s.sku === l.sku);
    const item = ofSku.find((s) => leftToReturn(s, entries) >= l.quantity) ?? ofSku[0];
    entries.push({
      key: firstKey + i,
      order_item_id: item?.order_item_id ?? null,
      sku: l.sku,
      quantity: l.quantity,
      reason: l.reason,
      reason_note: l.reason_note ?? '',
      grade: l.grade,
    });
  });
  return entries;
}

function openOrder(state: BenchState, code: string | null, order: ShippedOrder, matching: ReturnParcel | null): BenchState {
  if (matching) {
    const entries = matchedEntries(order, matching, state.nextKey);
    return {
      bench: { step: 'order', code, order, entries, matching: matching.id },
      nextKey: state.nextKey + entries.length,
      feedback: say('info', `Return #${matching.id} on ${order.order_number}: check each unit's line, then match.`),
    };
  }
  const opened: BenchState = { ...state, bench: { step: 'order', code, order, entries: [], matching: null } };
  // A unit's own code opened the order: that unit is counted.
  const unit = code === null ? undefined : order.lines.find((l) => matchesScan(code, l));
  if (unit && opened.bench.step === 'order') return addUnit(opened, opened.bench, unit);
  return { ...opened, feedback: say('info', `${order.order_number}: scan each unit that came back.`) };
}

function lookedUp(state: BenchState, code: string, lookup: ReturnLookup, matching: ReturnParcel | null): BenchState {
  const { bench } = state;
  if (bench.step === 'unmatched') {
    if (lookup.sku === null) return { ...state, feedback: say('error', `${code} is not a SKU or barcode of the catalogue.`) };
    const sku = lookup.sku;
    const last = bench.entries.findLast((e) => e.sku === sku && e.reason === null);
    const entries = last
      ? bench.entries.map((e) => (e.key === last.key ? { ...e, quantity: e.quantity + 1 } : e))
      : [...bench.entries, newEntry(state.nextKey, null, sku)];
    return { bench: { ...bench, entries }, nextKey: state.nextKey + 1, feedback: say('success', `${sku} added to the parcel.`) };
  }
  const [only, ...more] = lookup.orders;
  if (!only) {
    const text = `No shipped order matches ${code}.`;
    if (matching) return { ...state, feedback: say('error', `${text} Scan or type the order number on the parcel's slip.`) };
    return { ...state, bench: { step: 'scan', unknown: { code, sku: lookup.sku } }, feedback: say('error', `${text} Receive it without an order, or scan another code.`) };
  }
  if (more.length === 0) return openOrder(state, code, only, matching);
  return {
    ...state,
    bench: { step: 'choose', code, sku: lookup.sku, orders: lookup.orders, matching: matching?.id ?? null },
    feedback: say('info', `${lookup.orders.length} shipped orders hold ${code}: choose the one on the parcel's slip.`),
  };
}

function editEntries(state: BenchState, edit: (entries: readonly Entry[]) => Entry[]): BenchState {
  const { bench } = state;
  if (bench.step !== 'order' && bench.step !== 'unmatched') return state;
  return { ...state, bench: { ...bench, entries: edit(bench.entries) } };
}

const setEntry = (key: number, change: Partial<Entry>) => (entries: readonly Entry[]) => entries.map((e) => (e.key === key ? { ...e, ...change } : e));

function setQuantity(state: BenchState, key: number, quantity: number): BenchState {
  const { bench } = state;
  if ((bench.step !== 'order' && bench.step !== 'unmatched') || !Number.isInteger(quantity) || quantity < 0) return state;
  if (quantity === 0) return editEntries(state, (entries) => entries.filter((e) => e.key !== key));
  const entry = bench.entries.find((e) => e.key === key);
  const line = bench.step === 'order' && entry ? bench.order.lines.find((l) => l.order_item_id === entry.order_item_id) : undefined;
  // Never more than the line has left to come back.
  const cap = line && entry ? leftToReturn(line, bench.entries) + entry.quantity : Number.POSITIVE_INFINITY;
  return editEntries(state, setEntry(key, { quantity: Math.min(quantity, cap) }));
}

function split(state: BenchState, key: number): BenchState {
  const { bench } = state;
  if (bench.step !== 'order' && bench.step !== 'unmatched') return state;
  const entry = bench.entries.find((e) => e.key === key);
  if (!entry || entry.quantity < 2) return state;
  const entries = bench.entries.flatMap((e) => (e.key === key ? [{ ...e, quantity: e.quantity - 1 }, newEntry(state.nextKey, e.order_item_id, e.sku)] : [e]));
  return { ...state, bench: { ...bench, entries }, nextKey: state.nextKey + 1 };
}

export function benchReducer(state: BenchState, event: BenchEvent): BenchState {
  const { bench } = state;
  switch (event.type) {
    case 'looked-up':
      return lookedUp(state, event.code, event.lookup, event.matching);
    case 'order-chosen':
      return openOrder(state, bench.step === 'choose' ? bench.code : null, event.order, event.matching);
    case 'unit-scanned': {
      if (bench.step !== 'order') return state;
      const code = normaliseCode(event.raw);
      const line = bench.order.lines.find((l) => matchesScan(code, l));
      if (line) return addUnit(state, bench, line);
      return { ...state, feedback: say('error', RETURN_MESSAGES.notShipped(code, bench.order.order_number)) };
    }
    case 'unit-added': {
      const line = bench.step === 'order' ? bench.order.lines.find((l) => l.order_item_id === event.order_item_id) : undefined;
      return bench.step === 'order' && line ? addUnit(state, bench, line) : state;
    }
    case 'quantity':
      return setQuantity(state, event.key, event.quantity);
    case 'reason':
      return editEntries(state, setEntry(event.key, { reason: event.reason }));
    case 'reason-note':
      return editEntries(state, setEntry(event.key, { reason_note: event.note }));
    case 'grade':
      return editEntries(state, setEntry(event.key, { grade: event.grade }));
    case 'split':
      return split(state, event.key);
    case 'receive-unmatched': {
      const unknown = bench.step === 'scan' ? bench.unknown : null;
      const entries = unknown?.sku ? [newEntry(state.nextKey, null, unknown.sku)] : [];
      return {
        bench: { step: 'unmatched', code: unknown?.code ?? null, note: '', entries },
        nextKey: state.nextKey + 1,
        feedback: say('info', 'Write what is in the parcel, and scan its units if you can.'),
      };
    }
    case 'note':
      return bench.step === 'unmatched' ? { ...state, bench: { ...bench, note: event.note } } : state;
    case 'received':
      return { ...state, bench: { step: 'parcel', id: event.parcel.id, line: null }, feedback: say('success', `${event.message} ${nextPlacement(event.parcel)}`) };
    case 'opened':
      return { ...state, bench: { step: 'parcel', id: event.id, line: null }, feedback: null };
    case 'match-started':
      return { ...state, bench: { step: 'find-order', matching: event.id }, feedback: say('info', `Return #${event.id}: scan or type its order number.`) };
    case 'line-selected':
      return bench.step === 'parcel' ? { ...state, bench: { ...bench, line: event.line } } : state;
    case 'placed':
      return bench.step === 'parcel' ? { ...state, bench: { ...bench, line: null }, feedback: say('success', event.message) } : state;
    case 'refused':
      return { ...state, feedback: say('error', event.text) };
    case 'restart':
      return { ...INITIAL_BENCH, nextKey: state.nextKey };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

// ---------- What a scan does ----------

export type BenchScan =
  // Ask the server what the code opens.
  | { kind: 'lookup'; code: string }
  | { kind: 'event'; event: BenchEvent }
  // Place a line's waiting units into the scanned location.
  | { kind: 'place'; line: ReturnParcelLine; location: string; quantity: number };

/** Units of a line waiting to be placed from where they now are: the bench first, then RETURNS. */
export const placeable = (line: ReturnParcelLine): number => (line.waiting.bench > 0 ? line.waiting.bench : line.waiting.returns);

/** The line a scanned location takes: the one chosen, else the first waiting that can be restocked. */
export function targetLine(parcel: ReturnParcel, chosen: number | null): ReturnParcelLine | null {
  const waiting = parcel.lines.filter((l) => placeable(l) > 0);
  return waiting.find((l) => l.line === chosen) ?? waiting.find((l) => l.grade !== 'D') ?? waiting[0] ?? null;
}

/** What a scan means at this step: a unit of the open order, a location for the open parcel's units, or a lookup. */
export function readBenchScan(state: BenchState, raw: string, parcel: ReturnParcel | null): BenchScan | null {
  const code = normaliseCode(raw);
  if (code === '') return null;
  const { bench } = state;
  switch (bench.step) {
    case 'order':
      return { kind: 'event', event: { type: 'unit-scanned', raw: code } };
    case 'parcel': {
      if (!parcel) return null;
      const unit = parcel.lines.find((l) => placeable(l) > 0 && matchesScan(code, l));
      if (unit) return { kind: 'event', event: { type: 'line-selected', line: unit.line } };
      if (locationCodeProblem(code) !== null) return { kind: 'lookup', code };
      if (parcel.status === 'unmatched') return { kind: 'event', event: { type: 'refused', text: RETURN_MESSAGES.unmatchedNotPlaced(parcel.id) } };
      const line = targetLine(parcel, bench.line);
      // A label scanned twice, or once too often: nothing is left to place, and nothing is sent.
      if (!line) return { kind: 'event', event: { type: 'refused', text: `Every unit of Return #${parcel.id} is placed: scan the next parcel.` } };
      return { kind: 'place', line, location: code, quantity: placeable(line) };
    }
    case 'scan':
    case 'choose':
    case 'unmatched':
    case 'find-order':
      return { kind: 'lookup', code };
    default: {
      const exhaustive: never = bench;
      return exhaustive;
    }
  }
}

// ---------- What is sent ----------

const lineBody = (e: Entry, reason: ReturnReason) => ({
  sku: e.sku,
  quantity: e.quantity,
  reason,
  reason_note: e.reason_note.trim() === '' ? null : e.reason_note.trim(),
  grade: e.grade,
});

/** What keeps the recorded units from being sent, in the server's words; null when they can go. */
export function entriesProblem(entries: readonly Entry[]): string | null {
  for (const e of entries) {
    if (e.reason === null) return `Please choose why ${e.sku} came back.`;
    if (e.reason === 'other' && e.reason_note.trim() === '') return RETURN_MESSAGES.otherNeedsNote(e.sku);
  }
  return null;
}

/** The receipt of the parcel being recorded; null while something keeps it from being sent. */
export function receiveBody(bench: BenchStep): ReceiveReturnBody | null {
  if (bench.step === 'order' && bench.matching === null) {
    if (bench.entries.length === 0 || entriesProblem(bench.entries)) return null;
    return {
      order_id: bench.order.id,
      scanned: bench.code,
      note: null,
      lines: bench.entries.map((e) => ({ order_item_id: e.order_item_id, ...lineBody(e, e.reason ?? 'other') })),
    };
  }
  if (bench.step === 'unmatched') {
    if (bench.note.trim() === '' || entriesProblem(bench.entries)) return null;
    return { order_id: null, scanned: bench.code, note: bench.note.trim(), lines: bench.entries.map((e) => ({ order_item_id: null, ...lineBody(e, e.reason ?? 'other') })) };
  }
  return null;
}

/** The match of an unmatched parcel to the order open; null while a unit has no line of it or no reason. */
export function matchBody(bench: BenchStep): MatchReturnBody | null {
  if (bench.step !== 'order' || bench.matching === null || bench.entries.length === 0 || entriesProblem(bench.entries)) return null;
  const lines = bench.entries.flatMap((e) => (e.order_item_id === null ? [] : [{ order_item_id: e.order_item_id, ...lineBody(e, e.reason ?? 'other') }]));
  return lines.length === bench.entries.length ? { order_id: bench.order.id, lines } : null;
}

/** What to do next with a received parcel. */
export function nextPlacement(parcel: ReturnParcel): string {
  if (parcel.status === 'unmatched') return 'Match it to its order when it is known.';
  const line = targetLine(parcel, null);
  if (!line) return 'Every unit is placed.';
  const to = line.suggestion?.location;
  return to ? `Scan ${to} to put ${line.sku} there, or another location.` : `Scan a location for ${line.sku}.`;
}

export const reasonLabel = (reason: ReturnReason) => RETURN_REASON_LABELS[reason];

/** What to scan next, under the scan field. */
export function benchHint(bench: BenchStep): string {
  switch (bench.step) {
    case 'scan':
      return 'Scan the order number, the packing slip or any unit in the parcel';
    case 'choose':
      return "Choose the order on the parcel's slip, or scan another code";
    case 'order':
      return 'Scan each unit that came back';
    case 'unmatched':
      return 'Scan each unit, or type its SKU and press Enter';
    case 'parcel':
      return 'Scan the label of the location to put the units there';
    case 'find-order':
      return 'Scan or type the order number';
    default: {
      const exhaustive: never = bench;
      return exhaustive;
    }
  }
}
