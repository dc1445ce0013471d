import type { Selectable } from 'kysely';
import type { RmOrderTimingsTable } from '@wh/db';
import type { OrderEvent, StoredEvent } from '@wh/contracts';
import { occurredAt } from '../event-time.ts';

// The reports read models' one fold: the 15-minute buckets' counters, an order's timing row from its import, the
// fold of its later events and the pickers' sums, in memory. The live path (projection.ts, `apply`) folds over the
// touched orders' rows read from the tables; the rebuild (projection.ts, `rebuilder`) over every order of the history.

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
export type WorkerPicks = Map<string, { items: number; units: number }>;
type Imported = Extract<OrderEvent, { type: 'OrderImported' }>['data'];

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

// An order event after its import: its day's counter, its timing row (when an import introduced the order) and the
// picker's sums. True when the row changed.
export function foldTiming(
  event: Exclude<OrderEvent, { type: 'OrderImported' }>,
  row: Timing | undefined,
  at: Date,
  count: Count,
  workerPicks: WorkerPicks,
): boolean {
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
      const d = event.data;
      row.status = 'picking';
      row.picked_items += 1;
      row.first_pick_at ??= at;
      row.last_pick_at = at;
      row.last_activity_at = at;
      const key = `${bucketOf(at)}|${d.picked_by}`;
      let sum = workerPicks.get(key);
      if (!sum) workerPicks.set(key, (sum = { items: 0, units: 0 }));
      sum.items += 1;
      sum.units += d.quantity;
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
      // The pick's own rows stay: the work was done, and undone.
      const d = event.data;
      if (d.undone === 'short') count(at, 'shorted', -1);
      if (!row) return false;
      row.status = d.status;
      if (d.previous_status !== 'assigned' && d.previous_status !== 'picking') {
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
      // Units missing at the bench are a short found late.
      for (const l of event.data.lines) if (l.missing > 0 && l.expected === l.quantity) count(at, 'shorted');
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

// What a run of events is folded over: the orders' timing rows in memory, the bucket counters and the pickers' sums.
export interface ReportsState {
  timings: Map<number, Timing>;
  count: Count;
  workerPicks: WorkerPicks;
}

type Picked = Extract<OrderEvent, { type: 'OrderItemPicked' }>['data'];

// One event over the state: an import makes its order's row, a later event changes it (when an import introduced the
// order; its counter counts either way). `pick`: a pick that changed a row, for the pick rows.
export function foldReport(
  stored: StoredEvent,
  state: ReportsState,
): { event: OrderEvent; at: Date; row: Timing | undefined; pick?: Picked } {
  const event = { type: stored.type, data: stored.data } as OrderEvent;
  const at = occurredAt(stored);
  if (event.type === 'OrderImported') {
    state.count(at, 'received');
    const row = importedTiming(event.data, at);
    state.timings.set(event.data.order_id, row);
    return { event, at, row };
  }
  const row = state.timings.get(event.data.order_id);
  const changed = foldTiming(event, row, at, state.count, state.workerPicks);
  return { event, at, row, pick: changed && row && event.type === 'OrderItemPicked' ? event.data : undefined };
}
