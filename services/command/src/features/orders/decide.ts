import {
  heldAfterUndo,
  mayAssign,
  mayCancel,
  mayDeassign,
  mayPick,
  RETURN_MESSAGES,
  UNPICKABLE_LOCATIONS,
  type HeldLine,
  type OrderDiscrepancyData,
  type OrderEvent,
  type ResolvedLine,
  type StockMovement,
  type WrongItem,
} from '@wh/contracts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest, conflict, forbidden, illegalTransition, notFound } from '../../platform/errors.ts';

// What became of a line: picked whole, or recorded short (some or all of its units not found). Each keeps who did it
// and the stock it took, which an undo gives back.
export type LineOutcome =
  | { kind: 'picked'; by: number; movements: readonly StockMovement[] }
  | { kind: 'short'; by: number; short_quantity: number; movements: readonly StockMovement[] };

export interface OrderLine {
  id: number;
  sku: string;
  style_code: string;
  quantity: number;
  // null while the line is still to be picked.
  outcome: LineOutcome | null;
}

// Picked or short: nothing left to do on the line before the order is completed.
export const lineDone = (line: OrderLine): boolean => line.outcome !== null;
const shortLines = (items: readonly OrderLine[]) => items.filter((i) => i.outcome?.kind === 'short').length;

interface OrderFacts {
  id: number;
  order_number: string;
  items: readonly OrderLine[];
}

// The order as its stream tells it, the state every order command is decided on. Tagged by status; each status carries only what is true in it (a pending order has no worker). An order being
// assigned or picked may be in one batch (batch_id); it leaves it when deassigned, reassigned or cancelled.
export type OrderState =
  | { status: 'absent' }
  | ({ status: 'pending' } & OrderFacts)
  | ({ status: 'assigned'; worker_id: number; batch_id: number | null } & OrderFacts)
  | ({ status: 'picking'; worker_id: number; batch_id: number | null } & OrderFacts)
  | ({ status: 'completed'; worker_id: number } & OrderFacts)
  // Stopped at verification: the lines to decide on, and what the verifier reported, carried into the verification.
  | ({ status: 'on_hold'; worker_id: number; hold: Hold } & OrderFacts)
  | ({ status: 'verified'; worker_id: number } & OrderFacts)
  // The worker it was assigned to when cancelled (null: it was pending), who is told it is cancelled when a pick of
  // theirs arrives after (a scan queued on a phone out of reach), rather than that it is not theirs.
  | ({ status: 'cancelled'; worker_id: number | null } & OrderFacts);

export type ExistingOrder = Exclude<OrderState, { status: 'absent' }>;

export interface Hold {
  lines: readonly HeldLine[];
  discrepancies: readonly OrderDiscrepancyData[];
  verification_notes: string | null;
}

export const initialOrderState = (): OrderState => ({ status: 'absent' });

// The batch the order is in, if any.
export function batchOf(state: OrderState): number | null {
  return state.status === 'assigned' || state.status === 'picking' ? state.batch_id : null;
}

