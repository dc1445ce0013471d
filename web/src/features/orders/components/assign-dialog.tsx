import { useState } from 'react';
import type { OrderSummary, UserRef } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { assignWorker } from '../api/orders-api.ts';
import { WorkerPicker } from './worker-picker.tsx';

export interface AssignDialogProps {
  order: OrderSummary;
  workers: readonly UserRef[] | undefined;
  workersError: string | null;
  onClose: () => void;
  onAssigned: () => void;
}

/** Single assign: active workers only; Assign Order is disabled until one is chosen. */
export function AssignDialog({ order, workers, workersError, onClose, onAssigned }: AssignDialogProps) {
  const [workerId, setWorkerId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!workerId) return;
    setPending(true);
    setError(null);
    try {
      await assignWorker(order.id, Number(workerId));
      onAssigned();
    } catch (err) {
      setError(messageOf(err, 'Failed to assign worker'));
      setPending(false);
    }
  };

  return (
    <Dialog title="Assign Order" isOpen onOpenChange={(open) => !open && onClose()}>
      <p>
        Assign order <strong>{order.order_number}</strong> ({order.total_items} items) to a worker.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {workersError ? <Alert>{workersError}</Alert> : null}
      <WorkerPicker workers={workers} value={workerId} onChange={setWorkerId} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={() => void submit()} isDisabled={!workerId || pending} aria-busy={pending || undefined}>
          Assign Order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
