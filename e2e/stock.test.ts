import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Client } from '@wh/command/testing';
import { ADMIN_PASSWORD, startE2E, type E2E } from './harness.ts';
import { FIXTURES_DIR } from '../test/fixtures.ts';

const FIXTURES = FIXTURES_DIR.replace(/\/$/, '');
const STYLES_CSV = `${FIXTURES}/styles/shopify-products.csv`;
const STOCK_CSV = `${FIXTURES}/stock/shopify-inventory.csv`;
const manifest = JSON.parse(readFileSync(`${FIXTURES}/manifest.json`, 'utf8')) as Record<string, Record<string, number>>;

let e2e: E2E;
let admin: Client;
const stocker = { username: 'stock_eve', password: 'password1' };

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.app.asAdmin();
  await e2e.createUser('executive2', stocker.username, stocker.password, 'Eve Stock');
});
afterAll(() => e2e?.stop());

// A signed-in page at `path`; on a failure the screen's text is printed, which says more than a timeout.
async function journey(user: { username: string; password: string }, path: string, run: (page: Page) => Promise<void>, clock = false) {
  const { context, page } = await e2e.openAs(user, path, { clock });
  try {
    await run(page);
  } catch (error) {
    console.error(`Screen at failure (${page.url()}):\n${await page.locator('body').innerText().catch(() => '')}`);
    throw error;
  } finally {
    await context.close();
  }
}
const manager = { username: 'admin', password: ADMIN_PASSWORD };

/** The number a result card shows under a label. */
async function stat(page: Page, label: string): Promise<number> {
  const dd = page.locator('.upload-result .stat').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await dd.waitFor();
  return Number(await dd.innerText());
}

