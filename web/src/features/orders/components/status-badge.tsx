import type { OrderStatus } from '@wh/contracts/orders/events';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { STATUS_LABELS } from '../order-filters.ts';
import { displayStatus } from '../order-rows.ts';

const TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'warning',
  assigned: 'info',
  picking: 'accent',
  picked: 'accent',
  completed: 'success',
  on_hold: 'danger',
  verified: 'success',
  cancelled: 'danger',
};

export function OrderStatusBadge({ status }: { status: string }) {
  const shown = displayStatus(status);
  return <Badge tone={TONES[shown]}>{STATUS_LABELS[shown]}</Badge>;
}
