import { randomUUID } from 'node:crypto';

// The running app's HTTP API as the web app calls it: a bearer token, JSON bodies, one file per upload, and an
// Idempotency-Key on every state-changing call, so a call retried after a lost answer is not done twice.

export interface Answer<T> {
  status: number;
  ok: boolean;
  data: T;
  message: string;
  // The whole body, for answers that are not the success envelope.
  body: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Api {
  readonly username: string;
  // The session's bearer token.
  readonly token: string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  // The answer whatever its status, for calls whose refusal the loader reads (a file already uploaded).
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer<T>>;
  upload<T>(path: string, filename: string, content: Buffer): Promise<Answer<T>>;
  signOut(): Promise<void>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function call<T>(baseUrl: string, token: string | null, method: string, path: string, body?: unknown, file?: { name: string; content: Buffer }): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (STATE_CHANGING.has(method)) headers['idempotency-key'] = `demo-${randomUUID()}`;
  let payload: string | FormData | undefined;
  if (file) {
    payload = new FormData();
    payload.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const attempt = () => fetch(`${baseUrl}${path}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
  let res: Response;
  try {
    res = await attempt();
  } catch {
    // The same key again: if the first attempt was done, its answer comes back and nothing is done twice.
    res = await attempt();
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  const envelope = (parsed ?? {}) as { data?: T; message?: string; error?: { message?: string } };
  return {
    status: res.status,
    ok: res.ok,
    data: envelope.data as T,
    message: envelope.error?.message ?? envelope.message ?? (typeof parsed === 'string' ? parsed.slice(0, 200) : ''),
    body: parsed,
  };
}

function expectOk<T>(method: string, path: string, answer: Answer<T>): T {
  if (!answer.ok) throw new ApiError(answer.status, `${method} ${path}: ${answer.status} ${answer.message}`);
  return answer.data;
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<Api> {
  let answer: Answer<{ token: string }>;
  try {
    answer = await call<{ token: string }>(baseUrl, null, 'POST', '/api/auth/login', { username, password });
  } catch (error) {
    throw new ApiError(0, `Cannot reach the app at ${baseUrl} (${(error as Error).message}). Is it running (npm start)?`);
  }
  if (!answer.ok) throw new ApiError(answer.status, `Sign-in as "${username}" at ${baseUrl} failed: ${answer.message}`);
  const token = answer.data.token;
  return {
    username,
    token,
    get: async (path) => expectOk('GET', path, await call(baseUrl, token, 'GET', path)),
    post: async (path, body) => expectOk('POST', path, await call(baseUrl, token, 'POST', path, body ?? {})),
    send: (method, path, body) => call(baseUrl, token, method, path, body ?? {}),
    upload: (path, filename, content) => call(baseUrl, token, 'POST', path, undefined, { name: filename, content }),
    signOut: async () => {
      await call(baseUrl, token, 'POST', '/api/auth/logout');
    },
  };
}
