import { IDEMPOTENCY_KEY_HEADER, type SuccessEnvelope } from '@wh/contracts/platform/http';
import {
  ApiError,
  AUTH_REQUIRED_MESSAGE,
  errorFromResponse,
  isFailureEnvelope,
  NETWORK_ERROR_MESSAGE,
  parseBody,
  SESSION_EXPIRED_MESSAGE,
} from './api-errors.ts';
import { noteReadAfter, readAfterHeaders } from './read-after.ts';
import { answerWasLost, newIdempotencyKey, pause, RETRY_DELAYS_MS } from './retries.ts';
import { appStore, clearSessionAtom, tokenAtom } from './session.ts';

export { ApiError } from './api-errors.ts';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Per-call default message (spec section 8) used when the server gives none. */
  defaultMessage?: string;
  /** Every call except login sends the bearer token. */
  auth?: boolean;
  /** The spec gives some calls their own network-failure text (order list and verify). */
  networkMessage?: string;
  /** And their own text for a 401 (order list: 'Authentication failed'). */
  unauthorizedMessage?: string;
  signal?: AbortSignal;
  /** The user action's key; one is made per call when not given. GET calls send none. */
  idempotencyKey?: string;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<SuccessEnvelope<T>> {
  const { method = 'GET', query, body, defaultMessage, auth = true, signal, networkMessage, unauthorizedMessage } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? appStore.get(tokenAtom) : null;
  if (auth) {
    if (!token) throw new ApiError(AUTH_REQUIRED_MESSAGE, 401, 'UNAUTHENTICATED');
    headers.Authorization = `Bearer ${token}`;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // Reads are retried by TanStack Query; a change is retried here, under its one key, when its answer is lost.
  const changes = method !== 'GET';
  if (changes && auth) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();
  if (!changes) Object.assign(headers, readAfterHeaders());

  const send = async (): Promise<Response | ApiError> => {
    try {
      return await fetch(`${API_BASE}${path}${buildQuery(query)}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      return new ApiError(networkMessage ?? NETWORK_ERROR_MESSAGE, 0, 'NETWORK');
    }
  };
  let sent = await send();
  for (const delay of changes && auth ? RETRY_DELAYS_MS : []) {
    if (!answerWasLost(sent.status)) break;
    await pause(delay, signal);
    sent = await send();
  }
  if (sent instanceof ApiError) throw sent;
  const response = sent;

  const parsed = parseBody(await response.text().catch(() => ''));
  if (!response.ok || isFailureEnvelope(parsed)) {
    const answered = errorFromResponse(response.status, response.statusText, parsed, defaultMessage);
    const error =
      response.status === 401 && unauthorizedMessage ? new ApiError(unauthorizedMessage, 401, answered.code, answered.details) : answered;
    // A 401 on an authenticated call means the session is gone: clear it, the guard sends the user to /login.
    // (Only if that session is still the current one: a late answer after logout changes nothing.)
    if (auth && response.status === 401 && appStore.get(tokenAtom) === token) {
      appStore.set(clearSessionAtom, SESSION_EXPIRED_MESSAGE);
    }
    throw error;
  }
  if (parsed.kind !== 'json') {
    if (parsed.kind === 'text') throw errorFromResponse(response.status, response.statusText, parsed, defaultMessage);
    return { success: true, data: undefined as T };
  }
  const envelope = parsed.value as SuccessEnvelope<T>;
  noteReadAfter(envelope.read_after);
  return envelope;
}

export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
