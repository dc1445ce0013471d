// What the Order Management screen holds besides its data (the list and the commands' answers live in the query
// cache): the filters, the selection, the open dialog and the last bulk notice.
import type { OrderSummary } from '@wh/contracts/orders/http';
import type { BulkFailure } from './bulk.ts';
import { clearFilters, filtersFromQuery, INITIAL_FILTER, removeChip, withFilter, type ChipId, type OrdersFilter } from './order-filters.ts';

export type OpenDialog =
  | { kind: 'details' | 'assign' | 'cancel' | 'deassign'; order: OrderSummary }
  | { kind: 'bulk-assign' | 'bulk-cancel' | 'create-batch'; orders: OrderSummary[] }
  | null;

export interface Notice {
  text: string;
  failures: BulkFailure[];
  /** Orders done that have items no location holds. */
  noStock?: readonly string[];
}

export interface OrdersState {
  filter: OrdersFilter;
  /** The search text as typed, applied to the filter on Apply Filters. */
  searchDraft: string;
  selected: ReadonlySet<number>;
  dialog: OpenDialog;
  notice: Notice | null;
}

export type OrdersEvent =
  | { type: 'filtered'; patch: Partial<Omit<OrdersFilter, 'page'>> }
  | { type: 'chip-removed'; id: ChipId }
  | { type: 'filters-cleared' }
  | { type: 'search-typed'; text: string }
  | { type: 'paged'; page: number }
  | { type: 'page-sized'; limit: number }
  | { type: 'selected'; ids: ReadonlySet<number> }
  | { type: 'dialog'; dialog: OpenDialog }
  | { type: 'bulk-done'; notice: Notice }
  | { type: 'notice-dismissed' };

export const INITIAL_ORDERS: OrdersState = { filter: INITIAL_FILTER, searchDraft: '', selected: new Set(), dialog: null, notice: null };

/** The screen as an address opens it: with the filters it names (a dashboard card's link). */
export const ordersAt = (query: URLSearchParams): OrdersState => ({ ...INITIAL_ORDERS, filter: filtersFromQuery(query) });

export function ordersReducer(state: OrdersState, event: OrdersEvent): OrdersState {
  switch (event.type) {
    case 'filtered':
      return { ...state, filter: withFilter(state.filter, event.patch) };
    case 'chip-removed':
      return { ...state, filter: removeChip(state.filter, event.id), searchDraft: event.id === 'search' ? '' : state.searchDraft };
    case 'filters-cleared':
      return { ...state, filter: clearFilters(state.filter), searchDraft: '' };
    case 'search-typed':
      return { ...state, searchDraft: event.text };
    case 'paged':
      return { ...state, filter: { ...state.filter, page: event.page } };
    case 'page-sized':
      return { ...state, filter: { ...state.filter, limit: event.limit, page: 1 } };
    case 'selected':
      return { ...state, selected: event.ids };
    case 'dialog':
      return { ...state, dialog: event.dialog };
    case 'bulk-done':
      return { ...state, dialog: null, selected: new Set(), notice: event.notice };
    case 'notice-dismissed':
      return { ...state, notice: null };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
