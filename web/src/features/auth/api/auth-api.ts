import type { LoginBody, LoginResponse } from '@wh/contracts/users/http';
import { apiData } from '../../../lib/api-client.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiData<LoginResponse>('/auth/login', {
    method: 'POST',
    body,
    auth: false,
    defaultMessage: LOGIN_FAILED_MESSAGE,
  });
}

export async function logout(): Promise<void> {
  await apiData<unknown>('/auth/logout', { method: 'POST', defaultMessage: 'Logout failed' });
}

export const loginCommand: CommandSpec<LoginBody, LoginResponse> = { send: login, fallbackError: LOGIN_FAILED_MESSAGE };
