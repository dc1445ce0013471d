import { useState } from 'react';
import type { OrderSummary, UserRef } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useCommand } from '../../../lib/use-command.ts';
import { assignCommand } from '../api/orders-api.ts';
import { workerName } from '../order-filters.ts';
import { noStockLabel } from '../order-rows.ts';
import type { Notice } from '../orders-state.ts';

export interface AssignDialogProps {
  order: OrderSummary;
  workers: readonly UserRef[] | undefined;
  workersError: string | null;
  onClose: () => void;
  /** Assigned with items no location holds: the answer, which names them, is told. */
  onDone: (notice: Notice) => void;
}

/** Single assign: active workers only; Assign Order is disabled until one is chosen, and while it is sent. An order
 * with items no location holds says so first, and its answer names them. */
export function AssignDialog({ order, workers, workersError, onClose, onDone }: AssignDialogProps) {
  const [workerId, setWorkerId] = useState<string | null>(null);
  const assign = useCommand(assignCommand);
  // Pending until the dialog closes: the answer is in, and the button stays disabled until then.
  const busy = assign.isPending || assign.answer !== undefined;
  return (
    <Dialog title="Assign Order" isOpen onOpenChange={(open) => !open && onClose()}>
      <p>
        Assign order <strong>{order.order_number}</strong> ({order.total_items} items) to a worker.
      </p>
      {order.no_stock_items > 0 ? (
        <Alert tone="info" title="No stock anywhere">
          {order.order_number} has {noStockLabel(order.no_stock_items)}: no location holds them, so it cannot be picked in full until stock arrives.
        </Alert>
      ) : null}
      {assign.error ? <Alert>{assign.error}</Alert> : null}
      {workersError ? <Alert>{workersError}</Alert> : null}
      <WorkerPicker workers={workers} value={workerId} onChange={setWorkerId} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button
          onPress={() =>
            workerId &&
            assign.run(
              { orderId: order.id, workerId: Number(workerId) },
              { onSuccess: ({ order: answered, message }) => (answered.no_stock_items > 0 ? onDone({ text: message, failures: [] }) : onClose()) },
            )
          }
          isDisabled={!workerId || busy}
          aria-busy={busy || undefined}
        >
          Assign Order
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface WorkerPickerProps {
  workers: readonly UserRef[] | undefined;
  value: string | null;
  onChange: (id: string) => void;
}

/** The active workers to assign to, or why there are none (this dialog's and the bulk dialog's). */
export function WorkerPicker({ workers, value, onChange }: WorkerPickerProps) {
  if (workers === undefined) {
    return (
      <p className="muted" role="status">
        Loading workers...
      </p>
    );
  }
  if (workers.length === 0) return <p className="muted">No available workers found</p>;
  return (
    <Select
      label="Worker"
      placeholder="Select a worker"
      options={workers.map((w) => ({ id: String(w.id), label: workerName(w) }))}
      value={value}
      onChange={onChange}
    />
  );
}
