import type { Selectable } from 'kysely';
import type { RmOrderTimingsTable, RmReportPicksTable } from '@wh/db';
import { occurredAt, type OrderEvent, type StoredEvent } from '@wh/contracts';

// The reports read models' one fold: the 15-minute buckets' counters, an order's timing row from its import, the
// fold of its later events, the picks that stand and the pickers' sums, in memory. The live path (projection.ts,
// `apply`) folds over the touched orders' rows read from the tables; the rebuild (projection.ts, `rebuilder`) over
// every order of the history.

// 15 minutes: every time zone's offset is a multiple of it, so buckets fall into local days exactly.
export const BUCKET_MS = 15 * 60 * 1000;

export function bucketOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / BUCKET_MS) * BUCKET_MS).toISOString();
}

// shorted: lines recorded short (the dashboard's figure), less shorts undone in the bucket.
export type Counter = 'received' | 'assigned' | 'completed' | 'verified' | 'cancelled' | 'shorted';
export type Counters = Record<Counter, number>;

// The bucket counters a run of events adds to: `count` adds one, by the bucket of `at`.
export type Count = (at: Date, counter: Counter, delta?: number) => void;

export function bucketCounters(): { counters: Map<string, Counters>; count: Count } {
  const counters = new Map<string, Counters>();
  return {
    counters,
    count: (at, counter, delta = 1) => {
      const key = bucketOf(at);
      let row = counters.get(key);
      if (!row) counters.set(key, (row = { received: 0, assigned: 0, completed: 0, verified: 0, cancelled: 0, shorted: 0 }));
      row[counter] += delta;
    },
  };
}
export type Timing = Selectable<RmOrderTimingsTable>;
// Items and units picked per `bucket|picker`: what a run of events adds to rm_report_worker_buckets (less, for a pick
// undone).
export type WorkerPicks = Map<string, { items: number; units: number }>;
type Imported = Extract<OrderEvent, { type: 'OrderImported' }>['data'];

// A pick that stands, as its row of rm_report_picks holds it: who picked what, when.
export type PickRow = Omit<Selectable<RmReportPicksTable>, 'picked_at'> & { picked_at: Date };
// The picks that stand, per order and item. A pick undone (an undo, or its line sent back from the bench) does not:
// its row goes and its picker's credit with it, in the bucket of the pick. Productivity counts the picks that stand;
// the line picked again is credited to whoever picks it.
export type StandingPicks = Map<number, Map<number, PickRow>>;

function credit(workerPicks: WorkerPicks, pick: PickRow, sign: 1 | -1): void {
  const key = `${bucketOf(pick.picked_at)}|${pick.picked_by}`;
  let sum = workerPicks.get(key);
  if (!sum) workerPicks.set(key, (sum = { items: 0, units: 0 }));
  sum.items += sign;
  sum.units += sign * pick.quantity;
}

export function importedTiming(d: Imported, at: Date): Timing {
  return {
    order_id: d.order_id,
    order_number: d.order_number,
    status: 'pending',
    total_items: d.items.length,
    picked_items: 0,
    imported_at: at,
    worker_id: null,
    assigned_at: null,
    first_pick_at: null,
    last_pick_at: null,
    completed_at: null,
    completed_worker_id: null,
    verified_at: null,
    verified_by: null,
    picked_by: null,
    discrepancy_count: 0,
    cancelled_at: null,
    last_activity_at: at,
  };
}

