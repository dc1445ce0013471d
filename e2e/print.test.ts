import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '@wh/command/testing';
import { ADMIN_PASSWORD, axeFindings, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// Labels for a range of a layout made in Settings, one location's label, and an order's pick list opened from
// /orders and from the picking screen: each print view holds one Code 128 barcode (an SVG) per thing it lists, and
// axe finds nothing serious or moderate on it.

const manager = { username: 'admin', password: ADMIN_PASSWORD };
const picker = { username: 'print_pia', password: 'password1', fullName: 'Pia Picker' };

const ITEMS: Record<string, string> = {
  'KN1010-12-WINE': 'Cable Jumper 010 - 12 / Wine',
  'TP1007-6-GREEN': 'Linen Shirt 007 - 6 / Green',
  'DR1012-8-BLUE': 'Wrap Midi Dress 012 - 8 / Blue',
};
const STOCKED = ['KN1010-12-WINE', 'TP1007-6-GREEN'];
// Order 20001 is the picker's; 20002 is someone else's business.
const ORDERS: Record<string, string[]> = { '20001': Object.keys(ITEMS), '20002': ['TP1007-6-GREEN'] };

let e2e: E2E;
let admin: Client;
const orderIds = new Map<string, number>();

function ok(res: { status: number; body: unknown }, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.app.asAdmin();
  const worker = await e2e.createUser('worker', picker.username, picker.password, picker.fullName);
  ok(await admin.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv')));
  // Two of the order's SKUs are on a shelf (bin B-1-1, made by the sheet); the dress is nowhere.
  await e2e.app.allocateStock(STOCKED.map((sku) => ({ sku, location: 'B-1-1', quantity: 5 })));
  const rows = Object.entries(ORDERS).flatMap(([n, skus]) => skus.map((sku) => `${n},${ITEMS[sku]},${sku},10.00,FALSE`));
  ok(await admin.upload('/api/files/upload/orders', 'orders.csv', ['Order #,Item,SKU,Value,is Fulfilled', ...rows].join('\n')));
  const list = await admin.get('/api/orders?limit=100');
  ok(list);
  for (const o of list.body.data.orders as { id: number; order_number: string }[]) orderIds.set(o.order_number, o.id);
  ok(await admin.post(`/api/orders/${orderIds.get('20001')}/assign-worker`, { worker_id: worker.id }));
});
afterAll(() => e2e?.stop());

// axe is injected as a script tag, which the app's Content-Security-Policy (script-src 'self') would refuse.
const signedIn = (who: { username: string; password: string }, path: string) => e2e.openAs(who, path, { bypassCSP: true });

// A print view opens in a tab of its own.
async function opensPrintView(page: Page, open: () => Promise<void>): Promise<Page> {
  const [view] = await Promise.all([page.context().waitForEvent('page'), open()]);
  await view.waitForLoadState();
  return view;
}

/** What each barcode on the page encodes, in page order, checking each is drawn as an SVG with bars. */
async function barcodes(page: Page): Promise<string[]> {
  const found = page.locator('[data-barcode]');
  const values: string[] = [];
  for (const barcode of await found.all()) {
    expect(await barcode.locator('svg path').count()).toBeGreaterThan(0);
    values.push((await barcode.getAttribute('data-barcode')) ?? '');
  }
  return values;
}

describe('print views', () => {
  it('a manager makes a small layout in Settings and prints labels for a range and for one location', async () => {
    ok(await admin.post('/api/locations/range', { location_type: 'rack', from: 'R-1', to: 'R-2' }), 201);
    ok(await admin.post('/api/locations', { code: 'J-1', location_type: 'jean_rack', capacity: 30, gender: 'women' }), 201);
    const { context, page } = await signedIn(manager, '/settings');
    try {
      await page.getByRole('button', { name: 'Add Range' }).click();
      const add = page.getByRole('dialog', { name: 'Add Location Range' });
      await add.getByRole('textbox', { name: 'From' }).fill('A-1-1');
      await add.getByRole('textbox', { name: 'To' }).fill('A-1-3');
      await add.getByRole('button', { name: 'Create Range' }).click();
      await page.getByText('3 locations created').waitFor();

      // The layout lists A-1-1, A-1-2, A-1-3, B-1-1, J-1, R-1, R-2, RECEIVING. A reversed range is refused in the dialog.
      await page.getByRole('button', { name: 'Print Labels' }).click();
      const dialog = page.getByRole('dialog', { name: 'Print labels' });
      await dialog.getByRole('textbox', { name: 'From' }).fill('R-2');
      await dialog.getByRole('textbox', { name: 'To' }).fill('A-1-2');
      await dialog.getByRole('button', { name: 'Open Print View' }).click();
      await dialog.getByText('The range is reversed: R-2 comes after A-1-2 in the layout order').waitFor();

      await dialog.getByRole('textbox', { name: 'From' }).fill('A-1-2');
      await dialog.getByRole('textbox', { name: 'To' }).fill('R-1');
      const labels = await opensPrintView(page, () => dialog.getByRole('button', { name: 'Open Print View' }).click());
      await labels.getByText('5 labels').waitFor();
      expect(new URL(labels.url()).pathname).toBe('/print/labels');
      expect(await barcodes(labels)).toEqual(['A-1-2', 'A-1-3', 'B-1-1', 'J-1', 'R-1']);
      expect(await labels.locator('.location-label-type').allInnerTexts()).toEqual(['BIN', 'BIN', 'BIN', 'JEAN RACK', 'RACK']);
      // No app chrome: the print view is a page of its own.
      expect(await labels.locator('nav, .sidebar, .topbar').count()).toBe(0);
      expect(await axeFindings(labels)).toEqual([]);
      await labels.close();

      const one = await opensPrintView(page, () => page.getByRole('link', { name: 'Print label of R-2' }).click());
      await one.getByText('1 label', { exact: true }).waitFor();
      expect(await barcodes(one)).toEqual(['R-2']);
      await one.close();
    } finally {
      await context.close();
    }
  });

  it('an order’s pick list prints from /orders and from the picking screen with one barcode per item, for those who may see the order', async () => {
    const manager_ = await signedIn(manager, '/orders');
    try {
      const { page } = manager_;
      await page.getByRole('button', { name: 'Order 20001 details' }).click();
      const details = page.getByRole('dialog', { name: 'Order 20001' });
      const list = await opensPrintView(page, () => details.getByRole('link', { name: 'Print Pick List' }).click());
      await list.getByRole('heading', { name: 'Order 20001' }).waitFor();
      // The order number's barcode, then one per item in the server's order.
      const items = (await admin.get(`/api/orders/${orderIds.get('20001')}`)).body.data.items as { sku: string }[];
      expect(items).toHaveLength(3);
      expect(await barcodes(list)).toEqual(['20001', ...items.map((i) => i.sku)]);
      expect(await list.locator('tbody tr').count()).toBe(3);
      for (const sku of STOCKED) expect(await list.locator(`tr[data-sku="${sku}"] .pick-sheet-location`).innerText()).toBe('B-1-1 Bin');
      expect(await list.locator('tr[data-sku="DR1012-8-BLUE"] .pick-sheet-location').innerText()).toBe('Location not assigned');
      expect(await axeFindings(list)).toEqual([]);
    } finally {
      await manager_.context.close();
    }

    const worker = await signedIn(picker, '/picking');
    try {
      const { page } = worker;
      await page.getByRole('button', { name: /20001/ }).click();
      const panel = page.getByRole('region', { name: /20001/ });
      const list = await opensPrintView(page, () => panel.getByRole('link', { name: 'Print Pick List' }).click());
      await list.getByRole('heading', { name: 'Order 20001' }).waitFor();
      expect(await list.locator('[data-barcode]').count()).toBe(4);

      // Another worker's order is refused by the server; labels are for managers only.
      await list.goto(`/print/orders/${orderIds.get('20002')}/pick-list`);
      await list.getByRole('alert').waitFor();
      expect(await list.locator('[data-barcode]').count()).toBe(0);
      await list.goto('/print/labels?from=A-1-1&to=A-1-3');
      await list.waitForURL((u) => u.pathname === '/picking');
    } finally {
      await worker.context.close();
    }
  });
});
