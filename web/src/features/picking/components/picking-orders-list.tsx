import type { Batch } from '@wh/contracts/orders/http';
import { itemCount } from '../../../lib/format.ts';
import type { OrderWithItems } from '../../../lib/order-items.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { percentOf, progressPercent } from '../picking-state.ts';

export interface PickingOrdersListProps {
  /** The orders to pick on their own (those in a batch are picked with it). */
  orders: readonly OrderWithItems[];
  batches: readonly Batch[];
  isLoading: boolean;
  selectedId: number | null;
  selectedBatchId: number | null;
  onSelect: (order: OrderWithItems) => void;
  onSelectBatch: (batch: Batch) => void;
}

/** Picking-screen badges: picking is 'In Progress', picked 'Completed', anything else 'Assigned'. */
export function PickingStatusBadge({ status }: { status: string }) {
  if (status === 'picking') return <Badge tone="accent">In Progress</Badge>;
  if (status === 'picked' || status === 'completed') return <Badge tone="success">Completed</Badge>;
  return <Badge tone="info">Assigned</Badge>;
}

export function PickingOrdersList({ orders, batches, isLoading, selectedId, selectedBatchId, onSelect, onSelectBatch }: PickingOrdersListProps) {
  return (
    <section className="card picking-orders" aria-labelledby="assigned-orders-title">
      <h2 id="assigned-orders-title" className="card-title">
        Assigned Orders
      </h2>
      {isLoading ? (
        <p className="muted" role="status">
          Loading orders...
        </p>
      ) : orders.length === 0 && batches.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">No Orders Assigned</p>
          <p className="muted">You don't have any orders assigned for picking.</p>
        </div>
      ) : (
        <ul className="scroll-list picking-order-list" aria-label="Assigned orders">
          {batches.map((batch) => {
            const selected = batch.id === selectedBatchId;
            const percent = percentOf(batch.picked_items, batch.total_items);
            return (
              <li key={`batch-${batch.id}`}>
                <button type="button" className={`picking-order ${selected ? 'is-selected' : ''}`} aria-pressed={selected} onClick={() => onSelectBatch(batch)}>
                  <span className="picking-order-head">
                    <strong>Batch {batch.id}</strong>
                    <Badge tone="accent">Batch</Badge>
                  </span>
                  <span className="muted small">
                    {batch.orders.length} orders · {itemCount(batch.total_items)} · {batch.orders.map((o) => o.order_number).join(', ')}
                  </span>
                  <ProgressBar label={`Batch ${batch.id} progress`} value={percent} />
                  <span className="small">{percent}%</span>
                </button>
              </li>
            );
          })}
          {orders.map((order) => {
            const percent = progressPercent(order);
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
