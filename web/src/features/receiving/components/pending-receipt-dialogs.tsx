import type { OverCapacity } from '@wh/contracts/platform/stock';
import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { ApproveReceiptDialog } from './approve-receipt-dialog.tsx';
import { BulkApproveDialog } from './bulk-approve-dialog.tsx';
import { RejectReceiptDialog } from './reject-receipt-dialog.tsx';

export type OpenReceiptDialog = { kind: 'approve' | 'reject'; receipt: Receipt } | { kind: 'bulk'; receipts: Receipt[] } | null;

export interface ReceiptDialogsProps {
  open: OpenReceiptDialog;
  onClose: () => void;
  onDecided: (message: string, overCapacity?: readonly OverCapacity[]) => void;
  onBulkApproved: (result: BulkApproveResult, sent: Receipt[]) => void;
}

/** The pending receipts' one open dialog: approve one, reject one, or approve the selection. */
export function ReceiptDialogs({ open, onClose, onDecided, onBulkApproved }: ReceiptDialogsProps) {
  return (
    <>
      {open?.kind === 'approve' ? (
        <ApproveReceiptDialog
          receipt={open.receipt}
          onClose={onClose}
          onApproved={(message, overCapacity) => {
            onClose();
            onDecided(message, overCapacity);
          }}
        />
      ) : null}
      {open?.kind === 'reject' ? (
        <RejectReceiptDialog
          receipt={open.receipt}
          onClose={onClose}
          onRejected={(message) => {
            onClose();
            onDecided(message);
          }}
        />
      ) : null}
      {open?.kind === 'bulk' ? (
        <BulkApproveDialog
          receipts={open.receipts}
          onClose={onClose}
          onApproved={(result) => onBulkApproved(result, open.receipts)}
        />
      ) : null}
    </>
  );
}
