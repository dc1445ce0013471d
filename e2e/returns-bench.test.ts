import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '@wh/command/testing';
import { ADMIN_PASSWORD, axeFindings, changesSent, PHONE, scan, scannerBurst, settle, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// The returns bench: a picker on a phone scans a returned dress, says why, receives it and scans the bin it goes to
// (the interactions and the screen time printed); a clerk receives a parcel no order matches and matches it later;
// a grade D unit waits in RETURNS until a manager writes it off (a worker cannot). Each order ships one SKU none of
// the others holds, so every journey runs alone.
let e2e: E2E;
let admin: Client;
const picker = { username: 'returns_rae', password: 'password1' };
const clerk = { username: 'returns_rex', password: 'password1' };
const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };

const orders = new Map<string, number>();

// A tap on an option's label, as a finger does it (the radio itself is drawn by its label).
const tap = (page: Page, option: string) => page.locator('label.radio').filter({ hasText: option }).click();

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

// Units of a SKU per location, as the inventory search reads them.
const stockOf = async (sku: string) => {
  const found = (await admin.get(`/api/inventory/search?style_code=${sku}`)).body.data.items as { sku: string; locations: { location: string; quantity: number }[] }[];
  return Object.fromEntries((found.find((i) => i.sku === sku)?.locations ?? []).map((l) => [l.location, l.quantity]));
};
const returnMovesOf = async (sku: string) =>
  ((await admin.get(`/api/inventory/ledger?sku=${sku}`)).body.data.movements as { event_type: string; location: string; delta: number }[])
    .filter((m) => m.event_type.startsWith('Return'))
    .map((m) => `${m.event_type} ${m.location} ${m.delta > 0 ? '+' : ''}${m.delta}`);
const historyOf = async (orderNumber: string) =>
  ((await admin.get(`/api/orders/${orders.get(orderNumber)}/history`)).body.data.history as { description: string }[]).map((h) => h.description);

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.app.asAdmin();
  const worker = await e2e.createUser('worker', picker.username, picker.password);
  await e2e.createUser('executive2', clerk.username, clerk.password);
  const verifier = await e2e.app.userWithRole('executive2');
  await ok(admin.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')), 'catalogue');
  await e2e.app.allocateStock([
    { sku: 'DR1000-8-BEIGE', location: 'A-1-1', quantity: 10 },
    { sku: 'DR1000-10-BEIGE', location: 'A-1-1', quantity: 10 },
    { sku: 'KN1010-12-WINE', location: 'A-1-2', quantity: 10 },
  ]);
  await ok(admin.post('/api/locations', { code: 'B-2-3', location_type: 'bin', capacity: 50 }), 'create B-2-3');
  const sheet = 'Order #,Item,SKU,Quantity\n#7101,Wrap Midi Dress,DR1000-8-BEIGE,2\n#7102,Cable Jumper,KN1010-12-WINE,1\n#7103,Wrap Midi Dress,DR1000-10-BEIGE,1\n';
  await ok(admin.upload('/api/files/upload/orders', 'orders.csv', sheet), 'orders');
  const picking = await e2e.app.login(worker.username, picker.password);
  for (const o of (await admin.get('/api/orders?limit=10')).body.data.orders as { id: number; order_number: string }[]) {
    orders.set(o.order_number, o.id);
    const items = (await admin.get(`/api/orders/${o.id}`)).body.data.items as { id: number }[];
    await ok(admin.post(`/api/orders/${o.id}/assign-worker`, { worker_id: worker.id }), 'assign');
    for (const i of items) await ok(picking.post(`/api/orders/${o.id}/items/${i.id}/pick`, {}), 'pick');
    await ok(picking.post(`/api/orders/${o.id}/complete`), 'complete');
    await ok(verifier.post(`/api/orders/${o.id}/verify`, {}), 'verify');
  }
}, 300_000);
afterAll(() => e2e?.stop());

