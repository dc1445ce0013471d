import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messageOf } from '../lib/api-errors.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Dialog, DialogActions } from './ui/dialog.tsx';
import { TextField } from './ui/text-field.tsx';

export interface UndoPickDialogProps {
  /** The line's SKU, and whether it was picked or recorded short. */
  sku: string;
  kind: 'picked' | 'short';
  /** Sends the undo with the reason; a failure is shown in the dialog, which stays open. */
  onUndo: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Undo a pick or a short, saying why (the picking screen's own order, the verifier's bench for a manager): the units
 * go back where they were taken from, and the line is to pick again.
 */
export function UndoPickDialog({ sku, kind, onUndo, onClose }: UndoPickDialogProps) {
  const [reason, setReason] = useState('');
  const action = useMutation({ mutationFn: () => onUndo(reason.trim()), onSuccess: onClose });
  const missing = reason.trim() === '';
  return (
    <Dialog title={kind === 'short' ? 'Undo Short' : 'Undo Pick'} isOpen onOpenChange={(open) => !open && onClose()}>
      {action.error ? <Alert>{messageOf(action.error, 'Failed to undo the pick')}</Alert> : null}
      <p>
        {kind === 'short' ? `${sku} is to pick again.` : `${sku} goes back to where it was taken from, and is to pick again.`}
      </p>
      <TextField label="Why?" isRequired value={reason} onChange={setReason} placeholder="Wrong size picked" />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Go Back
        </Button>
        <Button onPress={() => action.mutate()} isDisabled={missing || action.isPending}>
          {action.isPending ? 'Undoing...' : kind === 'short' ? 'Undo Short' : 'Undo Pick'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
