import { useState } from 'react';
import { rejectReceiptBodySchema, type Receipt } from '@wh/contracts/receiving/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { useCommand } from '../../../lib/use-command.ts';
import { rejectReceiptCommand } from '../api/receiving-commands.ts';

export interface RejectReceiptDialogProps {
  receipt: Receipt;
  onClose: () => void;
  onRejected: (message: string) => void;
}

export function RejectReceiptDialog({ receipt, onClose, onRejected }: RejectReceiptDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const command = useCommand(rejectReceiptCommand(receipt.id));

  const reject = () => {
    const parsed = rejectReceiptBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    command.run(parsed.data, { onSuccess: () => onRejected(`Rejected ${receipt.quantity} × ${receipt.sku}`) });
  };

  return (
    <Dialog title="Reject Stock" role="alertdialog" isOpen onOpenChange={(open) => !open && onClose()}>
      {command.error ? <Alert onDismiss={command.reset}>{command.error}</Alert> : null}
      <p>
        Reject <strong>{receipt.quantity} × {receipt.sku}</strong>? The stock is not added.
      </p>
      <TextArea
        label="Reason"
        isRequired
        value={reason}
        onChange={(v) => {
          setReason(v);
          setReasonError(undefined);
        }}
        errorMessage={reasonError}
        rows={2}
      />
      <DialogActions>
        <Button variant="secondary" onPress={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onPress={reject} isDisabled={command.isPending} aria-busy={command.isPending || undefined}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
