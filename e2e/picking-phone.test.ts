import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locator } from 'playwright-core';
import { axeFindings, PHONE, scan, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// A picker on a phone (390 x 844) sees what to pick on the first screen: the open batch's or order's lines come before
// the stats and the list, size, colour and quantity large enough to read at arm's length, each scan's outcome where
// they are looking, and a line just picked stays in sight, saying which tote it went into.
let e2e: E2E;
const picker = { username: 'picker_phone', password: 'password1' };

// Two orders picked as one batch (#70001 in tote 1, #70002 in tote 2), and more picked alone, enough to fill the list.
const ORDER_FILE = [
  'Order #,Item,SKU,Value,is Fulfilled',
  '#70001,Wrap Midi Dress,DR1012-8-BLUE,10.00,FALSE',
  '#70001,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
  '#70002,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  ...['70003', '70004', '70005', '70006', '70007'].map((n) => `#${n},Wrap Midi Dress,DR1000-8-BEIGE,10.00,FALSE`),
].join('\n');

type Api = Awaited<ReturnType<E2E['app']['asAdmin']>>;
let api: Api;
let batchId = 0;

beforeAll(async () => {
  e2e = await startE2E();
  const workerId = (await e2e.createUser('worker', picker.username, picker.password, 'Phoebe Picker')).id;
  api = await e2e.app.asAdmin();
  expect((await api.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  await e2e.app.allocateStock([
    { sku: 'DR1012-8-BLUE', location: 'A-1-1', quantity: 3 },
    { sku: 'KN1010-12-WINE', location: 'A-2-1', quantity: 3 },
    { sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 3 },
    { sku: 'DR1000-8-BEIGE', location: 'B-1-1', quantity: 9 },
  ]);
  expect((await api.upload('/api/files/upload/orders', 'orders.csv', ORDER_FILE)).status).toBe(200);
  const ids = await vi.waitFor(
    async () => {
      const orders = (await api.get('/api/orders?search=7000&limit=20')).body.data.orders as { id: number; order_number: string }[];
      if (orders.length < 7) throw new Error('orders not listed yet');
      return new Map(orders.map((o) => [o.order_number, o.id]));
    },
    { timeout: 100_000, interval: 200 },
  );
  for (const n of ['#70003', '#70004', '#70005', '#70006', '#70007']) {
    expect((await api.post(`/api/orders/${ids.get(n)}/assign-worker`, { worker_id: workerId })).status).toBe(200);
  }
  const batch = await api.post('/api/batches', { order_ids: [ids.get('#70001'), ids.get('#70002')], worker_id: workerId });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  batchId = batch.body.data.id;
});
afterAll(() => e2e?.stop());

const HEIGHT = PHONE.viewport.height;

/** Whether the element is wholly inside the viewport as the page stands (no scrolling by the test). */
async function onFirstScreen(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= HEIGHT;
}

// Page code as text: the e2e files are type-checked without the DOM library.
const styleOf = (element: Locator, property: 'fontSize' | 'color') => element.evaluate((el, p) => (globalThis as unknown as { getComputedStyle: (e: unknown) => Record<string, string> }).getComputedStyle(el)[p]!, property);
const fontSizeOf = async (element: Locator) => Number.parseFloat(await styleOf(element, 'fontSize'));

describe('picking on a phone', () => {
  it('a batch opened from the list shows its first line to pick on the first screen, large; a scan answers in sight', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', { ...PHONE, bypassCSP: true });
    try {
      await page.getByRole('button', { name: new RegExp(`Batch ${batchId}`) }).click();
      const panel = page.getByRole('region', { name: `Batch ${batchId}` });
      const lines = panel.getByRole('list', { name: 'Items to pick' }).getByRole('listitem');
      const first = lines.first();
      const pickButton = first.getByRole('button', { name: /^Pick / });
      await pickButton.waitFor();
      // The page scrolls the panel into view itself (smoothly): wait for it, the test scrolls nothing.
      const heading = panel.getByRole('heading', { name: `Batch ${batchId}` });
      await expect.poll(async () => (await onFirstScreen(heading)) && (await onFirstScreen(pickButton))).toBe(true);
      const facts = [first.locator('.pick-size'), first.locator('.pick-color'), first.locator('.pick-qty'), first.locator('.pick-tote')];
      for (const element of [pickButton, ...facts]) expect(await onFirstScreen(element)).toBe(true);
      for (const element of facts) expect(await fontSizeOf(element)).toBeGreaterThanOrEqual(18);
      // Dark, not grey.
      for (const element of facts.slice(0, 3)) expect(await styleOf(element, 'color')).toBe('rgb(15, 23, 42)');
      expect(await fontSizeOf(first.locator('.pick-qty'))).toBeGreaterThan(await fontSizeOf(first.locator('.pick-size')));

      // A scan of the first line: its outcome is on screen, and the line stays, picked, naming its tote.
      const sku = (await first.getAttribute('data-sku'))!;
      const tote = (await first.locator('.pick-tote').innerText()).split(' · ')[0]!;
      const reread = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/batches/${batchId}`);
      await scan(page, sku);
      const feedback = page.getByRole('region', { name: 'Scan' }).getByRole('status');
      await feedback.getByText(new RegExp(`^Picked ${sku} \\(.*\\) from A-1-1 into ${tote}\\.$`)).waitFor();
      expect(await onFirstScreen(feedback)).toBe(true);
      const picked = panel.locator(`[data-sku="${sku}"]`);
      // The live push reads the batch again and the server leaves the line out; the screen keeps it, counted once.
      await reread;
      await picked.getByText(`Picked into ${tote}`).waitFor();
      expect(await onFirstScreen(picked)).toBe(true);
      await panel.getByText('1 of 3 items picked').waitFor();

      const next = lines.filter({ has: page.getByRole('button', { name: /^Pick / }) }).first();
      const nextSku = (await next.getAttribute('data-sku'))!;
      await scan(page, nextSku);
      await panel.getByText('2 of 3 items picked').waitFor();
      // The next scan lets it go from the list to pick, to the batch's picked lines.
      await panel.getByRole('list', { name: 'Items to pick' }).locator(`[data-sku="${sku}"]`).waitFor({ state: 'detached' });
      await panel.getByRole('button', { name: 'Picked (1)' }).waitFor();
      expect(await onFirstScreen(feedback)).toBe(true);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an order tapped at the foot of the list opens at the top of the screen, its first line to pick in sight', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', { ...PHONE, bypassCSP: true });
    try {
      const last = page.getByRole('button', { name: /^#70007/ });
      await last.scrollIntoViewIfNeeded();
      await last.click();
      const panel = page.getByRole('region', { name: 'Order #70007' });
      const pick = panel.getByRole('button', { name: 'Pick DR1000-8-BEIGE' });
      await pick.waitFor();
      const heading = panel.getByRole('heading', { name: '#70007' });
      await expect.poll(async () => (await onFirstScreen(heading)) && (await onFirstScreen(pick))).toBe(true);
      expect(await onFirstScreen(panel.locator('.pick-qty'))).toBe(true);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
