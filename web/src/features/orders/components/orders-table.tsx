import type { Selection } from 'react-aria-components';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { SelectAllColumn, SelectRowCell } from '../../../components/ui/table-selection.tsx';
import { formatDay, itemCount } from '../../../lib/format.ts';
import { batchLabel, isHighPriority, isSelectable, noStockLabel, rowActions, type RowAction } from '../order-rows.ts';
import { OrderStatusBadge } from './status-badge.tsx';

export interface OrdersTableProps {
  orders: readonly OrderSummary[];
  selected: ReadonlySet<number>;
  onSelectedChange: (ids: Set<number>) => void;
  onOpen: (order: OrderSummary) => void;
  onAction: (action: RowAction, order: OrderSummary) => void;
  busyOrderId: number | null;
}

const ACTION_LABELS: Record<RowAction, string> = { assign: 'Assign', deassign: 'Deassign', cancel: 'Cancel' };

export function OrdersTable({ orders, selected, onSelectedChange, onOpen, onAction, busyOrderId }: OrdersTableProps) {
  const selectable = orders.filter(isSelectable).map((o) => o.id);
  const disabledKeys = orders.filter((o) => !isSelectable(o)).map((o) => o.id);
  const onSelectionChange = (keys: Selection) => {
    onSelectedChange(keys === 'all' ? new Set(selectable) : new Set([...keys].map(Number).filter((id) => selectable.includes(id))));
  };
  return (
    <Table
      aria-label="Orders"
      stackOnMobile
      selectionMode="multiple"
      selectionBehavior="toggle"
      disabledBehavior="selection"
      disabledKeys={disabledKeys}
      selectedKeys={new Set([...selected].filter((id) => selectable.includes(id)))}
      onSelectionChange={onSelectionChange}
    >
      <TableHeader>
        <SelectAllColumn />
        <Column isRowHeader>Order</Column>
        <Column>Items</Column>
        <Column>Status</Column>
        <Column>Assigned Worker</Column>
        <Column>Batch</Column>
        <Column>Order Date</Column>
        <Column>Actions</Column>
      </TableHeader>
      <TableBody renderEmptyState={() => <p className="table-empty">No orders found</p>}>
        {orders.map((order) => {
          const prefixes = order.style_codes;
          const busy = busyOrderId === order.id;
          return (
            <Row key={order.id} id={order.id} textValue={order.order_number}>
              <SelectRowCell />
              <Cell label="Order">
                <div className="order-cell">
                  <Button variant="ghost" size="sm" className="order-link" onPress={() => onOpen(order)} aria-label={`Order ${order.order_number} details`}>
                    {order.order_number}
                  </Button>
                  <span className="muted small">{itemCount(order.total_items)}</span>
                  {isHighPriority(order) ? <Badge tone="danger">High Priority</Badge> : null}
                  {order.no_stock_items > 0 ? <Badge tone="warning">{noStockLabel(order.no_stock_items)}</Badge> : null}
                </div>
              </Cell>
              <Cell label="Items">
                <div className="order-items-cell">
                  <span>{order.total_items}</span>
                  {prefixes.length > 0 ? <span className="muted small">{prefixes.join(', ')}</span> : null}
                </div>
              </Cell>
              <Cell label="Status">
                <OrderStatusBadge status={order.status} />
              </Cell>
              <Cell label="Assigned Worker">{order.assigned_worker_name ?? <span className="muted">Unassigned</span>}</Cell>
              <Cell label="Batch">{batchLabel(order) ?? <span className="muted">None</span>}</Cell>
              <Cell label="Order Date">{formatDay(order.order_date)}</Cell>
              <Cell label="Actions">
                <div className="row-actions">
                  {rowActions(order).map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      variant={action === 'cancel' ? 'ghost-danger' : 'secondary'}
                      isDisabled={busy}
                      onPress={() => onAction(action, order)}
                      aria-label={`${ACTION_LABELS[action]} ${order.order_number}`}
                    >
                      {ACTION_LABELS[action]}
                    </Button>
                  ))}
                </div>
              </Cell>
            </Row>
          );
        })}
      </TableBody>
    </Table>
  );
}
