import type { Role, UserEvent } from '@wh/contracts';

interface Profile {
  id: number;
  username: string;
  email: string | null;
  full_name: string | null;
  role: Role;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  open_sessions: readonly string[];
}

export type UserState =
  | { status: 'absent' }
  | ({ status: 'active' } & Profile)
  | ({ status: 'inactive' } & Profile)
  | ({ status: 'deleted'; was_active: boolean } & Profile);

export type ExistingUser = Exclude<UserState, { status: 'absent' }>;

export const initialUserState = (): UserState => ({ status: 'absent' });

function profileOf(state: ExistingUser): Profile {
  const { status: _status, ...rest } = state;
  if ('was_active' in rest) {
    const { was_active: _w, ...profile } = rest;
    return profile;
  }
  return rest;
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserCreated') {
    const d = event.data;
    return {
      status: d.is_active ? 'active' : 'inactive',
      id: d.user_id,
      username: d.username,
      email: d.email,
      full_name: d.full_name,
      role: d.role,
      created_at: d.at,
      updated_at: d.at,
      last_login_at: null,
      open_sessions: [],
    };
  }
  if (state.status === 'absent') return state;
  const profile = { ...profileOf(state), updated_at: event.data.at };
  const keep = (p: Profile): UserState =>
    state.status === 'deleted' ? { status: 'deleted', was_active: state.was_active, ...p } : { status: state.status, ...p };
  switch (event.type) {
    case 'UserUpdated':
      return keep({ ...profile, username: event.data.username, email: event.data.email, full_name: event.data.full_name, role: event.data.role });
    case 'UserActivated':
      return { status: 'active', ...profile };
    case 'UserDeactivated':
      return { status: 'inactive', ...profile };
    case 'PasswordChanged':
      return keep(profile);
    case 'UserDeleted':
      return { status: 'deleted', was_active: state.status === 'active', ...profile };
    case 'UserRestored':
      return { status: state.status === 'deleted' && !state.was_active ? 'inactive' : 'active', ...profile };
    case 'UserSignedIn':
      return keep({
        ...profile,
        updated_at: state.updated_at,
        last_login_at: event.data.at,
        open_sessions: [...profile.open_sessions, event.data.session_id],
      });
    case 'UserSignedOut':
      return keep({
        ...profile,
        updated_at: state.updated_at,
        open_sessions: profile.open_sessions.filter((s) => s !== event.data.session_id),
      });
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const userDecider = { initialState: initialUserState, evolve: evolveUser };
