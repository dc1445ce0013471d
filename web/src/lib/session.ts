import { atom, createStore } from 'jotai';
import type { User } from '@wh/contracts/users/http';
import { isRole } from '@wh/contracts/auth/permissions';

// The local session (spec sections 3, 4, 9): the token under `token`, the user record (JSON) under `user`.
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export type SessionUser = User;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readToken(): string | null {
  const value = storage()?.getItem(TOKEN_KEY);
  return value && value.trim() !== '' ? value : null;
}

function readUser(): SessionUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!parsed || typeof parsed.id !== 'number' || typeof parsed.username !== 'string') return null;
    // A fallback user record uses the role worker (spec section 3).
    return { ...parsed, role: isRole(parsed.role) ? parsed.role : 'worker' } as SessionUser;
  } catch {
    return null;
  }
}

/** One store for the whole app, so the API client (outside React) reads and clears the same session. */
export const appStore = createStore();

export const tokenAtom = atom<string | null>(readToken());
export const userAtom = atom<SessionUser | null>(readUser());

/** Signed in when both the token and the user record are stored. */
export const signedInUserAtom = atom((get) => (get(tokenAtom) ? get(userAtom) : null));

/** 'verifying' while the stored token is being checked with GET /api/auth/me on startup. */
export const authStatusAtom = atom<'verifying' | 'ready'>(readToken() && readUser() ? 'verifying' : 'ready');

/** A notice the login page shows once, e.g. after the server rejected the session. */
export const sessionNoticeAtom = atom<string | null>(null);

/** Why the last session ended; after a deliberate logout the next sign-in does not return to the old screen. */
export const signOutReasonAtom = atom<'logout' | 'expired' | null>(null);

export const saveSessionAtom = atom(null, (_get, set, session: { token: string; user: SessionUser }) => {
  storage()?.setItem(TOKEN_KEY, session.token);
  storage()?.setItem(USER_KEY, JSON.stringify(session.user));
  set(tokenAtom, session.token);
  set(userAtom, session.user);
  set(sessionNoticeAtom, null);
  set(signOutReasonAtom, null);
});

export const saveUserAtom = atom(null, (get, set, user: SessionUser) => {
  if (!get(tokenAtom)) return;
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  set(userAtom, user);
});

export const LOGGED_OUT_MESSAGE = 'Logged out successfully';

/** Ends the session locally. Without a notice it is a deliberate logout; with one, the server ended it. */
export const clearSessionAtom = atom(null, (_get, set, notice?: string) => {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
  set(tokenAtom, null);
  set(userAtom, null);
  set(sessionNoticeAtom, notice ?? LOGGED_OUT_MESSAGE);
  set(signOutReasonAtom, notice ? 'expired' : 'logout');
});

// Signing out (or in) in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== USER_KEY && event.key !== null) return;
    const token = readToken();
    const user = readUser();
    if (!token || !user) {
      if (appStore.get(tokenAtom)) appStore.set(clearSessionAtom);
      return;
    }
    appStore.set(tokenAtom, token);
    appStore.set(userAtom, user);
  });
}
