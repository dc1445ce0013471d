import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME_FIXED, HOME_ROUTE, NAVIGATION, ROLES, type Role } from '@wh/contracts';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startE2E, type E2E } from './harness.ts';

let e2e: E2E;
const accounts = {} as Record<Role, { username: string; password: string; fullName: string }>;

beforeAll(async () => {
  e2e = await startE2E();
  accounts.manager = { username: 'admin', password: ADMIN_PASSWORD, fullName: 'Administrator' };
  const people: [Exclude<Role, 'manager'>, string, string][] = [
    ['executive1', 'orders_erin', 'Erin Orders'],
    ['executive2', 'stock_sam', 'Sam Stock'],
    ['worker', 'picker_pat', 'Pat Picker'],
  ];
  for (const [role, username, fullName] of people) {
    accounts[role] = { ...(await e2e.createUser(role, username, 'password1', fullName)), fullName };
  }
});
afterAll(() => e2e?.stop());

async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

describe('signing in', () => {
  it.each(ROLES.map((role) => [role]))('%s lands on the home route of the role and sees its navigation', async (role) => {
    const { context, page } = await e2e.newPage();
    try {
      await e2e.signIn(page, accounts[role].username, accounts[role].password);
      await page.waitForURL((u) => u.pathname === HOME_ROUTE[role]);
      expect(await navLabels(page)).toEqual(NAVIGATION[role].map((n) => n.label));
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await expect.poll(() => sidebar.innerText()).toContain(accounts[role].fullName);
      // A route the role may not open sends the user home.
      if (role !== 'manager') {
        await page.goto('/users');
        await page.waitForURL((u) => u.pathname === HOME_ROUTE[role]);
      }
    } finally {
      await context.close();
    }
  });

  it('on a phone the navigation slides in from a menu button and closes after choosing a screen', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    try {
      await e2e.signIn(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link', { name: 'User Management' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).first().click();
      await nav.getByRole('link', { name: 'User Management' }).click();
      await page.waitForURL((u) => u.pathname === '/users');
      await expect.poll(() => nav.getByRole('link', { name: 'User Management' }).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows the server message in a Login Failed box and clears it on typing', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await page.goto('/login');
      const signIn = page.getByRole('button', { name: 'Sign in' });
      expect(await signIn.isDisabled()).toBe(true);
      await e2e.signIn(page, 'admin', 'wrong-password');
      await page.getByText('Login Failed').waitFor();
      await page.getByText('Invalid username or password').waitFor();
      await page.getByLabel('Username').fill('admin2');
      await page.getByText('Login Failed').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('remembers where an unauthenticated visitor was going', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await page.goto('/users');
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname === '/users');
    } finally {
      await context.close();
    }
  });
});

describe('User Management', () => {
  it('a manager creates a user, who can then sign in', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await e2e.signIn(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User Management' }).click();
      await page.waitForURL((u) => u.pathname === '/users');
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Username').fill('new_verifier');
      await dialog.getByLabel('Full Name').fill('Nora Verifier');
      await dialog.getByLabel('Email').fill('nora@example.com');
      await dialog.getByRole('button', { name: /Role/ }).click();
      await page.getByRole('option', { name: /Executive 2/ }).click();
      await dialog.getByLabel('Password', { exact: true }).fill('verify-me');
      await dialog.getByRole('button', { name: 'Create User' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: 'new_verifier' });
      await row.waitFor();
      expect(await row.innerText()).toContain('Nora Verifier');
      await page.getByText(/Showing \d+ of \d+ users/).waitFor();

      const second = await e2e.newPage();
      try {
        await e2e.signIn(second.page, 'new_verifier', 'verify-me');
        await second.page.waitForURL((u) => u.pathname === HOME_ROUTE.executive2);

        // Deactivating from the row menu ends that session at once: the other browser is sent to sign in.
        await page.getByRole('button', { name: 'More actions for new_verifier' }).click();
        await page.getByRole('menuitem', { name: 'Deactivate' }).click();
        await row.getByText('Inactive').waitFor();
        await second.page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
      } finally {
        await second.context.close();
      }

      // Deleting asks first, in the spec's words; the row then leaves the list.
      await page.getByRole('button', { name: 'More actions for new_verifier' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.').waitFor();
      await confirm.getByRole('button', { name: /Delete/ }).click();
      await row.waitFor({ state: 'detached' });

      // The own row offers no deactivation and explains why it cannot be deleted.
      await page.getByRole('button', { name: 'More actions for admin' }).click();
      expect(await page.getByRole('menuitem', { name: 'Deactivate' }).count()).toBe(0);
      const ownDelete = page.getByRole('menuitem', { name: /Delete/ });
      expect(await ownDelete.getAttribute('aria-disabled')).toBe('true');
      expect(await ownDelete.innerText()).toContain('Cannot delete your own account');
      await page.keyboard.press('Escape');

      // The administrator's edit form shows the username as fixed.
      await page.getByRole('row').filter({ hasText: 'Administrator' }).getByRole('button', { name: 'Edit' }).click();
      const adminForm = page.getByRole('dialog');
      expect(await adminForm.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
      await adminForm.getByText(ADMIN_USERNAME_FIXED).waitFor();
      await adminForm.getByRole('button', { name: 'Cancel' }).click();
      await adminForm.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("shows another manager's change live, without a reload", async () => {
    const { context, page } = await e2e.newPage();
    try {
      await e2e.signIn(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.goto('/users');
      await page.getByRole('row').filter({ hasText: 'picker_pat' }).waitFor();
      await e2e.createUser('worker', 'arrived_live', 'password1', 'Live Arrival');
      await page.getByRole('row').filter({ hasText: 'arrived_live' }).waitFor({ timeout: 5000 });
    } finally {
      await context.close();
    }
  });

  it('moves Last Login on every minute and clears a page error after 5 seconds', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await context.clock.install();
      await e2e.signIn(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.goto('/users');
      const own = page.getByRole('row').filter({ hasText: '(You)' });
      await own.getByText('Just now').waitFor();
      await context.clock.fastForward('03:00');
      await own.getByText('3m ago').waitFor();

      // One refused call is enough to show the page error; the server itself is not involved.
      await page.route('**/api/users/*/toggle-status', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Simulated refusal', error: { code: 'CONFLICT', message: 'Simulated refusal' } }),
        }),
      );
      await page.getByRole('button', { name: 'More actions for picker_pat' }).click();
      await page.getByRole('menuitem', { name: 'Deactivate' }).click();
      const error = page.getByText('Simulated refusal');
      await error.waitFor();
      await context.clock.fastForward(4000);
      expect(await error.isVisible()).toBe(true);
      await context.clock.fastForward(1500);
      await error.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('shows login activity: user totals, and the most active users for a period and role', async () => {
    const login = async (username: string, password: string) => {
      const res = await fetch(`${e2e.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(res.ok).toBe(true);
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const adminToken = await login('admin', ADMIN_PASSWORD);
    // A worker sign-in of its own, so the Worker view has someone to show whatever ran before.
    await login(accounts.worker.username, accounts.worker.password);
    const statsRes = await fetch(`${e2e.url}/api/users/stats/overview`, { headers: { authorization: `Bearer ${adminToken}` } });
    const { total } = ((await statsRes.json()) as { data: { total: number } }).data;

    const { context, page } = await e2e.newPage();
    try {
      await e2e.signIn(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.goto('/users');
      const toggle = page.getByRole('button', { name: 'Login Activity' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const panel = page.getByRole('region', { name: 'Login Activity' });

      const totalTile = panel.getByRole('term').filter({ hasText: /^Total$/ }).locator('xpath=..').getByRole('definition');
      await expect.poll(() => totalTile.innerText()).toBe(total.toLocaleString('en-US'));

      const mostActive = panel.getByRole('list', { name: 'Most active' });
      await mostActive.getByText('@admin', { exact: true }).waitFor();

      await panel.getByRole('button', { name: /Role/ }).click();
      await page.getByRole('option', { name: 'Worker' }).click();
      await mostActive.getByText(`@${accounts.worker.username}`, { exact: true }).waitFor();
      await mostActive.getByText('@admin', { exact: true }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
