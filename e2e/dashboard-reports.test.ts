import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import type { Client } from '@wh/command/testing';
import { ADMIN_PASSWORD, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// A small day scripted through the API (styles, bins, stock, orders imported, assigned, picked, completed,
// verified, cancelled), then the manager's dashboard and reports must show exactly those figures, and a
// dashboard counter must move while the page stays open when a worker completes another order.

const ITEMS: Record<string, string> = {
  'DR1000-6-BEIGE': 'Wrap Midi Dress 000 - 6 / Beige',
  'DR1000-8-BEIGE': 'Wrap Midi Dress 000 - 8 / Beige',
  'KN1010-12-WINE': 'Cable Jumper 010 - 12 / Wine',
  'TP1007-6-GREEN': 'Linen Shirt 007 - 6 / Green',
};
const STOCK: [string, string][] = [
  ['DR1000-6-BEIGE', 'A-1-1'],
  ['DR1000-8-BEIGE', 'A-1-1'],
  ['KN1010-12-WINE', 'A-1-2'],
  ['TP1007-6-GREEN', 'A-1-3'],
];
const UNITS_EACH = 20;

const people = {
  exec1: { username: 'orders_erin', password: 'password1', fullName: 'Erin Orders' },
  exec2: { username: 'vic_verifier', password: 'password1', fullName: 'Vic Verifier' },
  ann: { username: 'ann_picker', password: 'password1', fullName: 'Ann Picker' },
  ben: { username: 'ben_picker', password: 'password1', fullName: 'Ben Picker' },
};

const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };
let e2e: E2E;
let manager: Client;
let exec1: Client;
let exec2: Client;
let ann: Client & { id: number };
let ben: Client & { id: number };
const orderIds = new Map<string, number>();

function ok(res: { status: number; body: unknown }, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
}

async function importOrders(orders: Record<string, string[]>) {
  const rows = Object.entries(orders).flatMap(([n, skus]) => skus.map((sku) => `${n},${ITEMS[sku]},${sku},10.00,FALSE`));
  ok(await exec1.upload('/api/files/upload/orders', 'orders.csv', ['Order #,Item,SKU,Value,is Fulfilled', ...rows].join('\n')));
  const list = await manager.get('/api/orders?limit=100');
  ok(list);
  for (const o of list.body.data.orders as { id: number; order_number: string }[]) orderIds.set(o.order_number, o.id);
}

const id = (n: string) => {
  const found = orderIds.get(n);
  if (found === undefined) throw new Error(`no order ${n}`);
  return found;
};
const assign = async (n: string, worker: { id: number }) => ok(await exec1.post(`/api/orders/${id(n)}/assign-worker`, { worker_id: worker.id }));
async function pickAll(who: Client, n: string) {
  const items = (await manager.get(`/api/orders/${id(n)}`)).body.data.items as { id: number }[];
  for (const item of items) ok(await who.post(`/api/orders/${id(n)}/items/${item.id}/pick`, {}));
}
const complete = async (who: Client, n: string) => ok(await who.post(`/api/orders/${id(n)}/complete`));

