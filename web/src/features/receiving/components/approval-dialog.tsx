import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { refreshAfterReceiving } from '../api/receiving-api.ts';
import { DestinationSelect, useDestination, type Destination } from './destination-select.tsx';

export interface ApprovalDialogProps<R> {
  title: string;
  /** What is being approved, above the location choice. */
  summary: ReactNode;
  units: number;
  destinationHint?: string;
  /** Below the location choice (suggestions). */
  children?: (destination: Destination) => ReactNode;
  approveLabel: string;
  /** Sends the approval with the chosen location (none: RECEIVING) and the notes. */
  submit: (body: Destination['body'] & { notes: string | null }) => Promise<R>;
  onApproved: (result: R) => void;
  onClose: () => void;
}

/** One approval form for one receipt or many: a location (or the receiving area), notes, and the server's refusal in place. */
export function ApprovalDialog<R>({ title, summary, units, destinationHint, children, approveLabel, submit, onApproved, onClose }: ApprovalDialogProps<R>) {
  const queryClient = useQueryClient();
  const destination = useDestination();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const approve = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await submit({ ...destination.body, notes: notes.trim() || null });
      await refreshAfterReceiving(queryClient);
      onApproved(result);
    } catch (cause) {
      setError(messageOf(cause, 'Failed to approve stock'));
      setPending(false);
    }
  };

  return (
    <Dialog title={title} isOpen size="lg" onOpenChange={(open) => !open && onClose()}>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      {summary}
      <DestinationSelect destination={destination} units={units} description={destinationHint} />
      {children?.(destination)}
      <TextArea label="Notes" value={notes} onChange={setNotes} rows={2} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={() => void approve()} isDisabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Approving...' : approveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
