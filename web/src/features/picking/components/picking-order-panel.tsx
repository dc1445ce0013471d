import type { Order } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime, itemCount } from '../../../lib/format.ts';
import { isPicked, pickedCount, progressPercent } from '../picking-progress.ts';
import { PickingStatusBadge } from './picking-orders-list.tsx';

export interface PickError {
  message: string;
  orderId: number;
  itemId: number | null;
  /** Locations that hold the SKU, when a pick was refused for lack of stock. */
  holders: string[];
}

export interface PickingOrderPanelProps {
  order: Order | null;
  localPicks: ReadonlySet<number>;
  pickingItemId: number | null;
  completing: boolean;
  error: PickError | null;
  onDismissError: () => void;
  onPick: (order: Order, itemId: number, from?: string) => void;
  onComplete: (order: Order) => void;
}

export function PickingOrderPanel({ order, localPicks, pickingItemId, completing, error, onDismissError, onPick, onComplete }: PickingOrderPanelProps) {
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
  const picked = pickedCount(order, localPicks);
  const percent = progressPercent(order, localPicks);
  return (
    <section className="card picking-panel" aria-label={`Order ${order.order_number}`}>
      <header className="picking-panel-head">
        <div>
          <h2 className="card-title">{order.order_number}</h2>
          <p className="muted small">
            {itemCount(order.total_items)} · created {formatDateTime(order.created_at)}
          </p>
        </div>
        <PickingStatusBadge status={order.status} />
      </header>
      {error && error.orderId === order.id ? (
        <Alert title="Error" onDismiss={onDismissError}>
          <p>{error.message}</p>
          {retryItemId !== null && error.holders.length > 0 ? (
            <div className="pick-holders">
              {error.holders.slice(0, 3).map((location) => (
                <Button key={location} size="sm" variant="secondary" isDisabled={busy} onPress={() => onPick(order, retryItemId, location)}>
                  Pick from {location}
                </Button>
              ))}
            </div>
          ) : null}
        </Alert>
      ) : null}
      <ul className="scroll-list pick-items" aria-label="Items to pick">
        {order.items.map((item) => {
          const done = isPicked(item, localPicks);
          const pickingThis = pickingItemId === item.id;
          return (
            <li key={item.id} className={`pick-item ${done ? 'is-picked' : ''}`} data-sku={item.sku}>
              <div className="pick-item-info">
                <strong className="pick-sku">{item.sku}</strong>
                <span>{item.style_name}</span>
                <span className="muted small">
                  Size {item.size} · {item.color} · Qty {item.quantity}
                </span>
                {item.no_stock ? (
                  <span className="pick-no-stock">
                    <Badge tone="warning">No stock</Badge> <span className="muted small">None recorded anywhere: listed last</span>
                  </span>
                ) : null}
                <span className="pick-location">
                  {item.location ? (
                    <>
                      <span className="muted small">Location </span>
                      <strong className="pick-location-code">{item.location}</strong>
                      {item.location_type ? <span className="muted small"> ({item.location_type})</span> : null}
                    </>
                  ) : (
                    <span className="muted">Location not assigned</span>
                  )}
                </span>
              </div>
              <div className="pick-item-action">
                {done ? (
                  <Badge tone="success">Picked</Badge>
                ) : (
                  <Button onPress={() => onPick(order, item.id)} isDisabled={busy} aria-label={`Pick ${item.sku}`} data-pick-item={item.id}>
                    {pickingThis ? 'Picking...' : 'Pick'}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <footer className="picking-panel-foot">
        <p aria-live="polite">
          {picked} of {order.items.length} items picked
        </p>
        {percent === 100 ? (
          <Button onPress={() => onComplete(order)} isDisabled={busy} data-complete-order>
            {completing ? 'Completing...' : 'Complete Order'}
          </Button>
        ) : null}
      </footer>
    </section>
  );
}
