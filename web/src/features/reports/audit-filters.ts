import type { auditFiltersSchema } from '@wh/contracts/reports/http';
import { rangeStart, type DateRange } from './report-options.ts';

/** The filters as the audit routes read them once parsed (the contract's AuditFilters is the raw input type). */
export type AuditFilters = (typeof auditFiltersSchema)['_output'];

/** The audit filter form as typed: text, and From/To as the browser's datetime-local writes them. */
export interface AuditFilterForm {
  user_id: string;
  order_number: string;
  sku: string;
  location: string;
  event_type: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = { user_id: '', order_number: '', sku: '', location: '', event_type: '', from: '', to: '' };

/** A datetime-local value ('2026-11-21T09:30') in the browser's zone as an ISO instant; '' stays unset. */
export function localToIso(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/**
 * What the audit call asks for. The Date Range select bounds the log like the other reports (from the range's
 * first day) unless a From is chosen in the filters, which wins.
 */
export function auditFilters(form: AuditFilterForm, range: DateRange, today: Date): AuditFilters {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const userId = Number(form.user_id);
  const filters: AuditFilters = {};
  if (form.user_id !== '' && Number.isInteger(userId) && userId > 0) filters.user_id = userId;
  const order = text(form.order_number);
  if (order) filters.order_number = order;
  const sku = text(form.sku);
  if (sku) filters.sku = sku;
  const location = text(form.location);
  if (location) filters.location = location;
  const eventType = text(form.event_type);
  if (eventType) filters.event_type = eventType;
  filters.from = localToIso(form.from) ?? rangeStart(range, today);
  const to = localToIso(form.to);
  if (to) filters.to = to;
  return filters;
}

/** How many filters the person set (the Filters button shows it). */
export function activeFilterCount(form: AuditFilterForm): number {
  return Object.values(form).filter((v) => v.trim() !== '').length;
}
