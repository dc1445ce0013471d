import { describe, expect, it } from 'vitest';
import { foldShipment, mayAssign, RETURN_MESSAGES, shippedUnits, type OrderEvent, type Shipment } from '@wh/contracts';
import { deciderSpec, decisionSpec } from '../../platform/decider-spec.ts';
import type { Actor } from '../../platform/auth.ts';
import {
  decideOrder,
  defaultPickLocation,
  expectedOf,
  FOUND_NEEDS_LOCATION,
  LOCATION_REQUIRED,
  orderDecider,
  shortQuantityProblem,
  UNDO_REASON_REQUIRED,
  RESOLVE_REASON_REQUIRED,
  SEND_BACK_REASON_REQUIRED,
  type OrderCommand,
  type PickHolder,
  type WorkerFacts,
} from './decide.ts';

const now = new Date('2025-03-01T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(orderDecider, decideOrder, now);
const ref = { order_id: 7, order_number: '#10002' };

const imported: OrderEvent = {
  type: 'OrderImported',
  data: {
    ...ref,
    priority: 1,
    order_date: '2025-03-01',
    source_file: 'daily-orders.csv',
    at: '2025-03-01T08:00:00.000Z',
    items: [
      { item_id: 70, sku: 'DR1012-12-BLUE', style_code: 'DR1012', style_name: 'Wrap Midi Dress 012', size: '12', color: 'Blue', quantity: 1, value: 25, row: 7 },
      { item_id: 71, sku: 'SK1014-10-NAVY', style_code: 'SK1014', style_name: 'A-Line Skirt 014', size: '10', color: 'Navy', quantity: 2, value: 75, row: 8 },
    ],
  },
};
const worker = (id: number, over: Partial<WorkerFacts> = {}): WorkerFacts => ({ id, username: `w${id}`, role: 'worker', status: 'active', ...over });
const assigned = (worker_id: number, previous_worker_id: number | null = null): OrderEvent => ({
  type: 'OrderAssigned',
  data: { ...ref, worker_id, previous_worker_id, at },
});
const picked = (item_id: number, sku: string, quantity: number, worker_id = 5, picked_by = worker_id): OrderEvent => ({
  type: 'OrderItemPicked',
  data: {
    ...ref,
    item_id,
    sku,
    style_code: sku.split('-')[0]!,
    quantity,
    location: 'A-1-1',
    location_type: 'bin',
    unstocked: false,
    notes: null,
    picked_by,
    worker_id,
    movements: [{ sku, style_code: sku.split('-')[0]!, location: 'A-1-1', delta: -quantity }],
    at,
  },
});
const completed: OrderEvent = { type: 'OrderCompleted', data: { ...ref, worker_id: 5, completed_by: 5, at } };
const verified: OrderEvent = {
  type: 'OrderVerified',
  data: { ...ref, verified_by: 9, worker_id: 5, item_count: 2, unit_count: 3, verification_notes: null, discrepancies: [], at },
};
const cancelled: OrderEvent = { type: 'OrderCancelled', data: { ...ref, previous_status: 'pending', worker_id: null, at } };

const workerActor: Actor = { id: 5, role: 'worker' };
const otherWorker = { id: 6, role: 'worker' as const };
const manager = { id: 1, role: 'manager' as const };
const pick = (item_id: number, actor = workerActor, over: Partial<Extract<OrderCommand, { type: 'PickItem' }>> = {}): OrderCommand => ({
  type: 'PickItem',
  item_id,
  actor,
  location: 'A-1-1',
  holders: [{ location: 'A-1-1', type: 'bin', quantity: 5 }],
  registered: { type: 'bin' },
  scan_location_first: false,
  notes: null,
  ...over,
});

const inPicking = [imported, assigned(5), picked(70, 'DR1012-12-BLUE', 1)];
const allPicked = [...inPicking, picked(71, 'SK1014-10-NAVY', 2)];
const states: Record<string, OrderEvent[]> = {
  pending: [imported],
  assigned: [imported, assigned(5)],
  picking: inPicking,
  completed: [...allPicked, completed],
  verified: [...allPicked, completed, verified],
  cancelled: [imported, cancelled],
};

describe('order decider', () => {
  describe('any command on an order that does not exist', () => {
    it('is refused as not found', () => {
      spec.given([]).when({ type: 'CancelOrder' }).thenFails(404, 'Order not found');
    });
  });

  describe('assign', () => {
    it('a pending order to an active worker: assigned', () => {
      spec.given([imported]).when({ type: 'AssignWorker', worker_id: 5, worker: worker(5) }).then([assigned(5)]);
    });
    it('an assigned order to another worker: reassigned, the previous worker recorded', () => {
      spec.given([imported, assigned(5)]).when({ type: 'AssignWorker', worker_id: 6, worker: worker(6) }).then([assigned(6, 5)]);
    });
    it('an assigned order to the same worker: nothing happens', () => {
      spec.given([imported, assigned(5)]).when({ type: 'AssignWorker', worker_id: 5, worker: worker(5) }).then([]);
    });
    it('after a deassign: assigned again', () => {
      spec
        .given([imported, assigned(5), { type: 'OrderDeassigned', data: { ...ref, worker_id: 5, at } }])
        .when({ type: 'AssignWorker', worker_id: 6, worker: worker(6) })
        .then([assigned(6)]);
    });
    it('to a user who is not a worker: refused', () => {
      spec
        .given([imported])
        .when({ type: 'AssignWorker', worker_id: 3, worker: worker(3, { role: 'executive1', username: 'bob' }) })
        .thenFails(400, 'bob is not a worker. Only active users with role worker can be assigned orders.');
    });
    it('to an inactive worker: refused', () => {
      spec
        .given([imported])
        .when({ type: 'AssignWorker', worker_id: 3, worker: worker(3, { status: 'inactive', username: 'ann' }) })
        .thenFails(400, 'ann is inactive. Only active users with role worker can be assigned orders.');
    });
    it('to a deleted or unknown user: not found', () => {
      spec.given([imported]).when({ type: 'AssignWorker', worker_id: 3, worker: worker(3, { status: 'deleted' }) }).thenFails(404, 'Worker not found');
      spec.given([imported]).when({ type: 'AssignWorker', worker_id: 3, worker: null }).thenFails(404, 'Worker not found');
    });
    it.each([
      ['picking', 'Order #10002 is being picked and cannot be assigned'],
      ['completed', 'Order #10002 is completed and cannot be assigned'],
      ['verified', 'Order #10002 is verified and cannot be assigned'],
      ['cancelled', 'Order #10002 is cancelled and cannot be assigned'],
    ])('a %s order: refused', (status, message) => {
      spec.given(states[status]!).when({ type: 'AssignWorker', worker_id: 6, worker: worker(6) }).thenFails(409, message);
    });
    // The order table selects and offers orders on the same rule (contracts, orders/events.ts).
    it.each(Object.keys(states))('a %s order: assigned exactly when mayAssign says so', (status) => {
      const state = states[status]!.reduce(orderDecider.evolve, orderDecider.initialState());
      if (state.status === 'absent') throw new Error('no order');
      const when = spec.given(states[status]!).when({ type: 'AssignWorker', worker_id: 6, worker: worker(6) });
      if (mayAssign(state)) when.then([assigned(6, state.status === 'assigned' ? state.worker_id : null)]);
      else when.thenFails(409, `Order #10002 is ${status === 'picking' ? 'being picked' : status} and cannot be assigned`);
    });
  });

  describe('deassign', () => {
    it('an assigned order: back to pending, the worker recorded', () => {
      spec.given([imported, assigned(5)]).when({ type: 'DeassignWorker' }).then([{ type: 'OrderDeassigned', data: { ...ref, worker_id: 5, at } }]);
    });
    it('a pending order: refused, it has no worker', () => {
      spec.given([imported]).when({ type: 'DeassignWorker' }).thenFails(409, 'Order #10002 has no worker assigned');
    });
    it.each([
      ['picking', 'Order #10002 is being picked and cannot be deassigned'],
      ['completed', 'Order #10002 is completed and cannot be deassigned'],
      ['verified', 'Order #10002 is verified and cannot be deassigned'],
      ['cancelled', 'Order #10002 is cancelled and cannot be deassigned'],
    ])('a %s order: refused', (status, message) => {
      spec.given(states[status]!).when({ type: 'DeassignWorker' }).thenFails(409, message);
    });
  });

  describe('cancel', () => {
    it('a pending order: cancelled', () => {
      spec.given([imported]).when({ type: 'CancelOrder' }).then([cancelled]);
    });
    it('an assigned order: cancelled, the worker recorded', () => {
      spec
        .given([imported, assigned(5)])
        .when({ type: 'CancelOrder' })
        .then([{ type: 'OrderCancelled', data: { ...ref, previous_status: 'assigned', worker_id: 5, at } }]);
    });
    it('a cancelled order: refused (irreversible, not twice)', () => {
      spec.given([imported, cancelled]).when({ type: 'CancelOrder' }).thenFails(409, 'Order #10002 is already cancelled');
    });
    it.each([
      ['picking', 'Order #10002 is being picked and cannot be cancelled'],
      ['completed', 'Order #10002 is completed and cannot be cancelled'],
      ['verified', 'Order #10002 is verified and cannot be cancelled'],
    ])('a %s order: refused', (status, message) => {
      spec.given(states[status]!).when({ type: 'CancelOrder' }).thenFails(409, message);
    });
  });

  describe('pick', () => {
    it('the first item of an assigned order by its worker: picked, taking the stock from the location', () => {
      spec.given([imported, assigned(5)]).when(pick(70)).then([picked(70, 'DR1012-12-BLUE', 1)]);
    });
    it('takes the whole quantity of the item', () => {
      spec.given(inPicking).when(pick(71)).then([picked(71, 'SK1014-10-NAVY', 2)]);
    });
    it('by a manager for the assigned worker: the manager recorded as picker', () => {
      spec.given([imported, assigned(5)]).when(pick(70, manager)).then([picked(70, 'DR1012-12-BLUE', 1, 5, 1)]);
    });
    it('an item no location holds: picked without taking stock, marked unstocked', () => {
      const event = picked(70, 'DR1012-12-BLUE', 1);
      if (event.type !== 'OrderItemPicked') throw new Error('unreachable');
      spec
        .given([imported, assigned(5)])
        .when(pick(70, workerActor, { location: null, holders: [], registered: null, notes: 'found on the returns shelf' }))
        .then([
          {
            ...event,
            data: { ...event.data, location: null, location_type: null, unstocked: true, notes: 'found on the returns shelf', movements: [] },
          },
        ]);
    });
    it('without a location: taken from the location holding most of the SKU', () => {
      const event = picked(70, 'DR1012-12-BLUE', 1);
      if (event.type !== 'OrderItemPicked') throw new Error('unreachable');
      const holders = [{ location: 'A-1-1', type: 'bin', quantity: 2 }, { location: 'R-2', type: 'rack', quantity: 6 }];
      spec
        .given([imported, assigned(5)])
        .when(pick(70, workerActor, { location: null, holders, registered: null }))
        .then([{ ...event, data: { ...event.data, location: 'R-2', location_type: 'rack', movements: [{ ...event.data.movements[0]!, location: 'R-2' }] } }]);
    });
    it('a location the warehouse does not have: refused whatever the setting, naming it', () => {
      for (const scan_location_first of [false, true]) {
        spec
          .given([imported, assigned(5)])
          .when(pick(70, workerActor, { location: 'ZZZ-999-999', registered: null, scan_location_first }))
          .thenFails(404, 'Location ZZZ-999-999 not found');
        spec
          .given([imported, assigned(5)])
          .when(pick(70, workerActor, { location: 'ZZZ-999-999', holders: [], registered: null, scan_location_first }))
          .thenFails(404, 'Location ZZZ-999-999 not found');
      }
    });
    it('a location holding the SKU that is not registered: taken from, its type unknown', () => {
      const event = picked(70, 'DR1012-12-BLUE', 1);
      if (event.type !== 'OrderItemPicked') throw new Error('unreachable');
      spec
        .given([imported, assigned(5)])
        .when(pick(70, workerActor, { holders: [{ location: 'A-1-1', type: null, quantity: 5 }], registered: null }))
        .then([{ ...event, data: { ...event.data, location_type: null } }]);
    });
    describe('with pickers scanning the location label first', () => {
      const first = { scan_location_first: true };
      it('a pick naming no location is refused, an item held nowhere too', () => {
        spec.given([imported, assigned(5)]).when(pick(70, workerActor, { ...first, location: null })).thenFails(400, LOCATION_REQUIRED);
        spec.given([imported, assigned(5)]).when(pick(70, workerActor, { ...first, location: null, holders: [], registered: null })).thenFails(400, LOCATION_REQUIRED);
        spec.given([imported, assigned(5)]).when(pick(70, manager, { ...first, location: null })).thenFails(400, LOCATION_REQUIRED);
      });
      it('a pick naming its location takes the stock there', () => {
        spec.given([imported, assigned(5)]).when(pick(70, workerActor, first)).then([picked(70, 'DR1012-12-BLUE', 1)]);
      });
      it('an item held nowhere, picked at a location the warehouse has: no stock taken, the location kept', () => {
        const event = picked(70, 'DR1012-12-BLUE', 1);
        if (event.type !== 'OrderItemPicked') throw new Error('unreachable');
        spec
          .given([imported, assigned(5)])
          .when(pick(70, workerActor, { ...first, holders: [] }))
          .then([{ ...event, data: { ...event.data, unstocked: true, movements: [] } }]);
      });
    });
    it('by another worker: refused', () => {
      spec.given([imported, assigned(5)]).when(pick(70, otherWorker)).thenFails(403, 'This order is not assigned to you');
    });
    it('an item already picked: refused', () => {
      spec.given(inPicking).when(pick(70)).thenFails(409, 'DR1012-12-BLUE in order #10002 is already picked');
    });
    it('an item of another order: not found', () => {
      spec.given([imported, assigned(5)]).when(pick(999)).thenFails(404, 'Item not found in order #10002');
    });
    it('a pending order: refused, no worker is assigned', () => {
      spec.given([imported]).when(pick(70, manager)).thenFails(409, 'Order #10002 has no worker assigned and cannot be picked');
      spec.given([imported]).when(pick(70)).thenFails(403, 'This order is not assigned to you');
    });
    it('an order cancelled while assigned: its worker is told it is cancelled, another worker that it is not theirs', () => {
      const cancelledWhileAssigned: OrderEvent = { type: 'OrderCancelled', data: { ...ref, previous_status: 'assigned', worker_id: 5, at } };
      spec.given([imported, assigned(5), cancelledWhileAssigned]).when(pick(70)).thenFails(409, 'Order #10002 is cancelled and cannot be picked');
      spec.given([imported, assigned(5), cancelledWhileAssigned]).when(pick(70, otherWorker)).thenFails(403, 'This order is not assigned to you');
    });
    it.each([
      ['completed', 'Order #10002 is completed and cannot be picked'],
      ['verified', 'Order #10002 is verified and cannot be picked'],
      ['cancelled', 'Order #10002 is cancelled and cannot be picked'],
    ])('a %s order: refused', (status, message) => {
      spec.given(states[status]!).when(pick(70, manager)).thenFails(409, message);
    });
  });

  describe("short (can't find it)", () => {
    const short = (over: Partial<Extract<OrderCommand, { type: 'ShortPickItem' }>> = {}): OrderCommand => ({
      type: 'ShortPickItem',
      item_id: 71,
      actor: workerActor,
      short_quantity: null,
      looked_in: ['A-1-1'],
      known: ['A-1-1', 'A-1-2'],
      notes: null,
      ...over,
    });
    const shorted = (over: Partial<Extract<OrderEvent, { type: 'OrderItemShortPicked' }>['data']> = {}): OrderEvent => ({
      type: 'OrderItemShortPicked',
      data: {
        ...ref,
        item_id: 71,
        sku: 'SK1014-10-NAVY',
        style_code: 'SK1014',
        quantity: 2,
        short_quantity: 2,
        looked_in: ['A-1-1'],
        notes: null,
        picked_by: 5,
        worker_id: 5,
        movements: [],
        at,
        ...over,
      },
    });
    it('none of the units found: recorded short where the picker looked, no stock taken', () => {
      spec.given(inPicking).when(short({ looked_in: ['A-1-1', 'A-1-2'], notes: 'Bin empty' })).then([shorted({ looked_in: ['A-1-1', 'A-1-2'], notes: 'Bin empty' })]);
    });
    it('some found: the units found are taken from the first location looked in, the rest recorded short', () => {
      spec
        .given(inPicking)
        .when(short({ short_quantity: 1 }))
        .then([shorted({ short_quantity: 1, movements: [{ sku: 'SK1014-10-NAVY', style_code: 'SK1014', location: 'A-1-1', delta: -1 }] })]);
    });
    it('the first line of an assigned order: the order is being picked', () => {
      const state = [imported, assigned(5), shorted()].reduce(orderDecider.evolve, orderDecider.initialState());
      expect(state.status).toBe('picking');
      spec.given([imported, assigned(5)]).when(short()).then([shorted()]);
    });
    it('by a manager for the worker: the manager recorded as who looked', () => {
      spec.given(inPicking).when(short({ actor: manager })).then([shorted({ picked_by: 1 })]);
    });
    it('an item with no stock anywhere, looked for nowhere in particular: recorded short', () => {
      spec.given(inPicking).when(short({ looked_in: [], known: [] })).then([shorted({ looked_in: [] })]);
    });
    it('a location looked in twice: named once', () => {
      spec.given(inPicking).when(short({ looked_in: ['A-1-1', 'A-1-1'] })).then([shorted()]);
    });
    it('units found but no location named: refused', () => {
      spec.given(inPicking).when(short({ short_quantity: 1, looked_in: [] })).thenFails(400, FOUND_NEEDS_LOCATION);
    });
    it('more units short than the line has, or none: refused', () => {
      spec.given(inPicking).when(short({ short_quantity: 3 })).thenFails(400, shortQuantityProblem(2));
      spec.given(inPicking).when(short({ short_quantity: 0 })).thenFails(400, shortQuantityProblem(2));
    });
    it('a location the warehouse does not have: not found', () => {
      spec.given(inPicking).when(short({ looked_in: ['Z-9-9'] })).thenFails(404, 'Location Z-9-9 not found');
    });
    it('a line already picked or already short: refused', () => {
      spec.given(inPicking).when(short({ item_id: 70 })).thenFails(409, 'DR1012-12-BLUE in order #10002 is already picked');
      spec.given([...inPicking, shorted()]).when(short()).thenFails(409, 'SK1014-10-NAVY in order #10002 is already recorded short');
      spec.given([...inPicking, shorted()]).when(pick(71)).thenFails(409, 'SK1014-10-NAVY in order #10002 is already recorded short');
    });
    it('by another worker: refused', () => {
      spec.given(inPicking).when(short({ actor: otherWorker })).thenFails(403, 'This order is not assigned to you');
    });
    it.each([
      ['completed', 'Order #10002 is completed and cannot be picked'],
      ['verified', 'Order #10002 is verified and cannot be picked'],
      ['cancelled', 'Order #10002 is cancelled and cannot be picked'],
    ])('a %s order: refused', (status, message) => {
      spec.given(states[status]!).when(short({ actor: manager })).thenFails(409, message);
    });
    it('every line picked or short: completed short, the short lines counted', () => {
      spec
        .given([...inPicking, shorted()])
        .when({ type: 'CompleteOrder', actor: workerActor })
        .then([{ type: 'OrderCompleted', data: { ...ref, worker_id: 5, completed_by: 5, short_items: 1, at } }]);
    });
  });

  describe('undo a pick or a short', () => {
    const undo = (item_id = 70, actor: Actor = workerActor, reason = 'Wrong size picked'): OrderCommand => ({ type: 'UndoPick', item_id, actor, reason });
    const undone = (): OrderEvent => ({
      type: 'OrderItemPickUndone',
      data: {
        ...ref,
        item_id: 70,
        sku: 'DR1012-12-BLUE',
        style_code: 'DR1012',
        quantity: 1,
        undone: 'pick',
        reason: 'Wrong size picked',
        undone_by: 5,
        worker_id: 5,
        previous_status: 'picking',
        status: 'assigned',
        movements: [{ sku: 'DR1012-12-BLUE', style_code: 'DR1012', location: 'A-1-1', delta: 1 }],
        at,
      },
    });
    const withOver = (over: Partial<Extract<OrderEvent, { type: 'OrderItemPickUndone' }>['data']>): OrderEvent => {
      const e = undone();
      return { ...e, data: { ...e.data, ...over } } as OrderEvent;
    };
    it('by the picker of their own order while picking: the stock goes back where it came from, the order assigned again', () => {
      spec.given(inPicking).when(undo()).then([undone()]);
      const state = [...inPicking, undone()].reduce(orderDecider.evolve, orderDecider.initialState());
      expect(state.status).toBe('assigned');
    });
    it('with other lines still picked: the order stays being picked', () => {
      spec
        .given(allPicked)
        .when(undo(71))
        .then([withOver({ item_id: 71, sku: 'SK1014-10-NAVY', style_code: 'SK1014', quantity: 2, status: 'picking', movements: [{ sku: 'SK1014-10-NAVY', style_code: 'SK1014', location: 'A-1-1', delta: 2 }] })]);
    });
    it('a short: undone, taking back only the units found', () => {
      const short: OrderEvent = {
        type: 'OrderItemShortPicked',
        data: {
          ...ref,
          item_id: 71,
          sku: 'SK1014-10-NAVY',
          style_code: 'SK1014',
          quantity: 2,
          short_quantity: 1,
          looked_in: ['A-1-2'],
          notes: null,
          picked_by: 5,
          worker_id: 5,
          movements: [{ sku: 'SK1014-10-NAVY', style_code: 'SK1014', location: 'A-1-2', delta: -1 }],
          at,
        },
      };
      spec
        .given([...inPicking, short])
        .when(undo(71))
        .then([
          withOver({
            item_id: 71,
            sku: 'SK1014-10-NAVY',
            style_code: 'SK1014',
            quantity: 2,
            undone: 'short',
            status: 'picking',
            movements: [{ sku: 'SK1014-10-NAVY', style_code: 'SK1014', location: 'A-1-2', delta: 1 }],
          }),
        ]);
    });
    it('an unstocked pick: undone, moving no stock', () => {
      const unstocked = picked(70, 'DR1012-12-BLUE', 1);
      if (unstocked.type !== 'OrderItemPicked') throw new Error('unreachable');
      spec
        .given([imported, assigned(5), { ...unstocked, data: { ...unstocked.data, unstocked: true, movements: [] } }])
        .when(undo())
        .then([withOver({ movements: [] })]);
    });
    it('by a manager for the worker: the manager recorded', () => {
      spec.given(inPicking).when(undo(70, manager)).then([withOver({ undone_by: 1 })]);
    });
    it('a completed order, by a manager: reopened, out of its batch', () => {
      spec.given(states.completed!).when(undo(70, manager)).then([withOver({ undone_by: 1, previous_status: 'completed', status: 'picking' })]);
      const batched: OrderEvent[] = [imported, { type: 'OrderAssigned', data: { ...ref, worker_id: 5, previous_worker_id: null, batch_id: 3, at } }];
      const state = [...batched, picked(70, 'DR1012-12-BLUE', 1), picked(71, 'SK1014-10-NAVY', 2), { type: 'OrderCompleted', data: { ...ref, worker_id: 5, completed_by: 5, batch_id: 3, at } } as OrderEvent, withOver({ previous_status: 'completed', status: 'picking' })].reduce(
        orderDecider.evolve,
        orderDecider.initialState(),
      );
      expect(state).toMatchObject({ status: 'picking', worker_id: 5, batch_id: null });
    });
    it('a completed order, by its picker: refused, a manager undoes it now', () => {
      spec.given(states.completed!).when(undo()).thenFails(403, 'Order #10002 is completed: only a manager can undo its picks now');
    });
    it('by another picker: refused', () => {
      spec.given(inPicking).when(undo(70, otherWorker)).thenFails(403, 'This order is not assigned to you');
    });
    it('a verified order: refused, even for a manager', () => {
      spec.given(states.verified!).when(undo(70, manager)).thenFails(409, 'Order #10002 is verified and its picks cannot be undone');
    });
    it('nothing to undo: refused', () => {
      spec.given(inPicking).when(undo(71)).thenFails(409, 'SK1014-10-NAVY in order #10002 is not picked or short: there is nothing to undo');
      spec.given([imported]).when(undo(70, manager)).thenFails(409, 'Order #10002 is pending and cannot be undone');
      spec.given(states.cancelled!).when(undo(70, manager)).thenFails(409, 'Order #10002 is cancelled and cannot be undone');
      spec.given(inPicking).when(undo(999)).thenFails(404, 'Item not found in order #10002');
    });
    it('without a reason: refused', () => {
      spec.given(inPicking).when(undo(70, workerActor, '  ')).thenFails(400, UNDO_REASON_REQUIRED);
    });
    it('the line undone is picked again, taking the stock again', () => {
      spec.given([...inPicking, undone()]).when(pick(70)).then([picked(70, 'DR1012-12-BLUE', 1)]);
    });
  });

  describe('complete', () => {
    it('every item picked: completed by the worker', () => {
      spec.given(allPicked).when({ type: 'CompleteOrder', actor: workerActor }).then([completed]);
    });
    it('by a manager: completed, the manager recorded', () => {
      spec
        .given(allPicked)
        .when({ type: 'CompleteOrder', actor: manager })
        .then([{ type: 'OrderCompleted', data: { ...ref, worker_id: 5, completed_by: 1, at } }]);
    });
    it('before every item is picked: refused, saying how many are', () => {
      spec.given(inPicking).when({ type: 'CompleteOrder', actor: workerActor }).thenFails(409, 'Order #10002 cannot be completed yet: 1 of 2 items are picked or short');
      spec
        .given([imported, assigned(5)])
        .when({ type: 'CompleteOrder', actor: workerActor })
        .thenFails(409, 'Order #10002 cannot be completed yet: 0 of 2 items are picked or short');
    });
    it('by another worker: refused', () => {
      spec.given(allPicked).when({ type: 'CompleteOrder', actor: otherWorker }).thenFails(403, 'This order is not assigned to you');
    });
    it('twice: refused', () => {
      spec.given(states.completed!).when({ type: 'CompleteOrder', actor: workerActor }).thenFails(409, 'Order #10002 is already completed');
    });
    it.each([
      ['pending', 'Order #10002 has no worker assigned and cannot be completed'],
      ['verified', 'Order #10002 is verified and cannot be completed'],
      ['cancelled', 'Order #10002 is cancelled and cannot be completed'],
    ])('a %s order: refused', (status, message) => {
      spec.given(states[status]!).when({ type: 'CompleteOrder', actor: manager }).thenFails(409, message);
    });
  });

  describe('verify', () => {
    const exec2: Actor = { id: 9, role: 'executive2' };
    const verify = (over: Partial<Extract<OrderCommand, { type: 'VerifyOrder' }>> = {}): OrderCommand => ({
      type: 'VerifyOrder',
      actor: exec2,
      verification_notes: null,
      discrepancies: [],
      counts: null,
      wrong_items: [],
      ...over,
    });
    const held = (over: Partial<Extract<OrderEvent, { type: 'OrderHeld' }>['data']> = {}): OrderEvent => ({
      type: 'OrderHeld',
      data: { ...ref, held_by: 9, worker_id: 5, lines: [], wrong_items: [], discrepancies: [], verification_notes: null, at, ...over },
    });
    it('every line confirmed by hand: verified, verifier, worker and the items and units checked recorded', () => {
      spec.given(states.completed!).when(verify()).then([verified]);
    });
    it('every line counted as picked at the bench: verified with the notes', () => {
      const event = verified;
      if (event.type !== 'OrderVerified') throw new Error('unreachable');
      spec
        .given(states.completed!)
        .when(verify({ verification_notes: 'Checked at the packing bench', counts: [{ item_id: 71, counted: 2 }, { item_id: 70, counted: 1 }] }))
        .then([{ ...event, data: { ...event.data, verification_notes: 'Checked at the packing bench' } }]);
    });
    it('an order completed short, its lines counted as recorded: verified, shipping what was found', () => {
      const short: OrderEvent = {
        type: 'OrderItemShortPicked',
        data: { ...ref, item_id: 71, sku: 'SK1014-10-NAVY', style_code: 'SK1014', quantity: 2, short_quantity: 1, looked_in: ['A-1-1'], notes: null, picked_by: 5, worker_id: 5, movements: [], at },
      };
      const event = verified;
      if (event.type !== 'OrderVerified') throw new Error('unreachable');
      spec
        .given([...inPicking, short, { type: 'OrderCompleted', data: { ...ref, worker_id: 5, completed_by: 5, short_items: 1, at } }])
        .when(verify({ counts: [{ item_id: 70, counted: 1 }, { item_id: 71, counted: 1 }] }))
        .then([{ ...event, data: { ...event.data, unit_count: 2 } }]);
    });
    it('a line counted short: held, naming the line, what was picked and what was counted', () => {
      spec
        .given(states.completed!)
        .when(verify({ counts: [{ item_id: 70, counted: 1 }, { item_id: 71, counted: 1 }] }))
        .then([held({ lines: [{ item_id: 71, sku: 'SK1014-10-NAVY', expected: 2, counted: 1, issue: 'Counted 1 of 2' }] })]);
    });
    it('a line counted over, or an item that is no line of the order: held', () => {
      spec
        .given(states.completed!)
        .when(verify({ counts: [{ item_id: 70, counted: 2 }, { item_id: 71, counted: 2 }], wrong_items: [{ code: 'JN1003-14-KHAKI', quantity: 1 }] }))
        .then([
          held({
            lines: [{ item_id: 70, sku: 'DR1012-12-BLUE', expected: 1, counted: 2, issue: 'Counted 2, 1 picked' }],
            wrong_items: [{ code: 'JN1003-14-KHAKI', quantity: 1 }],
          }),
        ]);
    });
    it('a discrepancy reported: held on its line, with the notes and the discrepancy kept', () => {
      const discrepancy = { item_id: 71, issue: 'Item not in tote', resolution: '' };
      spec
        .given(states.completed!)
        .when(verify({ verification_notes: 'Tote 2', discrepancies: [discrepancy] }))
        .then([
          held({
            lines: [{ item_id: 71, sku: 'SK1014-10-NAVY', expected: 2, counted: 2, issue: 'Item not in tote' }],
            discrepancies: [{ ...discrepancy, sku: 'SK1014-10-NAVY' }],
            verification_notes: 'Tote 2',
          }),
        ]);
    });
    it('a line not counted, counted twice or not the order’s: refused', () => {
      spec.given(states.completed!).when(verify({ counts: [{ item_id: 70, counted: 1 }] })).thenFails(400, 'Count every line of order #10002: SK1014-10-NAVY not counted');
      spec
        .given(states.completed!)
        .when(verify({ counts: [{ item_id: 70, counted: 1 }, { item_id: 70, counted: 1 }, { item_id: 71, counted: 2 }] }))
        .thenFails(400, 'Item 70 is counted twice');
      spec.given(states.completed!).when(verify({ counts: [{ item_id: 12, counted: 1 }] })).thenFails(400, 'Counted item 12 is not an item of order #10002');
    });
    it('a discrepancy naming an item of another order: refused', () => {
      spec.given(states.completed!).when(verify({ discrepancies: [{ item_id: 12, issue: 'x', resolution: '' }] })).thenFails(400, 'Discrepancy item 12 is not an item of order #10002');
    });
    it('twice, or while on hold: refused', () => {
      spec.given(states.verified!).when(verify()).thenFails(409, 'Order #10002 is already verified');
      spec.given([...states.completed!, held()]).when(verify()).thenFails(409, 'Order #10002 is on hold: send it back to its picker or resolve it');
    });
    it.each([
      ['pending', 'Order #10002 is pending and cannot be verified: only completed orders can be verified'],
      ['assigned', 'Order #10002 is assigned and cannot be verified: only completed orders can be verified'],
      ['picking', 'Order #10002 is being picked and cannot be verified: only completed orders can be verified'],
      ['cancelled', 'Order #10002 is cancelled and cannot be verified: only completed orders can be verified'],
    ])('a %s order: refused', (status, message) => {
      spec.given(states[status]!).when(verify({ actor: manager })).thenFails(409, message);
    });

    describe('a held order', () => {
      const line71 = { item_id: 71, sku: 'SK1014-10-NAVY', expected: 2, counted: 1, issue: 'Counted 1 of 2' };
      const onHold = [...states.completed!, held({ lines: [line71], verification_notes: 'Tote 2' })];
      const sendBack = (over: Partial<Extract<OrderCommand, { type: 'SendBack' }>> = {}): OrderCommand => ({
        type: 'SendBack',
        actor: exec2,
        item_ids: null,
        reason: 'One skirt missing',
        ...over,
      });
      const resolve = (over: Partial<Extract<OrderCommand, { type: 'ResolveHold' }>> = {}): OrderCommand => ({
        type: 'ResolveHold',
        actor: exec2,
        lines: [{ item_id: 71, shipped: 1 }],
        reason: 'Customer agreed to one',
        ...over,
      });
      it('is on hold, and cannot be completed or picked', () => {
        const state = onHold.reduce(orderDecider.evolve, orderDecider.initialState());
        expect(state.status).toBe('on_hold');
        spec.given(onHold).when({ type: 'CompleteOrder', actor: manager }).thenFails(409, 'Order #10002 is on hold and cannot be completed');
        spec.given(onHold).when(pick(71, manager)).thenFails(409, 'Order #10002 is on hold and cannot be picked');
      });
      it('sent back to its picker: the held lines undone, their stock given back, the order being picked again', () => {
        spec
          .given(onHold)
          .when(sendBack())
          .then([
            {
              type: 'OrderSentBack',
              data: {
                ...ref,
                sent_by: 9,
                worker_id: 5,
                reason: 'One skirt missing',
                lines: [{ item_id: 71, sku: 'SK1014-10-NAVY', undone: 'pick' }],
                status: 'picking',
                movements: [{ sku: 'SK1014-10-NAVY', style_code: 'SK1014', location: 'A-1-1', delta: 2 }],
                at,
              },
            },
          ]);
      });
      it('sent back whole: every line to pick again, the order assigned to its picker', () => {
        const sent = [...onHold, { type: 'OrderSentBack', data: { ...ref, sent_by: 9, worker_id: 5, reason: 'x', lines: [{ item_id: 70, sku: 'DR1012-12-BLUE', undone: 'pick' }, { item_id: 71, sku: 'SK1014-10-NAVY', undone: 'pick' }], status: 'assigned', movements: [], at } } as OrderEvent];
        const state = sent.reduce(orderDecider.evolve, orderDecider.initialState());
        expect(state).toMatchObject({ status: 'assigned', worker_id: 5, batch_id: null });
        spec.given(sent).when(pick(71)).then([picked(71, 'SK1014-10-NAVY', 2)]);
      });
      it('sent back without a reason, or naming no line: refused', () => {
        spec.given(onHold).when(sendBack({ reason: ' ' })).thenFails(400, SEND_BACK_REASON_REQUIRED);
        spec.given(onHold).when(sendBack({ item_ids: [999] })).thenFails(400, 'Item 999 is not a picked line of order #10002');
        spec.given([...states.completed!, held({ wrong_items: [{ code: 'X-1', quantity: 1 }] })]).when(sendBack()).thenFails(400, 'Choose the lines to pick again');
      });
      it('resolved short: shipped as counted, the missing unit back to where it was picked for a count, verified', () => {
        spec
          .given(onHold)
          .when(resolve())
          .then([
            {
              type: 'OrderHoldResolved',
              data: {
                ...ref,
                resolved_by: 9,
                worker_id: 5,
                reason: 'Customer agreed to one',
                lines: [{ item_id: 71, sku: 'SK1014-10-NAVY', quantity: 2, expected: 2, shipped: 1, missing: 1, location: 'A-1-1' }],
                movements: [{ sku: 'SK1014-10-NAVY', style_code: 'SK1014', location: 'A-1-1', delta: 1 }],
                at,
              },
            },
            {
              type: 'OrderVerified',
              data: {
                ...ref,
                verified_by: 9,
                worker_id: 5,
                item_count: 2,
                unit_count: 2,
                verification_notes: 'Tote 2',
                discrepancies: [
                  { item_id: 71, sku: 'SK1014-10-NAVY', issue: 'Counted 1 of 2', resolution: 'Shipped 1 of 2; 1 back to A-1-1 for a count: Customer agreed to one' },
                ],
                at,
              },
            },
          ]);
      });
      it('a discrepancy resolved with every unit shipped: verified, nothing moved', () => {
        const discrepancy = { item_id: 71, sku: 'SK1014-10-NAVY', issue: 'Creased', resolution: '' };
        const given = [...states.completed!, held({ lines: [{ ...line71, counted: 2, issue: 'Creased' }], discrepancies: [discrepancy] })];
        spec
          .given(given)
          .when(resolve({ lines: [{ item_id: 71, shipped: 2 }], reason: 'Steamed' }))
          .then([
            {
              type: 'OrderHoldResolved',
              data: { ...ref, resolved_by: 9, worker_id: 5, reason: 'Steamed', lines: [{ item_id: 71, sku: 'SK1014-10-NAVY', quantity: 2, expected: 2, shipped: 2, missing: 0, location: 'A-1-1' }], movements: [], at },
            },
            {
              type: 'OrderVerified',
              data: { ...ref, verified_by: 9, worker_id: 5, item_count: 2, unit_count: 3, verification_notes: null, discrepancies: [{ ...discrepancy, resolution: 'Steamed' }], at },
            },
          ]);
      });
      it('resolved leaving a held line out, naming one that is not held, or shipping more than was picked: refused', () => {
        spec.given(onHold).when(resolve({ lines: [] })).thenFails(400, 'Resolve every held line: SK1014-10-NAVY is not resolved');
        spec.given(onHold).when(resolve({ lines: [{ item_id: 70, shipped: 1 }] })).thenFails(400, 'Item 70 is not a held line of order #10002');
        spec.given(onHold).when(resolve({ lines: [{ item_id: 71, shipped: 3 }] })).thenFails(400, 'Units shipped of SK1014-10-NAVY must be a whole number from 0 to 2');
        spec.given(onHold).when(resolve({ reason: '' })).thenFails(400, RESOLVE_REASON_REQUIRED);
      });
      it('an order not on hold cannot be sent back or resolved', () => {
        spec.given(states.completed!).when(sendBack()).thenFails(409, 'Order #10002 is completed: only an order on hold can be sent back');
        spec.given(states.verified!).when(resolve()).thenFails(409, 'Order #10002 is verified: only an order on hold can be resolved');
      });
      describe('a pick undone at the bench', () => {
        const undoAtBench = (item_id = 71, actor: Actor = manager): OrderCommand => ({ type: 'UndoPick', item_id, actor, reason: 'Wrong size in the tote' });
        const undone = (over: Partial<Extract<OrderEvent, { type: 'OrderItemPickUndone' }>['data']> = {}): OrderEvent => ({
          type: 'OrderItemPickUndone',
          data: {
            ...ref,
            item_id: 71,
            sku: 'SK1014-10-NAVY',
            style_code: 'SK1014',
            quantity: 2,
            undone: 'pick',
            reason: 'Wrong size in the tote',
            undone_by: 1,
            worker_id: 5,
            previous_status: 'on_hold',
            status: 'on_hold',
            movements: [{ sku: 'SK1014-10-NAVY', style_code: 'SK1014', location: 'A-1-1', delta: 2 }],
            at,
            ...over,
          },
        });
        const afterUndo = [...onHold, undone()];
        const undoneLine = { item_id: 71, sku: 'SK1014-10-NAVY', expected: 0, counted: 0, issue: 'Counted 1 of 2; Pick undone: Wrong size in the tote' };

        it('by a manager: the stock back where it was picked, the order still on hold, the line held expecting nothing', () => {
          spec.given(onHold).when(undoAtBench()).then([undone()]);
          const state = afterUndo.reduce(orderDecider.evolve, orderDecider.initialState());
          expect(state).toMatchObject({ status: 'on_hold', hold: { lines: [undoneLine], verification_notes: 'Tote 2' } });
        });
        it('of a line not held: held too, the held line kept', () => {
          const event = undone({ item_id: 70, sku: 'DR1012-12-BLUE', style_code: 'DR1012', quantity: 1, movements: [{ sku: 'DR1012-12-BLUE', style_code: 'DR1012', location: 'A-1-1', delta: 1 }] });
          spec.given(onHold).when(undoAtBench(70)).then([event]);
          const state = [...onHold, event].reduce(orderDecider.evolve, orderDecider.initialState());
          expect(state).toMatchObject({
            status: 'on_hold',
            hold: { lines: [line71, { item_id: 70, sku: 'DR1012-12-BLUE', expected: 0, counted: 0, issue: 'Pick undone: Wrong size in the tote' }] },
          });
        });
        it('by its picker: refused, a manager undoes it now', () => {
          spec.given(onHold).when(undoAtBench(71, workerActor)).thenFails(403, 'Order #10002 is on hold: only a manager can undo its picks now');
        });
        it('cannot be verified, completed or picked while it waits; undone twice: nothing to undo', () => {
          spec.given(afterUndo).when(verify()).thenFails(409, 'Order #10002 is on hold: send it back to its picker or resolve it');
          spec.given(afterUndo).when({ type: 'CompleteOrder', actor: manager }).thenFails(409, 'Order #10002 is on hold and cannot be completed');
          spec.given(afterUndo).when(pick(71, manager)).thenFails(409, 'Order #10002 is on hold and cannot be picked');
          spec.given(afterUndo).when(undoAtBench()).thenFails(409, 'SK1014-10-NAVY in order #10002 is not picked or short: there is nothing to undo');
        });
        it('re-picked: sent back to its picker with nothing more to undo, then picked again', () => {
          const sent: OrderEvent = {
            type: 'OrderSentBack',
            data: { ...ref, sent_by: 9, worker_id: 5, reason: 'Pick the right size', lines: [{ item_id: 71, sku: 'SK1014-10-NAVY', undone: 'none' }], status: 'picking', movements: [], at },
          };
          spec.given(afterUndo).when(sendBack({ reason: 'Pick the right size' })).then([sent]);
          spec.given([...afterUndo, sent]).when(pick(71)).then([picked(71, 'SK1014-10-NAVY', 2)]);
        });
        it('or resolved: shipped short in full, nothing moved, the undo named among the discrepancies, verified', () => {
          spec
            .given(afterUndo)
            .when(resolve({ lines: [{ item_id: 71, shipped: 0 }], reason: 'Customer refunded' }))
            .then([
              {
                type: 'OrderHoldResolved',
                data: {
                  ...ref,
                  resolved_by: 9,
                  worker_id: 5,
                  reason: 'Customer refunded',
                  lines: [{ item_id: 71, sku: 'SK1014-10-NAVY', quantity: 2, expected: 0, shipped: 0, missing: 0, location: null, undone: true }],
                  movements: [],
                  at,
                },
              },
              {
                type: 'OrderVerified',
                data: {
                  ...ref,
                  verified_by: 9,
                  worker_id: 5,
                  item_count: 2,
                  unit_count: 1,
                  verification_notes: 'Tote 2',
                  discrepancies: [{ item_id: 71, sku: 'SK1014-10-NAVY', issue: undoneLine.issue, resolution: 'Not shipped, its pick undone: Customer refunded' }],
                  at,
                },
              },
            ]);
          spec.given(afterUndo).when(resolve({ lines: [{ item_id: 71, shipped: 1 }] })).thenFails(400, 'Units shipped of SK1014-10-NAVY must be a whole number from 0 to 0');
        });
        it('resolved, the line is short in full from then on', () => {
          const events = decideOrder(resolve({ lines: [{ item_id: 71, shipped: 0 }] }), afterUndo.reduce(orderDecider.evolve, orderDecider.initialState()), now);
          const state = [...afterUndo, ...events].reduce(orderDecider.evolve, orderDecider.initialState());
          expect(state.status).toBe('verified');
          if (state.status !== 'verified') return;
          expect(state.items.find((i) => i.id === 71)!.outcome).toEqual({ kind: 'short', by: 9, short_quantity: 2, movements: [] });
        });
      });
    });
  });
});

// given(the locations holding the SKU), when(an item not yet picked), then(where a pick naming no location takes it
// from, which the picking screen shows).
describe("a pick's default location", () => {
  const spec = decisionSpec((_: 'unpicked item', holders: PickHolder[]) => defaultPickLocation(holders)?.location ?? null);
  const at = (location: string, quantity: number): PickHolder => ({ location, type: 'bin', quantity });
  it('the location holding most units of the SKU', () => {
    spec.given([at('A-1-1', 2), at('B-2-1', 7), at('R-3', 4)]).when('unpicked item').then('B-2-1');
  });
  it('on a tie, the lower code', () => {
    spec.given([at('B-2-1', 3), at('A-3-1', 3), at('A-1-2', 3)]).when('unpicked item').then('A-1-2');
  });
  it('none when no location holds any', () => {
    spec.given([]).when('unpicked item').then(null);
    spec.given([at('A-1-1', 0)]).when('unpicked item').then(null);
  });
  it('a pick naming RETURNS or SECONDS is refused: pick from a bin or a rack', () => {
    const orders = deciderSpec(orderDecider, decideOrder, now);
    for (const location of ['RETURNS', 'SECONDS']) {
      const holders = [{ location, type: 'receiving', quantity: 4 }];
      orders.given([imported, assigned(5)]).when(pick(70, workerActor, { location, holders, registered: { type: 'receiving' } })).thenFails(409, RETURN_MESSAGES.notPicked(location));
    }
  });
  it('never RETURNS or SECONDS, however much they hold: returned units wait to be put away, seconds are not sold as new', () => {
    spec.given([at('RETURNS', 9), at('SECONDS', 8), at('B-2-1', 1)]).when('unpicked item').then('B-2-1');
    spec.given([at('RETURNS', 9), at('SECONDS', 8)]).when('unpicked item').then(null);
  });
});

describe('what a verification ships', () => {
  // The order (item 70 of 1 unit, 71 of 2) run through the decider's commands from its assignment to its
  // verification: what the decider then expects of each line is what the returns bench and reports read of the
  // events (contracts' foldShipment), and both are the units given.
  const bench = { id: 9, role: 'executive2' as const };
  const c = {
    pick: (item_id: number): OrderCommand => pick(item_id),
    short: (item_id: number, short_quantity: number): OrderCommand => ({ type: 'ShortPickItem', item_id, actor: workerActor, short_quantity, looked_in: ['A-1-1'], known: ['A-1-1'], notes: null }),
    undo: (item_id: number, actor: Actor = manager): OrderCommand => ({ type: 'UndoPick', item_id, actor, reason: 'r' }),
    complete: { type: 'CompleteOrder', actor: workerActor } as OrderCommand,
    verify: (counts: Record<number, number> | null = null): OrderCommand => ({
      type: 'VerifyOrder', actor: bench, verification_notes: null, discrepancies: [], wrong_items: [],
      counts: counts && Object.entries(counts).map(([item_id, counted]) => ({ item_id: Number(item_id), counted })),
    }),
    sendBack: (item_ids: number[] | null): OrderCommand => ({ type: 'SendBack', actor: bench, item_ids, reason: 'r' }),
    resolve: (shipped: Record<number, number>): OrderCommand => ({
      type: 'ResolveHold', actor: bench, reason: 'r', lines: Object.entries(shipped).map(([item_id, units]) => ({ item_id: Number(item_id), shipped: units })),
    }),
  };
  function ships(...commands: OrderCommand[]): Record<number, number> {
    const events: OrderEvent[] = [imported, assigned(5)];
    let state = events.reduce(orderDecider.evolve, orderDecider.initialState());
    for (const command of commands) {
      const decided = decideOrder(command, state, now);
      events.push(...decided);
      state = decided.reduce(orderDecider.evolve, state);
    }
    expect(state.status).toBe('verified');
    const shipment = events.reduce<Shipment | undefined>(foldShipment, undefined)!;
    const decider = state.status === 'absent' ? [] : state.items.map((i) => [i.id, expectedOf(i)]);
    expect(Object.fromEntries([...shipment].map(([id, line]) => [id, shippedUnits(line)]))).toEqual(Object.fromEntries(decider));
    return Object.fromEntries(decider);
  }

  it('lines picked ship whole; a line short ships its units found', () => {
    expect(ships(c.pick(70), c.pick(71), c.complete, c.verify())).toEqual({ 70: 1, 71: 2 });
    expect(ships(c.pick(70), c.short(71, 1), c.complete, c.verify())).toEqual({ 70: 1, 71: 1 });
  });

  it('a pick undone while picking ships as picked again', () => {
    expect(ships(c.pick(70), c.undo(70, workerActor), c.short(70, 1), c.pick(71), c.complete, c.verify())).toEqual({ 70: 0, 71: 2 });
  });

  it('a held line resolved ships the units the verifier counted', () => {
    expect(ships(c.pick(70), c.pick(71), c.complete, c.verify({ 70: 1, 71: 1 }), c.resolve({ 71: 1 }))).toEqual({ 70: 1, 71: 1 });
    expect(ships(c.pick(70), c.short(71, 1), c.complete, c.verify({ 70: 1, 71: 0 }), c.resolve({ 71: 0 }))).toEqual({ 70: 1, 71: 0 });
  });

  it('a line sent back ships as picked again', () => {
    expect(ships(c.pick(70), c.pick(71), c.complete, c.verify({ 70: 1, 71: 1 }), c.sendBack(null), c.short(71, 1), c.complete, c.verify())).toEqual({ 70: 1, 71: 1 });
  });

  it('a pick undone at the bench ships nothing when resolved, and as picked again when sent back', () => {
    expect(ships(c.pick(70), c.pick(71), c.complete, c.verify({ 70: 1, 71: 1 }), c.undo(70), c.resolve({ 70: 0, 71: 1 }))).toEqual({ 70: 0, 71: 1 });
    // A short undone at the bench, the order held for another line.
    expect(ships(c.pick(70), c.short(71, 1), c.complete, c.verify({ 70: 0, 71: 1 }), c.undo(71), c.resolve({ 70: 1, 71: 0 }))).toEqual({ 70: 1, 71: 0 });
    expect(ships(c.pick(70), c.pick(71), c.complete, c.verify({ 70: 1, 71: 1 }), c.undo(70), c.sendBack(null), c.pick(70), c.pick(71), c.complete, c.verify())).toEqual({ 70: 1, 71: 2 });
  });
});