function factsOf(state: ExistingOrder): OrderFacts {
  return { id: state.id, order_number: state.order_number, items: state.items };
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderImported') {
    const d = event.data;
    return {
      status: 'pending',
      id: d.order_id,
      order_number: d.order_number,
      items: d.items.map((i) => ({ id: i.item_id, sku: i.sku, style_code: i.style_code, quantity: i.quantity, outcome: null })),
    };
  }
  if (state.status === 'absent') return state;
  const facts = factsOf(state);
  switch (event.type) {
    case 'OrderAssigned':
      return { status: 'assigned', worker_id: event.data.worker_id, batch_id: event.data.batch_id ?? null, ...facts };
    case 'OrderDeassigned':
      return { status: 'pending', ...facts };
    case 'OrderCancelled':
      return { status: 'cancelled', worker_id: event.data.worker_id, ...facts };
    case 'OrderItemPicked':
    case 'OrderItemShortPicked': {
      const d = event.data;
      const outcome: LineOutcome =
        event.type === 'OrderItemPicked'
          ? { kind: 'picked', by: d.picked_by, movements: d.movements }
          : { kind: 'short', by: d.picked_by, short_quantity: event.data.short_quantity, movements: d.movements };
      const items = facts.items.map((i) => (i.id === d.item_id ? { ...i, outcome } : i));
      return { status: 'picking', worker_id: d.worker_id, batch_id: batchOf(state), ...facts, items };
    }
    case 'OrderItemPickUndone': {
      const d = event.data;
      const items = facts.items.map((i) => (i.id === d.item_id ? { ...i, outcome: null } : i));
      // Undone at the bench: still on hold, the line held until it is sent back or resolved.
      if (state.status === 'on_hold' && d.status === 'on_hold') {
        return { ...state, items, hold: { ...state.hold, lines: heldAfterUndo(state.hold.lines, d) } };
      }
      // A completed order reopened leaves its batch behind: the batch was completed with it.
      return { status: d.status === 'picking' ? 'picking' : 'assigned', worker_id: d.worker_id, batch_id: batchOf(state), ...facts, items };
    }
    case 'OrderCompleted':
      return { status: 'completed', worker_id: event.data.worker_id, ...facts };
    case 'OrderVerified':
      return { status: 'verified', worker_id: event.data.worker_id, ...facts };
    case 'OrderHeld': {
      const d = event.data;
      return { status: 'on_hold', worker_id: d.worker_id, hold: { lines: d.lines, discrepancies: d.discrepancies, verification_notes: d.verification_notes }, ...facts };
    }
    case 'OrderSentBack': {
      const d = event.data;
      const sent = new Set(d.lines.map((l) => l.item_id));
      const items = facts.items.map((i) => (sent.has(i.id) ? { ...i, outcome: null } : i));
      return { status: d.status === 'picking' ? 'picking' : 'assigned', worker_id: d.worker_id, batch_id: null, ...facts, items };
    }
    case 'OrderHoldResolved': {
      // A line with units missing is short from now on (its stock given back where it is missing); one whose pick was
      // undone at the bench is short in full, nothing of it taken.
      const d = event.data;
      const missing = new Map(d.lines.filter((l) => l.missing > 0 || l.undone).map((l) => [l.item_id, l]));
      const items = facts.items.map((i): OrderLine => {
        const line = missing.get(i.id);
        if (!line) return i;
        if (line.undone) return { ...i, outcome: { kind: 'short', by: d.resolved_by, short_quantity: i.quantity, movements: [] } };
        if (!i.outcome) return i;
        return { ...i, outcome: { kind: 'short', by: i.outcome.by, short_quantity: i.quantity - line.shipped, movements: i.outcome.movements } };
      });
      return { ...state, items };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const orderDecider = { initialState: initialOrderState, evolve: evolveOrder };

// What the command side knows about the user to assign (user_registry), looked up before deciding.
export interface WorkerFacts {
  id: number;
  username: string;
  role: string;
  status: string;
}

export interface Discrepancy {
  item_id: number;
  issue: string;
  resolution: string;
}

export type OrderCommand =
  // batch_id: assigned as part of this new batch.
  | { type: 'AssignWorker'; worker_id: number; worker: WorkerFacts | null; batch_id?: number }
  | { type: 'DeassignWorker' }
  | { type: 'CancelOrder' }
  | {
      type: 'PickItem';
      item_id: number;
      actor: Actor;
      // The location the picker names (the label scanned, or the one suggested), null when none.
      location: string | null;
      // Read before deciding: the locations holding units of the item's SKU, each with its registered type (null
      // when unregistered); the named location as the warehouse registers it, null when it does not; and whether
      // pickers scan the location label first (the warehouse setting).
      holders: readonly PickHolder[];
      registered: { type: string } | null;
      scan_location_first: boolean;
      notes: string | null;
    }
  | {
      type: 'ShortPickItem';
      item_id: number;
      actor: Actor;
      // Units not found; null: all of the line's.
      short_quantity: number | null;
      // Where the picker looked, in order: the units found, if any, are taken from the first.
      looked_in: readonly string[];
      // Read before deciding: those of looked_in the warehouse knows (registered, or holding stock).
      known: readonly string[];
      notes: string | null;
    }
  // A reason is required: the undo is recorded with who and why.
  | { type: 'UndoPick'; item_id: number; actor: Actor; reason: string }
  // batch_id: completed with its batch (an order in a batch is completed only with it).
  | { type: 'CompleteOrder'; actor: Actor; batch_id?: number }
  // counts: units counted at the bench per line (every line once), or null when the lines are confirmed by hand as
  // picked; wrong_items: codes scanned that are no line of the order.
  | {
      type: 'VerifyOrder';
      actor: Actor;
      verification_notes: string | null;
      discrepancies: readonly Discrepancy[];
      counts: readonly { item_id: number; counted: number }[] | null;
      wrong_items: readonly WrongItem[];
    }
  // item_ids: the lines to pick again (null: the held ones).
  | { type: 'SendBack'; actor: Actor; item_ids: readonly number[] | null; reason: string }
  // Every held line, with the units shipped.
  | { type: 'ResolveHold'; actor: Actor; lines: readonly { item_id: number; shipped: number }[]; reason: string };

export interface PickHolder {
  location: string;
  type: string | null;
  quantity: number;
}

// Where a pick takes from when the picker names no location, and so the location the picking screen shows for an
// item not yet picked (orders/queries.ts): the one holding most units of the SKU, the lower code on a tie, never
// RETURNS or SECONDS; none when no other location holds any.
export function defaultPickLocation<H extends PickHolder>(holders: readonly H[]): H | null {
  let most: H | null = null;
  for (const h of holders) {
    if (h.quantity <= 0 || UNPICKABLE_LOCATIONS.has(h.location)) continue;
    if (most === null || h.quantity > most.quantity || (h.quantity === most.quantity && h.location < most.location)) most = h;
  }
  return most;
}

export const ORDER_NOT_FOUND = 'Order not found';
export const LOCATION_REQUIRED = 'Scan the location label first: the pick must name the location it is taken from';
export const locationNotFound = (code: string) => `Location ${code} not found`;
export const NOT_YOUR_ORDER = 'This order is not assigned to you';

const PHRASE: Record<ExistingOrder['status'], string> = {
  pending: 'pending',
  assigned: 'assigned',
  picking: 'being picked',
  completed: 'completed',
  on_hold: 'on hold',
  verified: 'verified',
  cancelled: 'cancelled',
};

const label = (order: ExistingOrder) => `Order ${order.order_number}`;

function refused(order: ExistingOrder, action: string): never {
  throw illegalTransition(`${label(order)} is ${PHRASE[order.status]} and cannot be ${action}`);
}

function existing(state: OrderState): ExistingOrder {
  if (state.status === 'absent') throw notFound(ORDER_NOT_FOUND);
  return state;
}

// Only the assigned worker picks and completes; a manager may do it for them.
function checkPicker(order: ExistingOrder, actor: Actor): void {
  if (actor.role === 'manager') return;
  const worker = 'worker_id' in order ? order.worker_id : null;
  if (worker !== actor.id) throw forbidden(NOT_YOUR_ORDER);
}

export function checkWorker(command: { worker_id: number; worker: WorkerFacts | null }): WorkerFacts {
  const w = command.worker;
  if (!w || w.status === 'deleted') throw notFound('Worker not found');
  if (w.role !== 'worker') throw badRequest(`${w.username} is not a worker. Only active users with role worker can be assigned orders.`);
  if (w.status !== 'active') throw badRequest(`${w.username} is inactive. Only active users with role worker can be assigned orders.`);
  return w;
}

type Ref = { order_id: number; order_number: string };
type Command<T extends OrderCommand['type']> = Extract<OrderCommand, { type: T }>;

// Pure: the order before, the command, the time; returns the events or throws a DomainError. One function per command.
export function decideOrder(command: OrderCommand, state: OrderState, now: Date): OrderEvent[] {
  const order = existing(state);
  const at = now.toISOString();
  switch (command.type) {
    case 'AssignWorker':
      return assignWorker(order, command, at);
    case 'DeassignWorker':
      return deassignWorker(order, at);
    case 'CancelOrder':
      return cancelOrder(order, at);
    case 'PickItem':
      return pickItem(order, command, at);
    case 'ShortPickItem':
      return shortPickItem(order, command, at);
    case 'UndoPick':
      return undoPick(order, command, at);
    case 'CompleteOrder':
      return completeOrder(order, command, at);
    case 'VerifyOrder':
      return verifyOrder(order, command, at);
    case 'SendBack':
      return sendBack(order, command, at);
    case 'ResolveHold':
      return resolveHold(order, command, at);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

const refOf = (order: ExistingOrder): Ref => ({ order_id: order.id, order_number: order.order_number });

// The line an event about one line names: its order, the item and what it holds (a pick, a short, an undo).
const lineRefOf = (order: ExistingOrder, item: OrderLine) => ({
  ...refOf(order),
  item_id: item.id,
  sku: item.sku,
  style_code: item.style_code,
  quantity: item.quantity,
});

// The batch an order leaves when it is deassigned, reassigned or cancelled, as the event records it.
const leaving = (order: ExistingOrder) => {
  const batch = batchOf(order);
  return batch === null ? {} : { left_batch_id: batch };
};

// A pending order gets its worker; an assigned one changes worker (the same worker again changes nothing) and
// leaves its batch. Into a batch go only orders nobody has started picking and no other batch holds.
function assignWorker(order: ExistingOrder, command: Command<'AssignWorker'>, at: string): OrderEvent[] {
  const worker = checkWorker(command);
  if (!mayAssign(order)) return refused(order, command.batch_id === undefined ? 'assigned' : 'added to a batch');
  const previous_worker_id = order.status === 'assigned' ? order.worker_id : null;
  if (command.batch_id !== undefined) {
    const batch = batchOf(order);
    if (batch !== null) throw conflict(`${label(order)} is already in batch ${batch}`);
    return [{ type: 'OrderAssigned', data: { ...refOf(order), worker_id: worker.id, previous_worker_id, batch_id: command.batch_id, at } }];
  }
  if (previous_worker_id === worker.id) return [];
  return [{ type: 'OrderAssigned', data: { ...refOf(order), worker_id: worker.id, previous_worker_id, ...leaving(order), at } }];
}

function deassignWorker(order: ExistingOrder, at: string): OrderEvent[] {
  if (mayDeassign(order)) return [{ type: 'OrderDeassigned', data: { ...refOf(order), worker_id: order.worker_id, ...leaving(order), at } }];
  if (order.status === 'pending') throw illegalTransition(`${label(order)} has no worker assigned`);
  return refused(order, 'deassigned');
}

// Only an order nobody has started picking can be cancelled.
function cancelOrder(order: ExistingOrder, at: string): OrderEvent[] {
  if (mayCancel(order)) {
    const worker_id = order.status === 'assigned' ? order.worker_id : null;
    return [{ type: 'OrderCancelled', data: { ...refOf(order), previous_status: order.status, worker_id, ...leaving(order), at } }];
  }
  if (order.status === 'cancelled') throw illegalTransition(`${label(order)} is already cancelled`);
  return refused(order, 'cancelled');
}

// Where a pick takes from: the location named, which must be one the warehouse has (registered, or holding the SKU);
// else, unless pickers scan the location label first, its default (defaultPickLocation). With the SKU held nowhere
// the item is picked unstocked, taking no stock (a named location kept for the record); without a location only
// while the location label is not required.
function pickSource(command: Command<'PickItem'>): { location: string | null; location_type: string | null; unstocked: boolean } {
  const most = defaultPickLocation(command.holders);
  const unstocked = most === null;
  if (command.location === null) {
    if (command.scan_location_first) throw badRequest(LOCATION_REQUIRED);
    return { location: most?.location ?? null, location_type: most?.type ?? null, unstocked };
  }
  if (UNPICKABLE_LOCATIONS.has(command.location)) throw conflict(RETURN_MESSAGES.notPicked(command.location));
  const holder = command.holders.find((h) => h.location === command.location && h.quantity > 0);
  if (!holder && !command.registered) throw notFound(locationNotFound(command.location));
  return { location: command.location, location_type: holder?.type ?? command.registered?.type ?? null, unstocked };
}

// The item is taken from its source (pickSource); an unstocked pick moves nothing.
function pickItem(order: ExistingOrder, command: Command<'PickItem'>, at: string): OrderEvent[] {
  const { picking, item } = lineToPick(order, command);
  const source = pickSource(command);
  const movements: StockMovement[] =
    source.unstocked || source.location === null
      ? []
      : [{ sku: item.sku, style_code: item.style_code, location: source.location, delta: -item.quantity }];
  return [
    {
      type: 'OrderItemPicked',
      data: {
        ...lineRefOf(order, item),
        location: source.location,
        location_type: source.location_type,
        unstocked: source.unstocked,
        notes: command.notes,
        picked_by: command.actor.id,
        worker_id: picking.worker_id,
        movements,
        at,
      },
    },
  ];
}

// The line a pick or a short is recorded on: the picker's (checkPicker), in an order being picked, not yet done.
function lineToPick(order: ExistingOrder, command: { actor: Actor; item_id: number }): { picking: Extract<ExistingOrder, { status: 'assigned' | 'picking' }>; item: OrderLine } {
  checkPicker(order, command.actor);
  if (!mayPick(order)) {
    if (order.status === 'pending') throw illegalTransition(`${label(order)} has no worker assigned and cannot be picked`);
    return refused(order, 'picked');
  }
  const item = order.items.find((i) => i.id === command.item_id);
  if (!item) throw notFound(`Item not found in order ${order.order_number}`);
  if (item.outcome?.kind === 'picked') throw conflict(`${item.sku} in order ${order.order_number} is already picked`);
  if (item.outcome?.kind === 'short') throw conflict(`${item.sku} in order ${order.order_number} is already recorded short`);
  return { picking: order, item };
}

export const shortQuantityProblem = (quantity: number) => `Units not found must be a whole number from 1 to ${quantity}`;
export const FOUND_NEEDS_LOCATION = 'Name the location where you found the units you have';

// "Can't find it": the units not found are recorded short, where the picker looked; those found (a line of several
// units, some there) are taken from the first location looked in, as a pick takes them.
function shortPickItem(order: ExistingOrder, command: Command<'ShortPickItem'>, at: string): OrderEvent[] {
  const { picking, item } = lineToPick(order, command);
  const short = command.short_quantity ?? item.quantity;
  if (!Number.isInteger(short) || short < 1 || short > item.quantity) throw badRequest(shortQuantityProblem(item.quantity));
  const looked_in = [...new Set(command.looked_in)];
  const unknown = looked_in.find((code) => !command.known.includes(code));
  if (unknown !== undefined) throw notFound(locationNotFound(unknown));
  const found = item.quantity - short;
  const from = looked_in[0];
  if (found > 0 && from === undefined) throw badRequest(FOUND_NEEDS_LOCATION);
  const movements: StockMovement[] = found > 0 && from !== undefined ? [{ sku: item.sku, style_code: item.style_code, location: from, delta: -found }] : [];
  return [
    {
      type: 'OrderItemShortPicked',
      data: {
        ...lineRefOf(order, item),
        short_quantity: short,
        looked_in,
        notes: command.notes,
        picked_by: command.actor.id,
        worker_id: picking.worker_id,
        movements,
        at,
      },
    },
  ];
}

export const UNDO_REASON_REQUIRED = 'Say why the pick is undone';
const MANAGER_UNDOES = (order: ExistingOrder) => `${label(order)} is ${PHRASE[order.status]}: only a manager can undo its picks now`;

// A pick or short undone: the picker of their own order until it is completed, a manager until it is verified. The
// stock goes back where the pick took it from; the order is picked again from that line (reopened when completed).
// On hold, it stays on hold: the line is held (heldAfterUndo), to be sent back to its picker or resolved short, and
// the bench's other findings stay to be decided with it.
function undoPick(order: ExistingOrder, command: Command<'UndoPick'>, at: string): OrderEvent[] {
  if (order.status === 'verified') throw illegalTransition(`${label(order)} is verified and its picks cannot be undone`);
  if (order.status === 'pending' || order.status === 'cancelled') return refused(order, 'undone');
  checkPicker(order, command.actor);
  if (order.status !== 'assigned' && order.status !== 'picking' && command.actor.role !== 'manager') throw forbidden(MANAGER_UNDOES(order));
  const item = order.items.find((i) => i.id === command.item_id);
  if (!item) throw notFound(`Item not found in order ${order.order_number}`);
  const outcome = item.outcome;
  if (outcome === null) throw conflict(`${item.sku} in order ${order.order_number} is not picked or short: there is nothing to undo`);
  const reason = command.reason.trim();
  if (reason === '') throw badRequest(UNDO_REASON_REQUIRED);
  const othersDone = order.items.some((i) => i.id !== item.id && lineDone(i));
  const status = order.status === 'on_hold' ? 'on_hold' : othersDone ? 'picking' : 'assigned';
  return [
    {
      type: 'OrderItemPickUndone',
      data: {
        ...lineRefOf(order, item),
        undone: outcome.kind === 'picked' ? 'pick' : 'short',
        reason,
        undone_by: command.actor.id,
        worker_id: order.worker_id,
        previous_status: order.status,
        status,
        movements: outcome.movements.map((m) => ({ ...m, delta: -m.delta })),
        at,
      },
    },
  ];
}

// Every item picked or recorded short first ("completed short" when some are); an order in a batch is completed with its batch.
function completeOrder(order: ExistingOrder, command: Command<'CompleteOrder'>, at: string): OrderEvent[] {
  checkPicker(order, command.actor);
  if (order.status === 'completed') throw illegalTransition(`${label(order)} is already completed`);
  if (!mayPick(order)) {
    if (order.status === 'pending') throw illegalTransition(`${label(order)} has no worker assigned and cannot be completed`);
    return refused(order, 'completed');
  }
  if (order.batch_id !== (command.batch_id ?? null)) {
    throw illegalTransition(
      order.batch_id === null
        ? `${label(order)} is not in batch ${command.batch_id}`
        : `${label(order)} is in batch ${order.batch_id}: it is completed with its batch`,
    );
  }
  const done = order.items.filter(lineDone).length;
  if (done < order.items.length) {
    throw illegalTransition(`${label(order)} cannot be completed yet: ${done} of ${order.items.length} items are picked or short`);
  }
  const batch = order.batch_id === null ? {} : { batch_id: order.batch_id };
  const shorts = shortLines(order.items);
  const short = shorts === 0 ? {} : { short_items: shorts };
  return [{ type: 'OrderCompleted', data: { ...refOf(order), worker_id: order.worker_id, completed_by: command.actor.id, ...batch, ...short, at } }];
}

// What the bench should find of a line: the units picked, or for a short those found.
export const expectedOf = (line: OrderLine): number =>
  line.outcome?.kind === 'short' ? line.quantity - line.outcome.short_quantity : line.outcome ? line.quantity : 0;

const ON_HOLD_NEXT = 'send it back to its picker or resolve it';

// The lines counted at the bench, each line of the order once; null counts: every line confirmed by hand as picked.
function countsOf(order: ExistingOrder, counts: Command<'VerifyOrder'>['counts']): Map<number, number> {
  const counted = new Map(order.items.map((i) => [i.id, expectedOf(i)]));
  if (counts === null) return counted;
  const seen = new Set<number>();
  for (const c of counts) {
    if (!counted.has(c.item_id)) throw badRequest(`Counted item ${c.item_id} is not an item of order ${order.order_number}`);
    if (seen.has(c.item_id)) throw badRequest(`Item ${c.item_id} is counted twice`);
    seen.add(c.item_id);
    counted.set(c.item_id, c.counted);
  }
  const left = order.items.filter((i) => !seen.has(i.id));
  if (left.length > 0) throw badRequest(`Count every line of order ${order.order_number}: ${left.map((i) => i.sku).join(', ')} not counted`);
  return counted;
}

// A completed order is verified once every line is accounted for: counted as picked (or confirmed by hand), with no
// item that is not the order's and no discrepancy reported; otherwise it is held, naming what is wrong.
function verifyOrder(order: ExistingOrder, command: Command<'VerifyOrder'>, at: string): OrderEvent[] {
  if (order.status === 'verified') throw illegalTransition(`${label(order)} is already verified`);
  if (order.status === 'on_hold') throw illegalTransition(`${label(order)} is on hold: ${ON_HOLD_NEXT}`);
  if (order.status !== 'completed') {
    throw illegalTransition(`${label(order)} is ${PHRASE[order.status]} and cannot be verified: only completed orders can be verified`);
  }
  const discrepancies = command.discrepancies.map((d) => {
    const item = order.items.find((i) => i.id === d.item_id);
    if (!item) throw badRequest(`Discrepancy item ${d.item_id} is not an item of order ${order.order_number}`);
    return { item_id: item.id, sku: item.sku, issue: d.issue, resolution: d.resolution };
  });
  const counted = countsOf(order, command.counts);
  const held = order.items.flatMap((item): HeldLine[] => {
    const expected = expectedOf(item);
    const count = counted.get(item.id)!;
    const issues = [
      ...(count < expected ? [`Counted ${count} of ${expected}`] : count > expected ? [`Counted ${count}, ${expected} picked`] : []),
      ...discrepancies.filter((d) => d.item_id === item.id).map((d) => d.issue || 'Discrepancy reported'),
    ];
    return issues.length === 0 ? [] : [{ item_id: item.id, sku: item.sku, expected, counted: count, issue: issues.join('; ') }];
  });
  if (held.length > 0 || command.wrong_items.length > 0) {
    const data = { ...refOf(order), held_by: command.actor.id, worker_id: order.worker_id, lines: held, wrong_items: [...command.wrong_items] };
    return [{ type: 'OrderHeld', data: { ...data, discrepancies, verification_notes: command.verification_notes, at } }];
  }
  return [verified(order, command.actor, command.verification_notes, discrepancies, order.items.reduce((n, i) => n + expectedOf(i), 0), at)];
}

function verified(order: ExistingOrder & { worker_id: number }, actor: Actor, notes: string | null, discrepancies: OrderDiscrepancyData[], units: number, at: string): OrderEvent {
  return {
    type: 'OrderVerified',
    data: {
      ...refOf(order),
      verified_by: actor.id,
      worker_id: order.worker_id,
      item_count: order.items.length,
      unit_count: units,
      verification_notes: notes,
      discrepancies,
      at,
    },
  };
}

export const SEND_BACK_REASON_REQUIRED = 'Say why the order goes back to its picker';
export const RESOLVE_REASON_REQUIRED = 'Say how the held lines are resolved';

function onHold(order: ExistingOrder, action: string): Extract<ExistingOrder, { status: 'on_hold' }> {
  if (order.status !== 'on_hold') throw illegalTransition(`${label(order)} is ${PHRASE[order.status]}: only an order on hold can be ${action}`);
  return order;
}

// Lines of a held order back to its picker: each undone as a pick is, to pick again (on the picker's phone at once).
function sendBack(order: ExistingOrder, command: Command<'SendBack'>, at: string): OrderEvent[] {
  const held = onHold(order, 'sent back');
  const reason = command.reason.trim();
  if (reason === '') throw badRequest(SEND_BACK_REASON_REQUIRED);
  const ids = [...new Set(command.item_ids ?? held.hold.lines.map((l) => l.item_id))];
  if (ids.length === 0) throw badRequest('Choose the lines to pick again');
  // A line whose pick was undone at the bench is held with nothing left to undo.
  const lines = ids.map((id) => {
    const item = held.items.find((i) => i.id === id);
    const undoneHere = item !== undefined && item.outcome === null && held.hold.lines.some((l) => l.item_id === id);
    if (!item || (!item.outcome && !undoneHere)) throw badRequest(`Item ${id} is not a picked line of order ${order.order_number}`);
    return { item, outcome: item.outcome };
  });
  const left = held.items.some((i) => !ids.includes(i.id) && lineDone(i));
  const undone = (outcome: LineOutcome | null) => (outcome === null ? ('none' as const) : outcome.kind === 'picked' ? ('pick' as const) : ('short' as const));
  return [
    {
      type: 'OrderSentBack',
      data: {
        ...refOf(order),
        sent_by: command.actor.id,
        worker_id: held.worker_id,
        reason,
        lines: lines.map(({ item, outcome }) => ({ item_id: item.id, sku: item.sku, undone: undone(outcome) })),
        status: left ? 'picking' : 'assigned',
        movements: lines.flatMap(({ outcome }) => (outcome?.movements ?? []).map((m) => ({ ...m, delta: -m.delta }))),
        at,
      },
    },
  ];
}

// Every held line decided: shipped as counted (at most what was picked); units missing go back in the ledger to where
// they were picked from, which is flagged for a count. The order is verified with it, the lines' issues as its
// discrepancies.
function resolveHold(order: ExistingOrder, command: Command<'ResolveHold'>, at: string): OrderEvent[] {
  const held = onHold(order, 'resolved');
  const reason = command.reason.trim();
  if (reason === '') throw badRequest(RESOLVE_REASON_REQUIRED);
  const given = new Map<number, number>();
  for (const l of command.lines) {
    if (!held.hold.lines.some((h) => h.item_id === l.item_id)) throw badRequest(`Item ${l.item_id} is not a held line of order ${order.order_number}`);
    if (given.has(l.item_id)) throw badRequest(`Item ${l.item_id} is resolved twice`);
    given.set(l.item_id, l.shipped);
  }
  const lines = held.hold.lines.map((h): ResolvedLine => {
    const item = held.items.find((i) => i.id === h.item_id)!;
    const shipped = given.get(h.item_id);
    if (shipped === undefined) throw badRequest(`Resolve every held line: ${h.sku} is not resolved`);
    if (!Number.isInteger(shipped) || shipped < 0 || shipped > h.expected) throw badRequest(`Units shipped of ${h.sku} must be a whole number from 0 to ${h.expected}`);
    const location = item.outcome?.movements[0]?.location ?? null;
    const undone = item.outcome === null ? { undone: true as const } : {};
    return { item_id: h.item_id, sku: h.sku, quantity: item.quantity, expected: h.expected, shipped, missing: h.expected - shipped, location, ...undone };
  });
  const movements = lines.flatMap((l) => {
    const item = held.items.find((i) => i.id === l.item_id)!;
    return l.missing > 0 && l.location !== null ? [{ sku: item.sku, style_code: item.style_code, location: l.location, delta: l.missing }] : [];
  });
  const words = (l: ResolvedLine) =>
    l.undone
      ? `Not shipped, its pick undone: ${reason}`
      : `Shipped ${l.shipped} of ${l.expected}${l.missing > 0 && l.location ? `; ${l.missing} back to ${l.location} for a count` : ''}: ${reason}`;
  const counted = lines.filter((l) => l.undone || held.hold.lines.find((h) => h.item_id === l.item_id)!.counted !== l.expected);
  const discrepancies = [
    ...held.hold.discrepancies.map((d) => ({ ...d, resolution: d.resolution || reason })),
    ...counted.map((l) => ({ item_id: l.item_id, sku: l.sku, issue: held.hold.lines.find((h) => h.item_id === l.item_id)!.issue, resolution: words(l) })),
  ];
  const shipped = new Map(lines.map((l) => [l.item_id, l.shipped]));
  const units = held.items.reduce((n, i) => n + (shipped.get(i.id) ?? expectedOf(i)), 0);
  const resolved: OrderEvent = {
    type: 'OrderHoldResolved',
    data: { ...refOf(order), resolved_by: command.actor.id, worker_id: held.worker_id, reason, lines, movements, at },
  };
  return [resolved, verified(held, command.actor, held.hold.verification_notes, discrepancies, units, at)];
}
