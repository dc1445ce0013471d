import {
  RECEIVING_LOCATION,
  RETURN_MESSAGES as M,
  RETURNS_LOCATION,
  SECONDS_LOCATION,
  type OverCapacity,
  type ReturnEvent,
  type ReturnLine,
  type ReturnReason,
  type ReturnGrade,
} from '@wh/contracts';
import { locationNotFound } from '../../domain/decide-location.ts';
import { badRequest, conflict, illegalTransition, notFound } from '../../platform/errors.ts';
import { overCapacity, type LocationLoad } from '../../platform/stock.ts';

// One parcel's stream (`return-<id>`): received (matched to its order or not), matched later when it was not, and
// its lines' units placed: restocked into a location, left to wait in RETURNS, put away from there, written off.

// A line as the decision needs it: the units still at the bench and those waiting in RETURNS.
export interface LineState extends ReturnLine {
  bench: number;
  in_returns: number;
}

export type ReturnState =
  | { status: 'absent' }
  | { status: 'unmatched'; return_id: number; lines: LineState[] }
  | { status: 'matched'; return_id: number; order_id: number; order_number: string; lines: LineState[] };

export const initialReturnState = (): ReturnState => ({ status: 'absent' });

const linesOf = (lines: readonly ReturnLine[]): LineState[] => lines.map((l) => ({ ...l, bench: l.quantity, in_returns: 0 }));

function placed(state: ReturnState, line: number, change: (l: LineState) => LineState): ReturnState {
  if (state.status === 'absent') return state;
  return { ...state, lines: state.lines.map((l) => (l.line === line ? change(l) : l)) };
}

// Units leave where they wait: the bench when `from_location` is null, else RETURNS.
const taken = (l: LineState, from: string | null, quantity: number): LineState =>
  from === null ? { ...l, bench: l.bench - quantity } : { ...l, in_returns: l.in_returns - quantity };

