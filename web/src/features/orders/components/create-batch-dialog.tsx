import { useState } from 'react';
import type { OrderSummary, UserRef } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { useCommand } from '../../../lib/use-command.ts';
import { createBatchCommand } from '../api/orders-api.ts';
import { batchLabel, inToteOrder } from '../order-rows.ts';
import type { Notice } from '../orders-state.ts';
import { WorkerPicker } from './assign-dialog.tsx';

export interface CreateBatchDialogProps {
  orders: readonly OrderSummary[];
  workers: readonly UserRef[] | undefined;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}

/** Create Batch: the selected orders go to one worker, picked in one walk, each into the tote listed here (the
 * numbers the pick list prints). Orders already in a batch are named, and the batch cannot be made until they leave. */
export function CreateBatchDialog({ orders, workers, onClose, onDone }: CreateBatchDialogProps) {
  const [workerId, setWorkerId] = useState<string | null>(null);
  const create = useCommand(createBatchCommand);
  const totes = inToteOrder(orders);
  const batched = totes.filter((o) => o.batch !== null);
  const submit = () => {
    if (!workerId) return;
    create.run({ orders, workerId: Number(workerId) }, { onSuccess: (text) => onDone({ text, failures: [] }) });
  };
  return (
    <Dialog title="Create Batch" isOpen onOpenChange={(open) => !open && onClose()}>
      <p>One worker picks these {orders.length} orders in one walk, each into its own tote.</p>
      {create.error ? <Alert>{create.error}</Alert> : null}
      <ol className="batch-totes-preview" aria-label="Totes">
        {totes.map((o, i) => (
          <li key={o.id}>
            <strong>Tote {i + 1}</strong> {o.order_number}
          </li>
        ))}
      </ol>
      {batched.length > 0 ? (
        <Alert tone="info" title="Already in a batch">
          {batched.map((o) => `${o.order_number} is in ${batchLabel(o)}`).join('; ')}. Deassign {batched.length === 1 ? 'it' : 'them'} first, or leave{' '}
          {batched.length === 1 ? 'it' : 'them'} out.
        </Alert>
      ) : null}
      <WorkerPicker workers={workers} value={workerId} onChange={setWorkerId} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={submit} isDisabled={create.isPending || !workerId || batched.length > 0} aria-busy={create.isPending || undefined}>
          Create Batch
        </Button>
      </DialogActions>
    </Dialog>
  );
}
