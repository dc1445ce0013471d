import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import type { Client } from '@wh/command/testing';
import { ADMIN_PASSWORD, startE2E, type E2E } from './harness.ts';
import { FIXTURES_DIR } from '../test/fixtures.ts';

const FIXTURES = FIXTURES_DIR.replace(/\/$/, '');
let e2e: E2E;
let admin: Client;
const worker = { username: 'picker_ivy', password: 'password1' };
const executive1 = { username: 'orders_ed', password: 'password1' };

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.app.asAdmin();
  await e2e.createUser('worker', worker.username, worker.password);
  await e2e.createUser('executive1', executive1.username, executive1.password);
});
afterAll(() => e2e?.stop());

// What the browser's datetime-local field holds for a moment (browser and tests share the machine's time zone).
const pad = (n: number) => String(n).padStart(2, '0');
const toLocalInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

// A style with one SKU, a bin, and optionally units of that SKU in the bin, all through the API.
async function seed(style: string, size: string, color: string, bin: string, units = 0): Promise<string> {
  const sku = await seedSku(style, size, color);
  await ok(admin.post('/api/locations', { code: bin, location_type: 'bin', capacity: 50 }), 'create bin');
  if (units > 0) await adjust(sku, bin, 'increase', units);
  return sku;
}

async function seedSku(style: string, size: string, color: string): Promise<string> {
  await ok(admin.post('/api/styles', { style_code: style, name: `Seeded ${style}`, sizes: [size], colors: [color] }), 'create style');
  return `${style}-${size}-${color.toUpperCase()}`;
}

function adjust(sku: string, location: string, type: 'increase' | 'decrease', quantity: number) {
  return ok(admin.post('/api/inventory/adjust', { sku, location, adjustment_type: type, quantity, reason: 'Found items' }), 'adjust');
}

