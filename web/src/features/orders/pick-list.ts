// An order's pick list: its items as the server lists them (walk order), in the shared sheet's terms.
import type { Order } from '@wh/contracts/orders/http';
import type { PickListLine } from '../../components/print/pick-list-sheet.tsx';
import { formatDay } from '../../lib/format.ts';
import { STATUS_LABELS, workerName } from './order-filters.ts';
import { displayStatus } from './order-rows.ts';

export function pickListLines(order: Order): PickListLine[] {
  return order.items.map((item) => ({
    key: item.id,
    sku: item.sku,
    styleName: item.style_name,
    size: item.size,
    color: item.color,
    quantity: item.quantity,
    location: item.location,
    locationType: item.location_type,
    status: item.status,
    shortQuantity: item.short_quantity,
  }));
}

export function pickListDetails(order: Order): { label: string; value: string }[] {
  return [
    { label: 'Status', value: STATUS_LABELS[displayStatus(order.status)] },
    { label: 'Worker', value: order.assigned_worker ? workerName(order.assigned_worker) : 'Unassigned' },
    { label: 'Order date', value: formatDay(order.order_date) },
  ];
}
