import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig, startServer, type RunningServer } from '@wh/command';
import { createTestDatabase, type TestDatabase } from '@wh/migrations/testing';
import type { Role } from '@wh/contracts';

export const ADMIN_PASSWORD = 'admin-password';
const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));

export interface E2E {
  url: string;
  server: RunningServer;
  browser: Browser;
  // A user created through the API, for journeys that need one of each role.
  createUser(role: Role, username: string, password?: string, fullName?: string): Promise<{ id: number; username: string; password: string }>;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  signIn(page: Page, username: string, password: string): Promise<void>;
  stop(): Promise<void>;
}

// The whole app as `npm start` runs it (API, projector, built web app) on a database of its own, and Chromium.
export async function startE2E(): Promise<E2E> {
  const db: TestDatabase = await createTestDatabase(inject('pgUrl'));
  const server = await startServer({
    config: { ...loadConfig({}), DATABASE_URL: db.url, ADMIN_PASSWORD, PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: 1000 },
    withProjector: true,
    webDist,
    logger: false,
  });
  const url = server.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
  let adminToken: string | null = null;
  const api = async (path: string, init: { method: string; body?: unknown; token?: string | null }) => {
    const res = await fetch(`${url}${path}`, {
      method: init.method,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = (await res.json()) as { data: any };
    if (!res.ok) throw new Error(`${init.method} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  return {
    url,
    server,
    browser,
    async createUser(role, username, password = 'password1', fullName) {
      adminToken ??= (await api('/api/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } })).token;
      const user = await api('/api/users', { method: 'POST', token: adminToken, body: { username, password, role, full_name: fullName ?? null } });
      return { id: user.id, username, password };
    },
    async newPage() {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      return { context, page };
    },
    async signIn(page, username, password) {
      await page.goto('/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    async stop() {
      await browser.close();
      await server.close();
      await db.drop();
    },
  };
}
