import type { Dispatch } from 'react';
import type { OrderItem, OrderSummary } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { formatDateTime, itemCount } from '../../../lib/format.ts';
import type { VerificationEvent, VerificationForm } from '../verification-state.ts';
import { itemStatusLabel, shortWords } from '../line-words.ts';
import { DiscrepancyEditor } from './discrepancy-editor.tsx';

export interface VerificationPanelProps {
  order: OrderSummary | null;
  /** The open order's items; undefined while they load. */
  items: readonly OrderItem[] | undefined;
  itemsError: string | null;
  form: VerificationForm;
  dispatch: Dispatch<VerificationEvent>;
  verifying: boolean;
  onVerify: () => void;
  /** A manager may undo a line's pick (the order goes back to its picker); null for a verifier. */
  onUndo: ((item: OrderItem) => void) | null;
}

/** The open order: its items, picked or not, the verifier's notes and discrepancies, and Verify Order. */
export function VerificationPanel({ order, items, itemsError, form, dispatch, verifying, onVerify, onUndo }: VerificationPanelProps) {
  if (!order) {
    return (
      <section className="card" aria-label="Verification">
        <p className="muted empty-state">Select an order to verify</p>
      </section>
    );
  }
  return (
    <section className="card" aria-label="Verification">
      <div className="verify-detail">
        <header>
          <h2 className="card-title">{order.order_number}</h2>
          <p className="muted small">
            {itemCount(order.total_items)} · completed {formatDateTime(order.completed_at)}
          </p>
        </header>
        {items ? <VerifyItems items={items} onUndo={onUndo} /> : itemsError ? <Alert title="Error">{itemsError}</Alert> : <p className="muted" role="status">Loading items...</p>}
        <TextArea
          label="Verification Notes"
          placeholder="Add any verification notes or comments..."
          value={form.notes}
          onChange={(text) => dispatch({ type: 'notes', text })}
        />
        {items ? (
          <DiscrepancyEditor
            items={items}
            value={form.discrepancies}
            onAdd={() => dispatch({ type: 'discrepancy-added', items })}
            onChange={(key, patch) => dispatch({ type: 'discrepancy-changed', key, patch })}
            onRemove={(key) => dispatch({ type: 'discrepancy-removed', key })}
          />
        ) : null}
        <div className="verify-actions">
          <Button variant="secondary" onPress={() => dispatch({ type: 'cleared' })} isDisabled={verifying}>
            Cancel
          </Button>
          <Button onPress={onVerify} isDisabled={verifying}>
            {verifying ? 'Verifying...' : 'Verify Order'}
          </Button>
        </div>
      </div>
    </section>
  );
}

function VerifyItems({ items, onUndo }: { items: readonly OrderItem[]; onUndo: ((item: OrderItem) => void) | null }) {
  return (
    <ul className="verify-items" aria-label="Order items">
      {items.map((item) => (
        <li key={item.id} className={`verify-item ${item.status === 'pending' ? 'is-unpicked' : `is-${item.status}`}`}>
          <div>
            <strong>{item.style_name}</strong>
            <span className="muted small"> {item.sku}</span>
          </div>
          <span className="small">
            Size {item.size} · {item.color} · {item.location ?? 'Location not assigned'} · Qty {item.quantity}
          </span>
          <Badge tone={item.status === 'picked' ? 'success' : 'warning'}>{itemStatusLabel(item)}</Badge>
          {item.status === 'short' ? <span className="small verify-short">{shortWords(item)}</span> : null}
          {onUndo && item.status !== 'pending' ? (
            <Button variant="ghost" size="sm" onPress={() => onUndo(item)} aria-label={`Undo: ${item.sku}`}>
              Undo
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
