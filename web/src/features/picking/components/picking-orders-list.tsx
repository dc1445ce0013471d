import type { Order } from '@wh/contracts/orders/http';
import { itemCount } from '../../../lib/format.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

export interface PickingOrdersListProps {
  orders: readonly Order[];
  isLoading: boolean;
  selectedId: number | null;
  progressOf: (order: Order) => number;
  onSelect: (order: Order) => void;
}

/** Picking-screen badges: picking is 'In Progress', picked 'Completed', anything else 'Assigned'. */
export function PickingStatusBadge({ status }: { status: string }) {
  if (status === 'picking') return <Badge tone="accent">In Progress</Badge>;
  if (status === 'picked' || status === 'completed') return <Badge tone="success">Completed</Badge>;
  return <Badge tone="info">Assigned</Badge>;
}

export function PickingOrdersList({ orders, isLoading, selectedId, progressOf, onSelect }: PickingOrdersListProps) {
  return (
    <section className="card picking-orders" aria-labelledby="assigned-orders-title">
      <h2 id="assigned-orders-title" className="card-title">
        Assigned Orders
      </h2>
      {isLoading ? (
        <p className="muted" role="status">
          Loading orders...
        </p>
      ) : orders.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">No Orders Assigned</p>
          <p className="muted">You don't have any orders assigned for picking.</p>
        </div>
      ) : (
        <ul className="scroll-list picking-order-list" aria-label="Assigned orders">
          {orders.map((order) => {
            const percent = progressOf(order);
            const selected = order.id === selectedId;
            return (
              <li key={order.id}>
                <button
                  type="button"
                  className={`picking-order ${selected ? 'is-selected' : ''}`}
                  aria-pressed={selected}
                  onClick={() => onSelect(order)}
                >
                  <span className="picking-order-head">
                    <strong>{order.order_number}</strong>
                    <PickingStatusBadge status={order.status} />
                  </span>
                  <span className="muted small">
                    {itemCount(order.total_items)}{order.priority > 1 ? ' · High Priority' : ''}
                  </span>
                  <ProgressBar label={`${order.order_number} progress`} value={percent} />
                  <span className="small">{percent}%</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
