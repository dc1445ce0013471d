// A batch's pick list: its unpicked lines as the server lists them (walk order), each naming its order and tote.
import type { BatchDetail } from '@wh/contracts/orders/http';
import type { PickListLine } from '../../components/print/pick-list-sheet.tsx';
import { formatDateTime } from '../../lib/format.ts';

export function batchPickListLines(batch: BatchDetail): PickListLine[] {
  return batch.lines.map((line) => ({
    key: `${line.order_id}-${line.id}`,
    sku: line.sku,
    styleName: line.style_name,
    size: line.size,
    color: line.color,
    quantity: line.quantity,
    location: line.location,
    locationType: line.location_type,
    status: line.status,
    shortQuantity: line.short_quantity,
    orderNumber: line.order_number,
    tote: String(line.slot),
  }));
}

export function batchPickListDetails(batch: BatchDetail): { label: string; value: string }[] {
  return [
    { label: 'Worker', value: batch.worker.full_name ?? batch.worker.username },
    { label: 'Orders', value: batch.orders.map((o) => `Tote ${o.slot}: ${o.order_number}`).join(', ') },
    { label: 'Created', value: formatDateTime(batch.created_at) },
  ];
}
