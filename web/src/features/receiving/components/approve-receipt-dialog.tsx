import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RECEIVING_LOCATION, type OverCapacity } from '@wh/contracts/platform/stock';
import type { Receipt } from '@wh/contracts/receiving/http';
import { SuggestionList } from '../../../components/location-suggestion-panel.tsx';
import { suggestLocations } from '../../../components/location-suggestion.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { unitCount } from '../../../lib/format.ts';
import { approveReceipt, receivingKeys, refreshAfterReceiving } from '../api/receiving-api.ts';
import { DestinationSelect, useDestination } from './destination-select.tsx';

export interface ApproveReceiptDialogProps {
  receipt: Receipt;
  onClose: () => void;
  onApproved: (message: string, overCapacity: readonly OverCapacity[]) => void;
}

/** Approve a receipt into a chosen location (suggestions shown), or leave it in the receiving area. */
export function ApproveReceiptDialog({ receipt, onClose, onApproved }: ApproveReceiptDialogProps) {
  const queryClient = useQueryClient();
  const destination = useDestination();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const suggestions = useQuery({
    queryKey: receivingKeys.suggestions(receipt),
    queryFn: () =>
      suggestLocations({ style_code: receipt.style_code, quantity: receipt.quantity, size: receipt.size, color: receipt.color }),
  });

  const approve = async () => {
    setPending(true);
    setError(null);
    try {
      const approved = await approveReceipt(receipt.id, { ...destination.body, notes: notes.trim() || null });
      const where = approved.location ?? RECEIVING_LOCATION;
      await refreshAfterReceiving(queryClient);
      onApproved(`Approved ${receipt.quantity} × ${receipt.sku} into ${where}`, approved.over_capacity);
    } catch (cause) {
      setError(messageOf(cause, 'Failed to approve stock'));
      setPending(false);
    }
  };

  return (
    <Dialog title="Approve Stock" isOpen size="lg" onOpenChange={(open) => !open && onClose()}>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      <p>
        <strong>{receipt.sku}</strong> · {unitCount(receipt.quantity)}
        {receipt.gatepass_number ? ` · Gatepass ${receipt.gatepass_number}` : ''}
      </p>
      {receipt.style_known ? null : (
        <Alert tone="info">This style is not in the catalogue yet; approving creates it.</Alert>
      )}
      <DestinationSelect destination={destination} units={receipt.quantity} />
      <div>
        <h3 className="section-title">Suggested locations</h3>
        {suggestions.isPending ? (
          <p className="muted small" role="status">
            Finding locations...
          </p>
        ) : suggestions.isError ? (
          <Alert title="Error">{messageOf(suggestions.error, 'Failed to get location suggestions')}</Alert>
        ) : (
          <SuggestionList
            suggestions={suggestions.data.suggested_locations}
            pickedId={destination.chosen?.id ?? null}
            onPick={(s) => destination.setChoice(String(s.location_id))}
          />
        )}
      </div>
      <TextArea label="Notes" value={notes} onChange={setNotes} rows={2} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={() => void approve()} isDisabled={pending} aria-busy={pending || undefined}>
          Approve
        </Button>
      </DialogActions>
    </Dialog>
  );
}
