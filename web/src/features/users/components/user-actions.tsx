import { ADMIN_USER_ID, type User } from '@wh/contracts/users/http';
import { Button } from '../../../components/ui/button.tsx';
import { ActionMenu } from '../../../components/ui/menu.tsx';
import type { UserAction } from './users-table.tsx';

export interface UserActionsProps {
  user: User;
  own: boolean;
  blocked: string | null;
  busy: boolean;
  onAction: (action: UserAction, user: User) => void;
}

/** A row's actions: restore a deleted user; otherwise details, edit, and a menu of the rest. */
export function UserActions({ user, own, blocked, busy, onAction }: UserActionsProps) {
  return (
    <div className="row-actions">
      {user.is_deleted ? (
        <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => onAction('restore', user)}>
          Restore
        </Button>
      ) : (
        <>
          <Button size="sm" variant="ghost" onPress={() => onAction('details', user)}>
            View details
          </Button>
          <Button size="sm" variant="ghost" onPress={() => onAction('edit', user)}>
            Edit
          </Button>
          <ActionMenu<UserAction>
            label="More"
            aria-label={`More actions for ${user.username}`}
            onAction={(action) => onAction(action, user)}
            actions={[
              ...(user.id === ADMIN_USER_ID || own
                ? []
                : [{ id: 'toggle' as const, label: user.is_active ? 'Deactivate' : 'Activate', isDisabled: busy }]),
              { id: 'password', label: 'Change password' },
              { id: 'delete', label: 'Delete', tone: 'danger', isDisabled: blocked !== null, description: blocked },
            ]}
          />
        </>
      )}
    </div>
  );
}