describe('the returns bench', () => {
  it('a picker on a phone receives, grades and restocks a returned dress by scanning, in 4 interactions', async () => {
    // The stock the office sees, open beside the bench: the restocked unit reaches it by itself.
    const office = await e2e.openAs(ADMIN, '/inventory');
    const searchForm = office.page.getByRole('search', { name: 'Inventory search' });
    await searchForm.getByRole('textbox', { name: 'Style Code' }).fill('DR1000-8-BEIGE');
    await searchForm.getByRole('button', { name: 'Search' }).click();
    const card = office.page.getByRole('listitem', { name: 'DR1000-8-BEIGE' });
    await card.getByText('8 units').waitFor();
    const { context, page } = await e2e.openAs(picker, '/returns', { ...PHONE, bypassCSP: true });
    try {
      const sent = changesSent(page);
      const bench = page.getByRole('region', { name: 'Scan' });
      const feedback = bench.getByRole('status');
      await bench.getByText('Scanner ready').waitFor();
      const before = await stockOf('DR1000-8-BEIGE');

      const started = Date.now();
      let interactions = 0;
      // 1: the dress's own code opens its order, that unit counted.
      await scan(page, 'DR1000-8-BEIGE');
      interactions += 1;
      await feedback.getByText('DR1000-8-BEIGE: 1 unit back from #7101. Choose why it came back.').waitFor();
      // 2: why (grade A unless said).
      await tap(page, 'Too small');
      interactions += 1;
      // 3: received.
      await page.getByRole('button', { name: 'Receive 1 unit' }).click();
      interactions += 1;
      await feedback.getByText(/^Return #\d+ received: 1 unit from #7101\. Scan A-1-1 to put DR1000-8-BEIGE there, or another location\.$/).waitFor();
      // 4: the suggested bin's label.
      await scan(page, 'A-1-1');
      interactions += 1;
      await feedback.getByText('1 unit of DR1000-8-BEIGE restocked to A-1-1.').waitFor();
      const seconds = (Date.now() - started) / 1000;
      console.log(`returns bench: one unit received, graded and restocked in ${interactions} interactions, ${seconds.toFixed(1)} s of screen time`);
      expect(interactions).toBeLessThanOrEqual(6);
      expect(seconds).toBeLessThan(30);
      await page.getByRole('region', { name: /^Return #\d+ · #7101$/ }).getByText('Done').waitFor();

      // The label scanned again sends nothing.
      await scan(page, 'A-1-1');
      await feedback.getByText(/^Every unit of Return #\d+ is placed: scan the next parcel\.$/).waitFor();
      await settle(page);
      expect(sent.map((p) => p.replace(/\d+/g, 'N'))).toEqual(['/api/returns', '/api/returns/N/lines/N/restock']);

      // Sellable at once, on the office's open screen, in the ledger and in the order's history.
      await card.getByText('9 units').waitFor();
      expect(await stockOf('DR1000-8-BEIGE')).toEqual({ ...before, 'A-1-1': (before['A-1-1'] ?? 0) + 1 });
      expect(await returnMovesOf('DR1000-8-BEIGE')).toEqual(['ReturnRestocked A-1-1 +1']);
      expect(await historyOf('#7101')).toEqual(expect.arrayContaining([expect.stringMatching(/^Return #\d+ received: 1 unit$/), expect.stringMatching(/^Return #\d+: restocked 1 of DR1000-8-BEIGE to A-1-1$/)]));
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
      await office.context.close();
    }
  });

  it('a parcel no order matches is received with a note, waits in Unmatched returns, and is matched and restocked later', async () => {
    const { context, page } = await e2e.openAs(clerk, '/returns', { bypassCSP: true });
    try {
      const sent = changesSent(page);
      const feedback = page.getByRole('region', { name: 'Scan' }).getByRole('status');
      const field = page.getByLabel('Order, SKU, barcode or location');
      const typeCode = async (code: string) => {
        await field.fill(code);
        await field.press('Enter');
      };
      await typeCode('no-slip');
      await feedback.getByText('No shipped order matches NO-SLIP. Receive it without an order, or scan another code.').waitFor();
      await page.getByRole('button', { name: 'Receive without an order' }).click();
      await page.getByLabel('Note').fill('J. Smith, no slip: a wine jumper');
      await typeCode('kn1010-12-wine');
      await feedback.getByText('KN1010-12-WINE added to the parcel.').waitFor();
      await tap(page, 'Changed mind');
      await page.getByRole('region', { name: 'Return without an order' }).getByRole('button', { name: 'Receive without an order' }).click();
      await feedback.getByText(/^Return #\d+ received without an order: it waits in Unmatched returns\. Match it to its order when it is known\.$/).waitFor();
      const unmatched = page.getByRole('grid', { name: 'Unmatched returns' });
      await unmatched.getByRole('row').filter({ hasText: 'J. Smith, no slip' }).waitFor();
      expect(await axeFindings(page)).toEqual([]);

      // The order found later: its line takes the parcel's unit, reason and grade.
      await page.getByRole('button', { name: 'Match to an order' }).click();
      await typeCode('7102');
      await page.getByRole('button', { name: 'Match to #7102' }).click();
      await feedback.getByText(/^Return #\d+ matched to #7102\. Scan A-1-2 to put KN1010-12-WINE there, or another location\.$/).waitFor();
      await unmatched.getByText('No parcel waits for its order.').waitFor();

      // A scanner's burst with focus on the suggestion's button restocks where the label says, and presses nothing.
      const restock = page.getByRole('button', { name: 'Restock 1 to A-1-2' });
      await restock.focus();
      await scannerBurst(page, 'B-2-3', 10);
      await feedback.getByText('1 unit of KN1010-12-WINE restocked to B-2-3.').waitFor();
      await settle(page);
      expect(sent.map((p) => p.replace(/\d+/g, 'N'))).toEqual(['/api/returns', '/api/returns/N/match', '/api/returns/N/lines/N/restock']);
      expect((await stockOf('KN1010-12-WINE'))['B-2-3']).toBe(1);
      expect(await historyOf('#7102')).toEqual(expect.arrayContaining([expect.stringMatching(/^Return #\d+ matched to this order: 1 unit$/)]));
    } finally {
      await context.close();
    }
  });

  it('a grade D unit waits in RETURNS: a worker cannot write it off, a manager does', async () => {
    const phone = await e2e.openAs(picker, '/returns', { ...PHONE, bypassCSP: true });
    let returnId = 0;
    try {
      const { page } = phone;
      const feedback = page.getByRole('region', { name: 'Scan' }).getByRole('status');
      await page.getByText('Scanner ready').waitFor();
      await scan(page, '7103');
      await feedback.getByText('#7103: scan each unit that came back.').waitFor();
      await page.getByRole('button', { name: 'Add a unit of DR1000-10-BEIGE' }).click();
      await tap(page, 'Faulty');
      await tap(page, 'D: write off');
      await page.getByRole('button', { name: 'Receive 1 unit' }).click();
      await feedback.getByText(/^Return #\d+ received: 1 unit from #7103\./).waitFor();
      returnId = Number((await feedback.innerText()).match(/Return #(\d+)/)![1]);
      expect(await page.getByRole('button', { name: 'Write off' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Leave in RETURNS' }).click();
      await feedback.getByText('1 unit of DR1000-10-BEIGE left in RETURNS to put away.').waitFor();
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
    const worker = await e2e.app.login(picker.username, picker.password);
    expect((await worker.post(`/api/returns/${returnId}/lines/1/write-off`, { quantity: 1, note: null })).status).toBe(403);
    expect((await stockOf('DR1000-10-BEIGE')).RETURNS).toBe(1);

    const { context, page } = await e2e.openAs(ADMIN, '/returns', { bypassCSP: true });
    try {
      await page.getByRole('tab', { name: 'Waiting to be put away' }).click();
      await page.getByRole('button', { name: `Open return #${returnId}` }).click();
      await page.getByRole('button', { name: 'Write off' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Write off returned units' });
      await dialog.getByLabel('Note').fill('Seam torn');
      await dialog.getByRole('button', { name: 'Write off 1' }).click();
      await page.getByRole('region', { name: 'Scan' }).getByRole('status').getByText('1 unit of DR1000-10-BEIGE written off.').waitFor();
      expect((await stockOf('DR1000-10-BEIGE')).RETURNS ?? 0).toBe(0);
      expect(await returnMovesOf('DR1000-10-BEIGE')).toEqual(['ReturnWrittenOff RETURNS -1', 'ReturnRestocked RETURNS +1']);
      expect(await historyOf('#7103')).toEqual(expect.arrayContaining([`Return #${returnId}: written off 1 of DR1000-10-BEIGE (note: Seam torn)`]));
    } finally {
      await context.close();
    }
  });
});
