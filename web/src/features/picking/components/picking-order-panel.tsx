import { PrintLink } from '../../../components/print/print-link.tsx';
import { formatDateTime, itemCount } from '../../../lib/format.ts';
import type { OrderWithItems } from '../../../lib/order-items.ts';
import { orderPickListPath } from '../../../lib/print-paths.ts';
import type { OrderItem } from '@wh/contracts/orders/http';
import { doneCount, shortCount, type PickError } from '../picking-state.ts';
import { PickingStatusBadge } from './picking-orders-list.tsx';
import type { PendingMark } from '../pick-queue.ts';
import { PickErrorAlert } from './pick-error-alert.tsx';
import { PickItemRow, PickProgressFoot } from './pick-panel-parts.tsx';

export interface PickingOrderPanelProps {
  order: OrderWithItems | null;
  pickingItemId: number | null;
  /** Lines picked on this phone whose picks the server has not recorded yet. */
  pending: ReadonlyMap<number, PendingMark>;
  completing: boolean;
  error: PickError | null;
  onDismissError: () => void;
  onPick: (order: OrderWithItems, itemId: number, from?: string) => void;
  onShort: (order: OrderWithItems, item: OrderItem) => void;
  onUndo: (order: OrderWithItems, item: OrderItem) => void;
  onComplete: (order: OrderWithItems) => void;
}

export function PickingOrderPanel({ order, pickingItemId, pending, completing, error, onDismissError, onPick, onShort, onUndo, onComplete }: PickingOrderPanelProps) {
  if (!order) {
    return (
      <section className="card picking-panel empty-state" aria-label="Selected order">
        <p className="empty-title">Select an Order</p>
        <p className="muted">Choose an order from the list to start picking items.</p>
      </section>
    );
  }
  const busy = pickingItemId !== null || completing;
  const retryItemId = error && error.orderId === order.id ? error.itemId : null;
  const retryItem = order.items.find((i) => i.id === retryItemId && i.status === 'pending');
  return (
    <section className="card picking-panel" aria-label={`Order ${order.order_number}`}>
      <header className="picking-panel-head">
        <div>
          <h2 className="card-title">{order.order_number}</h2>
          <p className="muted small">
            {itemCount(order.total_items)} · created {formatDateTime(order.created_at)}
          </p>
        </div>
        <div className="picking-panel-tools">
          <PrintLink to={orderPickListPath(order.id)}>Print Pick List</PrintLink>
          <PickingStatusBadge status={order.status} />
        </div>
      </header>
      {error && error.orderId === order.id ? (
        <PickErrorAlert
          error={error}
          busy={busy}
          onDismiss={onDismissError}
          onRetry={retryItemId === null ? null : (location) => onPick(order, retryItemId, location)}
          onShort={retryItem ? () => onShort(order, retryItem) : null}
        />
      ) : null}
      <ul className="scroll-list pick-items" aria-label="Items to pick">
        {order.items.map((item) => (
          <PickItemRow
            key={item.id}
            item={item}
            pending={pending.get(item.id)}
            picking={pickingItemId === item.id}
            busy={busy}
            pickLabel={`Pick ${item.sku}`}
            onPick={() => onPick(order, item.id)}
            onShort={() => onShort(order, item)}
            onUndo={() => onUndo(order, item)}
          />
        ))}
      </ul>
      <PickProgressFoot
        done={doneCount(order)}
        short={shortCount(order.items)}
        total={order.items.length}
        busy={busy}
        completing={completing}
        completeLabel="Complete Order"
        onComplete={() => onComplete(order)}
      />
    </section>
  );
}
