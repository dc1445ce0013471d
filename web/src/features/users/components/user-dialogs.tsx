import type { Dispatch } from 'react';
import type { UserDialog, UsersPageAction } from '../users-page-state.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { UserDetailsDialog } from './user-details-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';

/** The users screen's one open dialog. */
export function UserDialogs({ dialog, dispatch }: { dialog: UserDialog; dispatch: Dispatch<UsersPageAction> }) {
  const close = () => dispatch({ type: 'open', dialog: null });
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'create':
      return <UserFormDialog isOpen onClose={close} onSaved={(user) => dispatch({ type: 'created', user })} />;
    case 'edit':
      return <UserFormDialog key={dialog.user.id} user={dialog.user} isOpen onClose={close} onSaved={close} />;
    case 'password':
      return <ChangePasswordDialog user={dialog.user} isOpen onClose={close} onChanged={close} />;
    case 'delete':
      return <DeleteUserDialog user={dialog.user} onClose={close} onDeleted={(user) => dispatch({ type: 'deleted', user })} />;
    case 'details':
      return <UserDetailsDialog user={dialog.user} isOpen onClose={close} />;
  }
}
