import { useReducer } from 'react';
import type { OrderItem } from '@wh/contracts/orders/http';
import { LeaveGuard } from '../../components/leave-guard.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { UndoPickDialog } from '../../components/undo-pick-dialog.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { HoldPanel } from './components/hold-panel.tsx';
import { VerificationPanel } from './components/verification-panel.tsx';
import { VerificationQueue } from './components/verification-queue.tsx';
import { useVerification } from './hooks/use-verification.ts';
import { EMPTY_FORM, verificationReducer } from './verification-state.ts';
import './verification.css';

export function OrderVerificationPage() {
  const [form, dispatch] = useReducer(verificationReducer, EMPTY_FORM);
  const v = useVerification(form, dispatch);
  const { selected } = v;
  const undoing = v.items?.find((i) => i.id === form.undoItemId);
  const total = v.queue.data?.pagination.total_records ?? v.orders.length;
  const heldTotal = v.held.data?.pagination.total_records ?? v.heldOrders.length;
  const onUndo = v.isManager ? (item: OrderItem) => dispatch({ type: 'undo-asked', itemId: item.id }) : null;

  return (
    <section className="page verification-page">
      <LeaveGuard unsaved={v.unsent > 0 && !v.pending} what={`verification notes for ${v.unsent} ${v.unsent === 1 ? 'order' : 'orders'}`} />
      <PageHeader
        title="Order Verification"
        subtitle="Verify and approve completed orders (Executive 2 only)"
        actions={
          <Button variant="secondary" onPress={() => void Promise.all([v.queue.refetch(), v.held.refetch()])} isDisabled={v.queue.isFetching}>
            Refresh
          </Button>
        }
      />
      {v.queue.isError ? <Alert title="Error">{messageOf(v.queue.error, 'Failed to fetch orders')}</Alert> : null}
      {v.error ? (
        <Alert title="Error" onDismiss={v.reset}>
          {`Verification failed: ${v.error}`}
        </Alert>
      ) : null}
      {v.outcome ? (
        <Alert tone={v.outcome === 'Order verified successfully!' ? 'success' : 'info'} onDismiss={v.reset}>
          {v.outcome}
        </Alert>
      ) : null}

      <div className="verification-layout">
        <div className="verification-queues">
          <VerificationQueue orders={v.orders} total={total} isLoading={v.queue.isPending} selectedId={form.selectedId} onSelect={(o) => v.select(o.id)} />
          {heldTotal > 0 ? <VerificationQueue held orders={v.heldOrders} total={heldTotal} isLoading={false} selectedId={form.selectedId} onSelect={(o) => v.select(o.id)} /> : null}
        </div>
        {selected?.status === 'on_hold' ? (
          <HoldPanel
            order={selected}
            items={v.items}
            pending={v.pending}
            onSendBack={v.onSendBack}
            onResolve={v.onResolve}
            onCancel={() => dispatch({ type: 'cleared' })}
            onUndo={onUndo}
          />
        ) : (
          <VerificationPanel
            order={selected}
            items={v.items}
            itemsError={v.itemsError}
            form={form}
            dispatch={dispatch}
            notes={v.notes}
            onNotesChange={v.onNotesChange}
            verifying={v.pending}
            onVerify={v.onVerify}
            onUndo={onUndo}
          />
        )}
      </div>
      {undoing && selected ? (
        <UndoPickDialog
          sku={undoing.sku}
          kind={undoing.status === 'short' ? 'short' : 'picked'}
          onUndo={async (reason) => {
            // A completed order goes back to its picker and leaves the screen; a held one stays open, still held.
            const order = await v.undo.runAsync({ orderId: selected.id, itemId: undoing.id, reason });
            if (order.status !== 'on_hold') dispatch({ type: 'cleared' });
          }}
          onClose={() => dispatch({ type: 'undo-closed' })}
        />
      ) : null}
    </section>
  );
}
