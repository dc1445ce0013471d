import { describe, expect, it } from 'vitest';
import { batchStreamId, orderStreamId, type BatchEvent, type OrderEvent } from '@wh/contracts';
import { decisionSpec, deciderSpec } from '../../platform/decider-spec.ts';
import type { Actor } from '../../platform/auth.ts';
import { batchDecider, decideBatch, type BatchCommand, type BatchFacts, type BatchState } from './decide-batch.ts';
import { decideOrder, orderDecider, type OrderState, type WorkerFacts } from './decide.ts';

const now = new Date('2025-03-01T10:00:00.000Z');
const at = now.toISOString();
const spec = decisionSpec((command: BatchCommand, facts: BatchFacts) => decideBatch(command, facts, now));
const orderSpec = deciderSpec(orderDecider, decideOrder, now);

const exec1: Actor = { id: 2, role: 'executive1' };
const ann: Actor = { id: 5, role: 'worker' };
const ben: Actor = { id: 6, role: 'worker' };
const manager: Actor = { id: 1, role: 'manager' };
const annFacts: WorkerFacts = { id: 5, username: 'ann', role: 'worker', status: 'active' };
const benFacts: WorkerFacts = { id: 6, username: 'ben', role: 'worker', status: 'active' };

const ref = (id: number) => ({ order_id: id, order_number: `#${id}` });
const imported = (id: number): OrderEvent => ({
  type: 'OrderImported',
  data: {
    ...ref(id),
    priority: 1,
    order_date: '2025-03-01',
    source_file: 'daily-orders.csv',
    at,
    items: [{ item_id: id * 10, sku: `SK-${id}`, style_code: 'SK', style_name: 'Skirt', size: '10', color: 'Navy', quantity: 1, value: null, row: 2 }],
  },
});
const assigned = (id: number, worker_id: number, extra: { batch_id?: number; previous_worker_id?: number } = {}): OrderEvent => ({
  type: 'OrderAssigned',
  data: { ...ref(id), worker_id, previous_worker_id: extra.previous_worker_id ?? null, ...(extra.batch_id === undefined ? {} : { batch_id: extra.batch_id }), at },
});
const picked = (id: number, worker_id = 5): OrderEvent => ({
  type: 'OrderItemPicked',
  data: {
    ...ref(id),
    item_id: id * 10,
    sku: `SK-${id}`,
    style_code: 'SK',
    quantity: 1,
    location: 'A-1-1',
    location_type: 'bin',
    unstocked: false,
    notes: null,
    picked_by: worker_id,
    worker_id,
    movements: [],
    at,
  },
});
const deassigned = (id: number): OrderEvent => ({ type: 'OrderDeassigned', data: { ...ref(id), worker_id: 5, left_batch_id: 9, at } });

const fold = <S, E>(decider: { initialState: () => S; evolve: (s: S, e: E) => S }, events: E[]) => ({
  version: events.length,
  state: events.reduce(decider.evolve, decider.initialState()),
});
const orders = (histories: Record<number, OrderEvent[]>): BatchFacts['orders'] =>
  new Map(Object.entries(histories).map(([id, events]) => [orderStreamId(Number(id)), fold<OrderState, OrderEvent>(orderDecider, events)]));
const noBatch = { version: 0, state: batchDecider.initialState() };

const create = (order_ids: number[], worker: WorkerFacts | null = annFacts, batch_id = 9): BatchCommand => ({
  type: 'CreateBatch',
  batch_id,
  order_ids,
  worker_id: worker?.id ?? 99,
  worker,
  actor: exec1,
});
const created: BatchEvent = {
  type: 'BatchCreated',
  data: {
    batch_id: 9,
    worker_id: 5,
    orders: [
      { ...ref(1), slot: 1 },
      { ...ref(2), slot: 2 },
      { ...ref(3), slot: 3 },
    ],
    created_by: 2,
    at,
  },
};
const batchOf = (events: BatchEvent[]) => fold<BatchState, BatchEvent>(batchDecider, events);
const inBatch = (id: number) => [imported(id), assigned(id, 5, { batch_id: 9 })];

