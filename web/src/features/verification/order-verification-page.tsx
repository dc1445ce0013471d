import { useReducer } from 'react';
import { LeaveGuard } from '../../components/leave-guard.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useDraft } from '../../lib/drafts.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { useCommand } from '../../lib/use-command.ts';
import { completedOrdersQuery, verificationOrderQuery, verifyCommand } from './api/verification-api.ts';
import { VerificationPanel } from './components/verification-panel.tsx';
import { VerificationQueue } from './components/verification-queue.tsx';
import { toPayload } from './discrepancies.ts';
import { notesDraft, ordersWithNotes, withNote } from './notes-draft.ts';
import { EMPTY_FORM, verificationReducer } from './verification-state.ts';
import './verification.css';

export function OrderVerificationPage() {
  const queue = useScreenQuery(completedOrdersQuery());
  const [form, dispatch] = useReducer(verificationReducer, EMPTY_FORM);
  const verify = useCommand(verifyCommand);
  const [notes, setNotes] = useDraft(notesDraft);

  const orders = queue.data?.orders ?? [];
  const total = queue.data?.pagination.total_records ?? orders.length;
  const selected = orders.find((o) => o.id === form.selectedId) ?? null;
  // Only the selected order's items are read: the queue carries none.
  const detail = useScreenQuery({ ...verificationOrderQuery(selected?.id ?? 0), enabled: selected !== null });
  const selectedNotes = selected ? (notes[String(selected.id)] ?? '') : '';
  const unsent = ordersWithNotes(notes, orders.map((o) => o.id));

  const onVerify = () => {
    if (!selected) return;
    verify.reset();
    const orderId = selected.id;
    const body = { verification_notes: selectedNotes.trim() || null, discrepancies: toPayload(form.discrepancies) };
    verify.run(
      { orderId, body },
      {
        onSuccess: () => {
          setNotes((all) => withNote(all, orderId, ''));
          dispatch({ type: 'cleared' });
        },
      },
    );
  };

  return (
    <section className="page verification-page">
      <LeaveGuard unsaved={unsent > 0 && !verify.isPending} what={`verification notes for ${unsent} ${unsent === 1 ? 'order' : 'orders'}`} />
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
          notes={selectedNotes}
          onNotesChange={(text) => selected && setNotes((all) => withNote(all, selected.id, text))}
          verifying={verify.isPending}
          onVerify={onVerify}
        />
      </div>
    </section>
  );
}
