import { describe, expect, it } from 'vitest';
import type { User } from '@wh/contracts/users/http';
import { INITIAL_USERS_PAGE, shownUsers, usersPageReducer } from './users-page-state.ts';

const user = (id: number): User =>
  ({ id, username: `user${id}`, full_name: '', email: '', role: 'worker', is_active: true, is_deleted: false }) as unknown as User;

describe('users page state', () => {
  it('puts a created user first in the list it was created from, and only there', () => {
    const onPage2 = usersPageReducer(INITIAL_USERS_PAGE, { type: 'page', page: 2 });
    const created = usersPageReducer(onPage2, { type: 'created', user: user(9) });
    expect(created.filter.page).toBe(1);
    expect(shownUsers(created, [user(1), user(9)]).map((u) => u.id)).toEqual([9, 1]);
    const filtered = usersPageReducer(created, { type: 'filter', patch: { role: 'manager' } });
    expect(shownUsers(filtered, [user(1)]).map((u) => u.id)).toEqual([1]);
  });

  it('forgets the pinned user once deleted, and a filter change goes back to page 1', () => {
    const created = usersPageReducer(INITIAL_USERS_PAGE, { type: 'created', user: user(9) });
    expect(usersPageReducer(created, { type: 'deleted', user: user(9) }).pinned).toBeNull();
    const paged = usersPageReducer(INITIAL_USERS_PAGE, { type: 'page', page: 3 });
    expect(usersPageReducer(paged, { type: 'filter', patch: { search: 'x' } }).filter).toMatchObject({ page: 1, search: 'x' });
  });
});
