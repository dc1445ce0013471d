import type { OrderSummary, UserRef } from '@wh/contracts/orders/http';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useCommand, type Command } from '../../../lib/use-command.ts';
import { bulkCancelCommand, cancelCommand, deassignCommand, type OrderAnswer } from '../api/orders-api.ts';
import { bulkSummary } from '../bulk.ts';
import type { Notice, OpenDialog } from '../orders-state.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { batchLabel } from '../order-rows.ts';
import { BulkAssignDialog } from './bulk-assign-dialog.tsx';
import { CreateBatchDialog } from './create-batch-dialog.tsx';
import { OrderDetailsDialog } from './order-details-dialog.tsx';

export interface OrderDialogsProps {
  dialog: OpenDialog;
  workers: readonly UserRef[] | undefined;
  workersError: string | null;
  /** Cancelling one order: the page shows its row busy meanwhile. */
  cancel: Command<number, OrderAnswer>;
  onClose: () => void;
  /** An action on the list is done: what to tell the user. */
  onDone: (notice: Notice) => void;
}

/** The dialog open over the orders list, if any. */
export function OrderDialogs({ dialog, workers, workersError, cancel, onClose, onDone }: OrderDialogsProps) {
  switch (dialog?.kind) {
    case undefined:
      return null;
    case 'details':
      return <OrderDetailsDialog order={dialog.order} onClose={onClose} />;
    case 'assign':
      return <AssignDialog order={dialog.order} workers={workers} workersError={workersError} onClose={onClose} onDone={onDone} />;
    case 'cancel':
      return (
        <ConfirmDialog
          title="Cancel Order"
          confirmLabel="Cancel Order"
          fallbackError={cancelCommand.fallbackError}
          onClose={onClose}
          onConfirm={() => cancel.runAsync(dialog.order.id).then(onClose)}
        >
          <p>
            Cancel order <strong>{dialog.order.order_number}</strong>? This action cannot be undone.
            {dialog.order.batch ? ` It leaves ${batchLabel(dialog.order)}.` : ''}
          </p>
        </ConfirmDialog>
      );
    case 'deassign':
      return <DeassignDialog order={dialog.order} onClose={onClose} onDone={onDone} />;
    case 'bulk-assign':
      return <BulkAssignDialog orders={dialog.orders} workers={workers} onClose={onClose} onDone={onDone} />;
    case 'create-batch':
      return <CreateBatchDialog orders={dialog.orders} workers={workers} onClose={onClose} onDone={onDone} />;
    case 'bulk-cancel':
      return <BulkCancelDialog orders={dialog.orders} onClose={onClose} onDone={onDone} />;
    default: {
      const exhaustive: never = dialog;
      return exhaustive;
    }
  }
}

function DeassignDialog({ order, onClose, onDone }: { order: OrderSummary; onClose: () => void; onDone: (notice: Notice) => void }) {
  const deassign = useCommand(deassignCommand);
  return (
    <ConfirmDialog
      title="Deassign Worker"
      confirmLabel="Deassign"
      tone="primary"
      fallbackError={deassignCommand.fallbackError}
      onClose={onClose}
      onConfirm={async () => onDone({ text: (await deassign.runAsync(order.id)).message, failures: [] })}
    >
      <p>
        Remove <strong>{order.assigned_worker_name ?? 'the worker'}</strong> from order <strong>{order.order_number}</strong>? The order returns to
        pending status.
      </p>
      {order.batch ? (
        <p>
          It leaves <strong>{batchLabel(order)}</strong>: tote {order.batch.tote} stays empty, and the other totes keep their numbers.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

function BulkCancelDialog({ orders, onClose, onDone }: { orders: OrderSummary[]; onClose: () => void; onDone: (notice: Notice) => void }) {
  const cancelAll = useCommand(bulkCancelCommand);
  return (
    <ConfirmDialog
      title="Cancel Orders"
      confirmLabel={`Cancel ${orders.length} Orders`}
      fallbackError={bulkCancelCommand.fallbackError}
      onClose={onClose}
      onConfirm={async () => {
        const outcome = await cancelAll.runAsync(orders);
        onDone({ text: bulkSummary('cancelled', outcome), failures: outcome.failures });
      }}
    >
      <p>Cancel {orders.length} selected orders? This action cannot be undone.</p>
    </ConfirmDialog>
  );
}
