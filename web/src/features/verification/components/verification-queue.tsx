import type { OrderSummary } from '@wh/contracts/orders/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDay, itemCount } from '../../../lib/format.ts';

const workerOf = (o: OrderSummary) => o.assigned_worker?.full_name || o.assigned_worker?.username || o.completed_by?.full_name || o.completed_by?.username || '-';

export interface VerificationQueueProps {
  orders: readonly OrderSummary[];
  total: number;
  isLoading: boolean;
  selectedId: number | null;
  onSelect: (order: OrderSummary) => void;
  /** The held orders' list rather than the completed ones'. */
  held?: boolean;
}

/** The completed orders waiting for verification (or those held at it), newest first. */
export function VerificationQueue({ orders, total, isLoading, selectedId, onSelect, held = false }: VerificationQueueProps) {
  const id = held ? 'held-orders-title' : 'completed-orders-title';
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {held ? 'On Hold' : 'Completed Orders'} ({total})
      </h2>
      {total > orders.length ? <p className="muted small">Showing the first {orders.length}, newest first.</p> : null}
      {isLoading ? (
        <p className="muted" role="status">
          Loading orders...
        </p>
      ) : orders.length === 0 ? (
        <p className="muted empty-state">{held ? 'No orders on hold' : 'No completed orders to verify'}</p>
      ) : (
        <ul className="verify-list" aria-label={held ? 'Orders on hold' : 'Completed orders'}>
          {orders.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                className={`verify-order ${order.id === selectedId ? 'is-selected' : ''}`}
                aria-pressed={order.id === selectedId}
                onClick={() => onSelect(order)}
              >
                <span className="verify-order-head">
                  <strong>{order.order_number}</strong>
                  <QueueBadge order={order} />
                </span>
                <span className="muted small">
                  {itemCount(order.total_items)}
                  {order.short_items > 0 ? ` (${order.short_items} short)` : ''} · {formatDay(order.order_date)} · {workerOf(order)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueBadge({ order }: { order: OrderSummary }) {
  if (order.status === 'on_hold') return <Badge tone="danger">On Hold</Badge>;
  return order.short_items > 0 ? <Badge tone="warning">Completed short</Badge> : <Badge tone="success">Completed</Badge>;
}
