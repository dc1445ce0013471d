import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RECEIVING_LOCATION } from '@wh/contracts/platform/stock';
import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { unitCount } from '../../../lib/format.ts';
import { bulkApproveReceipts, receivingKeys, selectableLocationsQuery } from '../api/receiving-api.ts';
import { locationChoices, locationLabel } from '../direct-approval.ts';

export interface BulkApproveDialogProps {
  receipts: readonly Receipt[];
  onClose: () => void;
  onApproved: (result: BulkApproveResult) => void;
}

const RECEIVING = 'receiving';

/** Approve the selected receipts together into one location, or leave them all in the receiving area. */
export function BulkApproveDialog({ receipts, onClose, onApproved }: BulkApproveDialogProps) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string>(RECEIVING);
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locations = useQuery(selectableLocationsQuery());
  const options = locationChoices(locations.data);
  const chosen = options.find((l) => String(l.id) === choice) ?? null;
  const units = receipts.reduce((sum, r) => sum + r.quantity, 0);
  const overflow = chosen?.available_space != null && units > chosen.available_space ? units - chosen.available_space : 0;

  const approve = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await bulkApproveReceipts({
        receipt_ids: receipts.map((r) => r.id),
        ...(chosen ? { location_id: chosen.id } : {}),
        notes: notes.trim() || null,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: receivingKeys.allReceipts }),
        queryClient.invalidateQueries({ queryKey: receivingKeys.stock }),
      ]);
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
      <Select
        label="Location"
        options={[
          { id: RECEIVING, label: `${RECEIVING_LOCATION} (receiving area)` },
          ...options.map((l) => ({ id: String(l.id), label: locationLabel(l) })),
        ]}
        value={choice}
        onChange={setChoice}
        description={locations.isError ? messageOf(locations.error, 'Failed to fetch locations') : 'Every selected receipt goes here'}
      />
      {chosen && overflow > 0 ? (
        <Alert tone="warning">
          {chosen.location} has room for {unitCount(chosen.available_space ?? 0)}: these {unitCount(units)} take it {overflow} over its capacity.
        </Alert>
      ) : null}
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
