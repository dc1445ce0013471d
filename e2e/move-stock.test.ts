import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@wh/command/testing';
import { axeFindings, changesSent, PHONE, scan, scannerBurst, settle, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// Moving stock: a picker on a phone scans the from-location label, the items and the to-location label, and confirms
// (a scanner's Enter never confirms for them); a destination going over capacity is confirmed first. On a desktop an
// executive2 puts away what the stock sheet approved into RECEIVING from the Inventory screen.
let e2e: E2E;
let admin: Client;
const picker = { username: 'mover_mo', password: 'password1' };
const clerk = { username: 'stock_sue', password: 'password1' };

const DRESS = 'DR1012-8-BLUE';
const JUMPER = 'KN1010-12-WINE';

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}
const bin = (code: string, capacity: number) => ok(admin.post('/api/locations', { code, location_type: 'bin', capacity }), `create ${code}`);

// Units of a SKU per location, as the inventory search reads them.
const stockOf = async (sku: string) => {
  const found = (await admin.get(`/api/inventory/search?style_code=${sku}`)).body.data.items as { sku: string; locations: { location: string; quantity: number }[] }[];
  return Object.fromEntries((found.find((i) => i.sku === sku)?.locations ?? []).map((l) => [l.location, l.quantity]));
};
const movesOf = async (sku: string) =>
  ((await admin.get(`/api/inventory/ledger?sku=${sku}`)).body.data.movements as { event_type: string; location: string; delta: number; reason: string }[])
    .filter((m) => m.event_type === 'StockMoved')
    .map((m) => `${m.location} ${m.delta > 0 ? '+' : ''}${m.delta} ${m.reason}`);

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.app.asAdmin();
  await e2e.createUser('worker', picker.username, picker.password);
  await e2e.createUser('executive2', clerk.username, clerk.password);
  await ok(admin.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')), 'catalogue');
  await e2e.app.allocateStock([
    { sku: DRESS, location: 'A-1-1', quantity: 3 },
    { sku: JUMPER, location: 'C-1-1', quantity: 2 },
  ]);
  await bin('B-2-3', 50);
});
afterAll(() => e2e?.stop());

