import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { PrintLink } from '../../../components/print/print-link.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { orderPickListPath } from '../../../lib/print-paths.ts';
import { orderDetailQuery } from '../api/orders-api.ts';
import { isHighPriority } from '../order-rows.ts';
import { OrderFacts, OrderItems } from './order-details-parts.tsx';
import { OrderHistory } from './order-history.tsx';
import { OrderStatusBadge } from './status-badge.tsx';

export function OrderDetailsDialog({ order: initial, onClose }: { order: OrderSummary; onClose: () => void }) {
  const detail = useQuery(orderDetailQuery(initial.id));
  const order = detail.data ?? initial;

  return (
    <Dialog title={`Order ${order.order_number}`} size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="order-details-head">
        <OrderStatusBadge status={order.status} />
        {isHighPriority(order) ? <Badge tone="danger">High Priority</Badge> : null}
      </div>
      {detail.isError ? <Alert>{messageOf(detail.error, 'Failed to fetch order')}</Alert> : null}
      <OrderFacts order={order} />
      <OrderItems items={detail.data?.items ?? []} />
      {order.discrepancies.length > 0 ? (
        <>
          <h3 className="section-title">Discrepancies</h3>
          <ul className="plain-list">
            {order.discrepancies.map((d, i) => (
              <li key={i}>
                <strong>{d.sku}</strong>: {d.issue}
                {d.resolution ? ` (resolution: ${d.resolution})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <OrderHistory orderId={order.id} />
      <DialogActions>
        <PrintLink to={orderPickListPath(order.id)} size="md">Print Pick List</PrintLink>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
