import type { OrderEvent } from '@wh/contracts';

export interface OrderLine {
  id: number;
  sku: string;
  style_code: string;
  quantity: number;
  picked: boolean;
}

interface OrderFacts {
  id: number;
  order_number: string;
  items: readonly OrderLine[];
}

// Tagged by status; each status carries only what is true in it (a pending order has no worker). An order being
// assigned or picked may be in one batch (batch_id); it leaves it when deassigned, reassigned or cancelled.
export type OrderState =
  | { status: 'absent' }
  | ({ status: 'pending' } & OrderFacts)
  | ({ status: 'assigned'; worker_id: number; batch_id: number | null } & OrderFacts)
  | ({ status: 'picking'; worker_id: number; batch_id: number | null } & OrderFacts)
  | ({ status: 'completed'; worker_id: number } & OrderFacts)
  | ({ status: 'verified'; worker_id: number } & OrderFacts)
  | ({ status: 'cancelled' } & OrderFacts);

export type ExistingOrder = Exclude<OrderState, { status: 'absent' }>;

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
      items: d.items.map((i) => ({ id: i.item_id, sku: i.sku, style_code: i.style_code, quantity: i.quantity, picked: false })),
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
      return { status: 'cancelled', ...facts };
    case 'OrderItemPicked': {
      const items = facts.items.map((i) => (i.id === event.data.item_id ? { ...i, picked: true } : i));
      return { status: 'picking', worker_id: event.data.worker_id, batch_id: batchOf(state), ...facts, items };
    }
    case 'OrderCompleted':
      return { status: 'completed', worker_id: event.data.worker_id, ...facts };
    case 'OrderVerified':
      return { status: 'verified', worker_id: event.data.worker_id, ...facts };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const orderDecider = { initialState: initialOrderState, evolve: evolveOrder };
