// The Reports screen's choices (spec section 2, Reports and Analytics) and how its figures read.

export const REPORT_TYPES = [
  { id: 'inventory', label: 'Inventory Status' },
  { id: 'orders', label: 'Order Analytics' },
  { id: 'productivity', label: 'Worker Productivity' },
  // The manager's audit view lives here rather than in a new sidebar entry, so the sidebar stays as the spec lists it.
  { id: 'audit', label: 'Audit Log' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['id'];

export const DATE_RANGES = [
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'This Week' },
  { id: 'month', label: 'This Month' },
  { id: 'quarter', label: 'This Quarter' },
  { id: 'year', label: 'This Year' },
] as const;
export type DateRange = (typeof DATE_RANGES)[number]['id'];

const isReportType = (v: string | null): v is ReportType => REPORT_TYPES.some((t) => t.id === v);
const isDateRange = (v: string | null): v is DateRange => DATE_RANGES.some((r) => r.id === v);

export interface ReportView {
  type: ReportType;
  range: DateRange;
}

/** The view a URL asks for (?type=orders&range=week); anything unknown falls back to Inventory Status, today. */
export function readReportView(params: URLSearchParams): ReportView {
  const type = params.get('type');
  const range = params.get('range');
  return { type: isReportType(type) ? type : 'inventory', range: isDateRange(range) ? range : 'today' };
}

export function rangeLabel(range: DateRange): string {
  return DATE_RANGES.find((r) => r.id === range)?.label ?? range;
}

export function reportLabel(type: ReportType): string {
  return REPORT_TYPES.find((t) => t.id === type)?.label ?? type;
}

/** A span of time in seconds as a person reads it: '45s', '12m', '3h 05m', '2d 4h'; '-' when nothing was measured. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** A rate (0..1) as a percent with one decimal: 0.125 -> '12.5%'. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '-';
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** 'N items need restocking' (the Attention Required card). */
export function restockText(count: number): string {
  return `${count} ${count === 1 ? 'item needs' : 'items need'} restocking`;
}
