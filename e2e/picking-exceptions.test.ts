import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, axeFindings, PHONE, scannerBurst, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// When picking goes wrong, on a picker's phone: a pick undone (by the picker while picking, by a manager once the order
// is completed, the order reappearing on the phone at once; in a batch, a line no longer listed undone from the
// batch's picked lines), and an order held at the bench and sent back to be picked again.
let e2e: E2E;
const picker = { username: 'picker_una', password: 'password1' };
const manager = { username: 'admin', password: ADMIN_PASSWORD };
const ids: Record<string, number> = {};

const ORDER_FILE = [
  'Order #,Item,SKU,Value,is Fulfilled',
  '#50001,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
  '#50001,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#50002,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
  '#50002,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#50003,Straight Jean,JN1009-10-RED,10.00,FALSE',
  '#50003,Linen Shirt,TP1007-16-GREEN,10.00,FALSE',
  '#50004,Linen Shirt,TP1007-16-GREEN,10.00,FALSE',
].join('\n');
const verifier = { username: 'verifier_vi', password: 'password1' };
let workerId = 0;

beforeAll(async () => {
  e2e = await startE2E();
  const worker = await e2e.createUser('worker', picker.username, picker.password);
  workerId = worker.id;
  await e2e.createUser('executive2', verifier.username, verifier.password);
  const admin = await e2e.app.asAdmin();
  expect((await admin.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  await e2e.app.allocateStock([
    { sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 3 },
    { sku: 'KN1010-12-WINE', location: 'A-2-1', quantity: 3 },
    { sku: 'JN1009-10-RED', location: 'A-1-1', quantity: 3 },
    { sku: 'TP1007-16-GREEN', location: 'A-10-2', quantity: 3 },
  ]);
  expect((await admin.upload('/api/files/upload/orders', 'orders.csv', ORDER_FILE)).status).toBe(200);
  for (const number of ['50001', '50002', '50003', '50004']) {
    ids[number] = await vi.waitFor(
      async () => {
        const [order] = (await admin.get(`/api/orders?search=${number}`)).body.data.orders as { id: number }[];
        if (!order) throw new Error(`order ${number} not listed yet`);
        return order.id;
      },
      { timeout: 100_000, interval: 200 },
    );
  }
  expect((await admin.post(`/api/orders/${ids['50001']}/assign-worker`, { worker_id: worker.id })).status).toBe(200);
});
afterAll(() => e2e?.stop());

const stockAt = async (sku: string, location: string) => {
  const admin = await e2e.app.asAdmin();
  const items = (await admin.get(`/api/inventory/search?style_code=${sku.split('-')[0]}`)).body.data.items as { sku: string; locations: { location: string; quantity: number }[] }[];
  return items.find((i) => i.sku === sku)?.locations.find((l) => l.location === location)?.quantity ?? 0;
};

async function undo(page: Page, name: string, reason: string, kind = 'Undo Pick') {
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name: kind });
  await dialog.getByLabel('Why?').fill(reason);
  await dialog.getByRole('button', { name: kind }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('undo on a phone', () => {
  it('the picker undoes a mistaken pick; once completed a manager undoes one, and the order is back on the phone at once', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', { ...PHONE, bypassCSP: true });
    await page.getByRole('button', { name: /50001/ }).click();
    const panel = page.getByRole('region', { name: /50001/ });
    await panel.getByRole('button', { name: 'Pick KN1010-12-WINE' }).click();
    await panel.locator('[data-sku="KN1010-12-WINE"]').getByText('Picked').waitFor();
    expect(await stockAt('KN1010-12-WINE', 'A-2-1')).toBe(2);

    await undo(page, 'Undo: KN1010-12-WINE', 'Took the size 14');
    await page.getByText('Pick of KN1010-12-WINE undone: it is to pick again.').waitFor();
    await panel.getByRole('button', { name: 'Pick KN1010-12-WINE' }).waitFor();
    await panel.getByText('0 of 2 items picked').waitFor();
    expect(await stockAt('KN1010-12-WINE', 'A-2-1')).toBe(3);
    expect(await axeFindings(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Pick KN1010-12-WINE' }).click();
    await panel.locator('[data-sku="KN1010-12-WINE"]').getByText('Picked').waitFor();
    await panel.getByRole('button', { name: 'Pick TP1007-6-GREEN' }).click();
    await panel.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByText('Order #50001 completed').waitFor();
    await page.getByText('No Orders Assigned').waitFor();

    // The order is completed: a manager at the bench undoes one of its picks (a picker may not now).
    const bench = await e2e.openAs(manager, '/order-verification');
    await bench.page.getByRole('button', { name: /50001/ }).click();
    await undo(bench.page, 'Undo: TP1007-6-GREEN', 'Customer asked for another colour');
    await bench.page.getByText('No completed orders to verify').waitFor();
    expect(await stockAt('TP1007-6-GREEN', 'A-10-1')).toBe(3);

    // Live on the phone: the order is back, the undone line to pick again.
    await page.getByRole('button', { name: /50001/ }).click();
    await panel.getByRole('button', { name: 'Pick TP1007-6-GREEN' }).waitFor();
    await panel.getByText('1 of 2 items picked').waitFor();
    await panel.getByRole('button', { name: 'Pick TP1007-6-GREEN' }).click();
    await panel.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByText('Order #50001 completed').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await bench.context.close();
    await context.close();
  });
});

describe('undo in a batch on a phone', () => {
  it('a line picked, gone from the list, is undone from the batch’s picked lines, and is to pick again', async () => {
    const batchPicker = { username: 'picker_bo', password: 'password1' };
    const worker = await e2e.createUser('worker', batchPicker.username, batchPicker.password);
    const admin = await e2e.app.asAdmin();
    const created = await admin.post('/api/batches', { order_ids: [ids['50003'], ids['50004']], worker_id: worker.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const batchId = created.body.data.id as number;

    const { context, page } = await e2e.openAs(batchPicker, '/picking', { ...PHONE, bypassCSP: true });
    await page.getByRole('button', { name: new RegExp(`Batch ${batchId}`) }).click();
    const panel = page.getByRole('region', { name: `Batch ${batchId}` });
    const toPick = panel.getByRole('list', { name: 'Items to pick' });
    await panel.getByRole('button', { name: 'Pick JN1009-10-RED for #50003' }).click();
    await toPick.getByText('Picked into Tote 1').waitFor();
    // The next pick: the jeans leave the list to pick, and are among the batch's picked lines.
    await panel.getByRole('button', { name: 'Pick TP1007-16-GREEN for #50003' }).click();
    await panel.getByText('2 of 3 items picked').waitFor();
    await toPick.locator('[data-sku="JN1009-10-RED"]').waitFor({ state: 'detached' });
    expect(await stockAt('JN1009-10-RED', 'A-1-1')).toBe(2);

    // Noticed later: the wrong jeans. Undone from Picked (1), the line kept in sight above not counted twice.
    await panel.getByRole('button', { name: 'Picked (1)' }).click();
    const picked = panel.getByRole('list', { name: 'Picked items' });
    await picked.getByText('Tote 1 · #50003').waitFor();
    expect(await picked.getByRole('listitem').count()).toBe(1);
    expect(await axeFindings(page)).toEqual([]);
    // A scanner's burst (keys 20 ms apart, Enter last) with focus on Undo: the scan is taken as a scan, Undo is not
    // pressed. The jeans' code again: a line already picked, so nothing is recorded either.
    await picked.getByRole('button', { name: 'Undo: JN1009-10-RED for #50003' }).focus();
    await scannerBurst(page, 'JN1009-10-RED');
    await page.getByText('Scanned JN1009-10-RED: every item with this SKU is already picked.').waitFor();
    await panel.getByText('2 of 3 items picked').waitFor();
    expect(await page.getByRole('dialog', { name: 'Undo Pick' }).count()).toBe(0);
    expect(await stockAt('JN1009-10-RED', 'A-1-1')).toBe(2);
    await undo(page, 'Undo: JN1009-10-RED for #50003', 'Wrong size of jeans');
    await page.getByText('Pick of JN1009-10-RED undone: it is to pick again.').waitFor();
    await toPick.getByRole('button', { name: 'Pick JN1009-10-RED for #50003' }).waitFor();
    await panel.getByText('1 of 3 items picked').waitFor();
    expect(await stockAt('JN1009-10-RED', 'A-1-1')).toBe(3);

    for (const name of ['Pick JN1009-10-RED for #50003', 'Pick TP1007-16-GREEN for #50004']) {
      await panel.getByRole('button', { name }).click();
      await panel.getByText(name === 'Pick JN1009-10-RED for #50003' ? '2 of 3 items picked' : '3 of 3 items picked').waitFor();
    }
    await panel.getByRole('button', { name: 'Complete Batch' }).click();
    await page.getByText(`Batch ${batchId} completed: 2 orders completed`).waitFor();
    await page.getByText('No Orders Assigned').waitFor();
    expect(await stockAt('JN1009-10-RED', 'A-1-1')).toBe(2);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await context.close();
  });
});

describe('a hold at the bench', () => {
  it('a unit missing at the bench holds the order; sent back, the line is on the phone at once, re-picked and verified', async () => {
    const admin = await e2e.app.asAdmin();
    expect((await admin.post(`/api/orders/${ids['50002']}/assign-worker`, { worker_id: workerId })).status).toBe(200);
    const { context, page } = await e2e.openAs(picker, '/picking', { ...PHONE, bypassCSP: true });
    await page.getByRole('button', { name: /50002/ }).click();
    const panel = page.getByRole('region', { name: /50002/ });
    for (const sku of ['KN1010-12-WINE', 'TP1007-6-GREEN']) {
      await panel.getByRole('button', { name: `Pick ${sku}` }).click();
      await panel.locator(`[data-sku="${sku}"]`).getByText('Picked').waitFor();
    }
    await panel.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByText('No Orders Assigned').waitFor();

    // At the bench only the shirt is in the tote: scanned, the jumper counted 0.
    const bench = await e2e.openAs(verifier, '/order-verification', { bypassCSP: true });
    const v = bench.page;
    await v.getByRole('button', { name: /50002/ }).click();
    await v.getByRole('textbox', { name: 'Scan each unit' }).fill('tp1007-6-green');
    await v.getByRole('textbox', { name: 'Scan each unit' }).press('Enter');
    await v.getByText('TP1007-6-GREEN: 1 of 1.').waitFor();
    expect(await axeFindings(v)).toEqual([]);
    await v.getByRole('textbox', { name: 'Counted KN1010-12-WINE' }).fill('0');
    await v.getByRole('textbox', { name: 'Counted KN1010-12-WINE' }).press('Tab');
    await v.getByText('Counted 0 of 1').waitFor();
    await v.getByRole('button', { name: 'Verify Order' }).click();
    await v.getByText('Order #50002 is on hold: KN1010-12-WINE counted 0 of 1. Send it back to its picker or resolve each line.').waitFor();
    await v.getByRole('list', { name: 'Orders on hold' }).getByRole('button', { name: /50002/ }).click();
    await v.getByText('On Hold', { exact: true }).first().waitFor();
    expect(await axeFindings(v)).toEqual([]);
    await v.getByRole('textbox', { name: /Why/ }).fill('Jumper not in the tote');
    await v.getByRole('button', { name: 'Send Back to Picker' }).click();
    await v.getByText('Sent back to its picker: the lines are to pick again').waitFor();
    // The jumper's unit is back at A-2-1 (one more is still out with #50001).
    expect(await stockAt('KN1010-12-WINE', 'A-2-1')).toBe(2);

    // Live on the phone: the jumper to pick again, the shirt still picked.
    await page.getByRole('button', { name: /50002/ }).click();
    await panel.getByRole('button', { name: 'Pick KN1010-12-WINE' }).waitFor();
    await panel.getByText('1 of 2 items picked').waitFor();
    await panel.getByRole('button', { name: 'Pick KN1010-12-WINE' }).click();
    await panel.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByText('Order #50002 completed').waitFor();

    // Back at the bench, every unit there: verified.
    await v.getByRole('list', { name: 'Completed orders' }).getByRole('button', { name: /50002/ }).click();
    await v.getByRole('button', { name: 'Confirm All as Picked' }).click();
    await v.getByRole('button', { name: 'Verify Order' }).click();
    await v.getByText('Order verified successfully!').waitFor();
    expect(await stockAt('KN1010-12-WINE', 'A-2-1')).toBe(1);
    await bench.context.close();
    await context.close();
  });
});
