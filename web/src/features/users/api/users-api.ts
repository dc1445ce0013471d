import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Role } from '@wh/contracts/auth/permissions';
import type { CreateUserBody, UpdateUserBody, User, UserDetails, UserList } from '@wh/contracts/users/http';
import { apiData } from '../../../lib/api-client.ts';
import type { LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

export type StatusFilter = 'all' | 'active' | 'inactive';

export interface UsersFilter {
  search: string;
  role: Role | 'all';
  status: StatusFilter;
  includeDeleted: boolean;
  page: number;
  limit: number;
}

export const usersKeys = {
  all: ['users'] as const,
  list: (filter: UsersFilter) => ['users', 'list', filter] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** Any change to users, or to one user, refreshes the users screen: its list, details and login activity. */
export const usersLiveKeys: LiveKeys = { users: [usersKeys.all], user: [usersKeys.all] };

export const usersListQuery = (filter: UsersFilter) =>
  queryOptions({
    queryKey: usersKeys.list(filter),
    queryFn: ({ signal }) =>
      apiData<UserList>('/users', {
        query: {
          search: filter.search.trim() || undefined,
          role: filter.role === 'all' ? undefined : filter.role,
          is_active: filter.status === 'all' ? undefined : filter.status === 'active',
          include_deleted: filter.includeDeleted || undefined,
          page: filter.page,
          limit: filter.limit,
        },
        defaultMessage: 'Failed to fetch users',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const userDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) =>
      apiData<UserDetails>(`/users/${id}`, { defaultMessage: 'Failed to load user details', signal }),
  });

export const createUser = (body: CreateUserBody) =>
  apiData<User>('/users', { method: 'POST', body, defaultMessage: 'Failed to create user' });

export const updateUser = (id: number, body: UpdateUserBody) =>
  apiData<User>(`/users/${id}`, { method: 'PUT', body, defaultMessage: 'Failed to update user' });

export const deleteUser = (id: number) =>
  apiData<unknown>(`/users/${id}`, { method: 'DELETE', defaultMessage: 'Failed to delete user' });

export const toggleUserStatus = (id: number) =>
  apiData<User>(`/users/${id}/toggle-status`, { method: 'PATCH', defaultMessage: 'Failed to toggle user status' });

export const changeUserPassword = (id: number, newPassword: string, confirmPassword: string) =>
  apiData<unknown>(`/users/${id}/change-password`, {
    method: 'PATCH',
    body: { new_password: newPassword, confirm_password: confirmPassword },
    defaultMessage: 'Failed to change password',
  });

export const restoreUser = (id: number) =>
  apiData<User>(`/users/${id}/restore`, { method: 'PATCH', defaultMessage: 'Failed to restore user' });

/** Writes a user a command answered with over its row in every cached list. */
function putUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueriesData<UserList>({ queryKey: [...usersKeys.all, 'list'] }, (old) =>
    old ? { ...old, users: old.users.map((u) => (u.id === user.id ? user : u)) } : old,
  );
}

const showsDeleted = (key: readonly unknown[]): boolean => {
  const filter = key[2];
  return typeof filter === 'object' && filter !== null && 'includeDeleted' in filter && filter.includeDeleted === true;
};

const USERS = [usersKeys.all];

export const createUserCommand: CommandSpec<CreateUserBody, User> = {
  send: createUser,
  invalidates: USERS,
  fallbackError: 'Failed to create user',
};

export const updateUserCommand: CommandSpec<{ id: number; body: UpdateUserBody }, User> = {
  send: ({ id, body }) => updateUser(id, body),
  apply: putUser,
  invalidates: USERS,
  fallbackError: 'Failed to update user',
};

export const deleteUserCommand: CommandSpec<number, unknown> = {
  send: deleteUser,
  // The user leaves every list that hides deleted users at once; the refetch confirms it.
  apply: (queryClient, _answer, id) =>
    queryClient.setQueriesData<UserList>(
      { queryKey: [...usersKeys.all, 'list'], predicate: (query) => !showsDeleted(query.queryKey) },
      (old) => (old ? { ...old, users: old.users.filter((u) => u.id !== id) } : old),
    ),
  invalidates: USERS,
  fallbackError: 'Failed to delete user',
};

export const toggleUserStatusCommand: CommandSpec<number, User> = {
  send: toggleUserStatus,
  apply: putUser,
  invalidates: USERS,
  fallbackError: 'Failed to toggle user status',
};

export const restoreUserCommand: CommandSpec<number, User> = {
  send: restoreUser,
  apply: putUser,
  invalidates: USERS,
  fallbackError: 'Failed to restore user',
};

export const changeUserPasswordCommand: CommandSpec<{ id: number; newPassword: string; confirmPassword: string }, unknown> = {
  send: ({ id, newPassword, confirmPassword }) => changeUserPassword(id, newPassword, confirmPassword),
  fallbackError: 'Failed to change password',
};
