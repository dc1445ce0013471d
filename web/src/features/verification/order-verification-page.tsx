import { useAtomValue } from 'jotai';
import { useReducer } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { UndoPickDialog } from '../../components/undo-pick-dialog.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { signedInUserAtom } from '../../lib/session.ts';
import { useCommand } from '../../lib/use-command.ts';
import { completedOrdersQuery, undoPickCommand, verificationOrderQuery, verifyCommand } from './api/verification-api.ts';
import { VerificationPanel } from './components/verification-panel.tsx';
import { VerificationQueue } from './components/verification-queue.tsx';
import { toPayload } from './discrepancies.ts';
import { EMPTY_FORM, verificationReducer } from './verification-state.ts';
import './verification.css';

export function OrderVerificationPage() {
  const queue = useScreenQuery(completedOrdersQuery());
  const [form, dispatch] = useReducer(verificationReducer, EMPTY_FORM);
  const verify = useCommand(verifyCommand);
  const undo = useCommand(undoPickCommand);
  const isManager = useAtomValue(signedInUserAtom)?.role === 'manager';

  const orders = queue.data?.orders ?? [];
  const total = queue.data?.pagination.total_records ?? orders.length;
  const selected = orders.find((o) => o.id === form.selectedId) ?? null;
  // Only the selected order's items are read: the queue carries none.
  const detail = useScreenQuery({ ...verificationOrderQuery(selected?.id ?? 0), enabled: selected !== null });
  const undoing = detail.data?.items.find((i) => i.id === form.undoItemId);

  const onVerify = () => {
    if (!selected) return;
    verify.reset();
    const body = { verification_notes: form.notes.trim() || null, discrepancies: toPayload(form.discrepancies) };
    verify.run({ orderId: selected.id, body }, { onSuccess: () => dispatch({ type: 'cleared' }) });
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
      {verify.error ? (
        <Alert title="Error" onDismiss={verify.reset}>
          {`Verification failed: ${verify.error}`}
        </Alert>
      ) : null}
      {verify.answer ? (
        <Alert tone="success" onDismiss={verify.reset}>
          Order verified successfully!
        </Alert>
      ) : null}

      <div className="verification-layout">
        <VerificationQueue
          orders={orders}
          total={total}
          isLoading={queue.isPending}
          selectedId={form.selectedId}
          onSelect={(order) => {
            dispatch({ type: 'selected', id: order.id });
            verify.reset();
          }}
        />
        <VerificationPanel
          order={selected}
          items={selected ? detail.data?.items : undefined}
          itemsError={detail.isError ? messageOf(detail.error, 'Failed to fetch order') : null}
          form={form}
          dispatch={dispatch}
          verifying={verify.isPending}
          onVerify={onVerify}
          onUndo={isManager ? (item) => dispatch({ type: 'undo-asked', itemId: item.id }) : null}
        />
      </div>
      {undoing && selected ? (
        <UndoPickDialog
          sku={undoing.sku}
          kind={undoing.status === 'short' ? 'short' : 'picked'}
          onUndo={(reason) => undo.runAsync({ orderId: selected.id, itemId: undoing.id, reason }).then(() => dispatch({ type: 'cleared' }))}
          onClose={() => dispatch({ type: 'undo-closed' })}
        />
      ) : null}
    </section>
  );
}
