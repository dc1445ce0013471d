import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
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
  const confirm = useMutation({ mutationFn: onConfirm });
  return (
    <Dialog title={title} role="alertdialog" isOpen onOpenChange={(open) => !open && onClose()}>
      {confirm.error ? <Alert>{messageOf(confirm.error, fallbackError)}</Alert> : null}
      {children}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={tone} onPress={() => confirm.mutate()} isDisabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
