import type { OrderItem, OrderSummary, ResolveHoldBody, SendBackBody } from '@wh/contracts/orders/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { HoldActions } from './hold-actions.tsx';

export interface HoldPanelProps {
  order: OrderSummary;
  items: readonly OrderItem[] | undefined;
  pending: boolean;
  onSendBack: (body: SendBackBody) => void;
  onResolve: (body: ResolveHoldBody) => void;
  onCancel: () => void;
}

/** A held order: what stopped it, in words, and the verifier's two ways on: back to its picker, or resolved line by line. */
export function HoldPanel({ order, items, pending, onSendBack, onResolve, onCancel }: HoldPanelProps) {
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
        {items ? <HoldActions hold={hold} items={items} pending={pending} onSendBack={onSendBack} onResolve={onResolve} onCancel={onCancel} /> : <p className="muted">Loading items...</p>}
      </div>
    </section>
  );
}
