import { rangeFirstDay, REPORT_RANGE_LABELS, REPORT_RANGES, type ReportRange } from '@wh/contracts/reports/http';
import { formatDuration } from '../../lib/format.ts';
import { todayIso } from '../../lib/stock-options.ts';

// The Reports screen's choices (spec section 2, Reports and Analytics) and how its figures read.

export const REPORT_TYPES = [
  { id: 'inventory', label: 'Inventory Status' },
  { id: 'orders', label: 'Order Analytics' },
  { id: 'productivity', label: 'Worker Productivity' },
  // The buyers' returns: rates, reasons and fit by style and size; and how the returns bench keeps up.
  { id: 'returns', label: 'Returns by Style and Size' },
  { id: 'returns-processing', label: 'Returns Processing' },
  // How often the cycle counts' first count finds what a location held, and what the counts leave open.
  { id: 'count-accuracy', label: 'Count Accuracy' },
  // The manager's audit view lives here rather than in a new sidebar entry, so the sidebar stays as the spec lists it.
  { id: 'audit', label: 'Audit Log' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['id'];

export type DateRange = ReportRange;
export const DATE_RANGES = REPORT_RANGES.map((id) => ({ id, label: REPORT_RANGE_LABELS[id] }));

const isReportType = (v: string | null): v is ReportType => REPORT_TYPES.some((t) => t.id === v);
const isDateRange = (v: string | null): v is DateRange => (REPORT_RANGES as readonly (string | null)[]).includes(v);

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
  return REPORT_RANGE_LABELS[range];
}

/**
 * The first day (YYYY-MM-DD) a range covers when today is `today` in the browser's calendar, by the server's rule
 * (rangeFirstDay). The audit view uses it as its 'from' when no From is chosen.
 */
export function rangeStart(range: DateRange, today: Date): string {
  return rangeFirstDay(range, todayIso(today));
}

export function reportLabel(type: ReportType): string {
  return REPORT_TYPES.find((t) => t.id === type)?.label ?? type;
}

/** Minutes (the order timings) as a person reads them. */
export function formatMinutes(minutes: number | null | undefined): string {
  return minutes === null || minutes === undefined ? '-' : formatDuration(minutes * 60);
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

export interface InsightCard {
  title: 'Performance Trends' | 'Storage Efficiency' | 'Attention Required';
  text: string;
  tone: 'good' | 'warn' | 'bad';
}

/**
 * The spec's three cards, read from the figures instead of fixed text: its words when all is well, what is
 * wrong when it is not (stock running out, storage near full or nearly empty, items to restock).
 */
export function insightCards(s: { out_of_stock_count: number; low_stock_count: number; bin_utilization: number; rack_utilization: number }): InsightCard[] {
  const fullest = Math.max(s.bin_utilization, s.rack_utilization);
  return [
    s.out_of_stock_count > 0
      ? { title: 'Performance Trends', text: `${s.out_of_stock_count} ${s.out_of_stock_count === 1 ? 'SKU is' : 'SKUs are'} out of stock`, tone: 'bad' }
      : { title: 'Performance Trends', text: 'Stock levels are optimized', tone: 'good' },
    fullest >= 90
      ? { title: 'Storage Efficiency', text: `Storage is nearly full (${Math.round(fullest)}%)`, tone: 'bad' }
      : fullest >= 70
        ? { title: 'Storage Efficiency', text: `Storage is filling up (${Math.round(fullest)}%)`, tone: 'warn' }
        : { title: 'Storage Efficiency', text: 'Good utilization rates', tone: 'good' },
    { title: 'Attention Required', text: restockText(s.low_stock_count), tone: s.low_stock_count > 0 ? 'warn' : 'good' },
  ];
}
