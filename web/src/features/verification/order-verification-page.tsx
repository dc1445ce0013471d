import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextArea } from '../../components/ui/text-area.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { formatDateTime, formatDay, itemCount } from '../../lib/format.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { completedOrdersQuery, verificationKeys, verificationOrderQuery, verifyOrder } from './api/verification-api.ts';
import { DiscrepancyEditor } from './components/discrepancy-editor.tsx';
import { newDiscrepancy, toPayload, type DiscrepancyDraft } from './discrepancies.ts';
import './verification.css';

const workerOf = (o: OrderSummary) => o.assigned_worker?.full_name || o.assigned_worker?.username || o.completed_by?.full_name || o.completed_by?.username || '-';

export function OrderVerificationPage() {
  const queryClient = useQueryClient();
  const queue = useScreenQuery(completedOrdersQuery());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [discrepancies, setDiscrepancies] = useState<DiscrepancyDraft[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const orders = queue.data?.orders ?? [];
  const total = queue.data?.pagination.total_records ?? orders.length;
  const selected = orders.find((o) => o.id === selectedId) ?? null;
  // Only the selected order's items are read: the queue carries none.
  const detail = useScreenQuery({ ...verificationOrderQuery(selected?.id ?? 0), enabled: selected !== null });
  const items = selected ? detail.data?.items : undefined;

  const clearForm = () => {
    setSelectedId(null);
    setNotes('');
    setDiscrepancies([]);
  };

  const select = (order: OrderSummary) => {
    if (order.id !== selectedId) {
      setNotes('');
      setDiscrepancies([]);
    }
    setSelectedId(order.id);
    setError(null);
    setSuccess(null);
  };

  const verify = async () => {
    if (!selected) return;
    setVerifying(true);
    setError(null);
    setSuccess(null);
    try {
      await verifyOrder(selected.id, { verification_notes: notes.trim() || null, discrepancies: toPayload(discrepancies) });
      clearForm();
      setSuccess('Order verified successfully!');
      void queryClient.invalidateQueries({ queryKey: verificationKeys.queue });
    } catch (err) {
      setError(`Verification failed: ${messageOf(err, 'Failed to verify order')}`);
    } finally {
      setVerifying(false);
    }
  };

  return (
    <section className="page verification-page">
      <PageHeader
        title="Order Verification"
        subtitle="Verify and approve completed orders (Executive 2 only)"
        actions={
          <Button variant="secondary" onPress={() => void queue.refetch()} isDisabled={queue.isFetching}>
            Refresh
          </Button>
        }
      />
      {queue.isError ? <Alert title="Error">{messageOf(queue.error, 'Failed to fetch orders')}</Alert> : null}
      {error ? (
        <Alert title="Error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {success ? (
        <Alert tone="success" onDismiss={() => setSuccess(null)}>
          {success}
        </Alert>
      ) : null}

      <div className="verification-layout">
        <section className="card" aria-labelledby="completed-orders-title">
          <h2 id="completed-orders-title" className="card-title">
            Completed Orders ({total})
          </h2>
          {total > orders.length ? <p className="muted small">Showing the first {orders.length}, newest first.</p> : null}
          {queue.isPending ? (
            <p className="muted" role="status">
              Loading orders...
            </p>
          ) : orders.length === 0 ? (
            <p className="muted empty-state">No completed orders to verify</p>
          ) : (
            <ul className="verify-list" aria-label="Completed orders">
              {orders.map((order) => (
                <li key={order.id}>
                  <button
                    type="button"
                    className={`verify-order ${order.id === selectedId ? 'is-selected' : ''}`}
                    aria-pressed={order.id === selectedId}
                    onClick={() => select(order)}
                  >
                    <span className="verify-order-head">
                      <strong>{order.order_number}</strong>
                      <Badge tone="success">Completed</Badge>
                    </span>
                    <span className="muted small">
                      {itemCount(order.total_items)} · {formatDay(order.order_date)} · {workerOf(order)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-label="Verification">
          {!selected ? (
            <p className="muted empty-state">Select an order to verify</p>
          ) : (
            <div className="verify-detail">
              <header>
                <h2 className="card-title">{selected.order_number}</h2>
                <p className="muted small">
                  {itemCount(selected.total_items)} · completed {formatDateTime(selected.completed_at)}
                </p>
              </header>
              {items ? (
                <ul className="verify-items" aria-label="Order items">
                  {items.map((item) => (
                    <li key={item.id} className={`verify-item ${item.status === 'picked' ? 'is-picked' : 'is-unpicked'}`}>
                      <div>
                        <strong>{item.style_name}</strong>
                        <span className="muted small"> {item.sku}</span>
                      </div>
                      <span className="small">
                        Size {item.size} · {item.color} · {item.location ?? 'Location not assigned'} · Qty {item.quantity}
                      </span>
                      <Badge tone={item.status === 'picked' ? 'success' : 'warning'}>{item.status === 'picked' ? 'Picked' : 'Not picked'}</Badge>
                    </li>
                  ))}
                </ul>
              ) : detail.isError ? (
                <Alert title="Error">{messageOf(detail.error, 'Failed to fetch order')}</Alert>
              ) : (
                <p className="muted" role="status">
                  Loading items...
                </p>
              )}
              <TextArea label="Verification Notes" placeholder="Add any verification notes or comments..." value={notes} onChange={setNotes} />
              {items ? (
                <DiscrepancyEditor
                  items={items}
                  value={discrepancies}
                  onAdd={() => {
                    setDiscrepancies((list) => [...list, newDiscrepancy(nextKey, items)]);
                    setNextKey((k) => k + 1);
                  }}
                  onChange={(key, patch) => setDiscrepancies((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)))}
                  onRemove={(key) => setDiscrepancies((list) => list.filter((d) => d.key !== key))}
                />
              ) : null}
              <div className="verify-actions">
                <Button variant="secondary" onPress={clearForm} isDisabled={verifying}>
                  Cancel
                </Button>
                <Button onPress={() => void verify()} isDisabled={verifying}>
                  {verifying ? 'Verifying...' : 'Verify Order'}
                </Button>
              </div>
            </div>
          )}
        </section>
      </div>
    </section>
  );
}