// A select's button is named by its value, then its label.
async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('Style Management', () => {
  it('a manager uploads the style catalogue and sees its 16 styles; a wrong file type is refused and the error clears after 5 s', async () => {
    await journey(manager, '/styles', async (page) => {
      await page.getByRole('heading', { name: 'Style Management' }).waitFor();
      await page.getByText('No Styles Found').waitFor();
      await page.getByRole('tab', { name: 'Upload Styles' }).click();
      await page.getByText(/Handle, Title, SKU and the option name and value columns/).waitFor();

      await page.locator('input[type="file"]').setInputFiles({ name: 'styles.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
      const refusal = page.getByText('Invalid file type. Please upload .csv files only.');
      await refusal.waitFor();
      await page.clock.fastForward(4000);
      expect(await refusal.isVisible()).toBe(true);
      await page.clock.fastForward(1500);
      await refusal.waitFor({ state: 'detached' });

      await page.locator('input[type="file"]').setInputFiles(STYLES_CSV);
      await page.getByRole('button', { name: 'Upload Style Catalog CSV' }).click();
      await page.getByText('Upload Successful').waitFor({ timeout: 30_000 });
      const expected = manifest['styles/shopify-products.csv']!;
      expect(await stat(page, 'New Styles')).toBe(expected.styles);
      expect(await stat(page, 'New Variants')).toBe(expected.variants);
      expect(await stat(page, 'Skipped Gift Vouchers')).toBe(expected.skipped_gift_vouchers);

      await page.getByRole('tab', { name: 'Style Catalog' }).click();
      await page.getByText('Showing 16 of 16 styles').waitFor();
      const cards = page.getByRole('list', { name: 'Styles' }).getByRole('listitem');
      expect(await cards.count()).toBe(16);
      // Six colours per card at most.
      for (const card of await cards.all()) {
        expect(await card.locator('[aria-label="Colours"] .chip:not(:has-text("+"))').count()).toBeLessThanOrEqual(6);
      }

      await page.getByRole('button', { name: 'View JN1003' }).click();
      const view = page.getByRole('dialog');
      await view.getByText('Jeans').first().waitFor();
      expect(await view.getByRole('row').count()).toBeGreaterThan(1);
      await view.getByRole('button', { name: 'Close' }).click();
      await view.waitFor({ state: 'detached' });

      await choose(page, page, 'Type', 'Jeans');
      await page.getByText('Showing 3 of 3 styles').waitFor();
    }, true);
  });

  it('a manager adds a style (validation shown) and edits it', async () => {
    await journey(manager, '/styles', async (page) => {
      await page.getByRole('button', { name: 'Add New Style' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Create Style' }).click();
      await dialog.getByText('Style code is required').waitFor();
      await dialog.getByText('Style name is required').waitFor();

      await dialog.getByLabel('Style Code').fill('DR1000');
      await dialog.getByLabel('Style Name').fill('Duplicate');
      await dialog.getByRole('button', { name: 'Create Style' }).click();
      await dialog.getByText('Style code DR1000 already exists').waitFor();

      await dialog.getByLabel('Style Code').fill('ts9001');
      await dialog.getByLabel('Style Name').fill('Test Shirt');
      await dialog.getByLabel('Sizes').fill('8, 10');
      await dialog.getByLabel('Colours').fill('Black, White');
      await dialog.getByRole('button', { name: 'Create Style' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Style TS9001 created').waitFor();

      await page.getByRole('searchbox', { name: 'Search' }).fill('TS9001');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Showing 1 of 1 styles').waitFor();
      const card = page.getByRole('list', { name: 'Styles' }).getByRole('listitem');
      expect(await card.innerText()).toContain('Test Shirt');
      expect(await card.innerText()).toContain('4 variants');

      await page.getByRole('button', { name: 'Edit TS9001' }).click();
      const edit = page.getByRole('dialog');
      expect(await edit.getByLabel('Style Code').isDisabled()).toBe(true);
      await edit.getByLabel('Style Name').fill('Test Shirt Long');
      await edit.getByLabel('Add Colours').fill('Navy');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByText('Style TS9001 updated').waitFor();
      await expect.poll(() => card.innerText()).toContain('Test Shirt Long');
      expect(await card.innerText()).toContain('Navy');
      expect(await card.innerText()).toContain('6 variants');
    });
  });
});

describe('Stock Entry and Stock Approval', () => {
  it('an executive2 uploads the online-shop stock file; bin allocation is not offered', async () => {
    await journey(stocker, '/stock-entry', async (page) => {
      await page.getByRole('tab', { name: 'File Upload' }).click();
      const bin = page.getByRole('radio', { name: /Bin Allocation/ });
      expect(await bin.isDisabled()).toBe(true);
      expect(await page.locator('.radio').filter({ hasText: 'Bin Allocation' }).innerText()).toContain('No Permission');
      expect(await page.getByRole('radio', { name: /Online-shop Stock CSV/ }).isChecked()).toBe(true);

      await page.locator('input[type="file"]').setInputFiles({ name: 'stock.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
      await page.getByText('Invalid file type. Please upload .csv files only.').waitFor();

      await page.locator('input[type="file"]').setInputFiles(STOCK_CSV);
      await page.getByRole('button', { name: 'Upload Online-shop Stock CSV' }).click();
      await page.getByText('Upload Successful').waitFor({ timeout: 30_000 });
      const expected = manifest['stock/shopify-inventory.csv']!;
      expect(await stat(page, 'Pending Approval')).toBe(expected.pending_approval);
      expect(await stat(page, 'Units')).toBe(expected.units);
    });
  });

  it('an executive2 approves a receipt into a bin and sees it in Recent Approvals', async () => {
    const bin = await admin.post('/api/locations', { code: 'A-1-1', location_type: 'bin', capacity: 100 });
    expect(bin.status).toBe(201);
    await journey(stocker, '/stock-approval', async (page) => {
      await page.getByText('No recent approvals found').waitFor();
      await page.getByRole('heading', { name: /Awaiting Approval \(55\)/ }).waitFor();
      await page.getByRole('searchbox', { name: 'Search receipts' }).fill('DR1000-6-BEIGE');
      const receipt = page.getByRole('listitem', { name: 'Receipt DR1000-6-BEIGE' });
      await receipt.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Stock' });
      await choose(page, dialog, 'Location', /^A-1-1/);
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Approved 20 × DR1000-6-BEIGE into A-1-1').waitFor();

      const row = page.getByRole('grid', { name: 'Recent approvals' }).getByRole('row').filter({ hasText: 'DR1000-6-BEIGE' });
      await row.waitFor();
      expect(await row.innerText()).toContain('A-1-1');
      await page.getByRole('heading', { name: /Awaiting Approval \(54\)/ }).waitFor();
    });
  });

  it('rejecting a receipt needs a reason', async () => {
    await journey(stocker, '/stock-approval', async (page) => {
      await page.getByRole('searchbox', { name: 'Search receipts' }).fill('DR1000-8-BEIGE');
      await page.getByRole('listitem', { name: 'Receipt DR1000-8-BEIGE' }).getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Reject Stock' });
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await dialog.getByText('Please give a reason for rejecting').waitFor();
      await dialog.getByLabel('Reason').fill('Damaged in transit');
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Rejected 18 × DR1000-8-BEIGE').waitFor();
      await page.getByRole('listitem', { name: 'Receipt DR1000-8-BEIGE' }).waitFor({ state: 'detached' });
    });
  });

  it('a manager uploads the bin allocation sheet and reads the row errors on the result card', async () => {
    await journey(manager, '/stock-entry', async (page) => {
      await page.getByRole('tab', { name: 'File Upload' }).click();
      await page.locator('.radio').filter({ hasText: 'Bin Allocation' }).click();
      expect(await page.getByRole('radio', { name: /Bin Allocation/ }).isChecked()).toBe(true);
      await page.getByText(/Bin format like A-1-1/).waitFor();
      await page.locator('input[type="file"]').setInputFiles(`${FIXTURES}/stock/bin-allocation.xlsx`);
      await page.getByRole('button', { name: 'Upload Bin Allocation' }).click();
      await page.getByText('Upload Successful').waitFor({ timeout: 30_000 });
      const expected = manifest['stock/bin-allocation.xlsx']!;
      expect(await stat(page, 'Processed Records')).toBe(expected.valid_rows);
      const errors = page.locator('.upload-result-errors li');
      expect(await errors.allInnerTexts()).toEqual([expect.stringMatching(/^Row 20: /)]);
    });
  });

  it('approves stock directly into a chosen location from the approval form', async () => {
    await journey(stocker, '/stock-approval', async (page) => {
      const form = page.getByRole('form', { name: 'Approve stock' });
      await form.getByRole('button', { name: 'Approve Stock' }).click();
      await form.getByText('Please select a style').waitFor();
      await form.getByText('Please select a colour').waitFor();
      await form.getByText('Please choose a location').waitFor();

      await page.getByRole('searchbox', { name: 'Search styles' }).fill('SK1002');
      await page.getByRole('option', { name: /SK1002/ }).click();
      await form.getByText('SK1002').first().waitFor();
      await choose(page, form, 'Colour', 'Black');
      await choose(page, form, 'Location', /^A-1-1/);
      await form.getByRole('textbox', { name: 'Quantity' }).fill('4');
      await form.getByLabel('Gatepass Number').fill('GP-DIRECT-1');
      await form.getByRole('button', { name: 'Approve Stock' }).click();
      const row = page.getByRole('grid', { name: 'Recent approvals' }).getByRole('row').filter({ hasText: 'GP-DIRECT-1' });
      await row.waitFor();
      expect(await row.innerText()).toContain('SK1002');
      expect(await row.innerText()).toContain('Free Size');
    });
  });

  it('the manual entry table sends only complete rows and shows the result', async () => {
    await journey(stocker, '/stock-entry', async (page) => {
      await page.getByRole('button', { name: 'Save Entries' }).click();
      await page.getByText('Please fill in at least one complete entry').waitFor();

      await page.getByLabel('Row 1 ITEM CODE').fill('dr1000');
      await page.getByLabel('Row 1 COLOR').fill('Beige');
      await page.getByLabel('Row 1 SIZE').fill('8');
      await page.getByLabel('Row 1 QTY').fill('3');
      await page.getByLabel('Row 1 GATEPASS NUMBER').fill('GP-100');
      expect(await page.getByLabel('Row 1 ITEM CODE').inputValue()).toBe('DR1000');
      await page.getByLabel('Row 2 ITEM CODE').fill('TP1001');
      // A style the catalogue does not know: recorded, waiting for a manager.
      await page.getByLabel('Row 3 ITEM CODE').fill('nw5000');
      await page.getByLabel('Row 3 COLOR').fill('Black');
      await page.getByLabel('Row 3 SIZE').fill('10');
      await page.getByLabel('Row 3 QTY').fill('2');
      await page.getByLabel('Row 3 GATEPASS NUMBER').fill('GP-101');
      await page.getByRole('button', { name: 'Add Row' }).click();
      await page.getByLabel('Row 4 ITEM CODE').waitFor();

      await page.getByRole('button', { name: 'Save Entries' }).click();
      await page.getByText('Upload Successful').waitFor({ timeout: 30_000 });
      expect(await stat(page, 'Processed Records')).toBe(2);
      expect(await stat(page, 'Pending Approval')).toBe(2);
      expect(await stat(page, 'New Styles')).toBe(1);
      // The sent row left the table; the unfinished one stays for finishing.
      expect(await page.getByLabel('Row 1 ITEM CODE').inputValue()).toBe('TP1001');

      const pending = await admin.get('/api/stock-approval/receipts?search=GP-100');
      expect(pending.body.data.receipts).toMatchObject([{ sku: 'DR1000-8-BEIGE', quantity: 3, gatepass_number: 'GP-100', source: 'manual_stock' }]);
    });
  });

  it('a typed row survives a reload, and leaving with it asks first', async () => {
    await journey(stocker, '/stock-entry', async (page) => {
      await page.getByLabel('Row 1 ITEM CODE').fill('dr1000');
      await page.getByLabel('Row 1 QTY').fill('5');

      // Reloading asks the browser's question (beforeunload); accepted, the row is still there.
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.type());
        void dialog.accept();
      });
      await page.reload();
      await page.getByLabel('Row 1 ITEM CODE').waitFor();
      expect(asked).toEqual(['beforeunload']);
      expect(await page.getByLabel('Row 1 ITEM CODE').inputValue()).toBe('DR1000');
      expect(await page.getByLabel('Row 1 QTY').inputValue()).toBe('5');

      // Another screen of the app asks here; Stay keeps the row, Leave goes and the row waits for the way back.
      await page.getByRole('link', { name: 'Dashboard' }).click();
      const question = page.getByRole('alertdialog', { name: 'Leave without sending?' });
      await question.getByText('You have 1 stock entry row not sent yet').waitFor();
      await question.getByRole('button', { name: 'Stay' }).click();
      await question.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/stock-entry');
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await question.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL('**/dashboard');
      // The question gone and the way back taken before reading: going back while the leave is still settling races it.
      await question.waitFor({ state: 'detached' });
      await page.goBack();
      await page.waitForURL('**/stock-entry');
      expect(await page.getByLabel('Row 1 ITEM CODE').inputValue()).toBe('DR1000');
    });
  });

  it('a receipt of an unknown style waits for a manager, and the executive2 screen follows the approval live', async () => {
    await journey(stocker, '/stock-approval', async (page) => {
      await page.getByRole('searchbox', { name: 'Search receipts' }).fill('NW5000');
      const receipt = page.getByRole('listitem', { name: 'Receipt NW5000-10-BLACK' });
      await receipt.getByText('Needs manager').waitFor();
      expect(await receipt.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      expect(await receipt.innerText()).toContain('Only a manager can approve a new style.');

      const found = await admin.get('/api/stock-approval/receipts?search=NW5000');
      const id = found.body.data.receipts[0].id as number;
      expect((await admin.post(`/api/stock-approval/receipts/${id}/approve`, {})).status).toBe(200);

      // No reload: the live socket tells the screen.
      await receipt.waitFor({ state: 'detached' });
      const row = page.getByRole('grid', { name: 'Recent approvals' }).getByRole('row').filter({ hasText: 'NW5000-10-BLACK' });
      await row.waitFor();
      expect(await row.innerText()).toContain('RECEIVING');
    });
  });

  it('the location suggestion form checks its fields and shows suggestions with reasons', async () => {
    await journey(stocker, '/stock-entry', async (page) => {
      await page.getByRole('tab', { name: 'Location Suggestion' }).click();
      await page.getByRole('button', { name: 'Get Suggestions' }).click();
      await page.getByText('Style code is required').waitFor();
      await page.getByText('Quantity must be greater than 0').waitFor();
      await page.getByLabel('Style Code').fill('dr1000');
      await page.getByLabel('Quantity').fill('5');
      await page.getByRole('button', { name: 'Get Suggestions' }).click();
      const list = page.getByRole('list', { name: 'Suggested locations' });
      await list.waitFor();
      expect(await list.innerText()).toContain('A-1-1');
    });
  });
});
