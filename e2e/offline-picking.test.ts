import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings, PHONE, scan, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// A picker in a Wi-Fi dead spot: the scans made out of reach are kept on the phone (through a reload), sent when the
// connection returns, and recorded once each; a scan the server refuses when it arrives is shown until acknowledged.
// #10003 (1 item), #10004 (4) and #10010 (3) as one batch; #10005 (2) picked alone.
const STOCK = [
  { sku: 'JN1009-10-RED', location: 'A-1-1' },
  { sku: 'KN1004-12-WINE', location: 'A-2-1' },
  { sku: 'TP1007-12-GREEN', location: 'A-2-2' },
  { sku: 'TP1007-16-GREEN', location: 'A-10-1' },
  { sku: 'JN1003-14-KHAKI', location: 'B-1-1' },
  { sku: 'DR1000-12-BEIGE', location: 'B-2-1' },
  { sku: 'KN1004-16-GREY', location: 'A-3-1' },
  { sku: 'SK1002-12-GREY', location: 'A-3-2' },
];
const START = 5;
const BATCH = ['#10003', '#10004', '#10010'];

let e2e: E2E;
const worker = { username: 'picker_otto', password: 'password1' };
let workerId = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  e2e = await startE2E();
  workerId = (await e2e.createUser('worker', worker.username, worker.password, 'Otto Picker')).id;
  const admin = await e2e.app.asAdmin();
  expect((await admin.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  await e2e.app.allocateStock(STOCK.map((s) => ({ ...s, quantity: START })));
  expect((await admin.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'))).status).toBe(200);
  await vi.waitFor(
    async () => {
      const orders = (await admin.get('/api/orders?limit=100')).body.data.orders as { id: number; order_number: string }[];
      if (orders.length < 24) throw new Error('orders not listed yet');
      for (const o of orders) ids[o.order_number] = o.id;
    },
    { timeout: 100_000, interval: 200 },
  );
}, 300_000);
afterAll(() => e2e?.stop());

/** The phone on the picking screen, its service worker in control (the page is kept for a reload offline); axe needs bypassCSP. */
async function phone(options: { bypassCSP?: boolean } = {}) {
  const { context, page } = await e2e.openAs(worker, '/picking', { ...PHONE, ...options });
  await expect.poll(() => page.evaluate('navigator.serviceWorker?.controller != null'), { timeout: 60_000 }).toBe(true);
  return { context, page };
}

const scanState = (p: Page) => p.getByRole('region', { name: 'Scan', exact: true }).locator('.scan-state');

const stockOf = async (sku: string, location: string) =>
  (await e2e.app.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst())?.quantity ?? 0;

// A small seeded generator: the same cuts every run.
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('picking out of reach of the Wi-Fi', () => {
  it('a batch picked with the network cut halfway, reloaded offline, then reconnected: every scan recorded once', async () => {
    const admin = await e2e.app.asAdmin();
    const created = await admin.post('/api/batches', { order_ids: BATCH.map((n) => ids[n]), worker_id: workerId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const batchId = created.body.data.id as number;

    const { context, page: p } = await phone();
    const openBatch = async () => {
      await p.getByRole('button', { name: new RegExp(`Batch ${batchId}`) }).click();
      return p.getByRole('region', { name: `Batch ${batchId}` });
    };
    let panel = await openBatch();
    await panel.getByText('0 of 8 items picked').waitFor();
    const lines = panel.getByRole('list', { name: 'Items to pick' }).getByRole('listitem');
    const skus = (await lines.evaluateAll((items) => items.map((li) => li.getAttribute('data-sku')))) as string[];
    expect(skus).toHaveLength(8);
    const feedback = p.getByRole('region', { name: 'Scan', exact: true }).getByRole('status');

    // Three scans within reach: each recorded at once.
    for (const [i, sku] of skus.slice(0, 3).entries()) {
      await scan(p, sku);
      await feedback.getByText(new RegExp(`^Picked ${sku} \\(`)).waitFor();
      await panel.getByText(`${i + 1} of 8 items picked`).waitFor();
    }
    await scanState(p).getByText('Scanner ready').waitFor();

    // The Wi-Fi drops: three more scans are kept on the phone, their lines shown picked, waiting to be sent.
    await context.setOffline(true);
    await scanState(p).getByText('Offline', { exact: true }).waitFor();
    for (const [i, sku] of skus.slice(3, 6).entries()) {
      await scan(p, sku);
      await feedback.getByText(`Saved on this phone: ${sku} from ${STOCK.find((s) => s.sku === sku)!.location} is sent when the connection returns.`).waitFor();
      await panel.getByText(`${i + 4} of 8 items picked`).waitFor();
      await scanState(p).getByText(i === 0 ? 'Offline · 1 scan waiting' : `Offline · ${i + 1} scans waiting`).waitFor();
    }
    expect(await panel.getByText('Waiting to send').count()).toBe(3);

    // Reloaded out of reach: the page opens from the phone (its service worker), and the scans are still there.
    expect((await p.reload())?.fromServiceWorker()).toBe(true);
    await scanState(p).getByText('Offline · 3 scans waiting').waitFor();
    // With nothing loaded to match it against, a scan says so, and is not taken.
    await scan(p, skus[6]!);
    await feedback.getByText('Your orders are not loaded yet: scan again once they show (they load when the connection returns).').waitFor();
    await scanState(p).getByText('Offline · 3 scans waiting').waitFor();

    // Back in reach: the scans go without another one, and the rest of the batch is scanned.
    await context.setOffline(false);
    await scanState(p).getByText('Scanner ready').waitFor();
    panel = await openBatch();
    await panel.getByText('6 of 8 items picked').waitFor();
    for (const [i, sku] of skus.slice(6).entries()) {
      await scan(p, sku);
      await feedback.getByText(new RegExp(`^Picked ${sku} \\(`)).waitFor();
      await panel.getByText(`${i + 7} of 8 items picked`).waitFor();
    }
    await panel.getByRole('button', { name: 'Complete Batch' }).click();
    await p.getByText(`Batch ${batchId} completed: 3 orders completed`).waitFor();

    // Through the API: every line picked once, every unit taken from its shelf once.
    for (const n of BATCH) {
      const order = (await admin.get(`/api/orders/${ids[n]}`)).body.data;
      expect({ n, status: order.status, picked: order.items.map((i: { status: string }) => i.status) }).toEqual({
        n,
        status: 'completed',
        picked: order.items.map(() => 'picked'),
      });
    }
    const picks = await sql<{ item: string; n: string }>`select data->>'item_id' as item, count(*) as n from events where event_type = 'OrderItemPicked' group by 1`.execute(
      e2e.app.database.db,
    );
    expect(picks.rows).toHaveLength(8);
    expect(picks.rows.every((r) => Number(r.n) === 1)).toBe(true);
    for (const { sku, location } of STOCK.slice(0, 6)) {
      expect({ sku, left: await stockOf(sku, location) }).toEqual({ sku, left: START - skus.filter((s) => s === sku).length });
    }
    await context.close();
  });

  it('twelve scans through answers lost after the server recorded them and cuts at random: each recorded once', async () => {
    const admin = await e2e.app.asAdmin();
    const file = ['Order #,Item,SKU,Value,is Fulfilled', ...Array.from({ length: 12 }, () => '#60001,Linen Shirt,TP1007-6-GREEN,10.00,FALSE')].join('\n');
    await e2e.app.allocateStock([{ sku: 'TP1007-6-GREEN', location: 'C-1-1', quantity: 20 }]);
    expect((await admin.upload('/api/files/upload/orders', 'more-orders.csv', file)).status).toBe(200);
    const orderId = await vi.waitFor(
      async () => {
        const [order] = (await admin.get('/api/orders?search=60001')).body.data.orders as { id: number }[];
        if (!order) throw new Error('order 60001 not listed yet');
        return order.id;
      },
      { timeout: 100_000, interval: 200 },
    );
    expect((await admin.post(`/api/orders/${orderId}/assign-worker`, { worker_id: workerId })).status).toBe(200);
    const { context, page: p } = await phone();
    await p.getByRole('button', { name: /#60001/ }).click();
    const panel = p.getByRole('region', { name: 'Order #60001' });
    await panel.getByText('0 of 12 items picked').waitFor();

    // A third of the picks reach the server and lose their answer on the way back.
    const drop = seeded(7);
    const cutHere = seeded(11);
    let dropped = 0;
    await p.route('**/api/orders/*/items/*/pick', async (route) => {
      if (drop() < 0.33) {
        await route.fetch();
        dropped++;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    let cuts = 0;
    for (let i = 1; i <= 12; i++) {
      const cut = cutHere() < 0.4;
      if (cut) {
        cuts++;
        await context.setOffline(true);
      }
      await scan(p, 'TP1007-6-GREEN');
      await panel.getByText(`${i} of 12 items picked`).waitFor();
      if (cut) await context.setOffline(false);
    }
    await scanState(p).getByText('Scanner ready').waitFor();
    expect(await panel.getByText('Picked', { exact: true }).count()).toBe(12);
    expect(dropped).toBeGreaterThan(0);
    expect(cuts).toBeGreaterThan(0);

    const order = (await admin.get(`/api/orders/${orderId}`)).body.data;
    expect(order.items.map((i: { status: string }) => i.status)).toEqual(Array.from({ length: 12 }, () => 'picked'));
    const picks = await sql<{ n: string }>`select count(*) as n from events where event_type = 'OrderItemPicked' and stream_id = ${`order-${orderId}`}`.execute(
      e2e.app.database.db,
    );
    expect(Number(picks.rows[0]!.n)).toBe(12);
    expect(await stockOf('TP1007-6-GREEN', 'C-1-1')).toBe(8);
    await context.close();
  });

  it('a scan queued offline for an order cancelled meanwhile is shown as an exception until acknowledged', async () => {
    const admin = await e2e.app.asAdmin();
    const orderId = ids['#10005']!;
    expect((await admin.post(`/api/orders/${orderId}/assign-worker`, { worker_id: workerId })).status).toBe(200);
    const { context, page: p } = await phone({ bypassCSP: true });
    await p.getByRole('button', { name: /#10005/ }).click();
    const panel = p.getByRole('region', { name: 'Order #10005' });
    await panel.getByText('0 of 2 items picked').waitFor();

    await context.setOffline(true);
    await scanState(p).getByText('Offline', { exact: true }).waitFor();
    await scan(p, 'KN1004-16-GREY');
    await scanState(p).getByText('Offline · 1 scan waiting').waitFor();
    // The office cancels the order while the phone is out of reach.
    expect((await admin.post(`/api/orders/${orderId}/cancel`)).status).toBe(200);

    await context.setOffline(false);
    const exceptions = p.getByRole('region', { name: 'Scans not recorded' });
    const refused = exceptions.getByRole('alert');
    await refused.getByText('Order #10005 is cancelled and cannot be picked').waitFor();
    expect(await refused.innerText()).toContain('Order #10005 · KN1004-16-GREY');
    await scanState(p).getByText('Scanner ready').waitFor();
    expect(await axeFindings(p)).toEqual([]);
    expect(await stockOf('KN1004-16-GREY', 'A-3-1')).toBe(START);

    // It stays through a reload until the picker acknowledges it.
    await p.reload();
    await refused.getByText('Order #10005 is cancelled and cannot be picked').waitFor();
    await exceptions.getByRole('button', { name: 'Acknowledge KN1004-16-GREY for #10005' }).click();
    await exceptions.waitFor({ state: 'detached' });
    await p.reload();
    await scanState(p).getByText('Scanner ready').waitFor();
    expect(await p.getByRole('region', { name: 'Scans not recorded' }).count()).toBe(0);
    await context.close();
  });
});
