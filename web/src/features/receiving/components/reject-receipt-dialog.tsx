import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rejectReceiptBodySchema, type Receipt } from '@wh/contracts/receiving/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { receivingKeys, rejectReceipt } from '../api/receiving-api.ts';

export interface RejectReceiptDialogProps {
  receipt: Receipt;
  onClose: () => void;
  onRejected: (message: string) => void;
}

export function RejectReceiptDialog({ receipt, onClose, onRejected }: RejectReceiptDialogProps) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reject = async () => {
    const parsed = rejectReceiptBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await rejectReceipt(receipt.id, parsed.data);
      await queryClient.invalidateQueries({ queryKey: receivingKeys.allReceipts });
      onRejected(`Rejected ${receipt.quantity} × ${receipt.sku}`);
    } catch (cause) {
      setError(messageOf(cause, 'Failed to reject stock'));
      setPending(false);
    }
  };

  return (
    <Dialog title="Reject Stock" role="alertdialog" isOpen onOpenChange={(open) => !open && onClose()}>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
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
        <Button variant="danger" onPress={() => void reject()} isDisabled={pending} aria-busy={pending || undefined}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
