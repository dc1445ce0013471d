import type { ExportColumn } from '../../platform/exports.ts';
import type { ExportRow } from './queries.ts';

const iso = (d: Date | null) => d?.toISOString() ?? '';

// One row per order item.
export const EXPORT_COLUMNS: readonly ExportColumn<ExportRow>[] = [
  { header: 'Order #', value: (r) => r.order_number },
  { header: 'Status', value: (r) => r.status },
  { header: 'Priority', value: (r) => r.priority },
  { header: 'Order Date', value: (r) => r.order_date },
  { header: 'Assigned Worker', value: (r) => r.worker ?? 'Unassigned' },
  { header: 'SKU', value: (r) => r.sku },
  { header: 'Style Name', value: (r) => r.style_name },
  { header: 'Size', value: (r) => r.size },
  { header: 'Color', value: (r) => r.color },
  { header: 'Quantity', value: (r) => r.quantity },
  { header: 'Value', value: (r) => (r.value === null ? '' : Number(r.value)) },
  { header: 'Item Status', value: (r) => r.item_status },
  { header: 'Location', value: (r) => r.location ?? '' },
  { header: 'Picked At', value: (r) => iso(r.picked_at) },
  { header: 'Completed At', value: (r) => iso(r.completed_at) },
  { header: 'Verified At', value: (r) => iso(r.verified_at) },
];
