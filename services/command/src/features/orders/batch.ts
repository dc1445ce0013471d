import type { BatchEvent, BatchOrderRef } from '@wh/contracts';

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
