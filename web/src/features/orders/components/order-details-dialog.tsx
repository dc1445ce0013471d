import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { PrintLink } from '../../../components/print/print-link.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { orderPickListPath } from '../../../lib/print-paths.ts';
import { orderDetailQuery, orderHistoryQuery } from '../api/orders-api.ts';
import { workerName } from '../order-filters.ts';
import { isHighPriority } from '../order-rows.ts';
import { OrderStatusBadge } from './status-badge.tsx';

export function OrderDetailsDialog({ order: initial, onClose }: { order: OrderSummary; onClose: () => void }) {
  const detail = useQuery(orderDetailQuery(initial.id));
  const history = useQuery(orderHistoryQuery(initial.id));
  const order = detail.data ?? initial;

  return (
    <Dialog title={`Order ${order.order_number}`} size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="order-details-head">
        <OrderStatusBadge status={order.status} />
        {isHighPriority(order) ? <Badge tone="danger">High Priority</Badge> : null}
      </div>
      {detail.isError ? <Alert>{messageOf(detail.error, 'Failed to fetch order')}</Alert> : null}
      <dl className="detail-list">
        <div>
          <dt>Order Date</dt>
          <dd>{formatDay(order.order_date)}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>
            {order.total_items} ({order.picked_items} picked, {order.progress}%)
          </dd>
        </div>
        <div>
          <dt>Assigned Worker</dt>
          <dd>{order.assigned_worker ? workerName(order.assigned_worker) : 'Unassigned'}</dd>
        </div>
        {order.completed_at ? (
          <div>
            <dt>Completed</dt>
            <dd>
              {formatDateTime(order.completed_at)}
              {order.completed_by ? ` by ${workerName(order.completed_by)}` : ''}
            </dd>
          </div>
        ) : null}
        {order.verified_at ? (
          <div>
            <dt>Verified</dt>
            <dd>
              {formatDateTime(order.verified_at)}
              {order.verified_by ? ` by ${workerName(order.verified_by)}` : ''}
            </dd>
          </div>
        ) : null}
        {order.verification_notes ? (
          <div>
            <dt>Verification Notes</dt>
            <dd>{order.verification_notes}</dd>
          </div>
        ) : null}
      </dl>

      <h3 className="section-title">Items</h3>
      <Table aria-label="Order items" stackOnMobile>
        <TableHeader>
          <Column isRowHeader>SKU</Column>
          <Column>Style</Column>
          <Column>Size</Column>
          <Column>Colour</Column>
          <Column>Qty</Column>
          <Column>Location</Column>
          <Column>Status</Column>
        </TableHeader>
        <TableBody renderEmptyState={() => <p className="table-empty">No items</p>}>
          {(detail.data?.items ?? []).map((item) => (
            <Row key={item.id} id={item.id}>
              <Cell label="SKU">{item.sku}</Cell>
              <Cell label="Style">{item.style_name}</Cell>
              <Cell label="Size">{item.size}</Cell>
              <Cell label="Colour">{item.color}</Cell>
              <Cell label="Qty">{item.quantity}</Cell>
              <Cell label="Location">
                {item.location ? (
                  <span>
                    {item.location}
                    {item.location_type ? <span className="muted small"> ({locationTypeLabel(item.location_type)})</span> : null}
                    {item.location_suggested ? <span className="muted small"> suggested</span> : null}
                  </span>
                ) : (
                  <span className="muted">Location not assigned</span>
                )}
              </Cell>
              <Cell label="Status">
                {item.status === 'picked' ? <Badge tone="success">Picked</Badge> : <Badge tone="warning">Pending</Badge>}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>

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

      <h3 className="section-title">History</h3>
      {history.isPending ? (
        <p className="muted" role="status">
          Loading history...
        </p>
      ) : history.isError ? (
        <Alert>{messageOf(history.error, 'Failed to fetch order history')}</Alert>
      ) : (
        <ol className="timeline" aria-label="Order history">
          {history.data.history.map((entry) => (
            <li key={entry.id} className="timeline-entry">
              <span className="timeline-dot" aria-hidden="true" />
              <div>
                <p>{entry.description}</p>
                <p className="muted small">
                  {formatDateTime(entry.at)}
                  {entry.actor ? ` · ${workerName(entry.actor)}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <DialogActions>
        <PrintLink to={orderPickListPath(order.id)} size="md">Print Pick List</PrintLink>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
