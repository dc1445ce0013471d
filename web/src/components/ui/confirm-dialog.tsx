import { useState, type ReactNode } from 'react';
import { messageOf } from '../../lib/api-errors.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The way out without acting (default 'Go Back'). */
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /** Runs the action; a thrown error is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  fallbackError: string;
}

/** A question before an action (cancel an order, pick an item with no stock): Go Back, or the action. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Go Back', tone = 'danger', onConfirm, onClose, fallbackError }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(messageOf(err, fallbackError));
      setPending(false);
    }
  };
  return (
    <Dialog title={title} role="alertdialog" isOpen onOpenChange={(open) => !open && onClose()}>
      {error ? <Alert>{error}</Alert> : null}
      {children}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={tone} onPress={() => void confirm()} isDisabled={pending} aria-busy={pending || undefined}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
