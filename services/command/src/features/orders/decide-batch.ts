import { batchStreamId, MAX_BATCH_ORDERS, MIN_BATCH_ORDERS, orderStreamId, type BatchEvent, type BatchOrderRef, type OrderEvent } from '@wh/contracts';
import type { Actor } from '../../platform/auth.ts';
import type { StreamAppend } from '../../platform/event-store.ts';
import { badRequest, forbidden, illegalTransition, notFound } from '../../platform/errors.ts';
import { batchOf, checkWorker, decideOrder, lineDone, type OrderState, type WorkerFacts } from './decide.ts';

// A batch as its own stream tells it: its worker and the orders it was made of, by slot. Which of them are still in
// it is each order's own fact (OrderState.batch_id): an order leaves through its own stream.
export type BatchState =
  | { status: 'absent' }
  | { status: 'open'; id: number; worker_id: number; orders: readonly BatchOrderRef[] }
  | { status: 'completed'; id: number; worker_id: number; orders: readonly BatchOrderRef[] };

export const initialBatchState = (): BatchState => ({ status: 'absent' });

export function evolveBatch(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'BatchCreated':
      return { status: 'open', id: event.data.batch_id, worker_id: event.data.worker_id, orders: event.data.orders };
    case 'BatchCompleted':
      return state.status === 'absent' ? state : { ...state, status: 'completed' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const batchDecider = { initialState: initialBatchState, evolve: evolveBatch };

export type BatchCommand =
  | { type: 'CreateBatch'; batch_id: number; order_ids: readonly number[]; worker_id: number; worker: WorkerFacts | null; actor: Actor }
  | { type: 'CompleteBatch'; actor: Actor };

// What a batch command decides on: the batch's stream and its orders' streams, each folded at its version.
export interface BatchFacts {
  batch: { version: number; state: BatchState };
  // By stream id (orderStreamId).
  orders: ReadonlyMap<string, { version: number; state: OrderState }>;
}

export const BATCH_NOT_FOUND = 'Batch not found';
export const NOT_YOUR_BATCH = 'This batch is not assigned to you';

type Append = StreamAppend<OrderEvent | BatchEvent>;

// Pure: the facts, the command, the time; returns the appends of every stream it changes (the batch's and each
// order's, written together) or throws a DomainError.
export function decideBatch(command: BatchCommand, facts: BatchFacts, now: Date): Append[] {
  switch (command.type) {
    case 'CreateBatch':
      return createBatch(command, facts, now);
    case 'CompleteBatch':
      return completeBatch(command, facts, now);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

function orderOf(facts: BatchFacts, orderId: number) {
  const folded = facts.orders.get(orderStreamId(orderId));
  if (!folded || folded.state.status === 'absent') throw notFound(`Order ${orderId} not found`);
  return folded;
}

// 2 to MAX_BATCH_ORDERS distinct orders, each assigned to the worker in this batch (pending or assigned, not started,
// in no other batch), in slots 1..n in the order given. The slots are the totes as printed: no later event renumbers
// them, and an order leaving leaves its tote empty (a batch takes no orders after it is created).
function createBatch(command: Extract<BatchCommand, { type: 'CreateBatch' }>, facts: BatchFacts, now: Date): Append[] {
  const ids = command.order_ids;
  if (ids.length < MIN_BATCH_ORDERS || ids.length > MAX_BATCH_ORDERS) {
    throw badRequest(`A batch takes ${MIN_BATCH_ORDERS} to ${MAX_BATCH_ORDERS} orders`);
  }
  if (new Set(ids).size !== ids.length) throw badRequest('Each order can be in a batch only once');
  const worker = checkWorker(command);
  const refs: BatchOrderRef[] = [];
  const appends: Append[] = ids.map((orderId, i) => {
    const { version, state } = orderOf(facts, orderId);
    const events = decideOrder({ type: 'AssignWorker', worker_id: worker.id, worker, batch_id: command.batch_id }, state, now);
    if (state.status !== 'absent') refs.push({ order_id: orderId, order_number: state.order_number, slot: i + 1 });
    return { streamId: orderStreamId(orderId), expectedVersion: version, events };
  });
  const created: BatchEvent = {
    type: 'BatchCreated',
    data: { batch_id: command.batch_id, worker_id: worker.id, orders: refs, created_by: command.actor.id, at: now.toISOString() },
  };
  return [{ streamId: batchStreamId(command.batch_id), expectedVersion: 0, events: [created] }, ...appends];
}

// Every order still in the batch completed with it, once every item of each is picked; the batch's worker (or a
// manager) completes it.
function completeBatch(command: Extract<BatchCommand, { type: 'CompleteBatch' }>, facts: BatchFacts, now: Date): Append[] {
  const { version, state: batch } = facts.batch;
  if (batch.status === 'absent') throw notFound(BATCH_NOT_FOUND);
  if (command.actor.role !== 'manager' && command.actor.id !== batch.worker_id) throw forbidden(NOT_YOUR_BATCH);
  if (batch.status === 'completed') throw illegalTransition(`Batch ${batch.id} is already completed`);
  const members = batch.orders.filter((o) => batchOf(orderOf(facts, o.order_id).state) === batch.id);
  if (members.length === 0) throw illegalTransition(`Batch ${batch.id} has no orders left: each was deassigned, reassigned or cancelled`);
  const items = members.flatMap((o) => {
    const { state } = orderOf(facts, o.order_id);
    return state.status === 'absent' ? [] : state.items;
  });
  const done = items.filter(lineDone).length;
  if (done < items.length) {
    throw illegalTransition(`Batch ${batch.id} cannot be completed yet: ${done} of ${items.length} items are picked or short`);
  }
  const orders: Append[] = members.map((o) => {
    const { version: v, state } = orderOf(facts, o.order_id);
    return { streamId: orderStreamId(o.order_id), expectedVersion: v, events: decideOrder({ type: 'CompleteOrder', actor: command.actor, batch_id: batch.id }, state, now) };
  });
  const completed: BatchEvent = {
    type: 'BatchCompleted',
    data: { batch_id: batch.id, worker_id: batch.worker_id, orders: members, completed_by: command.actor.id, at: now.toISOString() },
  };
  return [{ streamId: batchStreamId(batch.id), expectedVersion: version, events: [completed] }, ...orders];
}
