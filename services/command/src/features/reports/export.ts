import type { InventoryStatus, OrderAnalytics, WorkerProductivity } from '@wh/contracts';
import type { ExportColumn } from '../../platform/exports.ts';

// Each report view as rows of one sheet.

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
  const percent = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);
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
      { header: 'Discrepancy Rate (%)', value: (r) => percent(r.discrepancy_rate) },
    ],
  };
}
