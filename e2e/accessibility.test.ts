import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { canOpen, ROLES, WEB_ROUTES, type Role, type WebRoute } from '@wh/contracts';
import type { Client } from '@wh/command/testing';
import { ADMIN_PASSWORD, axeFindings, startE2E, type E2E } from './harness.ts';

// Every screen as each role that may open it, on a desktop viewport, with some data in place: axe finds nothing of
// moderate, serious or critical impact. Views a screen opens from its address (tabs, report types, the upload
// panel) are screens too.

const VIEWS: Partial<Record<WebRoute, readonly string[]>> = {
  '/orders': ['', '?panel=upload'],
  '/inventory': ['', '?tab=available', '?tab=locations', '?tab=reports', '?tab=history', '?tab=upload', '?tab=suggestion', '?tab=adjustments'],
  '/stock-entry': ['', '?tab=upload', '?tab=suggestion'],
  '/styles': ['', '?tab=upload'],
  '/reports': ['', '?type=orders&range=week', '?type=productivity&range=week', '?type=audit&range=week'],
};

const PASSWORD = 'password1';
const USERS: Record<Exclude<Role, 'manager'>, string> = { executive1: 'axe_exec1', executive2: 'axe_exec2', worker: 'axe_worker' };

let e2e: E2E;
let manager: Client;

function ok(res: { status: number; body: unknown }, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  e2e = await startE2E();
  manager = await e2e.app.asAdmin();
  const ids = {} as Record<keyof typeof USERS, number>;
  for (const [role, username] of Object.entries(USERS) as [keyof typeof USERS, string][]) {
    ids[role] = (await e2e.createUser(role, username, PASSWORD, `Axe ${role}`)).id;
  }
  ok(await manager.post('/api/locations', { code: 'A-1-1', location_type: 'bin', capacity: 40 }), 201);
  ok(await manager.post('/api/locations', { code: 'J-1', location_type: 'jean_rack', capacity: 20, gender: 'women' }), 201);
  ok(await manager.post('/api/styles', { style_code: 'AX100', name: 'Axe Tee', sizes: ['S', 'M', '10'], colors: ['Red'] }), 201);
  ok(
    await manager.post('/api/inventory/adjust', { sku: 'AX100-M-RED', location: 'A-1-1', location_type: 'bin', adjustment_type: 'increase', quantity: 6, reason: 'Found items' }),
    201,
  );
  const orders = ['Order #,Item,SKU,Quantity', '#9001,Axe Tee - M / Red,AX100-M-RED,1', '#9001,Axe Tee - S / Red,AX100-S-RED,1', '#9002,Axe Tee - 10 / Red,AX100-10-RED,1'];
  ok(await manager.upload('/api/files/upload/orders', 'orders.csv', orders.join('\n')));
  const list = (await manager.get('/api/orders?search=%239001')).body.data.orders as { id: number }[];
  ok(await manager.post(`/api/orders/${list[0]!.id}/assign-worker`, { worker_id: ids.worker }));
}, 300_000);
afterAll(() => e2e?.stop());

// Requests each page has in flight (the live socket is not one).
const inFlight = new WeakMap<Page, { count: number }>();

// A desktop page that lets axe's script in past the app's Content-Security-Policy.
async function newPage() {
  const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const tracked = { count: 0 };
  inFlight.set(page, tracked);
  page.on('request', () => void tracked.count++);
  page.on('requestfinished', () => void tracked.count--);
  page.on('requestfailed', () => void tracked.count--);
  return { context, page };
}

// The page has settled: no request in flight on two looks a moment apart (a screen's reads may start one another), and
// no loading text left.
async function settled(page: Page): Promise<void> {
  const tracked = inFlight.get(page)!;
  let quiet = 0;
  await expect
    .poll(
      async () => {
        const loading = await page.getByText(/^Loading/).count();
        quiet = tracked.count === 0 && loading === 0 ? quiet + 1 : 0;
        return quiet >= 2;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
}

async function findings(page: Page): Promise<string[]> {
  await settled(page);
  return axeFindings(page);
}

describe('accessibility (axe)', () => {
  it('the login page', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await findings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(ROLES)('every screen %s may open', async (role) => {
    const { context, page } = await newPage();
    try {
      await e2e.signIn(page, role === 'manager' ? 'admin' : USERS[role], role === 'manager' ? ADMIN_PASSWORD : PASSWORD);
      await page.waitForURL((u) => u.pathname !== '/login');
      const found: Record<string, string[]> = {};
      for (const route of (Object.keys(WEB_ROUTES) as WebRoute[]).filter((r) => canOpen(role, r))) {
        for (const view of VIEWS[route] ?? ['']) {
          await page.goto(`${route}${view}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          const problems = await findings(page);
          if (problems.length > 0) found[`${route}${view}`] = problems;
        }
      }
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  });
});
