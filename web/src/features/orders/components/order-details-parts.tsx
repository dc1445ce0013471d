import { locationTypeLabel } from '@wh/contracts/inventory/events';
import type { OrderItem, OrderSummary } from '@wh/contracts/orders/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { workerName } from '../order-filters.ts';

// The sections of an order's details dialog.

/** When the order was assigned, completed and verified, and by whom. */
export function OrderFacts({ order }: { order: OrderSummary }) {
  return (
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
  );
}

export function OrderItems({ items }: { items: readonly OrderItem[] }) {
  return (
    <>
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
          {items.map((item) => (
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
                {item.status === 'picked' ? <Badge tone="success">Picked</Badge> : <Badge tone="warning">{item.status === 'short' ? 'Short' : 'Pending'}</Badge>}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
