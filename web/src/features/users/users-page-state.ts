import type { User } from '@wh/contracts/users/http';
import type { UsersFilter } from './api/users-api.ts';

export type UserDialog = { kind: 'create' } | { kind: 'edit' | 'password' | 'delete' | 'details'; user: User } | null;

export interface UsersPageState {
  filter: UsersFilter;
  /** The search box's text, applied to the filter on submit. */
  searchDraft: string;
  dialog: UserDialog;
  /** After create the new user is placed at the top of the list it was created from. */
  pinned: { user: User; key: string } | null;
}

export type UsersPageAction =
  | { type: 'filter'; patch: Partial<UsersFilter> }
  | { type: 'page'; page: number }
  | { type: 'draft'; text: string }
  | { type: 'reset' }
  | { type: 'open'; dialog: UserDialog }
  | { type: 'created'; user: User }
  | { type: 'deleted'; user: User };

export const INITIAL_FILTER: UsersFilter = { search: '', role: 'all', status: 'all', includeDeleted: false, page: 1, limit: 10 };
export const INITIAL_USERS_PAGE: UsersPageState = { filter: INITIAL_FILTER, searchDraft: '', dialog: null, pinned: null };

const filterKey = (f: UsersFilter) => JSON.stringify(f);

export function usersPageReducer(state: UsersPageState, action: UsersPageAction): UsersPageState {
  switch (action.type) {
    case 'filter':
      return { ...state, filter: { ...state.filter, page: 1, ...action.patch } };
    case 'page':
      return { ...state, filter: { ...state.filter, page: action.page } };
    case 'draft':
      return { ...state, searchDraft: action.text };
    case 'reset':
      return { ...state, searchDraft: '', filter: INITIAL_FILTER };
    case 'open':
      return { ...state, dialog: action.dialog };
    case 'created': {
      const filter = { ...state.filter, page: 1 };
      return { ...state, dialog: null, filter, pinned: { user: action.user, key: filterKey(filter) } };
    }
    case 'deleted':
      return { ...state, dialog: null, pinned: state.pinned?.user.id === action.user.id ? null : state.pinned };
  }
}

/** The list's users, the pinned new user first while the list is the one it was created from. */
export function shownUsers(state: UsersPageState, users: readonly User[]): readonly User[] {
  const pin = state.pinned && state.pinned.key === filterKey(state.filter) ? state.pinned.user : null;
  return pin ? [users.find((u) => u.id === pin.id) ?? pin, ...users.filter((u) => u.id !== pin.id)] : users;
}