beforeAll(async () => {
  e2e = await startE2E();
  const ids = new Map<string, number>();
  for (const [role, p] of [
    ['executive1', people.exec1],
    ['executive2', people.exec2],
    ['worker', people.ann],
    ['worker', people.ben],
  ] as const) {
    ids.set(p.username, (await e2e.createUser(role, p.username, p.password, p.fullName)).id);
  }
  manager = await e2e.app.asAdmin();
  exec1 = await e2e.app.login(people.exec1.username, people.exec1.password);
  exec2 = await e2e.app.login(people.exec2.username, people.exec2.password);
  const me = async (p: { username: string; password: string }) =>
    Object.assign(await e2e.app.login(p.username, p.password), { id: ids.get(p.username) ?? 0 });
  ann = await me(people.ann);
  ben = await me(people.ben);

  ok(await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  ok(await manager.post('/api/locations/range', { location_type: 'bin', from: 'A-1-1', to: 'A-1-3', capacity: 100 }), 201);
  for (const [sku, location] of STOCK) {
    ok(
      await manager.post('/api/inventory/adjust', {
        sku,
        location,
        location_type: 'bin',
        adjustment_type: 'increase',
        quantity: UNITS_EACH,
        reason: 'Found items',
      }),
      201,
    );
  }

  // The day: four orders; Ann picks and completes #3001 (held for a discrepancy, then verified), Ben #3002; #3003 waits
  // with Ann; #3004 is cancelled.
  await importOrders({
    '#3001': ['DR1000-6-BEIGE', 'KN1010-12-WINE'],
    '#3002': ['TP1007-6-GREEN'],
    '#3003': ['DR1000-8-BEIGE'],
    '#3004': ['KN1010-12-WINE'],
  });
  await assign('#3001', ann);
  await assign('#3002', ben);
  await assign('#3003', ann);
  await pickAll(ann, '#3001');
  await complete(ann, '#3001');
  const items3001 = (await manager.get(`/api/orders/${id('#3001')}`)).body.data.items as { id: number; sku: string }[];
  const wine = items3001.find((i) => i.sku === 'KN1010-12-WINE');
  ok(
    await exec2.post(`/api/orders/${id('#3001')}/verify`, {
      verification_notes: 'checked',
      discrepancies: [{ item_id: wine?.id ?? 0, issue: 'wrong colour', resolution: 'swapped' }],
    }),
  );
  // The discrepancy holds the order; resolved at the bench, every unit shipped, it is verified.
  ok(await exec2.post(`/api/orders/${id('#3001')}/resolve`, { lines: [{ item_id: wine?.id ?? 0, shipped: 1 }], reason: 'swapped' }));
  await pickAll(ben, '#3002');
  await complete(ben, '#3002');
  ok(await exec1.post(`/api/orders/${id('#3004')}/cancel`));
}, 300_000);
afterAll(() => e2e?.stop());

const signedIn = (who: { username: string; password: string }, path: string) => e2e.openAs(who, path, { acceptDownloads: true });

const statValue = (page: Page, label: string) =>
  page.locator('.stat-card').filter({ has: page.locator('.stat-card-label', { hasText: new RegExp(`^${label}$`) }) }).locator('.stat-card-value');
const statText = (page: Page, label: string) => page.locator('.stat-card').filter({ has: page.locator('.stat-card-label', { hasText: new RegExp(`^${label}$`) }) });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('dashboard and reports', () => {
  const open: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it('each role sees its own dashboard; a failed load offers Try Again and a 401 ends the session', async () => {
    const worker = await signedIn(people.ann, '/dashboard');
    open.push(worker.context);
    const w = worker.page;
    // Ann still holds #3003.
    await expect.poll(() => statValue(w, 'My Assigned Orders').innerText()).toBe('1');
    expect(await statValue(w, 'Total Orders Today').innerText()).toBe('4');
    expect(await statValue(w, 'Low Stock Alerts').count()).toBe(0);
    expect(await region(w, 'Worker Performance Today').count()).toBe(0);
    expect(await region(w, 'Inventory Alerts').count()).toBe(0);
    expect(await region(w, 'System Overview').count()).toBe(0);
    const actions = region(w, 'Quick Actions').getByRole('link');
    expect((await actions.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual(['My Orders', 'Inventory Search']);
    // Her own picks, not Ben's.
    const activity = await region(w, 'Recent Activity').innerText();
    expect(activity).toContain('#3001');
    expect(activity).not.toContain('#3002');

    const verifier = await signedIn(people.exec2, '/dashboard');
    open.push(verifier.context);
    const v = verifier.page;
    await region(v, 'Inventory Alerts').getByText('Bin Utilization').waitFor();
    expect(await region(v, 'Worker Performance Today').count()).toBe(0);
    const styleUpload = region(v, 'Quick Actions').getByRole('link', { name: /Style Upload/ });
    expect(await styleUpload.innerText()).toContain('Upload Shopify style catalog');
    await styleUpload.click();
    await v.waitForURL((u) => u.pathname === '/stock-entry');
    // It opens the file upload, not Manual Entry.
    await v.getByRole('tab', { name: 'File Upload', selected: true }).waitFor();
    await v.getByRole('tabpanel', { name: 'File Upload' }).getByRole('radiogroup').waitFor();

    const orders = await signedIn(people.exec1, '/dashboard');
    open.push(orders.context);
    const o = orders.page;
    await region(o, 'Worker Performance Today').waitFor();
    expect(await region(o, 'Inventory Alerts').count()).toBe(0);
    expect(await statValue(o, 'Low Stock Alerts').count()).toBe(0);
    expect(await statValue(o, 'My Assigned Orders').count()).toBe(0);

    // Upload Orders opens Order Management with the upload panel open, and so does the address /orders/upload.
    await region(o, 'Quick Actions').getByRole('link', { name: /Upload Orders/ }).click();
    await o.waitForURL((u) => u.pathname === '/orders');
    await o.getByRole('button', { name: 'Upload Orders', expanded: true }).waitFor();
    await o.getByText('Select File').first().waitFor();
    await o.goto('/orders/upload');
    await o.getByRole('button', { name: 'Upload Orders', expanded: true }).waitFor();
    await o.goto('/dashboard');
    await region(o, 'Worker Performance Today').waitFor();

    // The summary fails once: the error state, then Try Again loads it.
    await o.route('**/api/reports/daily-summary*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await o.reload();
    await o.getByText('Failed to load dashboard data').waitFor();
    await o.unroute('**/api/reports/daily-summary*');
    await o.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => statValue(o, 'Total Orders Today').innerText()).toBe('4');

    // A 401 while loading ends the session.
    await o.route('**/api/reports/daily-summary*', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Session expired', error: { code: 'UNAUTHENTICATED', message: 'Session expired' } }) }),
    );
    await o.reload();
    await o.waitForURL((u) => u.pathname === '/login');
    await o.getByText('Your session has expired. Please log in again.').waitFor();
  });

  it("the manager's dashboard shows the day's figures and a counter moves live when a worker completes an order", async () => {
    const { context, page } = await signedIn(ADMIN, '/dashboard');
    open.push(context);
    await page.getByRole('heading', { name: /^Good (morning|afternoon|evening), / }).waitFor();

    await expect.poll(() => statValue(page, 'Total Orders Today').innerText()).toBe('4');
    expect(await statValue(page, 'Completed Orders').innerText()).toBe('2');
    expect(await statText(page, 'Completed Orders').innerText()).toContain('50% of total');
    // Waiting for a worker: none (#3003 is Ann's).
    expect(await statValue(page, 'Pending Orders').innerText()).toBe('0');
    expect(await statValue(page, 'Total Inventory').innerText()).toBe(String(STOCK.length * UNITS_EACH - 3));
    const lowStock = (await manager.get('/api/reports/inventory-status')).body.data.low_stock_count as number;
    expect(await statValue(page, 'Low Stock Alerts').innerText()).toBe(lowStock.toLocaleString('en-US'));
    expect(await statValue(page, 'My Assigned Orders').count()).toBe(0);

    const perf = region(page, 'Worker Performance Today');
    const perfText = await perf.innerText();
    expect(perfText).toMatch(/Active Workers\s+2/);
    expect(perfText).toMatch(/Total Items Picked\s+3/);
    expect(perfText).toMatch(/Average per Worker\s+1\.5/);
    const top = perf.getByRole('list', { name: 'Top performers' }).getByRole('listitem');
    expect(await top.count()).toBe(2);
    expect(await top.nth(0).innerText()).toMatch(/Ann Picker[\s\S]*2 items[\s\S]*67%/);
    expect(await top.nth(1).innerText()).toMatch(/Ben Picker[\s\S]*1 item[\s\S]*33%/);

    // Inventory Alerts with utilisation; the System Status is real (the database answered, lag measured).
    const alerts = region(page, 'Inventory Alerts');
    await alerts.getByText('Bin Utilization').waitFor();
    await alerts.getByText(/^Low Stock \(/).waitFor();
    const status = region(page, 'System Status');
    await status.getByText('Reachable').waitFor();
    await status.getByText(/Up to date|events? behind/).waitFor();
    const overview = await region(page, 'System Overview').innerText();
    expect(overview).toMatch(/Total Users\s+5/);
    expect(overview).toMatch(/Orders Today\s+4/);
    await region(page, 'Recent Activity').locator('.activity-row').first().waitFor();
    expect(await region(page, 'Recent Activity').locator('.activity-row').count()).toBeLessThanOrEqual(5);
    await region(page, 'Quick Actions').getByRole('link', { name: /View Reports/ }).waitFor();

    // Ann finishes #3003 on her own device; the open dashboard follows without a reload. (Once the live socket is
    // connected: a change between the first fetch and the socket's ready is caught by the 30 s poll instead.)
    await status.getByText('Connected', { exact: true }).waitFor();
    await page.evaluate('window.__noReload = true');
    await pickAll(ann, '#3003');
    await complete(ann, '#3003');
    await expect.poll(() => statValue(page, 'Completed Orders').innerText(), { timeout: 10_000 }).toBe('3');
    expect(await statValue(page, 'Pending Orders').innerText()).toBe('0');
    expect(await statText(page, 'Completed Orders').innerText()).toContain('75% of total');
    await expect.poll(() => perf.innerText(), { timeout: 10_000 }).toMatch(/Total Items Picked\s+4/);
    expect(await page.evaluate('window.__noReload')).toBe(true);

    // A card opens the screen its figure is counted from, filtered as it counts: the same number there.
    await statText(page, 'Completed Orders').getByRole('link', { name: 'Completed Orders' }).click();
    await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('status') === 'completed,verified');
    await page.getByText('Showing 3 of 3 orders').waitFor();
    await page.getByText('Status: Completed or Verified').waitFor();
  });

  it('the reports show the scripted figures, the date range changes the view, and exports carry them', async () => {
    const { context, page } = await signedIn(ADMIN, '/reports');
    open.push(context);
    await page.getByText('Monitor inventory, orders, and worker productivity').waitFor();

    // Inventory Status: stock after the four picks.
    const quick = region(page, 'Quick Stats');
    await expect.poll(() => quick.innerText()).toMatch(new RegExp(`Total Stock\\s+${STOCK.length * UNITS_EACH - 4}`));
    await page.getByText(/items? needs? restocking/).waitFor();

    // Order Analytics, today.
    await choose(page, 'Report Type', 'Order Analytics');
    await choose(page, 'Date Range', 'Today');
    await expect.poll(() => statValue(page, 'Orders Received').innerText()).toBe('4');
    expect(await statValue(page, 'Orders Assigned').innerText()).toBe('3');
    expect(await statValue(page, 'Orders Completed').innerText()).toBe('3');
    expect(await statValue(page, 'Orders Verified').innerText()).toBe('1');
    expect(await statValue(page, 'Orders Cancelled').innerText()).toBe('1');
    await page.getByRole('img', { name: /^Orders per day/ }).waitFor();
    const dayRows = page.getByRole('grid', { name: 'Orders per day' }).getByRole('row');
    expect(await dayRows.count()).toBe(2);
    expect((await dayRows.nth(1).innerText()).split(/\s+/).slice(-5)).toEqual(['4', '3', '3', '1', '1']);
    expect(await region(page, 'Time from import to completion').innerText()).toMatch(/Orders\s+3 completed/);
    expect(await region(page, 'Time from import to verification').innerText()).toMatch(/Orders\s+1 verified/);

    // The date range changes what is shown: a week is seven days (the same orders, all today).
    await choose(page, 'Date Range', 'Last 7 Days');
    await expect.poll(() => page.getByRole('grid', { name: 'Orders per day' }).getByRole('row').count()).toBe(8);
    await page.locator('.report-period').getByText(/ to /).waitFor();
    expect(await statValue(page, 'Orders Received').innerText()).toBe('4');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Export Report' }).click();
        await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
      })(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toMatch(/Total,4,3,3,1,1/);

    // Worker Productivity.
    await choose(page, 'Report Type', 'Worker Productivity');
    const pickers = page.getByRole('grid', { name: 'Pickers' });
    await pickers.waitFor();
    await page.getByRole('img', { name: 'Items picked and orders completed per worker' }).waitFor();
    const annRow = await pickers.getByRole('row').filter({ hasText: 'Ann Picker' }).innerText();
    // Items, units, orders completed, average time, verified, discrepancy rate (1 of 1).
    expect(annRow).toMatch(/Ann Picker\s+3\s+3\s+2\s+\S+\s+1\s+100\.0% \(1 of 1\)/);
    const benRow = await pickers.getByRole('row').filter({ hasText: 'Ben Picker' }).innerText();
    expect(benRow).toMatch(/Ben Picker\s+1\s+1\s+1\s+\S+\s+0\s+-/);
    const vic = await page.getByRole('grid', { name: 'Verifiers' }).getByRole('row').filter({ hasText: 'Vic Verifier' }).innerText();
    expect(vic).toMatch(/Vic Verifier\s+1\s+1/);

    // A background refetch that fails (here after a live change) keeps the figures on screen and says so, with
    // Try Again; once the server answers again, Try Again clears it.
    const refused = 'Worker productivity is not available right now';
    await page.route('**/api/reports/worker-productivity*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: refused, error: { code: 'VALIDATION_ERROR', message: refused } }),
      }),
    );
    await importOrders({ '#3999': [Object.keys(ITEMS)[0]!] });
    const failed = page.getByRole('alert').filter({ hasText: refused });
    await failed.waitFor();
    expect(await pickers.getByRole('row').filter({ hasText: 'Ann Picker' }).count()).toBe(1);
    await page.unroute('**/api/reports/worker-productivity*');
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await failed.waitFor({ state: 'detached' });
    await pickers.waitFor();

    // Audit Log: filtered to one order, every row is about it.
    await choose(page, 'Report Type', 'Audit Log');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('form', { name: 'Audit filters' });
    await filters.getByRole('textbox', { name: 'Order' }).fill('#3001');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    const rows = page.getByRole('grid', { name: 'Audit events' }).getByRole('row');
    await expect.poll(async () => (await rows.allInnerTexts()).slice(1).every((t) => t.includes('#3001'))).toBe(true);
    const texts = (await rows.allInnerTexts()).slice(1).join('\n');
    // Each event in words, never its type's name.
    for (const name of ['Order imported', 'Order assigned', 'Item picked', 'Order completed', 'Order verified']) expect(texts).toContain(name);
    expect(texts).not.toContain('OrderItemPicked');
    expect(texts).toContain('Vic Verifier');
  });

  // Last: it leaves the orders read model stopped.
  it('System Status names a read model stopped at an event, with the event, as soon as the projector stops it', async () => {
    const { context, page } = await signedIn(ADMIN, '/dashboard');
    open.push(context);
    const status = region(page, 'System Status');
    await status.getByText('Connected', { exact: true }).waitFor();
    expect(await status.innerText()).not.toContain('Stopped read models');
    // The orders table refuses one order, as a column too small for its value does.
    const db = e2e.app.database.db;
    await sql`
      create function refuse_order() returns trigger language plpgsql as $$
      begin
        if new.order_number = '#3998' then raise exception 'numeric field overflow' using errcode = 'numeric_value_out_of_range'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refuse_order before insert on rm_orders for each row execute function refuse_order()`.execute(db);
    await importOrders({ '#3998': [Object.keys(ITEMS)[0]!] });
    const stop = status.getByRole('listitem').filter({ hasText: 'orders' });
    await stop.waitFor();
    expect(await stop.innerText()).toMatch(/Stopped at event \d+ \(OrderImported, [^)]+\): orders: numeric field overflow\./);
    await status.getByText('Running', { exact: true }).waitFor();
  });
});
