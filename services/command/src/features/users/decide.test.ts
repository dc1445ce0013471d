import { describe, it } from 'vitest';
import { ADMIN_USERNAME_FIXED, type UserEvent } from '@wh/contracts';
import { deciderSpec } from '../../platform/decider-spec.ts';
import { decideUser, type UserCommand } from './decide.ts';
import { userDecider } from './user.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();
const spec = deciderSpec<ReturnType<typeof userDecider.initialState>, UserEvent, UserCommand>(userDecider, decideUser, NOW);

const created = (user_id: number, over: Partial<Extract<UserEvent, { type: 'UserCreated' }>['data']> = {}): UserEvent => ({
  type: 'UserCreated',
  data: { user_id, username: `user${user_id}`, email: null, full_name: null, role: 'worker', is_active: true, at: '2026-11-01T00:00:00.000Z', ...over },
});
const signedIn = (user_id: number, session_id: string): UserEvent => ({
  type: 'UserSignedIn',
  data: { user_id, session_id, ip: '10.0.0.1', user_agent: 'test', at: '2026-11-20T08:00:00.000Z' },
});
const deactivated = (user_id: number): UserEvent => ({ type: 'UserDeactivated', data: { user_id, at: '2026-11-10T00:00:00.000Z' } });
const deleted = (user_id: number): UserEvent => ({ type: 'UserDeleted', data: { user_id, at: '2026-11-10T00:00:00.000Z' } });

