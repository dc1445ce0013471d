import { ADMIN_USER_ID, ADMIN_USERNAME, ADMIN_USERNAME_FIXED, type Role, type SessionEndReason, type UserEvent } from '@wh/contracts';
import { conflict, DomainError, forbidden, notFound, unauthenticated } from '../../platform/errors.ts';
import type { ExistingUser, UserState } from './user.ts';

export type UserCommand =
  | {
      type: 'CreateUser';
      data: { user_id: number; username: string; email: string | null; full_name: string | null; role: Role; is_active: boolean };
    }
  | {
      type: 'UpdateUser';
      data: { username?: string; email?: string | null; full_name?: string | null; role?: Role; is_active?: boolean };
      actor_id: number;
    }
  | { type: 'ToggleUserStatus'; actor_id: number }
  | { type: 'ChangePassword'; actor_session_id: string | null }
  | { type: 'DeleteUser'; actor_id: number }
  | { type: 'RestoreUser' }
  | { type: 'SignIn'; session_id: string; ip: string | null; user_agent: string | null }
  | { type: 'SignOut'; session_id: string; reason: SessionEndReason };

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_DEACTIVATED = 'Your account is deactivated. Please contact a manager.';

function existing(state: UserState): ExistingUser {
  if (state.status === 'absent') throw notFound('User not found');
  return state;
}

function notDeleted(state: UserState): Exclude<ExistingUser, { status: 'deleted' }> {
  const user = existing(state);
  if (user.status === 'deleted') throw conflict('This user has been deleted. Restore the user first.');
  return user;
}

function endSessions(user: ExistingUser, reason: SessionEndReason, at: string, keep: string | null = null): UserEvent[] {
  return user.open_sessions
    .filter((session_id) => session_id !== keep)
    .map((session_id) => ({ type: 'UserSignedOut', data: { user_id: user.id, session_id, reason, at } }));
}

function deactivation(user: ExistingUser, actorId: number, at: string): UserEvent[] {
  if (user.id === ADMIN_USER_ID) throw forbidden('Cannot deactivate this user');
  if (user.id === actorId) throw forbidden('Cannot deactivate your own account');
  return [{ type: 'UserDeactivated', data: { user_id: user.id, at } }, ...endSessions(user, 'deactivated', at)];
}

type Command<T extends UserCommand['type']> = Extract<UserCommand, { type: T }>;

// Pure: the state before, the command, the time; returns the events or throws a DomainError. One function per command.
export function decideUser(command: UserCommand, state: UserState, now: Date): UserEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'CreateUser':
      return createUser(state, command, at);
    case 'UpdateUser':
      return updateUser(state, command, at);
    case 'ToggleUserStatus':
      return toggleUserStatus(state, command, at);
    case 'ChangePassword':
      return changePassword(state, command, at);
    case 'DeleteUser':
      return deleteUser(state, command, at);
    case 'RestoreUser':
      return restoreUser(state, at);
    case 'SignIn':
      return signIn(state, command, at);
    case 'SignOut':
      return signOut(state, command, at);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

function createUser(state: UserState, command: Command<'CreateUser'>, at: string): UserEvent[] {
  if (state.status !== 'absent') throw conflict('User already exists');
  return [{ type: 'UserCreated', data: { ...command.data, at } }];
}

// Only what differs is recorded; activating and deactivating ride along as their own events.
function updateUser(state: UserState, command: Command<'UpdateUser'>, at: string): UserEvent[] {
  const user = notDeleted(state);
  const d = command.data;
  const next = {
    username: d.username ?? user.username,
    email: d.email === undefined ? user.email : d.email,
    full_name: d.full_name === undefined ? user.full_name : d.full_name,
    role: d.role ?? user.role,
  };
  if (user.id === ADMIN_USER_ID && next.role !== 'manager') throw forbidden('Cannot change the role of this user');
  if (user.id === ADMIN_USER_ID && next.username !== user.username && next.username !== ADMIN_USERNAME) throw forbidden(ADMIN_USERNAME_FIXED);
  const events: UserEvent[] = [];
  const changed = next.username !== user.username || next.email !== user.email || next.full_name !== user.full_name || next.role !== user.role;
  if (changed) events.push({ type: 'UserUpdated', data: { user_id: user.id, ...next, at } });
  if (d.is_active === true && user.status === 'inactive') events.push({ type: 'UserActivated', data: { user_id: user.id, at } });
  if (d.is_active === false && user.status === 'active') events.push(...deactivation(user, command.actor_id, at));
  return events;
}

function toggleUserStatus(state: UserState, command: Command<'ToggleUserStatus'>, at: string): UserEvent[] {
  const user = notDeleted(state);
  return user.status === 'active' ? deactivation(user, command.actor_id, at) : [{ type: 'UserActivated', data: { user_id: user.id, at } }];
}

// Everyone signed in as this user with the old password is signed out, except the caller's own session.
function changePassword(state: UserState, command: Command<'ChangePassword'>, at: string): UserEvent[] {
  const user = notDeleted(state);
  return [{ type: 'PasswordChanged', data: { user_id: user.id, at } }, ...endSessions(user, 'password_changed', at, command.actor_session_id)];
}

function deleteUser(state: UserState, command: Command<'DeleteUser'>, at: string): UserEvent[] {
  const user = existing(state);
  if (user.id === command.actor_id) throw forbidden('Cannot delete your own account');
  if (user.id === ADMIN_USER_ID) throw forbidden('Cannot delete this user');
  if (user.status === 'deleted') throw conflict('User is already deleted');
  return [{ type: 'UserDeleted', data: { user_id: user.id, at } }, ...endSessions(user, 'deleted', at)];
}

function restoreUser(state: UserState, at: string): UserEvent[] {
  const user = existing(state);
  if (user.status !== 'deleted') throw conflict('User is not deleted');
  return [{ type: 'UserRestored', data: { user_id: user.id, at } }];
}

// A deleted user signs in as an unknown one would; a deactivated one hears why once the password was right.
function signIn(state: UserState, command: Command<'SignIn'>, at: string): UserEvent[] {
  if (state.status === 'absent' || state.status === 'deleted') throw unauthenticated(INVALID_CREDENTIALS);
  if (state.status === 'inactive') throw new DomainError('FORBIDDEN', 403, ACCOUNT_DEACTIVATED);
  return [{ type: 'UserSignedIn', data: { user_id: state.id, session_id: command.session_id, ip: command.ip, user_agent: command.user_agent, at } }];
}

// A session the stream does not list as open is already over: nothing to record.
function signOut(state: UserState, command: Command<'SignOut'>, at: string): UserEvent[] {
  if (state.status === 'absent' || !state.open_sessions.includes(command.session_id)) return [];
  return [{ type: 'UserSignedOut', data: { user_id: state.id, session_id: command.session_id, reason: command.reason, at } }];
}
