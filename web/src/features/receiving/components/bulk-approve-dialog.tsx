import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { unitCount } from '../../../lib/format.ts';
import { bulkApproveReceipts, refreshAfterReceiving } from '../api/receiving-api.ts';
import { DestinationSelect, useDestination } from './destination-select.tsx';

export interface BulkApproveDialogProps {
  receipts: readonly Receipt[];
  onClose: () => void;
  onApproved: (result: BulkApproveResult) => void;
}

/** Approve the selected receipts together into one location, or leave them all in the receiving area. */
export function BulkApproveDialog({ receipts, onClose, onApproved }: BulkApproveDialogProps) {
  const queryClient = useQueryClient();
  const destination = useDestination();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const units = receipts.reduce((sum, r) => sum + r.quantity, 0);

  const approve = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await bulkApproveReceipts({ receipt_ids: receipts.map((r) => r.id), ...destination.body, notes: notes.trim() || null });
      await refreshAfterReceiving(queryClient);
      onApproved(result);
    } catch (cause) {
      setError(messageOf(cause, 'Failed to approve stock'));
      setPending(false);
    }
  };

  return (
    <Dialog title="Approve Selected Stock" isOpen size="lg" onOpenChange={(open) => !open && onClose()}>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      <p>
        {receipts.length} {receipts.length === 1 ? 'receipt' : 'receipts'} · {unitCount(units)}
      </p>
      <ul className="bulk-approve-skus small muted" aria-label="Selected receipts">
        {receipts.map((r) => (
          <li key={r.id}>
            {r.sku} · {unitCount(r.quantity)}
          </li>
        ))}
      </ul>
      <DestinationSelect destination={destination} units={units} description="Every selected receipt goes here" />
      <TextArea label="Notes" value={notes} onChange={setNotes} rows={2} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={() => void approve()} isDisabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Approving...' : `Approve ${receipts.length} ${receipts.length === 1 ? 'receipt' : 'receipts'}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
