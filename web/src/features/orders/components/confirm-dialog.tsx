import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { messageOf } from '../../../lib/api-errors.ts';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Runs the action; a thrown error is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  fallbackError: string;
}

/** Cancel, deassign and bulk cancel confirmations. */
export function ConfirmDialog({ title, children, confirmLabel, tone = 'danger', onConfirm, onClose, fallbackError }: ConfirmDialogProps) {
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
          Go Back
        </Button>
        <Button variant={tone} onPress={() => void confirm()} isDisabled={pending} aria-busy={pending || undefined}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
