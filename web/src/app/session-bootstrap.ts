import { ApiError } from '../lib/api-errors.ts';
import { fetchCurrentUser } from '../lib/current-user.ts';
import { appStore, authStatusAtom, saveUserAtom, tokenAtom } from '../lib/session.ts';

let started = false;

/**
 * On startup the stored session is checked with GET /api/auth/me before any screen shows. A 401 clears it
 * (the API client does that); a network failure keeps it, the next call will tell.
 */
export function verifyStoredSession(): void {
  if (started) return;
  started = true;
  if (!appStore.get(tokenAtom)) {
    appStore.set(authStatusAtom, 'ready');
    return;
  }
  fetchCurrentUser()
    .then((user) => appStore.set(saveUserAtom, user))
    .catch((error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 0) console.warn('Session check failed', error);
    })
    .finally(() => appStore.set(authStatusAtom, 'ready'));
}
