import { ROLE_LABELS } from '@wh/contracts/auth/permissions';
import { ADMIN_USER_ID, type User } from '@wh/contracts/users/http';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { formatLastLogin, initialsOf } from '../relative-time.ts';
import { UserActions } from './user-actions.tsx';

export type UserAction = 'details' | 'edit' | 'toggle' | 'password' | 'delete' | 'restore';

export interface UsersTableProps {
  users: readonly User[];
  currentUserId: number;
  now: Date;
  busyUserId: number | null;
  onAction: (action: UserAction, user: User) => void;
}

/** Why the delete action is unavailable for a user, or null when it is available. */
export function deleteBlockedReason(user: User, currentUserId: number): string | null {
  if (user.id === currentUserId) return 'Cannot delete your own account';
  if (user.id === ADMIN_USER_ID) return 'Cannot delete this user';
  return null;
}

const created = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function UsersTable({ users, currentUserId, now, busyUserId, onAction }: UsersTableProps) {
  return (
    <Table aria-label="Users" stackOnMobile>
      <TableHeader>
        <Column isRowHeader>User</Column>
        <Column>Role</Column>
        <Column>Status</Column>
        <Column>Created</Column>
        <Column>Last Login</Column>
        <Column>Actions</Column>
      </TableHeader>
      <TableBody renderEmptyState={() => <p className="table-empty">No users found</p>}>
        {users.map((user) => {
          const own = user.id === currentUserId;
          const lastLogin = formatLastLogin(user.last_login_at, now);
          const blocked = deleteBlockedReason(user, currentUserId);
          const busy = busyUserId === user.id;
          return (
            <Row key={user.id} id={user.id} className={user.is_deleted ? 'row-deleted' : ''}>
              <Cell label="User">
                <UserCell user={user} own={own} />
              </Cell>
              <Cell label="Role">
                <span className="role-badge" data-role={user.role}>
                  {ROLE_LABELS[user.role]}
                </span>
              </Cell>
              <Cell label="Status">
                {user.is_deleted ? (
                  <span className="status-badge status-deleted">Deleted</span>
                ) : user.is_active ? (
                  <span className="status-badge status-active">Active</span>
                ) : (
                  <span className="status-badge status-inactive">Inactive</span>
                )}
              </Cell>
              <Cell label="Created">{created(user.created_at)}</Cell>
              <Cell label="Last Login">
                <span className="last-login">
                  <span>{lastLogin.primary}</span>
                  {lastLogin.secondary ? <span className="muted small">{lastLogin.secondary}</span> : null}
                </span>
              </Cell>
              <Cell label="Actions">
                <UserActions user={user} own={own} blocked={blocked} busy={busy} onAction={onAction} />
              </Cell>
            </Row>
          );
        })}
      </TableBody>
    </Table>
  );
}

function UserCell({ user, own }: { user: User; own: boolean }) {
  return (
    <div className="user-cell">
      <span className="avatar" aria-hidden="true">
        {initialsOf(user.full_name, user.username)}
      </span>
      <div className="user-cell-text">
        <span className="user-name">
          {user.full_name || user.username}
          {own ? <span className="you-marker"> (You)</span> : null}
        </span>
        {user.email ? <span className="user-email">{user.email}</span> : null}
        <span className="user-username">@{user.username}</span>
      </div>
    </div>
  );
}