// An order event after its import: its day's counter and its timing row (when an import introduced the order). True
// when the row changed.
export function foldTiming(event: Exclude<OrderEvent, { type: 'OrderImported' }>, row: Timing | undefined, at: Date, count: Count): boolean {
  switch (event.type) {
    case 'OrderAssigned':
      count(at, 'assigned');
      if (!row) return false;
      row.status = 'assigned';
      row.worker_id = event.data.worker_id;
      row.assigned_at ??= at;
      row.last_activity_at = at;
      return true;
    case 'OrderDeassigned':
      if (!row) return false;
      row.status = 'pending';
      row.worker_id = null;
      row.last_activity_at = at;
      return true;
    case 'OrderCancelled':
      count(at, 'cancelled');
      if (!row) return false;
      row.status = 'cancelled';
      row.cancelled_at = at;
      row.last_activity_at = at;
      return true;
    case 'OrderItemPicked': {
      // A pick of an order no import introduced has nothing to count against.
      if (!row) return false;
      row.status = 'picking';
      row.picked_items += 1;
      row.first_pick_at ??= at;
      row.last_pick_at = at;
      row.last_activity_at = at;
      return true;
    }
    case 'OrderItemShortPicked':
      count(at, 'shorted');
      if (!row) return false;
      row.status = 'picking';
      row.first_pick_at ??= at;
      row.last_pick_at = at;
      row.last_activity_at = at;
      return true;
    case 'OrderItemPickUndone': {
      const d = event.data;
      if (d.undone === 'short') count(at, 'shorted', -1);
      if (!row) return false;
      row.status = d.status;
      // Reopened (a completed order back to its picker); an undo at the bench leaves the order completed, on hold.
      if (d.previous_status !== 'assigned' && d.previous_status !== 'picking' && d.status !== 'on_hold') {
        row.completed_at = null;
        row.completed_worker_id = null;
      }
      if (d.undone === 'pick') row.picked_items -= 1;
      row.last_activity_at = at;
      return true;
    }
    case 'OrderHeld':
      if (!row) return false;
      row.status = 'on_hold';
      row.last_activity_at = at;
      return true;
    case 'OrderSentBack': {
      const d = event.data;
      for (const l of d.lines) if (l.undone === 'short') count(at, 'shorted', -1);
      if (!row) return false;
      row.status = d.status;
      row.completed_at = null;
      row.completed_worker_id = null;
      row.picked_items -= d.lines.filter((l) => l.undone === 'pick').length;
      row.last_activity_at = at;
      return true;
    }
    case 'OrderHoldResolved': {
      // Units missing at the bench are a short found late, and so is a line shipped short whose pick was undone there.
      for (const l of event.data.lines) if (l.undone || (l.missing > 0 && l.expected === l.quantity)) count(at, 'shorted');
      if (!row) return false;
      row.last_activity_at = at;
      return true;
    }
    case 'OrderCompleted':
      count(at, 'completed');
      if (!row) return false;
      row.status = 'completed';
      row.completed_at = at;
      row.completed_worker_id = event.data.worker_id;
      row.last_activity_at = at;
      return true;
    case 'OrderVerified':
      count(at, 'verified');
      if (!row) return false;
      row.status = 'verified';
      row.verified_at = at;
      row.verified_by = event.data.verified_by;
      row.picked_by = event.data.worker_id;
      row.discrepancy_count = event.data.discrepancies.length;
      row.last_activity_at = at;
      return true;
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled order event ${JSON.stringify(exhaustive)}`);
    }
  }
}

// What a run of events is folded over: the orders' timing rows in memory, the bucket counters, the pickers' sums and
// the picks that stand (of the orders whose picks the run may undo: live, those the batch undoes any of; rebuilding,
// every order not yet verified or cancelled).
export interface ReportsState {
  timings: Map<number, Timing>;
  count: Count;
  workerPicks: WorkerPicks;
  standing: StandingPicks;
}

// What one event did to the pick rows: `pick`, a pick that counts (for an order an import introduced); `undone`, the
// picks it took back; `settled`, picks nothing undoes any more (their order verified or cancelled).
export interface Folded {
  event: OrderEvent;
  at: Date;
  row: Timing | undefined;
  pick?: PickRow;
  undone: PickRow[];
  settled: PickRow[];
}

// One event over the state: an import makes its order's row, a later event changes it (when an import introduced the
// order; its counter counts either way), a pick stands until it is undone.
export function foldReport(stored: StoredEvent, state: ReportsState): Folded {
  const event = { type: stored.type, data: stored.data } as OrderEvent;
  const at = occurredAt(stored);
  if (event.type === 'OrderImported') {
    state.count(at, 'received');
    const row = importedTiming(event.data, at);
    state.timings.set(event.data.order_id, row);
    return { event, at, row, undone: [], settled: [] };
  }
  const row = state.timings.get(event.data.order_id);
  const changed = foldTiming(event, row, at, state.count);
  const folded: Folded = { event, at, row, undone: [], settled: [] };
  const picks = state.standing.get(event.data.order_id);
  const undo = (itemId: number) => {
    const pick = picks?.get(itemId);
    if (!picks || !pick) return;
    picks.delete(itemId);
    credit(state.workerPicks, pick, -1);
    folded.undone.push(pick);
  };
  if (event.type === 'OrderItemPicked') {
    if (changed && row) {
      const pick = pickRow(stored.global_position, event.data, row.order_number, at);
      credit(state.workerPicks, pick, 1);
      // An item picked again without an undo between (hand-written test events): an undo takes the later pick back,
      // and nothing the earlier one.
      const earlier = picks?.get(pick.item_id);
      if (earlier) folded.settled.push(earlier);
      if (picks) picks.set(pick.item_id, pick);
      else state.standing.set(pick.order_id, new Map([[pick.item_id, pick]]));
      folded.pick = pick;
    }
  } else if (event.type === 'OrderItemPickUndone') {
    if (event.data.undone === 'pick') undo(event.data.item_id);
  } else if (event.type === 'OrderSentBack') {
    for (const l of event.data.lines) if (l.undone === 'pick') undo(l.item_id);
  } else if (event.type === 'OrderVerified' || event.type === 'OrderCancelled') {
    folded.settled = [...(picks?.values() ?? [])];
    state.standing.delete(event.data.order_id);
  }
  return folded;
}

type Picked = Extract<OrderEvent, { type: 'OrderItemPicked' }>['data'];

function pickRow(position: string, d: Picked, orderNumber: string, at: Date): PickRow {
  return {
    position,
    order_id: d.order_id,
    order_number: orderNumber,
    item_id: d.item_id,
    sku: d.sku,
    style_code: d.style_code,
    quantity: d.quantity,
    picked_by: d.picked_by,
    worker_id: d.worker_id,
    unstocked: d.unstocked,
    picked_at: at,
  };
}