export function evolveReturn(state: ReturnState, event: ReturnEvent): ReturnState {
  switch (event.type) {
    case 'ReturnReceived': {
      const { return_id, order_id, order_number, lines } = event.data;
      return order_id === null || order_number === null
        ? { status: 'unmatched', return_id, lines: linesOf(lines) }
        : { status: 'matched', return_id, order_id, order_number, lines: linesOf(lines) };
    }
    case 'ReturnMatched': {
      const { return_id, order_id, order_number, lines } = event.data;
      return { status: 'matched', return_id, order_id, order_number, lines: linesOf(lines) };
    }
    case 'ReturnRestocked': {
      const { line, from_location, location, quantity } = event.data;
      return placed(state, line, (l) => {
        const left = taken(l, from_location, quantity);
        return location === RETURNS_LOCATION ? { ...left, in_returns: left.in_returns + quantity } : left;
      });
    }
    case 'ReturnWrittenOff':
      return placed(state, event.data.line, (l) => taken(l, event.data.from_location, event.data.quantity));
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown return event ${JSON.stringify(exhaustive)}`);
    }
  }
}

export const returnDecider = { initialState: initialReturnState, evolve: evolveReturn };

// An order's line as shipped, with what earlier parcels have returned of it.
export interface ShippedLineFacts {
  order_item_id: number;
  sku: string;
  style_code: string;
  size: string;
  colour: string;
  shipped: number;
  returned: number;
}

// The order a parcel names: null when there is none with that id; `shipped` false while it is not verified.
export interface OrderFacts {
  id: number;
  order_number: string;
  shipped: boolean;
  lines: ShippedLineFacts[];
}

export interface Variant {
  sku: string;
  style_code: string;
  size: string;
  colour: string;
}

export interface LineInput {
  order_item_id: number | null;
  sku: string;
  quantity: number;
  reason: ReturnReason;
  reason_note: string | null;
  grade: ReturnGrade;
}

export interface DestinationFacts {
  code: string;
  is_active: boolean;
  // What it holds against its capacity; null when it has none.
  load: LocationLoad | null;
}

export type ReturnCommand =
  | {
      type: 'ReceiveReturn';
      return_id: number;
      order: OrderFacts | null;
      // The order the parcel names was asked for but not found.
      order_missing: boolean;
      scanned: string | null;
      note: string | null;
      lines: LineInput[];
      // The catalogue's variants of the lines' SKUs (lines of a parcel without an order).
      variants: ReadonlyMap<string, Variant>;
    }
  | { type: 'MatchReturn'; return_id: number; order: OrderFacts | null; lines: LineInput[] }
  | { type: 'RestockReturn'; return_id: number; line: number; location: string; destination: DestinationFacts | null; quantity: number }
  | { type: 'WriteOffReturn'; return_id: number; line: number; quantity: number; note: string | null };

// The one refusal of a line that asks for more than the order has left to return.
function orderLines(order: OrderFacts, inputs: readonly LineInput[]): ReturnLine[] {
  const used = new Map<number, number>();
  const left = (l: ShippedLineFacts) => l.shipped - l.returned - (used.get(l.order_item_id) ?? 0);
  return inputs.map((input, i) => {
    const ofSku = order.lines.filter((l) => l.sku === input.sku);
    const item =
      input.order_item_id === null
        ? (ofSku.find((l) => left(l) >= input.quantity) ?? ofSku[0])
        : ofSku.find((l) => l.order_item_id === input.order_item_id);
    if (!item) throw badRequest(M.notShipped(input.sku, order.order_number), [{ field: `lines.${i}.sku`, message: M.notShipped(input.sku, order.order_number) }]);
    if (input.quantity > left(item)) {
      const available = ofSku.reduce((n, l) => n + Math.max(0, left(l)), 0);
      throw conflict(M.overReturned(available, input.sku, order.order_number));
    }
    used.set(item.order_item_id, (used.get(item.order_item_id) ?? 0) + input.quantity);
    return line(i, item.order_item_id, item, input);
  });
}

function line(i: number, orderItemId: number | null, variant: Omit<Variant, 'sku'>, input: LineInput): ReturnLine {
  if (input.reason === 'other' && !input.reason_note) {
    throw badRequest(M.otherNeedsNote(input.sku), [{ field: `lines.${i}.reason_note`, message: M.otherNeedsNote(input.sku) }]);
  }
  return {
    line: i + 1,
    order_item_id: orderItemId,
    sku: input.sku,
    style_code: variant.style_code,
    size: variant.size,
    colour: variant.colour,
    quantity: input.quantity,
    reason: input.reason,
    reason_note: input.reason_note,
    grade: input.grade,
  };
}

function shippedOrder(order: OrderFacts | null): OrderFacts {
  if (!order) throw notFound(M.orderNotFound);
  if (!order.shipped) throw conflict(M.orderNotShipped(order.order_number));
  return order;
}

function unmatchedLines(inputs: readonly LineInput[], variants: ReadonlyMap<string, Variant>): ReturnLine[] {
  return inputs.map((input, i) => {
    const variant = variants.get(input.sku);
    if (!variant) throw notFound(M.skuNotFound(input.sku));
    return line(i, null, variant, input);
  });
}

type Matched = Extract<ReturnState, { status: 'matched' }>;

function placeable(state: ReturnState, returnId: number, lineNo: number): { parcel: Matched; line: LineState } {
  if (state.status === 'absent') throw notFound(M.notFound(returnId));
  if (state.status === 'unmatched') throw illegalTransition(M.unmatchedNotPlaced(state.return_id));
  const found = state.lines.find((l) => l.line === lineNo);
  if (!found) throw notFound(M.lineNotFound(state.return_id, lineNo));
  return { parcel: state, line: found };
}

// What every placing of a line's units names: the parcel, its order, the line and where the units come from.
const placing = (parcel: Matched, l: LineState, quantity: number, from: string | null) => ({
  return_id: parcel.return_id,
  order_id: parcel.order_id,
  line: l.line,
  sku: l.sku,
  style_code: l.style_code,
  quantity,
  grade: l.grade,
  from_location: from,
});

// Where the units come from: the bench while any wait there, else RETURNS; refused past what waits there.
function source(l: LineState, quantity: number): string | null {
  const from = l.bench > 0 ? null : RETURNS_LOCATION;
  const waiting = from === null ? l.bench : l.in_returns;
  if (quantity > waiting) throw conflict(M.moreThanWaiting(waiting, l.sku));
  return from;
}

// Which grades may go where: anything may wait in RETURNS; D is never restocked (a manager writes it off); C goes to
// SECONDS only, and SECONDS takes only C, so seconds are never picked as firsts.
function refuseDestination(l: LineState, location: string, destination: DestinationFacts | null): void {
  if (location === RECEIVING_LOCATION) throw badRequest(M.notToReceiving, [{ field: 'location', message: M.notToReceiving }]);
  if (!destination) throw notFound(locationNotFound(location));
  if (!destination.is_active) throw conflict(M.locationInactive(location));
  if (location === RETURNS_LOCATION) return;
  if (l.grade === 'D') throw conflict(M.gradeDNotRestocked(l.sku));
  if (l.grade === 'C' && location !== SECONDS_LOCATION) throw conflict(M.gradeCToSeconds(l.sku));
  if (l.grade !== 'C' && location === SECONDS_LOCATION) throw conflict(M.notSecondsGrade(l.grade));
}

// Pure: the state before, the command, the time; returns the events or throws a DomainError.
export function decideReturn(command: ReturnCommand, state: ReturnState, now: Date): ReturnEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'ReceiveReturn': {
      if (state.status !== 'absent') throw conflict(M.alreadyReceived(state.return_id));
      if (command.order_missing) throw notFound(M.orderNotFound);
      const order = command.order === null ? null : shippedOrder(command.order);
      if (order && command.lines.length === 0) throw badRequest(M.linesRequired, [{ field: 'lines', message: M.linesRequired }]);
      if (!order && !command.note) throw badRequest(M.noteRequired, [{ field: 'note', message: M.noteRequired }]);
      const lines = order ? orderLines(order, command.lines) : unmatchedLines(command.lines, command.variants);
      return [
        {
          type: 'ReturnReceived',
          data: {
            return_id: command.return_id,
            order_id: order?.id ?? null,
            order_number: order?.order_number ?? null,
            scanned: command.scanned,
            note: command.note,
            lines,
            at,
          },
        },
      ];
    }
    case 'MatchReturn': {
      if (state.status === 'absent') throw notFound(M.notFound(command.return_id));
      if (state.status === 'matched') throw conflict(M.alreadyMatched(state.return_id, state.order_number));
      const order = shippedOrder(command.order);
      const lines = orderLines(order, command.lines);
      return [{ type: 'ReturnMatched', data: { return_id: state.return_id, order_id: order.id, order_number: order.order_number, lines, at } }];
    }
    case 'RestockReturn': {
      const { parcel, line: l } = placeable(state, command.return_id, command.line);
      const from = source(l, command.quantity);
      if (from === RETURNS_LOCATION && command.location === RETURNS_LOCATION) throw conflict(M.alreadyInReturns(l.sku));
      refuseDestination(l, command.location, command.destination);
      const { sku, style_code } = l;
      const movements = [
        ...(from === null ? [] : [{ sku, style_code, location: from, delta: -command.quantity }]),
        { sku, style_code, location: command.location, delta: command.quantity },
      ];
      const load = command.destination?.load;
      const over: OverCapacity | null = overCapacity(new Map(load ? [[command.location, load]] : []), movements)[0] ?? null;
      return [
        {
          type: 'ReturnRestocked',
          data: {
            ...placing(parcel, l, command.quantity, from),
            location: command.location,
            over_capacity: over,
            movements,
            at,
          },
        },
      ];
    }
    case 'WriteOffReturn': {
      const { parcel, line: l } = placeable(state, command.return_id, command.line);
      const from = source(l, command.quantity);
      const { sku, style_code } = l;
      return [
        {
          type: 'ReturnWrittenOff',
          data: {
            ...placing(parcel, l, command.quantity, from),
            note: command.note,
            movements: from === null ? [] : [{ sku, style_code, location: from, delta: -command.quantity }],
            at,
          },
        },
      ];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown return command ${JSON.stringify(exhaustive)}`);
    }
  }
}
