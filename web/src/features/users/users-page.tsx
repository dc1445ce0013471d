import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, ROLES, type Role } from '@wh/contracts/auth/permissions';
import type { User } from '@wh/contracts/users/http';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchFilter } from '../../components/search-filter.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Select } from '../../components/ui/select.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { signedInUserAtom } from '../../lib/session.ts';
import { restoreUser, toggleUserStatus, usersKeys, usersListQuery, type StatusFilter, type UsersFilter } from './api/users-api.ts';
import { ChangePasswordDialog } from './components/change-password-dialog.tsx';
import { DeleteUserDialog } from './components/delete-user-dialog.tsx';
import { LoginActivityPanel } from './components/login-activity-panel.tsx';
import { UserDetailsDialog } from './components/user-details-dialog.tsx';
import { UserFormDialog } from './components/user-form-dialog.tsx';
import { UsersTable, type UserAction } from './components/users-table.tsx';
import { useNow, usePageError } from '../../lib/timers.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';

const INITIAL_FILTER: UsersFilter = { search: '', role: 'all', status: 'all', includeDeleted: false, page: 1, limit: 10 };
const ROLE_FILTER_OPTIONS = [{ id: 'all' as const, label: 'All Roles' }, ...ROLES.map((r) => ({ id: r, label: ROLE_LABELS[r] }))];
const STATUS_OPTIONS = [
  { id: 'all' as const, label: 'All' },
  { id: 'active' as const, label: 'Active' },
  { id: 'inactive' as const, label: 'Inactive' },
];
const CLOCK_MS = 60_000;
const PAGE_ERROR_MS = 5_000;

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'password' | 'delete' | 'details'; user: User }
  | null;

const filterKey = (f: UsersFilter) => JSON.stringify(f);

export function UsersPage() {
  const me = useAtomValue(signedInUserAtom);
  const queryClient = useQueryClient();
  const now = useNow(CLOCK_MS);
  const [filter, setFilter] = useState<UsersFilter>(INITIAL_FILTER);
  const [searchDraft, setSearchDraft] = useState('');
  const [pageError, setPageError] = usePageError(PAGE_ERROR_MS);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  // After create the new user is placed at the top of the list it was created from.
  const [pinned, setPinned] = useState<{ user: User; key: string } | null>(null);

  const list = useScreenQuery(usersListQuery(filter));

  const update = (patch: Partial<UsersFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));
  const reset = () => {
    setSearchDraft('');
    setFilter(INITIAL_FILTER);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });

  const runRowCommand = async (user: User, command: (id: number) => Promise<unknown>, fallback: string) => {
    setBusyUserId(user.id);
    try {
      await command(user.id);
      await refresh();
    } catch (error) {
      setPageError(messageOf(error, fallback));
    } finally {
      setBusyUserId(null);
    }
  };

  const onAction = (action: UserAction, user: User) => {
    setPageError(null);
    switch (action) {
      case 'toggle':
        void runRowCommand(user, toggleUserStatus, 'Failed to toggle user status');
        break;
      case 'restore':
        void runRowCommand(user, restoreUser, 'Failed to restore user');
        break;
      default:
        setDialog({ kind: action, user });
    }
  };

  const users = list.data?.users ?? [];
  const pin = pinned && pinned.key === filterKey(filter) ? pinned.user : null;
  const shown = pin ? [users.find((u) => u.id === pin.id) ?? pin, ...users.filter((u) => u.id !== pin.id)] : users;
  const pagination = list.data?.pagination;
  const total = pagination?.total_records ?? 0;

  if (!me) return null;

  return (
    <section className="page">
      <PageHeader
        title="User Management"
        subtitle="Create and manage staff accounts, roles and access"
        actions={<Button onPress={() => setDialog({ kind: 'create' })}>Add User</Button>}
      />

      {pageError ? (
        <Alert onDismiss={() => setPageError(null)}>{pageError}</Alert>
      ) : null}

      <LoginActivityPanel now={now} />

      <SearchFilter
        label="Filter users"
        className="filter-bar card"
        placeholder="Search by name, email or username"
        value={searchDraft}
        onChange={setSearchDraft}
        onSearch={(search) => update({ search })}
        submitLabel="Filter"
        onReset={reset}
        footer={
          <Checkbox isSelected={filter.includeDeleted} onChange={(includeDeleted) => update({ includeDeleted })}>
            Show deleted users
          </Checkbox>
        }
      >
        <Select<Role | 'all'>
          label="Role"
          options={ROLE_FILTER_OPTIONS}
          value={filter.role}
          onChange={(role) => update({ role })}
        />
        <Select<StatusFilter>
          label="Status"
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(status) => update({ status })}
        />
      </SearchFilter>

      <div className="list-meta">
        <p aria-live="polite">
          Showing {shown.length} of {total} users
        </p>
        {list.isFetching ? (
          <span className="muted small" role="status">
            Updating...
          </span>
        ) : null}
      </div>

      {list.isError ? (
        <Alert title="Error">
          {messageOf(list.error, 'Failed to fetch users')}{' '}
          <Button size="sm" variant="secondary" onPress={() => void list.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : null}

      {list.isPending ? (
        <p className="muted" role="status">
          Loading users...
        </p>
      ) : (
        <UsersTable users={shown} currentUserId={me.id} now={now} busyUserId={busyUserId} onAction={onAction} />
      )}

      {pagination ? (
        <Pagination
          page={pagination.current_page}
          totalPages={pagination.total_pages}
          onPageChange={(page) => setFilter((f) => ({ ...f, page }))}
          label="Users pages"
        />
      ) : null}

      {dialog?.kind === 'create' ? (
        <UserFormDialog
          isOpen
          onClose={() => setDialog(null)}
          onSaved={(user) => {
            setDialog(null);
            setPinned({ user, key: filterKey({ ...filter, page: 1 }) });
            setFilter((f) => ({ ...f, page: 1 }));
            void refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <UserFormDialog
          key={dialog.user.id}
          user={dialog.user}
          isOpen
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'password' ? (
        <ChangePasswordDialog user={dialog.user} isOpen onClose={() => setDialog(null)} onChanged={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDeleted={(deleted) => {
            setDialog(null);
            if (pinned?.user.id === deleted.id) setPinned(null);
            // After delete the user leaves the list at once; the refetch confirms it.
            queryClient.setQueriesData<{ users: User[]; pagination: unknown }>({ queryKey: ['users', 'list'] }, (old) =>
              old && !filter.includeDeleted ? { ...old, users: old.users.filter((u) => u.id !== deleted.id) } : old,
            );
            void refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'details' ? (
        <UserDetailsDialog user={dialog.user} isOpen onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
