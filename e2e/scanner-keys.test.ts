import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings, changesSent, PHONE, pressKeys, scannerBurst, settle, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// A picker on a phone with a keyboard-wedge scanner: its keys reach whatever has focus, 20 ms apart and ending in
// Enter. The scan flow takes the whole burst, Enter included, wherever focus is: a refused scan presses no Pick,
// Complete or Search button, and a good one picks only what was scanned. A person's Enter, after a pause, still presses.
let e2e: E2E;
const picker = { username: 'picker_sam', password: 'password1' };

const ORDER_FILE = [
  'Order #,Item,SKU,Value,is Fulfilled',
  '#50001,Wrap Midi Dress,DR1012-8-BLUE,10.00,FALSE',
  '#50001,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
  '#50002,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#50002,Wrap Midi Dress,DR1012-6-BLUE,10.00,FALSE',
  '#50003,Wrap Midi Dress,DR1000-8-BEIGE,10.00,FALSE',
  '#50003,Wrap Midi Dress,DR1006-10-KHAKI,10.00,FALSE',
].join('\n');

type Api = Awaited<ReturnType<E2E['app']['asAdmin']>>;
let admin: Api;
const orderIds = new Map<string, number>();

beforeAll(async () => {
  e2e = await startE2E();
  const worker = await e2e.createUser('worker', picker.username, picker.password);
  admin = await e2e.app.asAdmin();
  expect((await admin.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  // The wrong size is stocked too: a scan of it must take nothing either.
  await e2e.app.allocateStock([
    { sku: 'DR1012-8-BLUE', location: 'A-1-1', quantity: 3 },
    { sku: 'KN1010-12-WINE', location: 'A-2-1', quantity: 3 },
    { sku: 'DR1012-10-BLUE', location: 'A-3-1', quantity: 3 },
    { sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 3 },
    { sku: 'DR1012-6-BLUE', location: 'B-1-1', quantity: 3 },
    { sku: 'DR1000-8-BEIGE', location: 'C-1-1', quantity: 3 },
    { sku: 'DR1006-10-KHAKI', location: 'C-2-1', quantity: 3 },
  ]);
  const uploaded = await admin.upload('/api/files/upload/orders', 'orders.csv', ORDER_FILE);
  expect(uploaded.status).toBe(200);
  for (const number of ['50001', '50002', '50003']) {
    // The read side may lag the upload's answer: wait for the order to be listed.
    const id = await vi.waitFor(
      async () => {
        const [order] = (await admin.get(`/api/orders?search=${number}`)).body.data.orders as { id: number }[];
        if (!order) throw new Error(`order ${number} not listed yet`);
        return order.id;
      },
      { timeout: 100_000, interval: 200 },
    );
    orderIds.set(number, id);
    expect((await admin.post(`/api/orders/${id}/assign-worker`, { worker_id: worker.id })).status).toBe(200);
  }
});
afterAll(() => e2e?.stop());

interface ItemState {
  sku: string;
  status: string;
}
const orderState = async (number: string) => {
  const order = (await admin.get(`/api/orders/${orderIds.get(number)}`)).body.data as { status: string; items: ItemState[] };
  return { status: order.status, items: Object.fromEntries(order.items.map((i) => [i.sku, i.status])) };
};
const stockOf = async (sku: string) => {
  const found = (await admin.get(`/api/inventory/search?style_code=${sku}`)).body.data.items as { sku: string; locations: { location: string; quantity: number }[] }[];
  return Object.fromEntries((found.find((i) => i.sku === sku)?.locations ?? []).map((l) => [l.location, l.quantity]));
};

// Where focus rests after a scanner's scan: the scan panel, which does nothing on Enter.
const onScanPanel = (page: Page) => page.evaluate(`document.activeElement?.getAttribute('aria-labelledby') === 'scan-panel-title'`);

describe('a scanner on the picking screen never presses a button', () => {
  it('a wrong size scanned after a good one, with focus on the next Pick and then on Complete Order, records nothing', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', PHONE);
    try {
      const sent = changesSent(page);
      const scanner = page.getByRole('region', { name: 'Scan' });
      const feedback = scanner.getByRole('status');
      await scanner.getByText('Scanner ready').waitFor();
      await page.getByRole('button', { name: /50001/ }).click();
      const panel = page.getByRole('region', { name: /50001/ });
      const nextPick = panel.getByRole('button', { name: 'Pick KN1010-12-WINE' });
      await nextPick.waitFor();

      // A good scan picks the dress; focus goes back to the scan panel, not to the next Pick button.
      await scannerBurst(page, 'DR1012-8-BLUE');
      await feedback.getByText(/^Picked DR1012-8-BLUE \(.*\) from A-1-1\.$/).waitFor();
      await panel.getByText('1 of 2 items picked').waitFor();
      expect(await onScanPanel(page)).toBe(true);
      const halfPicked = { status: 'picking', items: { 'DR1012-8-BLUE': 'picked', 'KN1010-12-WINE': 'pending' } };
      await expect.poll(() => orderState('50001'), { timeout: 30_000 }).toEqual(halfPicked);

      // The wrong size with focus on the next item's Pick button: refused, and the button is not pressed.
      await nextPick.focus();
      const before = { jumper: await stockOf('KN1010-12-WINE'), wrong: await stockOf('DR1012-10-BLUE') };
      const sentBefore = sent.length;
      await scannerBurst(page, 'DR1012-10-BLUE');
      await feedback.getByText('Not recognised: DR1012-10-BLUE is not an item of your orders or a location.').waitFor();
      await settle(page);
      expect(sent.slice(sentBefore)).toEqual([]);
      expect(await onScanPanel(page)).toBe(true);
      expect(await panel.getByText('1 of 2 items picked').count()).toBe(1);
      expect(await nextPick.innerText()).toBe('Pick');
      expect(await orderState('50001')).toEqual(halfPicked);
      expect({ jumper: await stockOf('KN1010-12-WINE'), wrong: await stockOf('DR1012-10-BLUE') }).toEqual(before);
      expect(before.jumper).toEqual({ 'A-2-1': 3 });

      // The jumper by scan; then the wrong size again with focus on Complete Order: the order stays open.
      await scannerBurst(page, 'KN1010-12-WINE');
      await panel.getByText('2 of 2 items picked').waitFor();
      const allPicked = { status: 'picking', items: { 'DR1012-8-BLUE': 'picked', 'KN1010-12-WINE': 'picked' } };
      await expect.poll(() => orderState('50001'), { timeout: 30_000 }).toEqual(allPicked);
      const completeButton = panel.getByRole('button', { name: 'Complete Order' });
      await completeButton.focus();
      const sentThen = sent.length;
      await scannerBurst(page, 'DR1012-10-BLUE');
      await feedback.getByText('Not recognised: DR1012-10-BLUE is not an item of your orders or a location.').waitFor();
      await settle(page);
      expect(sent.slice(sentThen)).toEqual([]);
      expect(await onScanPanel(page)).toBe(true);
      expect(await completeButton.innerText()).toBe('Complete Order');
      expect(await page.getByText('Order #50001 completed').count()).toBe(0);
      expect(await orderState('50001')).toEqual(allPicked);
      expect(await stockOf('DR1012-10-BLUE')).toEqual({ 'A-3-1': 3 });

      // The wrong size with focus on another order in the list: refused, and that order is not opened.
      const otherOrder = page.getByRole('button', { name: /50002/ });
      await otherOrder.focus();
      const sentOnList = sent.length;
      await scannerBurst(page, 'DR1012-10-BLUE');
      await feedback.getByText('Not recognised: DR1012-10-BLUE is not an item of your orders or a location.').waitFor();
      await settle(page);
      expect(sent.slice(sentOnList)).toEqual([]);
      expect(await onScanPanel(page)).toBe(true);
      expect(await page.getByRole('region', { name: /50002/ }).count()).toBe(0);
      expect(await panel.getByText('2 of 2 items picked').count()).toBe(1);

      // A refused scan whose code is too short to be one (two characters and Enter at scanner speed) presses nothing.
      await completeButton.focus();
      await scannerBurst(page, 'A1');
      await settle(page);
      expect(sent.slice(sentThen)).toEqual([]);
      expect(await orderState('50001')).toEqual(allPicked);

      // The person holding the phone presses Complete Order with Enter: that is theirs to press.
      await completeButton.focus();
      await pressKeys(page, [{ key: 'Enter', at: 0 }]);
      await page.getByText('Order #50001 completed').waitFor();
      await expect.poll(async () => (await orderState('50001')).status, { timeout: 30_000 }).toBe('completed');
      // One jumper taken, by its scan; none of the wrong size.
      expect(await stockOf('KN1010-12-WINE')).toEqual({ 'A-2-1': 2 });
      expect(await stockOf('DR1012-10-BLUE')).toEqual({ 'A-3-1': 3 });
    } finally {
      await context.close();
    }
  });

  it('a scan with focus on the location search’s Search button sends no search and changes nothing there; a person’s Enter searches', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', { ...PHONE, bypassCSP: true });
    try {
      const searches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/inventory/search') searches.push(request.url());
      });
      const scanner = page.getByRole('region', { name: 'Scan' });
      await scanner.getByText('Scanner ready').waitFor();
      await page.getByRole('button', { name: 'Location Search' }).click();
      const search = page.getByRole('region', { name: 'Find Item Location' });
      const field = search.getByLabel('SKU or style code');
      // Something to search for, so that a press of the button would send a search.
      await field.fill('KN1010');
      const button = search.getByRole('button', { name: 'Search' });
      await button.focus();

      await scannerBurst(page, 'DR1012-10-BLUE');
      await scanner.getByRole('status').getByText('Not recognised: DR1012-10-BLUE is not an item of your orders or a location.').waitFor();
      await settle(page);
      expect(searches).toEqual([]);
      expect(await button.innerText()).toBe('Search');
      expect(await field.inputValue()).toBe('KN1010');
      expect(await search.getByRole('list', { name: 'Search results' }).count()).toBe(0);
      expect(await search.getByText(/No Items Found|Search Error/).count()).toBe(0);

      // The person's own Enter on the button searches: the same check sees a search when there is one.
      await button.focus();
      await pressKeys(page, [{ key: 'Enter', at: 0 }]);
      await search.getByRole('list', { name: 'Search results' }).getByText('KN1010-12-WINE').waitFor();
      expect(searches).toHaveLength(1);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a good scan with focus on another item’s Pick button picks the scanned item only; a typed key then Enter after a pause presses the button', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', { ...PHONE, bypassCSP: true });
    try {
      const sent = changesSent(page);
      const feedback = page.getByRole('region', { name: 'Scan' }).getByRole('status');
      await page.getByRole('button', { name: /50002/ }).click();
      const panel = page.getByRole('region', { name: /50002/ });
      const otherPick = panel.getByRole('button', { name: 'Pick DR1012-6-BLUE' });
      await otherPick.focus();

      await scannerBurst(page, 'TP1007-6-GREEN');
      await feedback.getByText(/^Picked TP1007-6-GREEN \(.*\) from A-10-1\.$/).waitFor();
      await settle(page);
      expect(sent.filter((p) => p.endsWith('/pick'))).toHaveLength(1);
      await expect.poll(() => stockOf('TP1007-6-GREEN'), { timeout: 30_000 }).toEqual({ 'A-10-1': 2 });
      expect(await orderState('50002')).toEqual({ status: 'picking', items: { 'TP1007-6-GREEN': 'picked', 'DR1012-6-BLUE': 'pending' } });
      expect(await stockOf('DR1012-6-BLUE')).toEqual({ 'B-1-1': 3 });
      // Focus is where a stray Enter records nothing.
      expect(await onScanPanel(page)).toBe(true);
      expect(await otherPick.innerText()).toBe('Pick');

      // A person types a key by mistake, pauses, then presses Enter on the Pick button: it picks.
      await otherPick.focus();
      await pressKeys(page, [
        { key: 'x', at: 0 },
        { key: 'Enter', at: 400 },
      ]);
      await panel.getByText('2 of 2 items picked').waitFor();
      await expect.poll(() => stockOf('DR1012-6-BLUE'), { timeout: 30_000 }).toEqual({ 'B-1-1': 2 });
      expect((await orderState('50002')).items['DR1012-6-BLUE']).toBe('picked');
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a slow Bluetooth scanner, 60-90 ms a key with a 120 ms hiccup, picks what it scanned and presses no focused Pick', async () => {
    const { context, page } = await e2e.openAs(picker, '/picking', PHONE);
    try {
      const sent = changesSent(page);
      const feedback = page.getByRole('region', { name: 'Scan' }).getByRole('status');
      await page.getByRole('button', { name: /50003/ }).click();
      const panel = page.getByRole('region', { name: /50003/ });
      const otherPick = panel.getByRole('button', { name: 'Pick DR1006-10-KHAKI' });
      await otherPick.focus();

      const gaps = [60, 85, 70, 90, 65, 120, 75, 80, 62, 88, 71, 90, 66, 84];
      let at = 0;
      await pressKeys(page, [...'DR1000-8-BEIGE', 'Enter'].map((key, i) => ({ key, at: i === 0 ? 0 : (at += gaps[i - 1]!) })));
      await feedback.getByText(/^Picked DR1000-8-BEIGE \(.*\) from C-1-1\.$/).waitFor();
      await settle(page);
      expect(sent.filter((p) => p.endsWith('/pick'))).toHaveLength(1);
      expect(await onScanPanel(page)).toBe(true);
      expect(await otherPick.innerText()).toBe('Pick');
      await expect.poll(() => orderState('50003'), { timeout: 30_000 }).toEqual({ status: 'picking', items: { 'DR1000-8-BEIGE': 'picked', 'DR1006-10-KHAKI': 'pending' } });
      expect(await stockOf('DR1006-10-KHAKI')).toEqual({ 'C-2-1': 3 });
    } finally {
      await context.close();
    }
  });
});
