import {
  FIT_FLAG_LABELS,
  RETURN_GRADE_LABELS,
  RETURN_GRADES,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type CountAccuracy,
  type InventoryStatus,
  type OrderAnalytics,
  type ReturnFigures,
  type ReturnsProcessing,
  type WorkerProductivity,
} from '@wh/contracts';
import type { ExportColumn } from '../../platform/exports.ts';
import type { ReturnSizeRow } from './returns.ts';

// Each report view as rows of one sheet.

// A rate (0..1) as a percent with one decimal.
const percentOf = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

interface InventoryRow {
  section: string;
  item: string;
  value: number;
  threshold: number | null;
}

export function exportInventory(status: InventoryStatus): { rows: InventoryRow[]; columns: ExportColumn<InventoryRow>[] } {
  const summary: InventoryRow[] = [
    { section: 'Summary', item: 'Total Stock', value: status.total_stock, threshold: null },
    { section: 'Summary', item: 'Total Styles', value: status.total_styles, threshold: null },
    { section: 'Summary', item: 'Total SKUs', value: status.total_skus, threshold: null },
    { section: 'Storage Utilization', item: 'Bins (%)', value: status.bin_utilization, threshold: null },
    { section: 'Storage Utilization', item: 'Racks (%)', value: status.rack_utilization, threshold: null },
    { section: 'Summary', item: 'Low Stock Items', value: status.low_stock_count, threshold: null },
    { section: 'Summary', item: 'Out of Stock Items', value: status.out_of_stock_count, threshold: null },
  ];
  const alerts = status.low_stock_alerts.map((a) => ({
    section: 'Low Stock',
    item: `${a.sku} (${a.style_name}, ${a.color}, ${a.size})`,
    value: a.current_quantity,
    threshold: a.threshold,
  }));
  return {
    rows: [...summary, ...alerts],
    columns: [
      { header: 'Section', value: (r) => r.section },
      { header: 'Item', value: (r) => r.item },
      { header: 'Value', value: (r) => r.value },
      { header: 'Threshold', value: (r) => r.threshold },
    ],
  };
}

type OrderRow = OrderAnalytics['days'][number];

export function exportOrders(a: OrderAnalytics): { rows: OrderRow[]; columns: ExportColumn<OrderRow>[] } {
  return {
    rows: [...a.days, { date: 'Total', ...a.totals }],
    columns: [
      { header: 'Date', value: (r) => r.date },
      { header: 'Received', value: (r) => r.received },
      { header: 'Assigned', value: (r) => r.assigned },
      { header: 'Completed', value: (r) => r.completed },
      { header: 'Verified', value: (r) => r.verified },
      { header: 'Cancelled', value: (r) => r.cancelled },
    ],
  };
}

interface ProductivityRow {
  role: 'Picker' | 'Verifier';
  name: string;
  items_picked: number | null;
  units_picked: number | null;
  orders_completed: number | null;
  average_seconds_per_item: number | null;
  orders_verified: number;
  orders_with_discrepancies: number;
  discrepancy_rate: number | null;
}

export function exportProductivity(p: WorkerProductivity): { rows: ProductivityRow[]; columns: ExportColumn<ProductivityRow>[] } {
  const pickers: ProductivityRow[] = p.workers.map((w) => ({ role: 'Picker', name: w.worker_name, ...w }));
  const verifiers: ProductivityRow[] = p.verifiers.map((v) => ({
    role: 'Verifier',
    name: v.verifier_name,
    items_picked: null,
    units_picked: null,
    orders_completed: null,
    average_seconds_per_item: null,
    orders_verified: v.orders_verified,
    orders_with_discrepancies: v.orders_with_discrepancies,
    discrepancy_rate: null,
  }));
  return {
    rows: [...pickers, ...verifiers],
    columns: [
      { header: 'Role', value: (r) => r.role },
      { header: 'Name', value: (r) => r.name },
      { header: 'Items Picked', value: (r) => r.items_picked },
      { header: 'Units Picked', value: (r) => r.units_picked },
      { header: 'Orders Completed', value: (r) => r.orders_completed },
      { header: 'Average Seconds per Item', value: (r) => r.average_seconds_per_item },
      { header: 'Orders Verified', value: (r) => r.orders_verified },
      { header: 'Orders with Discrepancies', value: (r) => r.orders_with_discrepancies },
      { header: 'Discrepancy Rate (%)', value: (r) => percentOf(r.discrepancy_rate) },
    ],
  };
}

