import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NO_STOCK_QUESTION, type PickRequest } from '../picking-state.ts';

export interface NoStockDialogProps {
  request: PickRequest;
  onClose: () => void;
  /** Records the pick; its outcome shows on the panel, as any pick's does. */
  onPick: (request: PickRequest) => void;
}

/** An item no location holds is picked without taking stock, and only the manager's alerts show it later: ask first. */
export function NoStockDialog({ request, onClose, onPick }: NoStockDialogProps) {
  return (
    <ConfirmDialog
      title="Pick Without Stock"
      confirmLabel="Pick Anyway"
      tone="primary"
      fallbackError="Failed to pick item"
      onClose={onClose}
      onConfirm={async () => {
        onClose();
        onPick(request);
      }}
    >
      <p>{NO_STOCK_QUESTION}</p>
    </ConfirmDialog>
  );
}
