import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, axeFindings, nestedScrollAreas, PHONE, scan, scannerBurst, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// A manager turns on "scan the location label before the item" and walks a rack first; a picker on a phone then
// scans one order's items in walk order: an item scanned before its location, or at the wrong one, is refused; each
// scan says what it did.
let e2e: E2E;
const ON_SCAN_PANEL = `document.activeElement?.getAttribute('aria-labelledby') === 'scan-panel-title'`;
const picker = { username: 'picker_pia', password: 'password1' };

// Listed out of walk order; the tote bag has no stock anywhere.
const ORDER_FILE = [
  'Order #,Item,SKU,Value,is Fulfilled',
  '#40001,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#40001,Tote Bag,BG1005-FS-GREY,10.00,FALSE',
  '#40001,Wrap Midi Dress,DR1012-8-BLUE,10.00,FALSE',
  '#40001,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
].join('\n');

beforeAll(async () => {
  e2e = await startE2E();
  const worker = await e2e.createUser('worker', picker.username, picker.password);
  const admin = await e2e.app.asAdmin();
  expect((await admin.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  expect((await admin.post('/api/locations', { code: 'R-3', location_type: 'rack' })).status).toBe(201);
  await e2e.app.allocateStock([
    { sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 3 },
    { sku: 'DR1012-8-BLUE', location: 'R-3', quantity: 3 },
    { sku: 'KN1010-12-WINE', location: 'A-2-1', quantity: 3 },
  ]);
  expect((await admin.upload('/api/files/upload/orders', 'orders.csv', ORDER_FILE)).status).toBe(200);
  // The read side may lag the upload's answer: wait for the order to be listed.
  const orderId = await vi.waitFor(
    async () => {
      const [order] = (await admin.get('/api/orders?search=40001')).body.data.orders as { id: number }[];
      if (!order) throw new Error('order 40001 not listed yet');
      return order.id;
    },
    { timeout: 100_000, interval: 200 },
  );
  expect((await admin.post(`/api/orders/${orderId}/assign-worker`, { worker_id: worker.id })).status).toBe(200);
});
afterAll(() => e2e?.stop());

describe('scan picking on a phone', () => {
  it('a manager turns on scanning the location first and walks R-3 first; the picker scans the order in walk order', async () => {
    const manager = await e2e.openAs({ username: 'admin', password: ADMIN_PASSWORD }, '/settings');
    await manager.page.getByText('Scan the location label before the item').click();
    await manager.page.getByText('Pickers now scan the location label before each item').waitFor();
    // The rack by the packing bench is walked first.
    await manager.page.getByRole('button', { name: 'Edit walk order of R-3' }).click();
    const walkDialog = manager.page.getByRole('dialog');
    await walkDialog.getByText('Empty: from the code, 18000003').waitFor();
    await walkDialog.getByRole('textbox', { name: 'Walk sequence' }).fill('0');
    await walkDialog.getByRole('button', { name: 'Save Walk Order' }).click();
    await manager.page.getByText('R-3 is walked at 0').waitFor();
    await manager.context.close();

    const { context, page } = await e2e.openAs(picker, '/picking', PHONE);
    const scanner = page.getByRole('region', { name: 'Scan' });
    await scanner.getByText("Scan the location label, then the item's barcode (or type the code and press Enter)").waitFor();
    await scanner.getByText('Scanner ready').waitFor();
    const feedback = scanner.getByRole('status');

    await page.getByRole('button', { name: /40001/ }).click();
    const panel = page.getByRole('region', { name: /40001/ });
    await panel.locator('[data-sku]').first().waitFor();
    // Walk order: R-3 (the manager's 0), then A-2-1 before A-10-1; the tote bag, stocked nowhere, last and marked.
    const skus = await Promise.all((await panel.locator('[data-sku]').all()).map((item) => item.getAttribute('data-sku')));
    expect(skus).toEqual(['DR1012-8-BLUE', 'KN1010-12-WINE', 'TP1007-6-GREEN', 'BG1005-FS-GREY']);
    await panel.locator('[data-sku="BG1005-FS-GREY"]').getByText('No stock').waitFor();

    // The item before its location, scanned with focus on its own Pick button: refused, naming where to go, and the
    // scanner's Enter does not press the button (the dress is picked only by its scan at R-3 below).
    await panel.getByRole('button', { name: 'Pick DR1012-8-BLUE' }).focus();
    await scannerBurst(page, 'DR1012-8-BLUE');
    await feedback.getByText('Scan the location first: DR1012-8-BLUE is at R-3.').waitFor();
    expect(await panel.locator('[data-sku="DR1012-8-BLUE"]').getByText('Picked').count()).toBe(0);

    // A code typed into the scan field and Enter counts as a scan.
    await scanner.getByLabel('Barcode or SKU').fill('r-3');
    await scanner.getByLabel('Barcode or SKU').press('Enter');
    await feedback.getByText('At R-3: scan the item.').waitFor();
    await scan(page, 'DR1012-8-BLUE');
    await feedback.getByText(/^Picked DR1012-8-BLUE \(.*\) from R-3\.$/).waitFor();
    await panel.locator('[data-sku="DR1012-8-BLUE"]').getByText('Picked').waitFor();
    // Focus rests on the scan panel, where a stray Enter records nothing, not on the next item's Pick button.
    await page.waitForFunction(ON_SCAN_PANEL);

    // The next item while still at R-3: the wrong location.
    await scan(page, 'KN1010-12-WINE');
    await feedback.getByText('Wrong location: KN1010-12-WINE is at A-2-1, not R-3. Scan A-2-1 first.').waitFor();
    await scan(page, 'A-2-1');
    await feedback.getByText('At A-2-1: scan the item.').waitFor();
    await scan(page, 'KN1010-12-WINE');
    await panel.locator('[data-sku="KN1010-12-WINE"]').getByText('Picked').waitFor();
    await scan(page, 'A-10-1');
    await feedback.getByText('At A-10-1: scan the item.').waitFor();
    await scan(page, 'TP1007-6-GREEN');
    await panel.locator('[data-sku="TP1007-6-GREEN"]').getByText('Picked').waitFor();

    // Unknown codes are named.
    await scan(page, 'XX-NOPE-1');
    await feedback.getByText('Not recognised: XX-NOPE-1 is not an item of your orders or a location.').waitFor();

    // The item with no stock has no label of its own: the one in hand is picked at the location scanned last.
    await scan(page, 'BG1005-FS-GREY');
    await feedback.getByText(/^Picked BG1005-FS-GREY \(.*\) from A-10-1\.$/).waitFor();
    await panel.getByText('4 of 4 items picked').waitFor();
    await page.waitForFunction(ON_SCAN_PANEL);

    // A buzz for each scan that did what it asked, a double one for each refused or unknown scan.
    const buzz = (await page.evaluate('window.__buzz')) as unknown[];
    expect(buzz.filter((p) => p === 60).length).toBeGreaterThanOrEqual(6);
    expect(buzz.filter((p) => Array.isArray(p)).length).toBe(3);

    // One scroll for the whole screen: no list or card scrolls inside it on a phone.
    expect(await nestedScrollAreas(page, '.picking-page')).toBe(0);
    await context.close();
  });

  it('on a phone the location search results are part of the page, and axe finds nothing moderate or worse', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', { ...PHONE, bypassCSP: true });
    try {
      await page.getByRole('button', { name: 'Location Search' }).click();
      await page.getByRole('textbox', { name: 'SKU or style code' }).fill('KN1010');
      // A tap moves focus from the field to the button on the press, and the scanner's line then says it is ready
      // again: were the page to move under the finger before the release, the tap would be lost.
      const searchButton = page.getByRole('button', { name: 'Search', exact: true });
      const typing = await searchButton.boundingBox();
      await searchButton.focus();
      await page.locator('.scan-state-ready').waitFor();
      expect(await searchButton.boundingBox()).toEqual(typing);
      await searchButton.click();
      await page.getByRole('list', { name: 'Search results' }).getByText('KN1010-12-WINE').first().waitFor();
      expect(await nestedScrollAreas(page, '.picking-page')).toBe(0);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
