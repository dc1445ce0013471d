import type { ReceiptEvent, ReceiptLine, ReceiptSource } from '@wh/contracts';

interface ReceiptFacts extends ReceiptLine {
  id: number;
  source: ReceiptSource;
  gatepass_number: string | null;
  received_date: string | null;
}

export type ReceiptState =
  | { status: 'absent' }
  | ({ status: 'pending' } & ReceiptFacts)
  | ({ status: 'approved'; location: string } & ReceiptFacts)
  | ({ status: 'rejected'; reason: string } & ReceiptFacts);

export type ExistingReceipt = Exclude<ReceiptState, { status: 'absent' }>;

export const initialReceiptState = (): ReceiptState => ({ status: 'absent' });

function factsOf(state: ExistingReceipt): ReceiptFacts {
  return {
    id: state.id,
    source: state.source,
    style_code: state.style_code,
    style_name: state.style_name,
    sku: state.sku,
    color: state.color,
    size: state.size,
    quantity: state.quantity,
    gatepass_number: state.gatepass_number,
    received_date: state.received_date,
  };
}

export function evolveReceipt(state: ReceiptState, event: ReceiptEvent): ReceiptState {
  switch (event.type) {
    case 'StockReceiptRecorded': {
      const d = event.data;
      return {
        status: 'pending',
        id: d.receipt_id,
        source: d.source,
        style_code: d.style_code,
        style_name: d.style_name,
        sku: d.sku,
        color: d.color,
        size: d.size,
        quantity: d.quantity,
        gatepass_number: d.gatepass_number,
        received_date: d.received_date,
      };
    }
    case 'StockReceiptApproved':
      if (state.status === 'absent') return state;
      return { status: 'approved', location: event.data.location, ...factsOf(state) };
    case 'StockReceiptRejected':
      if (state.status === 'absent') return state;
      return { status: 'rejected', reason: event.data.reason, ...factsOf(state) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const receiptDecider = { initialState: initialReceiptState, evolve: evolveReceipt };