describe('batch decider', () => {
  describe('create', () => {
    it('pending and assigned orders: the batch with a tote per order in the order given, and each order assigned to the worker in it', () => {
      spec
        .given({ batch: noBatch, orders: orders({ 1: [imported(1)], 2: [imported(2), assigned(2, 6)], 3: [imported(3), assigned(3, 5)] }) })
        .when(create([1, 2, 3]))
        .then([
          { streamId: batchStreamId(9), expectedVersion: 0, events: [created] },
          { streamId: orderStreamId(1), expectedVersion: 1, events: [assigned(1, 5, { batch_id: 9 })] },
          { streamId: orderStreamId(2), expectedVersion: 2, events: [assigned(2, 5, { batch_id: 9, previous_worker_id: 6 })] },
          // Already the worker's: assigned again, into the batch.
          { streamId: orderStreamId(3), expectedVersion: 2, events: [assigned(3, 5, { batch_id: 9, previous_worker_id: 5 })] },
        ]);
    });

    it('fewer than two or more than twelve orders: refused', () => {
      const many = Array.from({ length: 13 }, (_, i) => i + 1);
      const facts = { batch: noBatch, orders: orders(Object.fromEntries(many.map((id) => [id, [imported(id)]]))) };
      spec.given(facts).when(create([1])).thenFails(400, 'A batch takes 2 to 12 orders');
      spec.given(facts).when(create(many)).thenFails(400, 'A batch takes 2 to 12 orders');
    });

    it('an order named twice: refused', () => {
      spec.given({ batch: noBatch, orders: orders({ 1: [imported(1)] }) }).when(create([1, 1])).thenFails(400, 'Each order can be in a batch only once');
    });

    it('an order being picked, completed or cancelled: refused, naming it', () => {
      spec
        .given({ batch: noBatch, orders: orders({ 1: [imported(1)], 2: [imported(2), assigned(2, 5), picked(2)] }) })
        .when(create([1, 2]))
        .thenFails(409, 'Order #2 is being picked and cannot be added to a batch');
    });

    it('an order already in an open batch: refused', () => {
      spec.given({ batch: noBatch, orders: orders({ 1: [imported(1)], 2: inBatch(2) }) }).when(create([1, 2])).thenFails(409, 'Order #2 is already in batch 9');
    });

    it('an order that does not exist: not found', () => {
      spec.given({ batch: noBatch, orders: orders({ 1: [imported(1)] }) }).when(create([1, 4])).thenFails(404, 'Order 4 not found');
    });

    it('a user who is not an active worker: refused', () => {
      const facts = { batch: noBatch, orders: orders({ 1: [imported(1)], 2: [imported(2)] }) };
      spec.given(facts).when(create([1, 2], { ...annFacts, status: 'inactive' })).thenFails(400, 'ann is inactive. Only active users with role worker can be assigned orders.');
      spec.given(facts).when(create([1, 2], null)).thenFails(404, 'Worker not found');
    });
  });

  describe('complete', () => {
    const complete = (actor: Actor): BatchCommand => ({ type: 'CompleteBatch', actor });
    const allPicked = { 1: [...inBatch(1), picked(1)], 2: [...inBatch(2), picked(2)], 3: [...inBatch(3), picked(3)] };

    it('every item of every order picked: each order completed with the batch, and the batch', () => {
      const completed = (id: number): OrderEvent => ({ type: 'OrderCompleted', data: { ...ref(id), worker_id: 5, completed_by: 5, batch_id: 9, at } });
      spec
        .given({ batch: batchOf([created]), orders: orders(allPicked) })
        .when(complete(ann))
        .then([
          { streamId: batchStreamId(9), expectedVersion: 1, events: [{ type: 'BatchCompleted', data: { batch_id: 9, worker_id: 5, orders: created.data.orders, completed_by: 5, at } }] },
          { streamId: orderStreamId(1), expectedVersion: 3, events: [completed(1)] },
          { streamId: orderStreamId(2), expectedVersion: 3, events: [completed(2)] },
          { streamId: orderStreamId(3), expectedVersion: 3, events: [completed(3)] },
        ]);
    });

    it('an item not yet picked: refused, saying how many are', () => {
      spec
        .given({ batch: batchOf([created]), orders: orders({ ...allPicked, 2: inBatch(2) }) })
        .when(complete(ann))
        .thenFails(409, 'Batch 9 cannot be completed yet: 2 of 3 items are picked or short');
    });

    it('an order that left the batch: the batch completes without it', () => {
      spec
        .given({ batch: batchOf([created]), orders: orders({ ...allPicked, 2: [...inBatch(2), deassigned(2)] }) })
        .when(complete(manager))
        .thenMatches([
          { streamId: batchStreamId(9), events: [{ type: 'BatchCompleted', data: { orders: [created.data.orders[0], created.data.orders[2]], completed_by: 1 } }] },
          { streamId: orderStreamId(1) },
          { streamId: orderStreamId(3) },
        ]);
    });

    it('every order left: refused', () => {
      const gone = { 1: [...inBatch(1), deassigned(1)], 2: [...inBatch(2), deassigned(2)], 3: [...inBatch(3), deassigned(3)] };
      spec
        .given({ batch: batchOf([created]), orders: orders(gone) })
        .when(complete(manager))
        .thenFails(409, 'Batch 9 has no orders left: each was deassigned, reassigned or cancelled');
    });

    it('by another worker: refused; twice: refused; an unknown batch: not found', () => {
      spec.given({ batch: batchOf([created]), orders: orders(allPicked) }).when(complete(ben)).thenFails(403, 'This batch is not assigned to you');
      const done: BatchEvent = { type: 'BatchCompleted', data: { batch_id: 9, worker_id: 5, orders: created.data.orders, completed_by: 5, at } };
      spec.given({ batch: batchOf([created, done]), orders: orders(allPicked) }).when(complete(ann)).thenFails(409, 'Batch 9 is already completed');
      spec.given({ batch: noBatch, orders: orders({}) }).when(complete(ann)).thenFails(404, 'Batch not found');
    });
  });

  describe('an order leaving its batch', () => {
    it('deassigned: back to pending, leaving the batch', () => {
      orderSpec.given(inBatch(1)).when({ type: 'DeassignWorker' }).then([{ type: 'OrderDeassigned', data: { ...ref(1), worker_id: 5, left_batch_id: 9, at } }]);
    });

    it('reassigned to another worker: leaves the batch; to the same worker: stays, nothing happens', () => {
      orderSpec
        .given(inBatch(1))
        .when({ type: 'AssignWorker', worker_id: 6, worker: benFacts })
        .then([{ type: 'OrderAssigned', data: { ...ref(1), worker_id: 6, previous_worker_id: 5, left_batch_id: 9, at } }]);
      orderSpec.given(inBatch(1)).when({ type: 'AssignWorker', worker_id: 5, worker: annFacts }).then([]);
    });

    it('cancelled: leaves the batch', () => {
      orderSpec
        .given(inBatch(1))
        .when({ type: 'CancelOrder' })
        .then([{ type: 'OrderCancelled', data: { ...ref(1), previous_status: 'assigned', worker_id: 5, left_batch_id: 9, at } }]);
    });

    it('once left, it is in no batch: it may join another', () => {
      orderSpec
        .given([...inBatch(1), deassigned(1)])
        .when({ type: 'AssignWorker', worker_id: 6, worker: benFacts, batch_id: 10 })
        .then([{ type: 'OrderAssigned', data: { ...ref(1), worker_id: 6, previous_worker_id: null, batch_id: 10, at } }]);
    });

    it('picked items keep it in its batch, and it is completed only with the batch', () => {
      orderSpec
        .given([...inBatch(1), picked(1)])
        .when({ type: 'CompleteOrder', actor: ann })
        .thenFails(409, 'Order #1 is in batch 9: it is completed with its batch');
    });
  });

  describe('tote numbering', () => {
    const totesOf = (appends: ReturnType<typeof decideBatch>) =>
      appends.flatMap((a) => a.events).flatMap((e) => (e.type === 'BatchCreated' || e.type === 'BatchCompleted' ? [e.data.orders.map((o) => [o.order_number, o.slot])] : []));

    it('a new batch numbers its totes 1 to n in the order given (the order the pick list prints them)', () => {
      const given = { batch: noBatch, orders: orders({ 1: [imported(1)], 2: [imported(2)], 3: [imported(3)] }) };
      expect(totesOf(decideBatch(create([3, 1, 2]), given, now))).toEqual([
        [
          ['#3', 1],
          ['#1', 2],
          ['#2', 3],
        ],
      ]);
    });

    it('an order leaving its batch leaves its tote empty: the others keep the numbers printed, nobody takes the gap', () => {
      const left = { 1: [...inBatch(1), picked(1)], 2: [...inBatch(2), deassigned(2)], 3: [...inBatch(3), picked(3)] };
      expect(totesOf(decideBatch({ type: 'CompleteBatch', actor: ann }, { batch: batchOf([created]), orders: orders(left) }, now))).toEqual([
        [
          ['#1', 1],
          ['#3', 3],
        ],
      ]);
    });

    it("the order that left joins another batch under that batch's own numbers; its old batch still has its gap", () => {
      const history = { 1: [...inBatch(1), picked(1)], 2: [...inBatch(2), deassigned(2)], 3: [...inBatch(3), picked(3)], 4: [imported(4)] };
      const again = decideBatch(create([4, 2], annFacts, 10), { batch: noBatch, orders: orders(history) }, now);
      expect(totesOf(again)).toEqual([
        [
          ['#4', 1],
          ['#2', 2],
        ],
      ]);
      const rejoined = { ...history, 2: [...history[2], assigned(2, 5, { batch_id: 10 })] };
      expect(totesOf(decideBatch({ type: 'CompleteBatch', actor: ann }, { batch: batchOf([created]), orders: orders(rejoined) }, now))).toEqual([
        [
          ['#1', 1],
          ['#3', 3],
        ],
      ]);
    });
  });
});