async function signedIn(username: string, password: string, path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await e2e.openAs({ username, password }, path);
  return { page, close: () => context.close() };
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string | RegExp) {
  // A select's button is named by its value and its label.
  await scope.getByRole('button', { name: new RegExp(`\\b${label}\\b`) }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('Warehouse layout (/settings)', () => {
  it('a manager creates a range of bins with one capacity, and cannot deactivate a bin that holds stock', async () => {
    const { page, close } = await signedIn('admin', ADMIN_PASSWORD, '/settings');
    try {
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      await page.getByRole('button', { name: 'Add Range' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('From').fill('a-1-1');
      await dialog.getByLabel('To').fill('C-4-3');
      await dialog.getByRole('textbox', { name: 'Capacity' }).fill('40');
      await dialog.getByText('36 locations in this range').waitFor();
      await dialog.getByRole('button', { name: 'Create Range' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('36 locations created').waitFor();
      const bins = page.getByRole('grid', { name: 'Bins' });
      const last = bins.getByRole('row').filter({ hasText: 'C-4-3' });
      await last.waitFor();
      expect(await last.innerText()).toContain('0 / 40');

      // An empty bin deactivates and comes back; one holding stock is refused with the server's reason.
      await page.getByRole('button', { name: 'Deactivate C-4-3' }).click();
      await last.getByText('Inactive').waitFor();
      await page.getByRole('button', { name: 'Reactivate C-4-3' }).click();
      await last.getByText('Active').waitFor();

      await adjust(await seedSku('LY1000', '8', 'Black'), 'A-1-1', 'increase', 4);
      await bins.getByRole('row').filter({ hasText: 'A-1-1' }).getByText('4 / 40').waitFor();
      await page.getByRole('button', { name: 'Deactivate A-1-1' }).click();
      await page.getByRole('alert').filter({ hasText: 'Location A-1-1 holds 4 units' }).waitFor();
      expect(await bins.getByRole('row').filter({ hasText: 'A-1-1' }).innerText()).toContain('Active');
    } finally {
      await close();
    }
  });
});

describe('Inventory (/inventory)', () => {
  it('a manager increases stock at a bin, finds it in Adjustment History, and a decrease below zero is refused', async () => {
    const sku = await seed('AD2000', '10', 'Blue', 'D-1-1');
    const { context, page } = await e2e.openAs({ username: 'admin', password: ADMIN_PASSWORD }, '/inventory?tab=adjustments', { clock: true });
    try {
      const form = page.getByRole('form', { name: 'Make adjustment' });
      await form.getByLabel('Find Item').fill('ad2000');
      await form.getByRole('button', { name: 'Find' }).click();
      await choose(page, form, 'Item', new RegExp(sku));
            await form.getByRole('textbox', { name: 'Quantity' }).fill('7');
      await choose(page, form, 'Reason', 'Found items');
      await choose(page, form, 'Location', /^D-1-1/);
      await form.getByRole('button', { name: 'Submit Adjustment' }).click();
      const success = form.getByRole('status').filter({ hasText: sku });
      await success.waitFor();
      expect(await success.innerText()).toContain('0 → 7');
      // The success message goes after 3 seconds.
      await context.clock.fastForward(3100);
      await success.waitFor({ state: 'detached' });

      // Taking out more than the bin holds is refused, and the refusal is shown.
      await form.locator('label').filter({ hasText: 'Decrease' }).click();
      await form.getByRole('textbox', { name: 'Quantity' }).fill('20');
      await form.getByRole('button', { name: 'Submit Adjustment' }).click();
      const refusal = form.getByRole('alert').filter({ hasText: 'Adjustment Error' });
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain(`Not enough stock of ${sku} at D-1-1: 7 there, 20 needed.`);

      await page.getByRole('tab', { name: 'Adjustment History' }).click();
      const row = page.getByRole('grid', { name: 'Adjustment history' }).getByRole('row').filter({ hasText: sku });
      await row.waitFor();
      expect(await row.count()).toBe(1);
      const text = await row.innerText();
      expect(text).toContain('D-1-1');
      expect(text).toContain('+7');
      expect(text).toContain('Found items');
    } finally {
      await context.close();
    }
  });

  it('a worker searches the inventory and sees the SKU with its location', async () => {
    const sku = await seed('WK3000', '12', 'White', 'E-1-1', 9);
    const { page, close } = await signedIn(worker.username, worker.password, '/inventory');
    try {
      const searchForm = page.getByRole('search', { name: 'Inventory search' });
      const code = searchForm.getByRole('textbox', { name: 'Style Code' });
      await code.fill('wk3000');
      expect(await code.inputValue()).toBe('WK3000');
      await searchForm.getByRole('button', { name: 'Search' }).click();
      const card = page.getByRole('listitem', { name: sku });
      await card.waitFor();
      const locations = card.getByRole('list', { name: `Locations of ${sku}` });
      expect(await locations.innerText()).toContain('E-1-1');
      expect(await card.innerText()).toContain('9 units');
      // Stock moved elsewhere reaches the open screen by itself (live push, no reload).
      await adjust(sku, 'E-1-1', 'increase', 2);
      await card.getByText('11 units').waitFor({ timeout: 5000 });

      // From the result straight to its history: both movements, 11 units now.
      await card.getByRole('link', { name: `Stock history of ${sku}` }).click();
      await page.getByRole('tab', { name: 'Stock History', selected: true }).waitFor();
      await expect.poll(() => page.getByRole('grid', { name: 'Stock movements' }).getByRole('row').count()).toBe(3);
      expect(await page.getByRole('term').filter({ hasText: /^Units then$/ }).locator('xpath=..').getByRole('definition').innerText()).toBe('11');
      await page.getByRole('tab', { name: 'Inventory Search' }).click();
      await searchForm.waitFor();

      // Part of the style name finds it too.
      await code.fill(`seeded wk3`);
      await searchForm.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('listitem', { name: sku }).waitFor();

      await code.fill('NOPE999');
      await searchForm.getByRole('button', { name: 'Search' }).click();
      await page.getByText('No Items Found').waitFor();
    } finally {
      await close();
    }
  });

  it("an executive1 sees 'No Permission' on the manual stock and bin allocation uploads", async () => {
    const { page, close } = await signedIn(executive1.username, executive1.password, '/inventory');
    try {
      await page.getByRole('tab', { name: 'File Upload' }).click();
      const upload = page.getByRole('tabpanel', { name: 'File Upload' });
      const shopify = upload.getByRole('radio', { name: /Online-shop Stock CSV/ });
      await shopify.waitFor();
      expect(await shopify.isDisabled()).toBe(false);
      for (const name of ['Manual Stock Excel', 'Bin Allocation']) {
        expect(await upload.getByRole('radio', { name: new RegExp(name) }).isDisabled()).toBe(true);
        expect(await upload.locator('label').filter({ hasText: name }).innerText()).toContain('No Permission');
      }
      // No Adjustments tab for anyone but a manager; following a link to it says why.
      expect(await page.getByRole('tab', { name: 'Adjustments' }).count()).toBe(0);
      await page.goto('/inventory?tab=adjustments');
      await page
        .getByRole('alert')
        .filter({ hasText: "You don't have permission to adjust inventory. Only managers can make inventory adjustments." })
        .waitFor();
      expect(await page.getByRole('form', { name: 'Make adjustment' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('Locations shows bins and racks with utilisation colours and +N styles; Reports shows low-stock alerts', async () => {
    await ok(admin.post('/api/locations/range', { location_type: 'bin', from: 'K-1-1', to: 'K-3-8', capacity: 20 }), 'create bins');
    await ok(admin.post('/api/locations', { code: 'J-5', location_type: 'jean_rack', capacity: 10, gender: 'women' }), 'create jean rack');
    for (let n = 1; n <= 5; n++) {
      const style = `JN500${n}`;
      await ok(admin.post('/api/styles', { style_code: style, name: `Jeans ${n}`, is_jeans: true, sizes: ['10'], colors: ['Blue'] }), 'create jeans');
      await adjust(`${style}-10-BLUE`, 'J-5', 'increase', 2);
    }
    const empty = await seedSku('OS6000', '6', 'Wine');
    // More low-stock SKUs than the status call lists (100), sorting after OS6000: '+N more alerts' must count them all.
    for (const code of ['ZL7001', 'ZL7002']) {
      const sizes = ['6', '8', '10', '12', '14', '16'];
      const colors = ['Black', 'White', 'Blue', 'Red', 'Green', 'Beige', 'Khaki', 'Wine', 'Navy', 'Grey'];
      await ok(admin.post('/api/styles', { style_code: code, name: `Low ${code}`, is_jeans: false, sizes, colors }), 'create style');
    }

    const { page, close } = await signedIn(worker.username, worker.password, '/inventory?tab=locations');
    try {
      const bins = page.getByRole('grid', { name: 'Bins' });
      await bins.waitFor();
      expect(await bins.getByRole('row').count()).toBe(21);
      await page.getByText(/Showing the first 20 of \d+ bins\./).waitFor();

      const jeanRack = page.getByRole('grid', { name: 'Jean racks' }).getByRole('row').filter({ hasText: 'J-5' });
      expect(await jeanRack.innerText()).toContain('10 / 10');
      // Four styles, then a counter for the fifth; a full rack is red.
      expect(await jeanRack.locator('.chip').allInnerTexts()).toEqual(['JN5001', 'JN5002', 'JN5003', 'JN5004', '+1']);
      expect(await page.getByRole('meter', { name: 'J-5 utilisation' }).getAttribute('class')).toContain('util-red');

      await page.getByRole('tab', { name: 'Reports' }).click();
      const alerts = page.getByRole('region', { name: 'Low Stock Alerts' });
      const outOfStock = alerts.getByRole('listitem').filter({ hasText: empty });
      expect(await outOfStock.innerText()).toContain('Out of Stock');
      expect(await alerts.getByRole('list', { name: 'Low stock items' }).getByRole('listitem').count()).toBe(10);
      const lowCount = Number((await page.locator('.stat-card').filter({ hasText: 'Low Stock Items' }).locator('.stat-card-value').innerText()).replace(/,/g, ''));
      expect(lowCount).toBeGreaterThan(120);
      await alerts.getByText(`+${lowCount - 10} more alerts`, { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Available Items' }).click();
      const available = page.getByRole('grid', { name: 'Available items' });
      await available.getByRole('row').filter({ hasText: 'JN5001' }).waitFor();
    } finally {
      await close();
    }
  });

  it('a manager uploads a bin allocation sheet, reads the result with the bad row, and the bins fill by themselves', async () => {
    const catalogue = await readFile(`${FIXTURES}/styles/shopify-products.csv`);
    await ok(admin.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', catalogue), 'import catalogue');
    const { page, close } = await signedIn('admin', ADMIN_PASSWORD, '/inventory?tab=upload');
    try {
      const upload = page.getByRole('tabpanel', { name: 'File Upload' });
      await upload.locator('label').filter({ hasText: 'Bin Allocation' }).click();
      await upload.locator('input[type=file]').setInputFiles(`${FIXTURES}/stock/bin-allocation.xlsx`);
      await upload.getByText('bin-allocation.xlsx').waitFor();
      await upload.getByRole('button', { name: 'Upload Bin Allocation' }).click();
      const result = upload.getByRole('status', { name: 'Upload result' });
      await result.getByText('Upload Successful').waitFor();
      expect(await result.innerText()).toMatch(/Row 20: /);
      // The Locations tab shows the stock the sheet put into bins.
      await page.getByRole('tab', { name: 'Locations' }).click();
      const firstBin = page.getByRole('grid', { name: 'Bins' }).getByRole('row').filter({ hasText: 'A-1-1' });
      await expect.poll(async () => (await firstBin.innerText()).includes('0 /')).toBe(false);
    } finally {
      await close();
    }
  });

  it('time travel shows the count from before a later adjustment', async () => {
    const sku = await seed('TT4000', '8', 'Red', 'F-1-1', 5);
    // Seconds apart, so a moment between the two adjustments can be named on the minute-and-second field: the moment
    // is the database's clock (which records the events) once the first is recorded, and the second is made once
    // that clock has passed the moment's second (the field's value stands for its last instant).
    const clock = async () => (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(e2e.app.database.db)).rows[0]!.now.getTime();
    const between = new Date(await clock());
    const nextSecond = Math.floor(between.getTime() / 1000) * 1000 + 1000;
    await vi.waitFor(async () => expect(await clock()).toBeGreaterThanOrEqual(nextSecond), { timeout: 30_000, interval: 20 });
    await adjust(sku, 'F-1-1', 'increase', 3);

    const { page, close } = await signedIn('admin', ADMIN_PASSWORD, '/inventory?tab=history');
    try {
      const form = page.getByRole('form', { name: 'Stock history' });
      await form.getByRole('textbox', { name: 'SKU' }).fill(sku.toLowerCase());
      await form.getByLabel('Stock as of').fill(toLocalInput(between));
      await form.getByRole('button', { name: 'Show History' }).click();
      const unitsThen = page.getByRole('term').filter({ hasText: /^Units then$/ }).locator('xpath=..').getByRole('definition');
      await expect.poll(() => unitsThen.first().innerText()).toBe('5');

      const movements = page.getByRole('grid', { name: 'Stock movements' });
      await expect.poll(() => movements.getByRole('row').count()).toBe(3);

      await form.getByRole('button', { name: 'Now' }).click();
      await form.getByRole('button', { name: 'Show History' }).click();
      await expect.poll(() => unitsThen.first().innerText()).toBe('8');
    } finally {
      await close();
    }
  });
});
