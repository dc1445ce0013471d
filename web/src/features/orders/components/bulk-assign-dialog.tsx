import { useState } from 'react';
import type { OrderSummary, UserRef } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { MAX_BATCH_ORDERS, MIN_BATCH_ORDERS } from '@wh/contracts/orders/events';
import { bulkAssign, createBatch, deassignWorker } from '../api/orders-api.ts';
import { runBulk, type BulkOutcome, type BulkVerb } from '../bulk.ts';
import { WorkerPicker } from './worker-picker.tsx';

type Mode = 'assign' | 'batch' | 'deassign';

export interface BulkAssignDialogProps {
  orders: readonly OrderSummary[];
  workers: readonly UserRef[] | undefined;
  onClose: () => void;
  onDone: (verb: BulkVerb, outcome: BulkOutcome) => void;
  /** A batch was created: what to tell the user. */
  onBatched: (message: string) => void;
}

/** Bulk Assign: assign or reassign the selected orders to one worker, assign them to one worker as a batch picked in
 * one walk, or deassign them all. */
export function BulkAssignDialog({ orders, workers, onClose, onDone, onBatched }: BulkAssignDialogProps) {
  const assigned = orders.filter((o) => o.assigned_worker_id !== null);
  const [mode, setMode] = useState<Mode>('assign');
  const [workerId, setWorkerId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      if (mode === 'batch') {
        if (!workerId) return;
        // Totes follow the order numbers, lowest first.
        const byNumber = [...orders].sort((a, b) => a.order_number.localeCompare(b.order_number, 'en', { numeric: true }));
        const answer = await createBatch(
          byNumber.map((o) => o.id),
          Number(workerId),
        );
        onBatched(answer.message ?? `Batch ${answer.data.id} created`);
      } else if (mode === 'assign') {
        if (!workerId) return;
        const answer = await bulkAssign(
          orders.map((o) => o.id),
          Number(workerId),
        );
        onDone('assigned', {
          succeeded: answer.succeeded,
          failures: answer.results.filter((r) => !r.success).map((r) => ({ label: r.order_number ?? `#${r.order_id}`, message: r.message })),
        });
      } else {
        const outcome = await runBulk(assigned, (o) => deassignWorker(o.id), (o) => o.order_number);
        onDone('deassigned', outcome);
      }
    } catch (err) {
      setError(messageOf(err, mode === 'deassign' ? 'Failed to deassign worker' : mode === 'batch' ? 'Failed to create the batch' : 'Failed to assign worker'));
      setPending(false);
    }
  };

  const options = [
    { id: 'assign' as const, label: 'Assign/Reassign to worker' },
    ...(orders.length >= MIN_BATCH_ORDERS && orders.length <= MAX_BATCH_ORDERS
      ? [{ id: 'batch' as const, label: 'Assign as batch', description: 'One worker picks these orders in one walk, each into its own tote' }]
      : []),
    ...(assigned.length > 0 ? [{ id: 'deassign' as const, label: 'Deassign from all workers' }] : []),
  ];

  return (
    <Dialog title="Bulk Assign" isOpen onOpenChange={(open) => !open && onClose()}>
      <p>{orders.length} orders selected</p>
      {error ? <Alert>{error}</Alert> : null}
      <RadioGroup<Mode> label="Action" options={options} value={mode} onChange={setMode} />
      {mode !== 'deassign' ? (
        <WorkerPicker workers={workers} value={workerId} onChange={setWorkerId} />
      ) : (
        <Alert tone="info" title="Deassign">
          This returns the {assigned.length} assigned orders to pending status.
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={() => void submit()} isDisabled={pending || (mode !== 'deassign' && !workerId)} aria-busy={pending || undefined}>
          {mode === 'assign' ? 'Assign Orders' : mode === 'batch' ? 'Assign Batch' : 'Deassign Orders'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