describe('users decider', () => {
  describe('CreateUser', () => {
    const command: UserCommand = {
      type: 'CreateUser',
      data: { user_id: 5, username: 'picker', email: 'p@example.com', full_name: 'Pat Picker', role: 'worker', is_active: true },
    };
    it('creates a user that does not exist yet', () => {
      spec.given([]).when(command).then([{ type: 'UserCreated', data: { ...command.data, at } }]);
    });
    it('refuses a user id that already exists', () => {
      spec.given([created(5)]).when(command).thenFails(409, 'User already exists');
    });
  });

  describe('UpdateUser', () => {
    it('records the new details', () => {
      spec
        .given([created(5)])
        .when({ type: 'UpdateUser', actor_id: 1, data: { full_name: 'New Name', role: 'executive1' } })
        .then([{ type: 'UserUpdated', data: { user_id: 5, username: 'user5', email: null, full_name: 'New Name', role: 'executive1', at } }]);
    });
    it('records nothing when nothing changes', () => {
      spec.given([created(5)]).when({ type: 'UpdateUser', actor_id: 1, data: { username: 'user5' } }).then([]);
    });
    it('deactivating through an edit ends the open sessions', () => {
      spec
        .given([created(5), signedIn(5, 's1')])
        .when({ type: 'UpdateUser', actor_id: 1, data: { is_active: false } })
        .then([
          { type: 'UserDeactivated', data: { user_id: 5, at } },
          { type: 'UserSignedOut', data: { user_id: 5, session_id: 's1', reason: 'deactivated', at } },
        ]);
    });
    it('keeps the administrator a manager', () => {
      spec.given([created(1, { role: 'manager' })]).when({ type: 'UpdateUser', actor_id: 2, data: { role: 'worker' } }).thenFails(403, 'Cannot change the role of this user');
    });
    it("keeps the administrator's username, so `admin` always names user 1", () => {
      spec.given([created(1, { username: 'admin', role: 'manager' })]).when({ type: 'UpdateUser', actor_id: 2, data: { username: 'boss' } }).thenFails(403, ADMIN_USERNAME_FIXED);
      spec.given([created(1, { username: 'admin', role: 'manager' })]).when({ type: 'UpdateUser', actor_id: 1, data: { username: 'Admin' } }).thenFails(403, ADMIN_USERNAME_FIXED);
    });
    it('lets an administrator renamed by an earlier release take `admin` back, and no other name', () => {
      spec
        .given([created(1, { username: 'boss', role: 'manager' })])
        .when({ type: 'UpdateUser', actor_id: 1, data: { username: 'admin' } })
        .then([{ type: 'UserUpdated', data: { user_id: 1, username: 'admin', email: null, full_name: null, role: 'manager', at } }]);
      spec.given([created(1, { username: 'boss', role: 'manager' })]).when({ type: 'UpdateUser', actor_id: 1, data: { username: 'chief' } }).thenFails(403, ADMIN_USERNAME_FIXED);
    });
    it("edits the administrator's other details, sent with the username as it is", () => {
      spec
        .given([created(1, { username: 'admin', role: 'manager' })])
        .when({ type: 'UpdateUser', actor_id: 2, data: { username: 'admin', full_name: 'Head Office' } })
        .then([{ type: 'UserUpdated', data: { user_id: 1, username: 'admin', email: null, full_name: 'Head Office', role: 'manager', at } }]);
    });
    it('refuses to edit a deleted user', () => {
      spec.given([created(5), deleted(5)]).when({ type: 'UpdateUser', actor_id: 1, data: { full_name: 'x' } }).thenFails(409, 'This user has been deleted. Restore the user first.');
    });
    it('refuses an unknown user', () => {
      spec.given([]).when({ type: 'UpdateUser', actor_id: 1, data: { full_name: 'x' } }).thenFails(404, 'User not found');
    });
  });

  describe('ToggleUserStatus', () => {
    it('deactivates an active user and signs out every open session', () => {
      spec
        .given([created(5), signedIn(5, 's1'), signedIn(5, 's2')])
        .when({ type: 'ToggleUserStatus', actor_id: 1 })
        .then([
          { type: 'UserDeactivated', data: { user_id: 5, at } },
          { type: 'UserSignedOut', data: { user_id: 5, session_id: 's1', reason: 'deactivated', at } },
          { type: 'UserSignedOut', data: { user_id: 5, session_id: 's2', reason: 'deactivated', at } },
        ]);
    });
    it('activates an inactive user', () => {
      spec.given([created(5), deactivated(5)]).when({ type: 'ToggleUserStatus', actor_id: 1 }).then([{ type: 'UserActivated', data: { user_id: 5, at } }]);
    });
    it('never deactivates user 1', () => {
      spec.given([created(1, { role: 'manager' })]).when({ type: 'ToggleUserStatus', actor_id: 2 }).thenFails(403, 'Cannot deactivate this user');
    });
    it('does not let a manager deactivate themself', () => {
      spec.given([created(7, { role: 'manager' })]).when({ type: 'ToggleUserStatus', actor_id: 7 }).thenFails(403, 'Cannot deactivate your own account');
    });
  });

  describe('ChangePassword', () => {
    it('signs out every other session of the user', () => {
      spec
        .given([created(5), signedIn(5, 'mine'), signedIn(5, 'other')])
        .when({ type: 'ChangePassword', actor_session_id: 'mine' })
        .then([
          { type: 'PasswordChanged', data: { user_id: 5, at } },
          { type: 'UserSignedOut', data: { user_id: 5, session_id: 'other', reason: 'password_changed', at } },
        ]);
    });
  });

  describe('DeleteUser', () => {
    it('soft-deletes a user and ends their sessions', () => {
      spec
        .given([created(5), signedIn(5, 's1')])
        .when({ type: 'DeleteUser', actor_id: 1 })
        .then([
          { type: 'UserDeleted', data: { user_id: 5, at } },
          { type: 'UserSignedOut', data: { user_id: 5, session_id: 's1', reason: 'deleted', at } },
        ]);
    });
    it("refuses the caller's own account", () => {
      spec.given([created(5, { role: 'manager' })]).when({ type: 'DeleteUser', actor_id: 5 }).thenFails(403, 'Cannot delete your own account');
    });
    it('refuses user 1', () => {
      spec.given([created(1, { role: 'manager' })]).when({ type: 'DeleteUser', actor_id: 2 }).thenFails(403, 'Cannot delete this user');
    });
    it('refuses a user already deleted', () => {
      spec.given([created(5), deleted(5)]).when({ type: 'DeleteUser', actor_id: 1 }).thenFails(409, 'User is already deleted');
    });
  });

  describe('RestoreUser', () => {
    it('restores a soft-deleted user', () => {
      spec.given([created(5), deleted(5)]).when({ type: 'RestoreUser' }).then([{ type: 'UserRestored', data: { user_id: 5, at } }]);
    });
    it('restores an inactive user as inactive', () => {
      const state = [created(5), deactivated(5), deleted(5), { type: 'UserRestored', data: { user_id: 5, at } } as UserEvent].reduce(
        userDecider.evolve,
        userDecider.initialState(),
      );
      if (state.status !== 'inactive') throw new Error(`expected inactive, got ${state.status}`);
    });
    it('refuses a user that is not deleted', () => {
      spec.given([created(5)]).when({ type: 'RestoreUser' }).thenFails(409, 'User is not deleted');
    });
  });

  describe('SignIn and SignOut', () => {
    const signIn: UserCommand = { type: 'SignIn', session_id: 's9', ip: '10.0.0.9', user_agent: 'ua' };
    it('signs an active user in', () => {
      spec.given([created(5)]).when(signIn).then([{ type: 'UserSignedIn', data: { user_id: 5, session_id: 's9', ip: '10.0.0.9', user_agent: 'ua', at } }]);
    });
    it('refuses a deactivated user', () => {
      spec.given([created(5), deactivated(5)]).when(signIn).thenFails(403, 'Your account is deactivated. Please contact a manager.');
    });
    it('refuses a deleted user as if unknown', () => {
      spec.given([created(5), deleted(5)]).when(signIn).thenFails(401, 'Invalid username or password');
    });
    it('signs out an open session', () => {
      spec
        .given([created(5), signedIn(5, 's1')])
        .when({ type: 'SignOut', session_id: 's1', reason: 'logout' })
        .then([{ type: 'UserSignedOut', data: { user_id: 5, session_id: 's1', reason: 'logout', at } }]);
    });
    it('signing out a session twice records it once', () => {
      spec
        .given([created(5), signedIn(5, 's1'), { type: 'UserSignedOut', data: { user_id: 5, session_id: 's1', reason: 'logout', at } }])
        .when({ type: 'SignOut', session_id: 's1', reason: 'logout' })
        .then([]);
    });
  });
});
