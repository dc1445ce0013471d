import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '@wh/command/testing';
import { startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// Receiving at volume: an executive2 filters the receipts awaiting approval, selects every one on the page and
// approves them into one bin in one action, then reads what came of each receipt and that the bin is over capacity.

let e2e: E2E;
let admin: Client;
const stocker = { username: 'bulk_bea', password: 'password1' };

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.app.asAdmin();
  await e2e.createUser('executive2', stocker.username, stocker.password, 'Bea Bulk');
  const ok = (res: { status: number; body: unknown }, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  ok(await admin.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv')), 'catalogue');
  ok(await admin.upload('/api/files/upload/shopify-stock', 'shopify-inventory.csv', fixture('stock/shopify-inventory.csv')), 'stock file');
  ok(await admin.post('/api/locations', { code: 'A-1-1', location_type: 'bin', capacity: 40 }), 'bin');
});
afterAll(() => e2e?.stop());

const receipt = (page: Page, sku: string) => page.getByRole('listitem', { name: `Receipt ${sku}` });
// The checkbox input is visually hidden under its drawn box: press the box, as a user does.
const toggle = (page: Page, sku: string) => receipt(page, sku).locator('.checkbox').click();
const isIndeterminate = (page: Page) =>
  page.getByRole('checkbox', { name: 'Select all on this page' }).evaluate((el) => (el as unknown as { indeterminate: boolean }).indeterminate);

describe('Stock Approval at volume', () => {
  it('an executive2 filters receipts, selects all on the page, approves them into one bin and reads each result and the capacity warning', async () => {
    const { context, page } = await e2e.openAs(stocker, '/stock-approval');
    try {
      await page.getByRole('heading', { name: 'Stock Approval' }).waitFor();
      await page.getByText('No recent approvals found').waitFor();

      await page.getByRole('searchbox', { name: 'Search receipts' }).fill('DR1000');
      await receipt(page, 'DR1000-6-BEIGE').waitFor();
      await expect.poll(() => page.getByRole('list', { name: 'Receipts awaiting approval' }).getByRole('listitem').count()).toBe(6);
      const skus = await page.getByRole('list', { name: 'Receipts awaiting approval' }).locator('.receipt-main strong').allInnerTexts();
      expect(skus.every((s) => s.startsWith('DR1000-'))).toBe(true);

      // One receipt chosen: the page box shows some are selected; then it selects the whole page.
      await toggle(page, 'DR1000-8-BEIGE');
      expect(await isIndeterminate(page)).toBe(true);
      await page.locator('.receipt-toolbar .checkbox').filter({ hasText: 'Select all on this page' }).click();
      expect(await isIndeterminate(page)).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Select all on this page' }).isChecked()).toBe(true);
      await page.getByText('6 selected · 114 units').waitFor();

      await page.getByRole('button', { name: 'Approve Selected' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Selected Stock' });
      await dialog.getByText('6 receipts · 114 units').waitFor();
      await dialog.getByRole('button', { name: /Location$/ }).click();
      await page.getByRole('option', { name: /^A-1-1/ }).click();
      await dialog.getByText('A-1-1 has room for 40 units: these 114 units take it 74 over its capacity.').waitFor();

      // Meanwhile a manager approves one of them elsewhere: that one is refused, the rest go through.
      const [taken] = (await admin.get('/api/stock-approval/receipts?search=DR1000-16-BEIGE')).body.data.receipts;
      expect((await admin.post(`/api/stock-approval/receipts/${taken.id}/approve`, {})).status).toBe(200);

      await dialog.getByRole('button', { name: 'Approve 6 receipts' }).click();
      await dialog.waitFor({ state: 'detached' });
      const result = page.getByRole('status', { name: 'Bulk approval result' });
      await result.getByRole('heading', { name: '5 receipts approved into A-1-1, 1 refused' }).waitFor();
      const lines = await result.getByRole('list', { name: 'Result per receipt' }).getByRole('listitem').allInnerTexts();
      expect(lines).toHaveLength(6);
      expect(lines.find((l) => l.includes('DR1000-16-BEIGE'))).toContain(`Refused: Receipt #${taken.id} is already approved`);
      // 20 + 18 fit in the 40; the next receipt takes A-1-1 past its capacity, and each one after adds to it.
      expect(lines.find((l) => l.includes('DR1000-8-BEIGE'))).not.toContain('over capacity');
      expect(lines.find((l) => l.includes('DR1000-10-BEIGE'))).toContain('Approved into A-1-1; A-1-1 over capacity (52 of 40)');
      expect(lines.find((l) => l.includes('DR1000-14-BEIGE'))).toContain('A-1-1 over capacity (86 of 40)');
      await result.getByText('A-1-1 is over capacity: it holds 86 units for a capacity of 40 (46 over).').waitFor();

      // The approved receipts left the list; the refused one was approved elsewhere, so none of DR1000 wait.
      await page.getByText('No receipts awaiting approval.').waitFor();
      const row = page.getByRole('grid', { name: 'Recent approvals' }).getByRole('row').filter({ hasText: 'DR1000-6-BEIGE' });
      await row.waitFor();
      expect(await row.innerText()).toContain('A-1-1');
    } catch (error) {
      console.error(`Screen at failure (${page.url()}):\n${await page.locator('body').innerText().catch(() => '')}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
