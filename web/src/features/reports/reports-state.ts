// What the Reports screen holds besides its data and the view in the URL (the figures live in the query cache): the
// filters shown or not, each report's own filter, and the audit log's applied filters and page.
import { LOW_STOCK_THRESHOLD } from '@wh/contracts/inventory/http';
import { EMPTY_AUDIT_FILTERS, type AuditFilterForm } from './audit-filters.ts';
import { ORDER_SERIES, type OrderSeries } from './order-buckets.ts';

export interface ReportsState {
  filtersOpen: boolean;
  /** Inventory Status: low stock at or below this many units of a SKU. */
  threshold: number;
  /** Order Analytics: the series shown, in ORDER_SERIES order. */
  series: readonly OrderSeries[];
  /** Worker Productivity: the name a worker or verifier is filtered by. */
  workerName: string;
  /** Returns by Style and Size: the style code shown alone, or '' for every style. */
  returnsStyle: string;
  auditForm: AuditFilterForm;
  auditPage: number;
}

export type ReportsEvent =
  | { type: 'filters-toggled' }
  | { type: 'view-changed' }
  | { type: 'threshold'; value: number }
  | { type: 'series-toggled'; id: OrderSeries; on: boolean }
  | { type: 'worker-name'; text: string }
  | { type: 'returns-style'; code: string }
  | { type: 'audit-applied'; form: AuditFilterForm }
  | { type: 'audit-paged'; page: number };

export const INITIAL_REPORTS: ReportsState = {
  filtersOpen: false,
  threshold: LOW_STOCK_THRESHOLD,
  series: ORDER_SERIES.map((s) => s.id),
  workerName: '',
  returnsStyle: '',
  auditForm: EMPTY_AUDIT_FILTERS,
  auditPage: 1,
};

const withSeries = (shown: readonly OrderSeries[], id: OrderSeries, on: boolean): OrderSeries[] =>
  on ? ORDER_SERIES.map((s) => s.id).filter((s) => s === id || shown.includes(s)) : shown.filter((s) => s !== id);

export function reportsReducer(state: ReportsState, event: ReportsEvent): ReportsState {
  switch (event.type) {
    case 'filters-toggled':
      return { ...state, filtersOpen: !state.filtersOpen };
    case 'view-changed':
      // Another report or range starts the audit log at its first page.
      return { ...state, auditPage: 1 };
    case 'threshold':
      // A cleared field falls back to the default threshold.
      return { ...state, threshold: Number.isFinite(event.value) ? event.value : LOW_STOCK_THRESHOLD };
    case 'series-toggled':
      return { ...state, series: withSeries(state.series, event.id, event.on) };
    case 'worker-name':
      return { ...state, workerName: event.text };
    case 'returns-style':
      return { ...state, returnsStyle: event.code.trim().toUpperCase() };
    case 'audit-applied':
      return { ...state, auditForm: event.form, auditPage: 1 };
    case 'audit-paged':
      return { ...state, auditPage: event.page };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
