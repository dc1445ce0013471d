import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { ADMIN_PASSWORD, axeFindings, PHONE, scan, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// Garments picked by their own barcodes: a manager gives a SKU its EAN in Style Management (the rule's refusals shown
// under the field), and a picker on a phone scans a batch's lines by the makers' barcodes alone, each confirmation
// naming the tote the item goes into.
let e2e: E2E;
const admin = { username: 'admin', password: ADMIN_PASSWORD };
const picker = { username: 'picker_bea', password: 'password1' };

// Two orders picked as one batch: #60001 in tote 1, #60002 in tote 2; both want the blue dress.
const ORDER_FILE = [
  'Order #,Item,SKU,Value,is Fulfilled',
  '#60001,Wrap Midi Dress,DR1012-8-BLUE,10.00,FALSE',
  '#60001,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
  '#60002,Wrap Midi Dress,DR1012-8-BLUE,10.00,FALSE',
  '#60002,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
].join('\n');

// The makers' barcodes: an EAN-13, and a UPC-A that the scanner sends as 13 digits (0036000291452).
const DRESS_EAN = '4006381333931';
const JUMPER_UPC = '036000291452';
// The shirt's, given in Style Management during the journey.
const SHIRT_EAN = '5012345678900';

let workerId = 0;
let batchId = 0;
type Api = Awaited<ReturnType<E2E['app']['asAdmin']>>;
let api: Api;
const styleId = async (code: string) => ((await api.get(`/api/styles?search=${code}`)).body.data.styles as { id: number; style_code: string }[]).find((s) => s.style_code === code)!.id;

beforeAll(async () => {
  e2e = await startE2E();
  workerId = (await e2e.createUser('worker', picker.username, picker.password, 'Bea Picker')).id;
  api = await e2e.app.asAdmin();
  expect((await api.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  expect((await api.post(`/api/styles/${await styleId('DR1012')}/barcodes`, { sku: 'DR1012-8-BLUE', barcode: DRESS_EAN })).status).toBe(200);
  expect((await api.post(`/api/styles/${await styleId('KN1010')}/barcodes`, { sku: 'KN1010-12-WINE', barcode: JUMPER_UPC })).status).toBe(200);
  await e2e.app.allocateStock([
    { sku: 'DR1012-8-BLUE', location: 'A-1-1', quantity: 3 },
    { sku: 'KN1010-12-WINE', location: 'A-2-1', quantity: 3 },
    { sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 3 },
  ]);
  expect((await api.upload('/api/files/upload/orders', 'orders.csv', ORDER_FILE)).status).toBe(200);
  const orderIds = await vi.waitFor(
    async () => {
      const orders = (await api.get('/api/orders?search=6000&limit=10')).body.data.orders as { id: number; order_number: string }[];
      if (orders.length < 2) throw new Error('orders not listed yet');
      return ['#60001', '#60002'].map((n) => orders.find((o) => o.order_number === n)!.id);
    },
    { timeout: 100_000, interval: 200 },
  );
  const batch = await api.post('/api/batches', { order_ids: orderIds, worker_id: workerId });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  batchId = batch.body.data.id;
});
afterAll(() => e2e?.stop());

describe('picking by the garments\' own barcodes', () => {
  const open: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it('a manager gives a SKU its barcode in Style Management; the refusals say why under the field', async () => {
    // bypassCSP: axe goes in as a script tag.
    const m = await e2e.openAs(admin, '/styles', { bypassCSP: true });
    open.push(m.context);
    const { page } = m;
    await page.getByRole('button', { name: 'View TP1007' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /SKU/ }).click();
    await page.getByRole('option', { name: 'TP1007-6-GREEN', exact: true }).click();
    const field = dialog.getByRole('textbox', { name: 'Barcode' });
    const add = dialog.getByRole('button', { name: 'Add Barcode' });

    await field.fill('5012345678901');
    await add.click();
    await dialog.getByText('5012345678901 is not a valid EAN-13: its check digit does not match (a digit is mistyped?)').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill(DRESS_EAN);
    await add.click();
    await dialog.getByText(`Barcode ${DRESS_EAN} is already on SKU DR1012-8-BLUE`).waitFor();

    await field.fill(SHIRT_EAN);
    await add.click();
    await dialog.getByRole('status').getByText(`Barcode ${SHIRT_EAN} added to TP1007-6-GREEN`).waitFor();
    await dialog.getByRole('grid', { name: 'Barcodes of TP1007-6-GREEN' }).getByText(`${SHIRT_EAN} · EAN-13`).waitFor();
    await dialog.getByRole('row').filter({ hasText: 'TP1007-6-GREEN' }).getByText(`${SHIRT_EAN} · EAN-13`).waitFor();
    expect(await axeFindings(page)).toEqual([]);
  });

  it('the picker scans every line of the batch by its barcode on a phone; each confirmation names the tote', async () => {
    // The shirt's barcode as the manager gives it above (a second time changes nothing), so this test stands alone.
    expect((await api.post(`/api/styles/${await styleId('TP1007')}/barcodes`, { sku: 'TP1007-6-GREEN', barcode: SHIRT_EAN })).status).toBe(200);
    const w = await e2e.openAs(picker, '/picking', PHONE);
    open.push(w.context);
    const p = w.page;
    await p.getByRole('button', { name: new RegExp(`Batch ${batchId}`) }).click();
    const panel = p.getByRole('region', { name: `Batch ${batchId}` });
    await panel.getByText('0 of 4 items picked').waitFor();
    const feedback = p.getByRole('region', { name: 'Scan' }).getByRole('status');

    // In walk order: the dress for tote 1 then tote 2 at A-1-1, the jumper at A-2-1, the shirt at A-10-1.
    const scans: [string, RegExp][] = [
      [DRESS_EAN, /^Picked DR1012-8-BLUE \(.+\) from A-1-1 into Tote 1\.$/],
      [DRESS_EAN, /^Picked DR1012-8-BLUE \(.+\) from A-1-1 into Tote 2\.$/],
      [`0${JUMPER_UPC}`, /^Picked KN1010-12-WINE \(.+\) from A-2-1 into Tote 1\.$/],
      [SHIRT_EAN, /^Picked TP1007-6-GREEN \(.+\) from A-10-1 into Tote 2\.$/],
    ];
    for (const [i, [code, said]] of scans.entries()) {
      await scan(p, code);
      await panel.getByText(`${i + 1} of 4 items picked`).waitFor();
      await feedback.getByText(said).waitFor();
    }
    // A barcode of no line of the batch is not recognised, and picks nothing.
    await scan(p, '96385074');
    await feedback.getByText(`Not recognised: 96385074 is not an item of batch ${batchId} or a location.`).waitFor();

    await panel.getByRole('button', { name: 'Complete Batch' }).click();
    await p.getByText(`Batch ${batchId} completed: 2 orders completed`).waitFor();

    // Every line was picked once, from where the confirmation said.
    const orders = (await api.get('/api/orders?search=6000&limit=10')).body.data.orders as { id: number }[];
    const picked = [];
    for (const o of orders) {
      const order = (await api.get(`/api/orders/${o.id}`)).body.data as { order_number: string; status: string; items: { sku: string; status: string; location: string }[] };
      expect(order.status).toBe('completed');
      picked.push(...order.items.map((i) => `${order.order_number} ${i.sku} ${i.status} ${i.location}`));
    }
    expect(picked.sort()).toEqual([
      '#60001 DR1012-8-BLUE picked A-1-1',
      '#60001 KN1010-12-WINE picked A-2-1',
      '#60002 DR1012-8-BLUE picked A-1-1',
      '#60002 TP1007-6-GREEN picked A-10-1',
    ]);
  });
});
