import type { UseQueryResult } from '@tanstack/react-query';
import type { User, UserList } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { UsersTable, type UserAction } from './users-table.tsx';

export interface UsersListProps {
  list: UseQueryResult<UserList>;
  shown: readonly User[];
  currentUserId: number;
  now: Date;
  busyUserId: number | null;
  onAction: (action: UserAction, user: User) => void;
  onPageChange: (page: number) => void;
}

/** The users list: its count, its failure with a retry, the table and its pages. */
export function UsersList({ list, shown, currentUserId, now, busyUserId, onAction, onPageChange }: UsersListProps) {
  const pagination = list.data?.pagination;
  return (
    <>
      <div className="list-meta">
        <p aria-live="polite">
          Showing {shown.length} of {pagination?.total_records ?? 0} users
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
        <UsersTable users={shown} currentUserId={currentUserId} now={now} busyUserId={busyUserId} onAction={onAction} />
      )}

      {pagination ? (
        <Pagination page={pagination.current_page} totalPages={pagination.total_pages} onPageChange={onPageChange} label="Users pages" />
      ) : null}
    </>
  );
}
