import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { nestedScrollAreas, PHONE, scan, scannerBurst, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// Three orders of the fixture picked as one batch: #10003 (1 item), #10004 (4) and #10010 (3), eight lines, two SKUs
// wanted by two orders each. Each SKU is stocked in its own bin but DR1000-12-BEIGE, which has no stock anywhere.
const STOCK = [
  { sku: 'JN1009-10-RED', location: 'A-1-1' },
  { sku: 'KN1004-12-WINE', location: 'A-2-1' },
  { sku: 'TP1007-12-GREEN', location: 'A-2-2' },
  { sku: 'TP1007-16-GREEN', location: 'A-10-1' },
  { sku: 'JN1003-14-KHAKI', location: 'B-1-1' },
];
const ORDERS = ['10003', '10004', '10010'];

let e2e: E2E;
const exec1 = { username: 'orders_erin', password: 'password1', fullName: 'Erin Orders' };
const worker = { username: 'picker_pat', password: 'password1', fullName: 'Pat Picker' };

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createUser('executive1', exec1.username, exec1.password, exec1.fullName);
  await e2e.createUser('worker', worker.username, worker.password, worker.fullName);
  const admin = await e2e.app.asAdmin();
  expect((await admin.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  await e2e.app.allocateStock(STOCK.map((s) => ({ ...s, quantity: 5 })));
  expect((await admin.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'))).status).toBe(200);
});
afterAll(() => e2e?.stop());

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string | RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// Selects the orders on the Orders screen and makes them a batch for Pat with Create Batch; the batch's id.
async function createBatch(page: Page, numbers: readonly string[]): Promise<number> {
  for (const number of numbers) await page.getByRole('row').filter({ hasText: number }).locator('.table-checkbox').click();
  await page.getByText(`${numbers.length} selected`, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Create Batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Batch' });
  expect(await dialog.getByRole('list', { name: 'Totes' }).innerText()).toMatch(new RegExp(numbers.map((n, i) => `Tote ${i + 1}\\s+#${n}`).join('[\\s\\S]*')));
  await choose(page, dialog, /Worker/, worker.fullName);
  await dialog.getByRole('button', { name: 'Create Batch' }).click();
  const created = page.getByText(new RegExp(`^Batch \\d+ created: ${numbers.length} orders assigned to Pat Picker`));
  await created.waitFor();
  return Number(/Batch (\d+)/.exec(await created.innerText())![1]);
}

describe('batch picking', () => {
  const open: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it('executive1 assigns three orders as a batch; the worker scans one combined list on a phone, prints it and completes it', async () => {
    // The worker watches their picking screen on a phone.
    const w = await e2e.openAs(worker, '/picking', PHONE);
    open.push(w.context);
    await w.page.getByText('No Orders Assigned').waitFor();

    // Executive 1 selects three orders and assigns them as a batch.
    const exec = await e2e.openAs(exec1, '/orders');
    open.push(exec.context);
    const { page } = exec;
    await page.getByRole('heading', { name: 'Order Management' }).waitFor();
    await page.locator('.orders-meta').getByRole('button', { name: /Per page/ }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    const batchId = await createBatch(page, ORDERS);
    // The Orders table says each order's batch and tote.
    for (const [i, number] of ORDERS.entries()) {
      const row = page.getByRole('row').filter({ hasText: number });
      await row.getByText(worker.fullName).waitFor();
      await row.getByText(`Batch ${batchId} · Tote ${i + 1}`).waitFor();
    }

    // The batch arrives on the worker's phone without a reload; its orders are not listed on their own.
    const p = w.page;
    await p.getByRole('button', { name: new RegExp(`Batch ${batchId}`) }).click();
    for (const number of ORDERS) expect(await p.getByRole('button', { name: new RegExp(`^#${number}`) }).count()).toBe(0);
    const panel = p.getByRole('region', { name: `Batch ${batchId}` });
    await panel.getByText('0 of 8 items picked').waitFor();
    const totes = panel.getByRole('list', { name: 'Totes' });
    expect(await totes.innerText()).toMatch(/Tote 1\s+#10003[\s\S]*Tote 2\s+#10004[\s\S]*Tote 3\s+#10010/);

    // One combined list in walk order, each line naming its order and tote; the line with no stock last and marked.
    const lines = panel.getByRole('list', { name: 'Items to pick' }).getByRole('listitem');
    expect(await lines.count()).toBe(8);
    const listed = await lines.evaluateAll((items) => items.map((li) => [li.getAttribute('data-sku'), li.getAttribute('data-order')]));
    expect(listed).toEqual([
      ['JN1009-10-RED', '#10010'],
      ['KN1004-12-WINE', '#10004'],
      ['TP1007-12-GREEN', '#10004'],
      ['TP1007-12-GREEN', '#10010'],
      ['TP1007-16-GREEN', '#10003'],
      ['TP1007-16-GREEN', '#10010'],
      ['JN1003-14-KHAKI', '#10004'],
      ['DR1000-12-BEIGE', '#10004'],
    ]);
    await lines.first().getByText('Tote 3 · #10010').waitFor();
    await lines.first().getByText('A-1-1').waitFor();
    await lines.last().getByText('No stock').waitFor();
    // One scroll for the whole screen on a phone: the combined list grows with the page.
    expect(await nestedScrollAreas(p, '.picking-page')).toBe(0);

    // The batch's pick list prints in the same walk order, one SKU barcode per line.
    const [sheet] = await Promise.all([w.context.waitForEvent('page'), panel.getByRole('link', { name: 'Print Pick List' }).click()]);
    await sheet.getByRole('heading', { name: `Batch ${batchId}`, exact: true }).waitFor();
    expect(new URL(sheet.url()).pathname).toBe(`/print/batches/${batchId}/pick-list`);
    const printed = sheet.locator('tbody tr');
    expect(await printed.count()).toBe(8);
    expect(await printed.evaluateAll((rows) => rows.map((tr) => tr.getAttribute('data-sku')))).toEqual(listed.map(([sku]) => sku));
    for (const row of await printed.all()) {
      const barcode = row.locator('[data-barcode]');
      expect(await barcode.count()).toBe(1);
      expect(await barcode.getAttribute('data-barcode')).toBe(await row.getAttribute('data-sku'));
      expect(await barcode.locator('svg path').count()).toBeGreaterThan(0);
    }
    await sheet.close();

    // The scanner picks every line, one scan after another; each scan says what it did and focus rests on the scan
    // panel. The line with no stock is in hand when scanned: picked without taking stock.
    const feedback = p.getByRole('region', { name: 'Scan' }).getByRole('status');
    const posts: string[] = [];
    p.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    // A code of no line, scanned with focus on the first line's Pick button: refused, and nothing is picked.
    await panel.getByRole('button', { name: `Pick ${listed[0]![0]} for ${listed[0]![1]}` }).focus();
    await scannerBurst(p, 'DR1012-10-BLUE');
    await feedback.getByText(`Not recognised: DR1012-10-BLUE is not an item of batch ${batchId} or a location.`).waitFor();
    await p.evaluate(`fetch('/api/health').then((r) => r.status)`);
    expect(posts).toEqual([]);
    await panel.getByText('0 of 8 items picked').waitFor();
    for (const [i, [sku]] of listed.entries()) {
      await scan(p, sku!);
      await panel.getByText(`${i + 1} of 8 items picked`).waitFor();
      await feedback.getByText(new RegExp(`^Picked ${sku} \\(`)).waitFor();
      await p.waitForFunction(`document.activeElement?.getAttribute('aria-labelledby') === 'scan-panel-title'`);
    }
    expect(posts.filter((path) => path.endsWith('/pick'))).toHaveLength(8);
    // A buzz for each scan that picked.
    expect(((await p.evaluate('window.__buzz')) as unknown[]).filter((b) => b === 60)).toHaveLength(8);
    expect(await panel.getByRole('button', { name: /^Pick / }).count()).toBe(0);
    // The wrong code again with focus on Complete Batch: refused, and the batch is not completed.
    await panel.getByRole('button', { name: 'Complete Batch' }).focus();
    await scannerBurst(p, 'DR1012-10-BLUE');
    await feedback.getByText(`Not recognised: DR1012-10-BLUE is not an item of batch ${batchId} or a location.`).waitFor();
    await p.evaluate(`fetch('/api/health').then((r) => r.status)`);
    expect(posts.filter((path) => path.endsWith('/complete'))).toEqual([]);
    await panel.getByRole('button', { name: 'Complete Batch' }).click();
    await p.getByText(`Batch ${batchId} completed: 3 orders completed`).waitFor();
    await p.getByText('No Orders Assigned').waitFor();

    // Each order is completed, ready to be verified on its own.
    const admin = await e2e.app.asAdmin();
    const completed = await admin.get('/api/orders?status=completed&limit=100');
    expect(completed.body.data.orders.map((o: { order_number: string }) => o.order_number).sort()).toEqual(ORDERS.map((n) => `#${n}`));
  });

  it('deassigning an order from its batch says which, and the other totes keep their numbers', async () => {
    const { context, page } = await e2e.openAs(exec1, '/orders');
    open.push(context);
    await page.getByRole('heading', { name: 'Order Management' }).waitFor();
    await page.locator('.orders-meta').getByRole('button', { name: /Per page/ }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    const batchId = await createBatch(page, ['10005', '10006', '10007']);
    const row = (number: string) => page.getByRole('row').filter({ hasText: number });
    await row('10007').getByText(`Batch ${batchId} · Tote 3`).waitFor();

    await row('10006').getByRole('button', { name: 'Deassign #10006' }).click();
    const question = page.getByRole('alertdialog', { name: 'Deassign Worker' });
    await question.getByText(`It leaves Batch ${batchId} · Tote 2: tote 2 stays empty, and the other totes keep their numbers.`).waitFor();
    await question.getByRole('button', { name: 'Deassign' }).click();
    await page.getByText(`Order #10006 left batch ${batchId}: tote 2 stays empty and the other totes keep their numbers`).waitFor();
    await row('10006').getByText('Unassigned').waitFor();
    expect(await row('10006').getByText(/Batch \d+ · Tote/).count()).toBe(0);
    expect(await row('10005').getByText(`Batch ${batchId} · Tote 1`).count()).toBe(1);
    expect(await row('10007').getByText(`Batch ${batchId} · Tote 3`).count()).toBe(1);
  });
});
