// What the picking screen holds besides its data (the lists and the commands' answers live in the query cache):
// what is open, what the last scan did, and the question before a pick without stock.
import type { OrderItem } from '@wh/contracts/orders/http';
import type { ScanTone } from './picking-rules.ts';

/** One pick, of an order's item or a batch's line. `walk` is the list it sits in, where focus moves on afterwards. */
export interface PickRequest {
  orderId: number;
  item: OrderItem;
  walk: readonly OrderItem[];
  /** The location named by the picker (a refused pick's holders); otherwise the suggested one. */
  from?: string;
  scanned?: boolean;
}

/** A refused pick or completion, as the panel shows it. */
export interface PickError {
  message: string;
  orderId: number;
  itemId: number | null;
  /** Locations that hold the SKU, when a pick was refused for lack of stock. */
  holders: string[];
}

export type Selection = { kind: 'order'; id: number } | { kind: 'batch'; id: number } | null;

export interface ScanFeedback {
  tone: ScanTone;
  text: string;
}

export interface PickingState {
  selection: Selection;
  notice: string | null;
  showSearch: boolean;
  /** The location label scanned last. */
  atLocation: string | null;
  /** What the last scan, or the pick it asked for, did. */
  feedback: ScanFeedback | null;
  /** An item with no stock anywhere, waiting for the picker to confirm its pick. */
  noStockPick: PickRequest | null;
}

export type PickingEvent =
  | { type: 'selected'; selection: Selection }
  | { type: 'completed'; notice: string }
  | { type: 'notice-dismissed' }
  | { type: 'search-toggled' }
  | { type: 'at-location'; location: string }
  | { type: 'feedback'; feedback: ScanFeedback }
  | { type: 'no-stock-asked'; request: PickRequest }
  | { type: 'no-stock-closed' };

export const INITIAL_PICKING: PickingState = {
  selection: null,
  notice: null,
  showSearch: false,
  atLocation: null,
  feedback: null,
  noStockPick: null,
};

export function pickingReducer(state: PickingState, event: PickingEvent): PickingState {
  switch (event.type) {
    case 'selected':
      return { ...state, selection: event.selection };
    case 'completed':
      return { ...state, selection: null, notice: event.notice };
    case 'notice-dismissed':
      return { ...state, notice: null };
    case 'search-toggled':
      return { ...state, showSearch: !state.showSearch };
    case 'at-location':
      return { ...state, atLocation: event.location };
    case 'feedback':
      return { ...state, feedback: event.feedback };
    case 'no-stock-asked':
      return { ...state, noStockPick: event.request };
    case 'no-stock-closed':
      return { ...state, noStockPick: null };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
