import type { User } from '@wh/contracts/users/http';
import { apiData } from './api-client.ts';
import { appStore, saveUserAtom, tokenAtom } from './session.ts';

/** The current-user check (GET /api/auth/me). */
export function fetchCurrentUser(): Promise<User> {
  return apiData<User>('/auth/me', { defaultMessage: 'Token expired or invalid' });
}

/** Re-reads the signed-in user's record (after a live push about it, or on Refresh). */
export async function refreshCurrentUser(): Promise<void> {
  if (!appStore.get(tokenAtom)) return;
  try {
    appStore.set(saveUserAtom, await fetchCurrentUser());
  } catch {
    // A 401 already cleared the session; anything else keeps the stored record.
  }
}
