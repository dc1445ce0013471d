import type { OrderItem, OrderSummary, ResolveHoldBody, SendBackBody } from '@wh/contracts/orders/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { HoldActions, holdActionsKey } from './hold-actions.tsx';
import { OrderLineFacts, orderLineClass, UndoLineButton } from './order-line.tsx';

export interface HoldPanelProps {
  order: OrderSummary;
  items: readonly OrderItem[] | undefined;
  pending: boolean;
  onSendBack: (body: SendBackBody) => void;
  onResolve: (body: ResolveHoldBody) => void;
  onCancel: () => void;
  /** A manager may undo a line's pick here (the order stays on hold, the line held); null for a verifier. */
  onUndo: ((item: OrderItem) => void) | null;
}

/**
 * A held order: what stopped it, in words, its lines (a manager may undo a pick there), and the verifier's two ways
 * on: back to its picker, or resolved line by line.
 */
export function HoldPanel({ order, items, pending, onSendBack, onResolve, onCancel, onUndo }: HoldPanelProps) {
  const hold = order.hold;
  if (!hold) return null;
  return (
    <section className="card" aria-label="Verification">
      <div className="verify-detail">
        <header className="verify-hold-head">
          <h2 className="card-title">{order.order_number}</h2>
          <Badge tone="danger">On Hold</Badge>
        </header>
        <p className="muted small">
          Held {formatDateTime(hold.held_at)}
          {hold.held_by ? ` by ${hold.held_by.full_name ?? hold.held_by.username}` : ''}
          {hold.verification_notes ? `: ${hold.verification_notes}` : ''}
        </p>
        <ul className="verify-hold-reasons" aria-label="Why it is on hold">
          {hold.lines.map((l) => (
            <li key={l.item_id}>
              <strong>{l.sku}</strong>: {l.issue}
            </li>
          ))}
          {hold.wrong_items.map((w) => (
            <li key={w.code}>
              <strong>{w.code}</strong>: not in this order{w.quantity > 1 ? ` (${w.quantity})` : ''}
            </li>
          ))}
        </ul>
        {items ? (
          <>
            <ul className="verify-items" aria-label="Order items">
              {items.map((item) => (
                <li key={item.id} className={orderLineClass(item)} data-sku={item.sku}>
                  <OrderLineFacts item={item} />
                  <UndoLineButton item={item} onUndo={onUndo} />
                </li>
              ))}
            </ul>
            {/* Read afresh when a line joins the hold or changes what it expects (a pick undone here). */}
            <HoldActions key={holdActionsKey(hold)} hold={hold} items={items} pending={pending} onSendBack={onSendBack} onResolve={onResolve} onCancel={onCancel} />
          </>
        ) : (
          <p className="muted">Loading items...</p>
        )}
      </div>
    </section>
  );
}