describe('Move Stock on a phone', () => {
  it('a picker scans A-1-1, two dresses and B-2-3, and confirms: both sides in the ledger; a full bin is confirmed first', async () => {
    const { context, page } = await e2e.openAs(picker, '/move-stock', { ...PHONE, bypassCSP: true });
    try {
      const sent = changesSent(page);
      const scanner = page.getByRole('region', { name: 'Scan' });
      const feedback = scanner.getByRole('status');
      await scanner.getByText('Scanner ready').waitFor();

      await scan(page, 'A-1-1');
      await feedback.getByText('From A-1-1: scan the items to move.').waitFor();
      await page.getByRole('list', { name: 'Stock at A-1-1' }).getByText(DRESS).waitFor();
      await scan(page, DRESS);
      await feedback.getByText(`${DRESS}: 1 of 3 at A-1-1. Scan more, or the label of the location to move them to.`).waitFor();
      await scan(page, DRESS);
      await feedback.getByText(`${DRESS}: 2 of 3 at A-1-1.`, { exact: false }).waitFor();

      // The to-location scanned with focus on Confirm move: the scan sets the destination and presses nothing.
      const confirm = page.getByRole('button', { name: 'Confirm move' });
      expect(await confirm.isDisabled()).toBe(true);
      await scan(page, 'B-2-3');
      await feedback.getByText(`To B-2-3: 2 × ${DRESS}. Confirm the move.`).waitFor();
      await confirm.focus();
      await scannerBurst(page, 'B-2-3');
      await feedback.getByText(`To B-2-3: 2 × ${DRESS}. Confirm the move.`).waitFor();
      await settle(page);
      expect(sent).toEqual([]);

      await confirm.click();
      await feedback
        .getByText(`Moved from A-1-1 to B-2-3: 2 × ${DRESS}. A-1-1 now holds 1, B-2-3 2. Scan the next item at A-1-1, or another location.`)
        .waitFor();
      expect(sent).toEqual(['/api/inventory/move']);
      expect(await stockOf(DRESS)).toEqual({ 'A-1-1': 1, 'B-2-3': 2 });
      expect(await movesOf(DRESS)).toEqual(['B-2-3 +2 Moved from A-1-1 to B-2-3', 'A-1-1 -2 Moved from A-1-1 to B-2-3']);

      // The last dress, to a bin already full: the move waits for "Move anyway".
      await bin('D-1-1', 2);
      await e2e.app.allocateStock([{ sku: JUMPER, location: 'D-1-1', quantity: 2 }]);
      await scan(page, DRESS);
      await scan(page, 'D-1-1');
      await feedback.getByText(`To D-1-1: 1 × ${DRESS}. Confirm the move.`).waitFor();
      await confirm.click();
      const warning = page.getByText('Moving 1 unit takes D-1-1 over capacity: it would hold 3 units for a capacity of 2 (1 over). Confirm to move them anyway.');
      await warning.waitFor();
      expect(await stockOf(DRESS)).toEqual({ 'A-1-1': 1, 'B-2-3': 2 });
      await page.getByRole('button', { name: 'Move anyway' }).click();
      await feedback.getByText(/^Moved from A-1-1 to D-1-1: 1 × DR1012-8-BLUE\. .* D-1-1 is now over capacity \(3 for 2\)\./).waitFor();
      expect(await stockOf(DRESS)).toEqual({ 'B-2-3': 2, 'D-1-1': 1 });
      expect(sent).toEqual(['/api/inventory/move', '/api/inventory/move', '/api/inventory/move']);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a code the from-location does not hold is refused and moves nothing', async () => {
    const { context, page } = await e2e.openAs(picker, '/move-stock', PHONE);
    try {
      const scanner = page.getByRole('region', { name: 'Scan' });
      const feedback = scanner.getByRole('status');
      await scanner.getByText('Scanner ready').waitFor();
      await scan(page, 'C-1-1');
      await page.getByRole('list', { name: 'Stock at C-1-1' }).getByText(JUMPER).waitFor();
      await scan(page, DRESS);
      await feedback.getByText(`Not recognised: ${DRESS} is not an item held at C-1-1 or a location.`).waitFor();
      // Typed on the screen's own field, as without a scanner.
      await page.getByLabel('Label or SKU').fill(JUMPER.toLowerCase());
      await page.getByRole('button', { name: 'Enter' }).click();
      await feedback.getByText(`${JUMPER}: 1 of 2 at C-1-1.`, { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Start over' }).click();
      await page.getByText('Scan the label of the location to move from').waitFor();
      expect((await stockOf(JUMPER))['C-1-1']).toBe(2);
      expect(await movesOf(JUMPER)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a scanner's quick burst with focus on the scan field's own Enter button is the scan, and presses nothing", async () => {
    const { context, page } = await e2e.openAs(picker, '/move-stock', PHONE);
    try {
      const scanner = page.getByRole('region', { name: 'Scan' });
      const feedback = scanner.getByRole('status');
      await scanner.getByText('Scanner ready').waitFor();
      // Typed but not sent: a press of the button would take A-1-1 as the from-location.
      const field = page.getByLabel('Label or SKU');
      await field.fill('A-1-1');
      const button = page.getByRole('button', { name: 'Enter', exact: true });
      await button.focus();
      // 10 ms a key, Enter included: the scanner's, never the focused button's.
      await scannerBurst(page, 'C-1-1', 10);
      await feedback.getByText('From C-1-1: scan the items to move.').waitFor();
      await settle(page);
      expect(await field.inputValue()).toBe('A-1-1');
      await page.getByRole('list', { name: 'Stock at C-1-1' }).waitFor();
      expect(await page.getByRole('list', { name: 'Stock at A-1-1' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('Put away on the Inventory screen', () => {
  it('an executive2 puts away what a stock sheet approved into RECEIVING', async () => {
    const sheet = `DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\n01/02/2026,TP1007,Green,6,4,GP-PUT-1\n`;
    const up = (await ok(admin.upload('/api/files/upload/manual-stock', 'stock.csv', sheet), 'stock sheet')) as { data: { auto_approved: number } };
    expect(up.data.auto_approved).toBe(1);
    const shirt = 'TP1007-6-GREEN';
    expect(await stockOf(shirt)).toEqual({ RECEIVING: 4 });

    const { context, page } = await e2e.openAs(clerk, '/inventory');
    try {
      await page.getByLabel('Style Code').fill('TP1007');
      await page.getByRole('button', { name: 'Search' }).click();
      // The search offers the put-away where the shirt waits; the Move Stock tab lists what waits in RECEIVING.
      await page.getByRole('link', { name: `Put away ${shirt} from RECEIVING` }).click();
      await page.getByRole('region', { name: 'Waiting in RECEIVING' }).getByRole('button', { name: `Put away ${shirt}` }).click();
      const form = page.getByRole('form', { name: 'Move stock' });
      await form.getByText(`RECEIVING holds 4 of ${shirt}`).waitFor();
      await form.getByRole('button', { name: /\bTo\b/ }).click();
      await page.getByRole('option', { name: /^B-2-3/ }).click();
      await form.getByRole('button', { name: 'Move', exact: true }).click();
      await page.getByText(`Put away from RECEIVING to B-2-3: 4 × ${shirt}. RECEIVING now holds 0, B-2-3 4.`).waitFor();
      expect(await stockOf(shirt)).toEqual({ 'B-2-3': 4 });
      expect(await movesOf(shirt)).toEqual(['B-2-3 +4 Put away from RECEIVING to B-2-3', 'RECEIVING -4 Put away from RECEIVING to B-2-3']);
      // Nothing of it waits in RECEIVING any more.
      await page.getByRole('region', { name: 'Waiting in RECEIVING' }).getByText('Nothing waiting to be put away.').waitFor();
      // Its stock history says both sides in words.
      await page.goto(`/inventory?tab=history&sku=${shirt}`);
      const movements = page.getByRole('grid', { name: 'Stock movements' });
      await movements.getByRole('row').filter({ hasText: 'Put away from RECEIVING to B-2-3' }).filter({ hasText: '+4' }).waitFor();
      await movements.getByRole('row').filter({ hasText: 'Put away from RECEIVING to B-2-3' }).filter({ hasText: '−4' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
