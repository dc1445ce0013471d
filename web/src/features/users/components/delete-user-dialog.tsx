import type { User } from '@wh/contracts/users/http';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useCommand } from '../../../lib/use-command.ts';
import { deleteUserCommand } from '../api/users-api.ts';

export interface DeleteUserDialogProps {
  user: User;
  onClose: () => void;
  onDeleted: (user: User) => void;
}

export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const remove = useCommand(deleteUserCommand);
  return (
    <ConfirmDialog
      title="Delete User"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      fallbackError="Failed to delete user"
      onConfirm={async () => {
        await remove.runAsync(user.id);
        onDeleted(user);
      }}
      onClose={onClose}
    >
      <p>Are you sure you want to delete this user? This action cannot be undone.</p>
      <p className="muted">
        {user.full_name || user.username} (@{user.username})
      </p>
    </ConfirmDialog>
  );
}
