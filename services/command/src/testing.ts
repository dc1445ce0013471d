import { expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Readiness, Role } from '@wh/contracts';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { loadConfig, type Config } from './platform/config.ts';
import { startServer, type RunningServer } from './server.ts';
import { FilePool } from './platform/file-pool.ts';

export const ADMIN_PASSWORD = 'admin-password';

export interface Answer<T = any> {
  status: number;
  body: T;
}

export interface Client {
  token: string | null;
  get<T = any>(url: string): Promise<Answer<T>>;
  post<T = any>(url: string, body?: unknown): Promise<Answer<T>>;
  put<T = any>(url: string, body?: unknown): Promise<Answer<T>>;
  patch<T = any>(url: string, body?: unknown): Promise<Answer<T>>;
  delete<T = any>(url: string): Promise<Answer<T>>;
  // Sends one file as multipart/form-data in the field `file`, as the web app does.
  upload<T = any>(url: string, filename: string, content: Buffer | string, field?: string): Promise<Answer<T>>;
}

export function multipartBody(filename: string, content: Buffer | string, field = 'file'): { body: Buffer; contentType: string } {
  const boundary = `----wh${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return { body: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function client(app: FastifyInstance, token: string | null = null): Client {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    raw?: { body: Buffer; contentType: string },
  ) => {
    const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const res = await app.inject({
      method,
      url,
      headers: raw ? { ...auth, 'content-type': raw.contentType } : auth,
      ...(raw ? { payload: raw.body } : body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed as any };
  };
  return clientOver(token, call);
}

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  raw?: { body: Buffer; contentType: string },
) => Promise<Answer>;

// The Client methods over one transport (app.inject, or fetch against a listening server).
export function clientOver(token: string | null, call: Call): Client {
  return {
    token,
    get: (url) => call('GET', url),
    post: (url, body) => call('POST', url, body ?? {}),
    put: (url, body) => call('PUT', url, body ?? {}),
    patch: (url, body) => call('PATCH', url, body),
    delete: (url) => call('DELETE', url),
    upload: (url, filename, content, field) => call('POST', url, undefined, multipartBody(filename, content, field)),
  };
}

// What /api/ready says of an instance (it answers 200 whatever it reports).
export async function readinessOf(app: FastifyInstance): Promise<Readiness> {
  const res = await client(app).get('/api/ready');
  expect(res.status).toBe(200);
  return res.body.data as Readiness;
}

export interface TestApp extends RunningServer {
  db: TestDatabase;
  anonymous: Client;
  login(username: string, password: string): Promise<Client>;
  asAdmin(): Promise<Client>;
  // Creates a user of the role (as admin) and signs them in.
  userWithRole(role: Role, username?: string): Promise<Client & { id: number; username: string }>;
  // Puts stock on the shelves as a manager does, with a bin allocation sheet: each line sets what a location holds
  // (a new A-1-1 code is created, a J- one as a jean rack). The SKUs must be in the catalogue.
  allocateStock(lines: readonly { sku: string; location: string; quantity: number }[]): Promise<void>;
  stop(): Promise<void>;
}

let counter = 0;

// One file pool for the test apps of a process, its worker kept warm: each app starting its own would pay a worker's
// start (about a CPU-second) with its first upload. A test that looks at the pool itself makes its own.
let sharedFiles: FilePool | null = null;

export async function startTestApp(
  // pgUrl: a server of the test's own instead of the shared one (resilience tests). readUrl: DATABASE_READ_URL for the
  // test's database (a streaming replica of pgUrl's server). database: one made already (a restored backup) instead
  // of a new one.
  options: {
    database?: TestDatabase;
    config?: Partial<Config>;
    now?: () => Date;
    listen?: boolean;
    webDist?: string;
    pgUrl?: string;
    readUrl?: (databaseUrl: string) => string;
  } = {},
): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase(options.pgUrl ?? inject('pgUrl')));
  const config = {
    ...(options.readUrl ? { DATABASE_READ_URL: options.readUrl(db.url) } : {}),
    ...loadConfig({}),
    DATABASE_URL: db.url,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent' as const,
    PORT: 0,
    HOST: '127.0.0.1',
    LOGIN_RATE_LIMIT: 1000,
    LOGIN_ADDRESS_RATE_LIMIT: 1000,
    // A command waits for the read models however busy the machine: past the 3 s default it would answer
    // `projected: false` and the test's next read would miss its write. A test of that answer sets its own.
    READ_YOUR_WRITES_TIMEOUT_MS: 60_000,
    // Automatic counts would add tasks and events to every test's history: the counts' own tests turn them on.
    COUNT_REACTIONS_MS: 0,
    ...options.config,
  };
  const server = await startServer({
    config,
    filePool: (sharedFiles ??= new FilePool({ warm: true })),
    withProjector: true,
    listen: options.listen ?? false,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  const app = server.app;
  const login = async (username: string, password: string) => {
    const res = await client(app).post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return client(app, res.body.data.token);
  };
  let adminClient: Client | null = null;
  const asAdmin = async () => (adminClient ??= await login('admin', ADMIN_PASSWORD));
  return {
    ...server,
    db,
    anonymous: client(app),
    login,
    asAdmin,
    async userWithRole(role, username = `${role}_${++counter}`) {
      const created = await (await asAdmin()).post('/api/users', { username, password: 'password1', role, full_name: `Test ${role}` });
      if (created.status !== 201) throw new Error(`create ${username}: ${JSON.stringify(created.body)}`);
      const signedIn = await login(username, 'password1');
      return Object.assign(signedIn, { id: created.body.data.id as number, username });
    },
    async allocateStock(lines) {
      const sheet = ['Bin Number,SKU,Quantity', ...lines.map((l) => `${l.location},${l.sku},${l.quantity}`)].join('\n');
      const res = await (await asAdmin()).upload('/api/files/upload/bin-allocation', 'bins.csv', sheet);
      if (res.status !== 200 || res.body.data.errors.length > 0) throw new Error(`allocate stock: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async stop() {
      await server.close();
      await db.drop();
    },
  };
}
