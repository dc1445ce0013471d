import { useState } from 'react';
import type { OrderSummary, UserRef } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { useCommand } from '../../../lib/use-command.ts';
import { bulkAssignCommand, bulkDeassignCommand } from '../api/orders-api.ts';
import { bulkSummary } from '../bulk.ts';
import type { Notice } from '../orders-state.ts';
import { WorkerPicker } from './assign-dialog.tsx';

type Mode = 'assign' | 'deassign';

const SUBMIT_LABELS: Record<Mode, string> = { assign: 'Assign Orders', deassign: 'Deassign Orders' };

export interface BulkAssignDialogProps {
  orders: readonly OrderSummary[];
  workers: readonly UserRef[] | undefined;
  onClose: () => void;
  /** The action is done: what to tell the user. */
  onDone: (notice: Notice) => void;
}

/** Bulk Assign: assign or reassign the selected orders to one worker, or deassign them all (a batch is Create Batch). */
export function BulkAssignDialog({ orders, workers, onClose, onDone }: BulkAssignDialogProps) {
  const assigned = orders.filter((o) => o.assigned_worker_id !== null);
  const [mode, setMode] = useState<Mode>('assign');
  const [workerId, setWorkerId] = useState<string | null>(null);
  const assign = useCommand(bulkAssignCommand);
  const deassign = useCommand(bulkDeassignCommand);
  const all = [assign, deassign];
  const leaving = assigned.filter((o) => o.batch !== null).length;
  const pending = all.some((c) => c.isPending);
  const error = all.find((c) => c.error !== null)?.error ?? null;

  const submit = () => {
    all.forEach((c) => c.reset());
    if (mode === 'deassign') {
      deassign.run(assigned, { onSuccess: (outcome) => onDone({ text: bulkSummary('deassigned', outcome), failures: outcome.failures }) });
      return;
    }
    if (!workerId) return;
    assign.run(
      { orders, workerId: Number(workerId) },
      { onSuccess: (outcome) => onDone({ text: bulkSummary('assigned', outcome), failures: outcome.failures, noStock: outcome.noStock ?? [] }) },
    );
  };

  const options = [
    { id: 'assign' as const, label: 'Assign/Reassign to worker' },
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
          {leaving > 0 ? ` ${leaving} of them leave their batches: their totes stay empty and the other totes keep their numbers.` : ''}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={submit} isDisabled={pending || (mode !== 'deassign' && !workerId)} aria-busy={pending || undefined}>
          {SUBMIT_LABELS[mode]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
