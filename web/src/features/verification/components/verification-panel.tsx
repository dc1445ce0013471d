import type { Dispatch } from 'react';
import type { OrderItem, OrderSummary } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { formatDateTime, itemCount } from '../../../lib/format.ts';
import { uncounted } from '../bench.ts';
import type { VerificationEvent, VerificationForm } from '../verification-state.ts';
import { BenchLines } from './bench-lines.tsx';
import { BenchScan } from './bench-scan.tsx';
import { DiscrepancyEditor } from './discrepancy-editor.tsx';

export interface VerificationPanelProps {
  order: OrderSummary | null;
  /** The open order's items; undefined while they load. */
  items: readonly OrderItem[] | undefined;
  itemsError: string | null;
  form: VerificationForm;
  dispatch: Dispatch<VerificationEvent>;
  /** The open order's notes, as typed (a draft until it is verified). */
  notes: string;
  onNotesChange: (text: string) => void;
  verifying: boolean;
  onVerify: () => void;
  /** A manager may undo a line's pick (the order goes back to its picker); null for a verifier. */
  onUndo: ((item: OrderItem) => void) | null;
}

/**
 * The open completed order at the bench: each unit scanned (or each line confirmed by hand) against what was picked,
 * the verifier's notes and discrepancies, and Verify Order once every line is accounted for.
 */
export function VerificationPanel({ order, items, itemsError, form, dispatch, notes, onNotesChange, verifying, onVerify, onUndo }: VerificationPanelProps) {
  if (!order) {
    return (
      <section className="card" aria-label="Verification">
        <p className="muted empty-state">Select an order to verify</p>
      </section>
    );
  }
  const left = items ? uncounted(form.bench, items).length : 0;
  return (
    <section className="card" aria-label="Verification">
      <div className="verify-detail">
        <header>
          <h2 className="card-title">{order.order_number}</h2>
          <p className="muted small">
            {itemCount(order.total_items)} · completed {formatDateTime(order.completed_at)}
            {order.short_items > 0 ? ` · completed short, ${order.short_items} short` : ''}
          </p>
        </header>
        {items ? (
          <>
            <BenchScan
              feedback={form.feedback}
              wrongItems={form.bench.wrongItems}
              onScan={(code) => dispatch({ type: 'scanned', code, lines: items })}
              onRemoveWrong={(code) => dispatch({ type: 'wrong-removed', code })}
            />
            <BenchLines items={items} bench={form.bench} dispatch={dispatch} onUndo={onUndo} />
          </>
        ) : itemsError ? (
          <Alert title="Error">{itemsError}</Alert>
        ) : (
          <p className="muted" role="status">
            Loading items...
          </p>
        )}
        <TextArea label="Verification Notes" placeholder="Add any verification notes or comments..." value={notes} onChange={onNotesChange} />
        {items ? (
          <DiscrepancyEditor
            items={items}
            value={form.discrepancies}
            onAdd={() => dispatch({ type: 'discrepancy-added', items })}
            onChange={(key, patch) => dispatch({ type: 'discrepancy-changed', key, patch })}
            onRemove={(key) => dispatch({ type: 'discrepancy-removed', key })}
          />
        ) : null}
        {left > 0 ? <p className="muted small">Count or confirm every line before verifying: {left} left.</p> : null}
        <div className="verify-actions">
          <Button variant="secondary" onPress={() => items && dispatch({ type: 'confirmed-all', lines: items })} isDisabled={verifying || !items || left === 0}>
            Confirm All as Picked
          </Button>
          <Button variant="secondary" onPress={() => dispatch({ type: 'cleared' })} isDisabled={verifying}>
            Cancel
          </Button>
          <Button onPress={onVerify} isDisabled={verifying || !items || left > 0}>
            {verifying ? 'Verifying...' : 'Verify Order'}
          </Button>
        </div>
      </div>
    </section>
  );
}
