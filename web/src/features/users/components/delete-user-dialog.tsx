import { useState } from 'react';
import type { User } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { deleteUser } from '../api/users-api.ts';

export interface DeleteUserDialogProps {
  user: User;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: (user: User) => void;
}

export function DeleteUserDialog({ user, isOpen, onClose, onDeleted }: DeleteUserDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await deleteUser(user.id);
      onDeleted(user);
    } catch (err) {
      setError(messageOf(err, 'Failed to delete user'));
      setPending(false);
    }
  };

  return (
    <Dialog title="Delete User" role="alertdialog" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {error ? <Alert>{error}</Alert> : null}
      <p>Are you sure you want to delete this user? This action cannot be undone.</p>
      <p className="muted">
        {user.full_name || user.username} (@{user.username})
      </p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onPress={() => void confirm()} isDisabled={pending} aria-busy={pending || undefined}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
