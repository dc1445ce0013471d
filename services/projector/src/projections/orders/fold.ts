import { heldAfterUndo, type HeldLine, type OrderDiscrepancyData, type OrderEvent, type OrderStatus, type WrongItem } from '@wh/contracts';

// The orders read model's one fold: an order's events after its import over the order's row, its picked items and
// the status counts, in memory. The live path (projection.ts, `apply`) folds over the touched orders' rows read from
// the tables; the rebuild (projection.ts, `rebuilder`) over every order of the history, held in memory.

export type Count = (status: OrderStatus, unassigned: boolean, delta: number) => void;

// rm_order_status_counts as changes to its rows: `count` adds to one, `rows` lists those that changed.
export function statusCounts(): { count: Count; rows: () => { status: string; unassigned: boolean; count: number }[] } {
  const counts = new Map<string, number>();
  return {
    count: (status, unassigned, delta) => {
      const key = `${status}|${unassigned}`;
      counts.set(key, (counts.get(key) ?? 0) + delta);
    },
    rows: () =>
      [...counts]
        .filter(([, n]) => n !== 0)
        .map(([key, n]) => {
          const [status = '', unassigned] = key.split('|');
          return { status, unassigned: unassigned === 'true', count: n };
        }),
  };
}

// An rm_orders row's columns that the order's events after its import change.
export interface ProjectedOrder {
  id: number;
  status: string;
  picked_items: number;
  short_items: number;
  assigned_worker_id: number | null;
  assigned_at: Date | string | null;
  completed_by: number | null;
  completed_at: Date | string | null;
  verified_by: number | null;
  verified_at: Date | string | null;
  cancelled_at: Date | string | null;
  verification_notes: string | null;
  discrepancies: unknown;
  // What stopped the order at verification, while it is on hold.
  hold: ProjectedHold | null;
  updated_at: Date | string;
}

// rm_orders.hold, as OrderHeld gives it (and an undo at the bench changes its lines).
export interface ProjectedHold {
  held_by: number;
  held_at: string;
  lines: HeldLine[];
  wrong_items: WrongItem[];
  discrepancies: OrderDiscrepancyData[];
  verification_notes: string | null;
}

// ProjectedOrder's columns, as listed for a select or a COPY.
export const PROJECTED_COLUMNS = [
  'id',
  'status',
  'picked_items',
  'short_items',
  'assigned_worker_id',
  'assigned_at',
  'completed_by',
  'completed_at',
  'verified_by',
  'verified_at',
  'cancelled_at',
  'verification_notes',
  'discrepancies',
  'hold',
  'updated_at',
] as const satisfies readonly (keyof ProjectedOrder)[];

// An item's pick columns as its last event leaves them: every event on an item gives all of them.
export interface ItemPick {
  id: number;
  status: 'pending' | 'picked' | 'short';
  picked_at: string | null;
  picked_by: number | null;
  location: string | null;
  location_type: string | null;
  unstocked: boolean;
  notes: string | null;
  short_quantity: number | null;
  looked_in: string[];
}

// An item to pick (again).
export const notPicked = (id: number): ItemPick => ({
  id,
  status: 'pending',
  picked_at: null,
  picked_by: null,
  location: null,
  location_type: null,
  unstocked: false,
  notes: null,
  short_quantity: null,
  looked_in: [],
});

// The first line picked or recorded short moves the order from assigned to picking.
function lineDone(order: ProjectedOrder, change: { picked_items?: number; short_items?: number }, at: string, count: Count): void {
  const before = order.picked_items + order.short_items;
  Object.assign(order, {
    status: 'picking',
    picked_items: order.picked_items + (change.picked_items ?? 0),
    short_items: order.short_items + (change.short_items ?? 0),
    updated_at: at,
  });
  if (before === 0) {
    count('assigned', false, -1);
    count('picking', false, 1);
  }
}

// A line found short at verification keeps its pick's columns: only its status and the units short change. Kept apart
// from the items whose every pick column an event of the batch gave (`ItemPick`), and applied to the row as it is.
export type ShortPatches = Map<number, number>;

// What the items touched by the batch become: whole (a pick, a short, an undo) or patched (short at verification).
export interface ItemChanges {
  whole: Map<number, ItemPick>;
  patched: ShortPatches;
}

export const itemChanges = (): ItemChanges => ({ whole: new Map(), patched: new Map() });

// The line becomes short, `short_quantity` of its units missing.
function patchShort(changes: ItemChanges, itemId: number, short_quantity: number): void {
  const whole = changes.whole.get(itemId);
  if (whole) Object.assign(whole, { status: 'short', short_quantity });
  else changes.patched.set(itemId, short_quantity);
}

