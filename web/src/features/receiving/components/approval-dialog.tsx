import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import type { Command } from '../../../lib/use-command.ts';
import { DestinationSelect, useDestination, type Destination } from './destination-select.tsx';

/** What an approval sends: the chosen location (none: RECEIVING) and the notes. */
export type ApprovalBody = Destination['body'] & { notes: string | null };

export interface ApprovalDialogProps<R> {
  title: string;
  /** What is being approved, above the location choice. */
  summary: ReactNode;
  units: number;
  destinationHint?: string;
  /** Below the location choice (suggestions). */
  children?: (destination: Destination) => ReactNode;
  approveLabel: string;
  /** The approval, sent with the chosen location (none: RECEIVING) and the notes. */
  command: Command<ApprovalBody, R>;
  onApproved: (result: R) => void;
  onClose: () => void;
}

/** One approval form for one receipt or many: a location (or the receiving area), notes, and the server's refusal in place. */
export function ApprovalDialog<R>({ title, summary, units, destinationHint, children, approveLabel, command, onApproved, onClose }: ApprovalDialogProps<R>) {
  const destination = useDestination();
  const [notes, setNotes] = useState('');
  const approve = () => command.run({ ...destination.body, notes: notes.trim() || null }, { onSuccess: onApproved });

  return (
    <Dialog title={title} isOpen size="lg" onOpenChange={(open) => !open && onClose()}>
      {command.error ? <Alert onDismiss={command.reset}>{command.error}</Alert> : null}
      {summary}
      <DestinationSelect destination={destination} units={units} description={destinationHint} />
      {children?.(destination)}
      <TextArea label="Notes" value={notes} onChange={setNotes} rows={2} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={approve} isDisabled={command.isPending} aria-busy={command.isPending || undefined}>
          {command.isPending ? 'Approving...' : approveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