// One row per style size, then the totals; each reason's units in a column of its own.
export function exportReturns(r: { rows: ReturnSizeRow[]; totals: ReturnFigures }): { rows: ReturnSizeRow[]; columns: ExportColumn<ReturnSizeRow>[] } {
  return {
    rows: [...r.rows, { style_code: 'Total', style_name: null, size: '', ...r.totals, flag: null }],
    columns: [
      { header: 'Style', value: (x) => x.style_code },
      { header: 'Style Name', value: (x) => x.style_name },
      { header: 'Size', value: (x) => x.size },
      { header: 'Shipped', value: (x) => x.shipped },
      { header: 'Returned', value: (x) => x.returned },
      { header: 'Return Rate (%)', value: (x) => percentOf(x.rate) },
      ...RETURN_REASONS.map((reason): ExportColumn<ReturnSizeRow> => ({ header: RETURN_REASON_LABELS[reason], value: (x) => x.reasons[reason] })),
      { header: 'Fit', value: (x) => (x.flag ? FIT_FLAG_LABELS[x.flag] : null) },
    ],
  };
}

interface ProcessingRow {
  section: string;
  item: string;
  value: number | string | null;
  parcels: number | null;
  unmatched: number | null;
}

const hours = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 360) / 10);

// Grades, then receipt to restock, then what is open now, by age.
export function exportReturnsProcessing(p: ReturnsProcessing): { rows: ProcessingRow[]; columns: ExportColumn<ProcessingRow>[] } {
  const row = (section: string, item: string, value: number | string | null, parcels: number | null = null, unmatched: number | null = null) => ({ section, item, value, parcels, unmatched });
  return {
    rows: [
      row('Received', 'Units received', p.received),
      ...RETURN_GRADES.map((g) => row('Grades', RETURN_GRADE_LABELS[g], p.grades[g])),
      row('Receipt to restock', 'Units restocked', p.restock_time.units),
      row('Receipt to restock', 'Median (hours)', hours(p.restock_time.p50_seconds)),
      row('Receipt to restock', '95th percentile (hours)', hours(p.restock_time.p95_seconds)),
      ...p.open.ages.map((a) => row('Open returns by age', a.label, a.units, a.parcels, a.unmatched)),
      row('Open returns by age', 'Waiting now', p.open.units, p.open.parcels, p.open.unmatched),
      row('Open returns by age', 'Oldest received', p.open.oldest_received_at),
    ],
    columns: [
      { header: 'Section', value: (r) => r.section },
      { header: 'Item', value: (r) => r.item },
      { header: 'Units', value: (r) => r.value },
      { header: 'Parcels', value: (r) => r.parcels },
      { header: 'Unmatched Parcels', value: (r) => r.unmatched },
    ],
  };
}

interface CountAccuracyRow {
  section: string;
  item: string;
  counted: number | null;
  matched: number | null;
  accuracy: number | null;
  value: number | null;
}

// The period's totals, each ISO week, then what is open now.
export function exportCountAccuracy(a: CountAccuracy): { rows: CountAccuracyRow[]; columns: ExportColumn<CountAccuracyRow>[] } {
  const figures = (section: string, item: string, counted: number, matched: number, accuracy: number | null): CountAccuracyRow => ({ section, item, counted, matched, accuracy, value: null });
  const now = (item: string, value: number): CountAccuracyRow => ({ section: 'Now', item, counted: null, matched: null, accuracy: null, value });
  return {
    rows: [
      figures('Period', `${a.period.from} to ${a.period.to}`, a.totals.locations_counted, a.totals.first_count_matched, a.totals.accuracy),
      ...a.weeks.map((w) => figures('Week', `Week of ${w.week}`, w.counted, w.matched, w.accuracy)),
      now('Open locations', a.now.open_locations),
      now('Settled, to approve', a.now.to_approve),
      now(`Overdue (not counted in ${a.now.every_days} days)`, a.now.overdue),
    ],
    columns: [
      { header: 'Section', value: (r) => r.section },
      { header: 'Item', value: (r) => r.item },
      { header: 'Locations Counted', value: (r) => r.counted },
      { header: 'First Count Matched', value: (r) => r.matched },
      { header: 'Accuracy (%)', value: (r) => percentOf(r.accuracy) },
      { header: 'Locations', value: (r) => r.value },
    ],
  };
}