// What the event does to its order (when the order exists) and to the status counts.
export function fold(
  event: Exclude<OrderEvent, { type: 'OrderImported' }>,
  order: ProjectedOrder | undefined,
  changes: ItemChanges,
  count: Count,
  touchWorker: (workerId: number | null) => void,
): void {
  const items = {
    set: (id: number, pick: ItemPick) => {
      changes.whole.set(id, pick);
      changes.patched.delete(id);
    },
  };
  switch (event.type) {
    case 'OrderAssigned': {
      const e = event.data;
      if (order) Object.assign(order, { status: 'assigned', assigned_worker_id: e.worker_id, assigned_at: e.at, updated_at: e.at });
      if (e.previous_worker_id === null) {
        count('pending', true, -1);
        count('assigned', false, 1);
      }
      touchWorker(e.worker_id);
      touchWorker(e.previous_worker_id);
      return;
    }
    case 'OrderDeassigned': {
      const e = event.data;
      if (order) Object.assign(order, { status: 'pending', assigned_worker_id: null, assigned_at: null, updated_at: e.at });
      count('assigned', false, -1);
      count('pending', true, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderCancelled': {
      const e = event.data;
      if (order) Object.assign(order, { status: 'cancelled', cancelled_at: e.at, updated_at: e.at });
      count(e.previous_status, e.worker_id === null, -1);
      count('cancelled', e.worker_id === null, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderItemPicked': {
      const e = event.data;
      items.set(e.item_id, {
        id: e.item_id,
        status: 'picked',
        picked_at: e.at,
        picked_by: e.picked_by,
        location: e.location,
        location_type: e.location_type,
        unstocked: e.unstocked,
        notes: e.notes,
        short_quantity: null,
        looked_in: [],
      });
      if (order) lineDone(order, { picked_items: 1 }, e.at, count);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderItemShortPicked': {
      const e = event.data;
      items.set(e.item_id, {
        id: e.item_id,
        status: 'short',
        picked_at: e.at,
        picked_by: e.picked_by,
        location: e.looked_in[0] ?? null,
        location_type: null,
        unstocked: false,
        notes: e.notes,
        short_quantity: e.short_quantity,
        looked_in: e.looked_in,
      });
      if (order) lineDone(order, { short_items: 1 }, e.at, count);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderItemPickUndone': {
      const e = event.data;
      items.set(e.item_id, notPicked(e.item_id));
      if (order) {
        // Completed (or on hold, before an undo at the bench kept it so): reopened, back to its picker.
        const reopened = e.previous_status !== 'assigned' && e.previous_status !== 'picking' && e.status !== 'on_hold';
        const hold = e.status === 'on_hold' && order.hold ? { ...order.hold, lines: heldAfterUndo(order.hold.lines, e) } : null;
        Object.assign(order, {
          status: e.status,
          picked_items: order.picked_items - (e.undone === 'pick' ? 1 : 0),
          short_items: order.short_items - (e.undone === 'short' ? 1 : 0),
          ...(reopened ? { completed_at: null, completed_by: null } : {}),
          hold,
          updated_at: e.at,
        });
      }
      if (e.previous_status !== e.status) {
        count(e.previous_status, false, -1);
        count(e.status, false, 1);
      }
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderCompleted': {
      const e = event.data;
      if (order) Object.assign(order, { status: 'completed', completed_at: e.at, completed_by: e.completed_by, updated_at: e.at });
      count('picking', false, -1);
      count('completed', false, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderVerified': {
      const e = event.data;
      // Verified from completed, or from on hold once resolved.
      const before = order?.status === 'on_hold' ? 'on_hold' : 'completed';
      if (order) {
        Object.assign(order, {
          status: 'verified',
          verified_at: e.at,
          verified_by: e.verified_by,
          verification_notes: e.verification_notes,
          discrepancies: e.discrepancies,
          hold: null,
          updated_at: e.at,
        });
      }
      count(before, false, -1);
      count('verified', false, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderHeld': {
      const e = event.data;
      const hold = { held_by: e.held_by, held_at: e.at, lines: e.lines, wrong_items: e.wrong_items, discrepancies: e.discrepancies, verification_notes: e.verification_notes };
      if (order) Object.assign(order, { status: 'on_hold', hold, updated_at: e.at });
      count('completed', false, -1);
      count('on_hold', false, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderSentBack': {
      const e = event.data;
      for (const l of e.lines) items.set(l.item_id, notPicked(l.item_id));
      if (order) {
        Object.assign(order, {
          status: e.status,
          picked_items: order.picked_items - e.lines.filter((l) => l.undone === 'pick').length,
          short_items: order.short_items - e.lines.filter((l) => l.undone === 'short').length,
          hold: null,
          completed_at: null,
          completed_by: null,
          updated_at: e.at,
        });
      }
      count('on_hold', false, -1);
      count(e.status, false, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderHoldResolved': {
      const e = event.data;
      // A line with units missing is short from now on; one already short stays counted once. A line whose pick was
      // undone at the bench (counted neither picked nor short since) is short in full.
      const newlyShort = e.lines.filter((l) => !l.undone && l.missing > 0 && l.expected === l.quantity).length;
      const undone = e.lines.filter((l) => l.undone).length;
      for (const l of e.lines) if (l.missing > 0 || l.undone) patchShort(changes, l.item_id, l.quantity - l.shipped);
      if (order) {
        Object.assign(order, {
          picked_items: order.picked_items - newlyShort,
          short_items: order.short_items + newlyShort + undone,
          updated_at: e.at,
        });
      }
      touchWorker(e.worker_id);
      return;
    }
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled order event ${JSON.stringify(exhaustive)}`);
    }
  }
}
