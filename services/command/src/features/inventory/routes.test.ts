import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_MODEL_TABLES } from '@wh/db';
import { projections, rebuildReadModels } from '@wh/projector';
import { caughtUp } from '@wh/projector/testing';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { FIXTURES_DIR } from '../../../../../test/fixtures.ts';

const FIXTURES = FIXTURES_DIR;
const ADJUST_REFUSED = "You don't have permission to adjust inventory. Only managers can make inventory adjustments.";

let t: TestApp;
let manager: Client;
const others = {} as Record<'executive1' | 'executive2' | 'worker', Client & { id: number }>;

const adjust = (c: Client, body: Record<string, unknown>) =>
  c.post('/api/inventory/adjust', { adjustment_type: 'increase', reason: 'Found items', location_type: 'bin', ...body });

// Locations of a test's own: each test (or describe) names codes no other one uses, so that what it reads is what it
// made, whichever tests ran before it.
async function bin(code: string, capacity: number): Promise<void> {
  const res = await manager.post('/api/locations', { code, location_type: 'bin', capacity });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function rack(code: string, more: Record<string, unknown> = {}): Promise<void> {
  const res = await manager.post('/api/locations', { code, location_type: code.startsWith('J-') ? 'jean_rack' : 'rack', ...more });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function stock(sku: string, location: string, quantity: number): Promise<void> {
  const res = await adjust(manager, { sku, quantity, location });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

// A pick as a worker makes it: an order of the SKU, imported, assigned to the worker and picked from the location.
let picks = 0;
async function pick(sku: string, location: string, quantity: number): Promise<void> {
  const orderNumber = `#PICK-${++picks}`;
  const imported = await manager.upload('/api/files/upload/orders', 'picks.csv', `Order #,Item,SKU,Quantity\n${orderNumber},Picked item,${sku},${quantity}\n`);
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const [order] = (await manager.get(`/api/orders?search=${encodeURIComponent(orderNumber)}`)).body.data.orders;
  expect((await manager.post(`/api/orders/${order.id}/assign-worker`, { worker_id: others.worker.id })).status).toBe(200);
  const [item] = (await manager.get(`/api/orders/${order.id}`)).body.data.items;
  const picked = await others.worker.post(`/api/orders/${order.id}/items/${item.id}/pick`, { location });
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  await caughtUp(t.database.db);
}

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  for (const role of ['executive1', 'executive2', 'worker'] as const) others[role] = await t.userWithRole(role);
  const up = await manager.upload('/api/files/upload/shopify-inventory', 'p.csv', readFileSync(`${FIXTURES}styles/shopify-products.csv`));
  expect(up.status).toBe(200);
});
afterAll(() => t.stop());

describe('warehouse layout', () => {
  it('creates a range of bins with one capacity: A-1-1 to C-4-3 is 36 bins', async () => {
    const res = await manager.post('/api/locations/range', { location_type: 'bin', from: 'a-1-1', to: 'C-4-3', capacity: 50 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.created).toHaveLength(36);
    expect(res.body.data.created).toContain('B-3-2');
    const again = await manager.post('/api/locations/range', { location_type: 'bin', from: 'C-4-3', to: 'C-4-4', capacity: 50 });
    expect(again.body.data).toEqual({ created: ['C-4-4'], existing: ['C-4-3'] });
    const bins = (await manager.get('/api/locations/bins')).body.data.bins as { bin_number: string }[];
    expect(bins.filter((b) => /^[A-C]-[1-4]-[1-4]$/.test(b.bin_number))).toHaveLength(37);
    expect(bins.find((b) => b.bin_number === 'A-1-1')).toMatchObject({ bin_number: 'A-1-1', capacity: 50, current_stock: 0, utilization: 0, styles: [] });
  });

  it('creates racks and jean racks, validates codes, refuses duplicates', async () => {
    expect((await manager.post('/api/locations', { code: 'R-1', location_type: 'rack' })).status).toBe(201);
    const jean = await manager.post('/api/locations', { code: 'J-1', location_type: 'jean_rack', capacity: 40, gender: 'women' });
    expect(jean.status, JSON.stringify(jean.body)).toBe(201);
    expect(jean.body.data).toMatchObject({ id: expect.any(Number), code: 'J-1', location_type: 'jean_rack', gender: 'women', capacity: 40 });
    expect((await manager.post('/api/locations', { code: 'J-1', location_type: 'jean_rack', capacity: 40, gender: 'women' })).status).toBe(409);
    const badBin = await manager.post('/api/locations', { code: 'A1', location_type: 'bin', capacity: 5 });
    expect(badBin.status).toBe(400);
    expect(badBin.body.message).toContain('Bin codes look like A-1-1');
    const noCapacity = await manager.post('/api/locations', { code: 'Z-1-1', location_type: 'bin' });
    expect(noCapacity.body.message).toContain('A bin needs a capacity');
    const racks = await manager.get('/api/locations/racks');
    const own = (list: { rack_number: string }[], code: string) => list.filter((r) => r.rack_number === code);
    expect(own(racks.body.data.regular_racks, 'R-1')).toEqual([expect.objectContaining({ rack_number: 'R-1', current_items: 0, capacity: null })]);
    expect(own(racks.body.data.jean_racks, 'J-1')).toEqual([expect.objectContaining({ rack_number: 'J-1', gender: 'women', capacity: 40 })]);
    const all = await manager.get('/api/locations');
    expect(all.body.data.locations[0]).toMatchObject({ id: 1, code: 'RECEIVING', location_type: 'receiving' });
  });

  it('edits capacity but never below the stock held, and deactivates only an empty location', async () => {
    await bin('E-1-1', 50);
    await bin('E-1-2', 50);
    await stock('KN1010-8-WINE', 'E-1-1', 10);
    const low = await manager.patch('/api/locations/E-1-1', { capacity: 5 });
    expect(low.status).toBe(409);
    expect(low.body.message).toBe('Capacity 5 is below the 10 units E-1-1 holds now');
    const raised = await manager.patch('/api/locations/E-1-1', { capacity: 60 });
    expect(raised.body.data).toMatchObject({ capacity: 60, current_stock: 10, utilization: 16.7, available_space: 50, styles: ['KN1010'] });
    const busy = await manager.patch('/api/locations/E-1-1', { is_active: false });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('Location E-1-1 holds 10 units: move or adjust them out before deactivating it');
    const off = await manager.patch('/api/locations/E-1-2', { is_active: false });
    expect(off.body.data.is_active).toBe(false);
    const refused = await adjust(manager, { sku: 'KN1010-8-WINE', quantity: 1, location: 'E-1-2' });
    expect(refused.status).toBe(409);
    expect((await manager.patch('/api/locations/E-1-2', { is_active: true })).body.data.is_active).toBe(true);
    expect((await manager.patch('/api/locations/RECEIVING', { capacity: 5 })).status).toBe(409);
    expect((await manager.patch('/api/locations/Q-9-9', { capacity: 5 })).status).toBe(404);
  });

  it('lists selectable locations with numeric ids and available space', async () => {
    await bin('F-1-1', 60);
    await bin('F-2-1', 50);
    await rack('R-2');
    await rack('J-2', { capacity: 40, gender: 'women' });
    await stock('KN1004-8-GREY', 'F-1-1', 10);
    await caughtUp(t.database.db);
    const res = await others.executive2.get('/api/stock-approval/locations?type=all');
    expect(res.status).toBe(200);
    expect(res.body.data.bins.find((b: { location: string }) => b.location === 'F-1-1')).toMatchObject({ id: expect.any(Number), type: 'bin', capacity: 60, available_space: 50 });
    const racks = res.body.data.racks.map((r: { location: string }) => r.location) as string[];
    expect(racks.filter((code) => ['J-2', 'R-2'].includes(code))).toEqual(['J-2', 'R-2']);
    const search = await manager.get('/api/stock-approval/locations?search=f-2');
    const found = search.body.data.bins.map((b: { location: string }) => b.location) as string[];
    expect(found).toContain('F-2-1');
    expect(found.every((code) => code.startsWith('F-2'))).toBe(true);
  });

  it('refuses layout changes to every role but manager', async () => {
    for (const c of Object.values(others)) {
      expect((await c.post('/api/locations', { code: 'R-9', location_type: 'rack' })).status).toBe(403);
      expect((await c.post('/api/locations/range', { location_type: 'rack', from: 'R-5', to: 'R-6' })).status).toBe(403);
      expect((await c.patch('/api/locations/A-1-1', { capacity: 1 })).status).toBe(403);
      expect((await c.get('/api/locations/bins')).status).toBe(200);
    }
    expect((await others.executive1.get('/api/stock-approval/locations')).status).toBe(403);
    expect((await others.worker.post('/api/stock-approval/suggest-location', { style_code: 'DR1000', quantity: 1 })).status).toBe(403);
    expect((await t.anonymous.get('/api/locations/racks')).status).toBe(401);
  });
});

describe('inventory search and browsing', () => {
  // The only DR stock in the file: DR1000-6-BEIGE, 10 in bin P-1-1 (capacity 60) and 4 on rack R-3.
  beforeAll(async () => {
    await bin('P-1-1', 60);
    await rack('R-3');
    await stock('DR1000-6-BEIGE', 'P-1-1', 10);
    await stock('DR1000-6-BEIGE', 'R-3', 4);
    await caughtUp(t.database.db);
  });

  it('finds per SKU with locations by style, by SKU in either order, by partial name', async () => {
    const byStyle = await others.worker.get('/api/inventory/search?style_code=dr1000');
    expect(byStyle.status).toBe(200);
    const item = byStyle.body.data.items.find((i: { sku: string }) => i.sku === 'DR1000-6-BEIGE');
    expect(item).toMatchObject({ style_code: 'DR1000', style_name: 'Wrap Midi Dress 000', color: 'Beige', size: '6', quantity: 14 });
    expect(item.locations).toEqual([
      { location: 'P-1-1', location_type: 'bin', quantity: 10 },
      { location: 'R-3', location_type: 'rack', quantity: 4 },
    ]);
    const sizeColour = await manager.get('/api/inventory/search?style_code=DR1000-6-BEIGE');
    const colourSize = await manager.get('/api/inventory/search?style_code=DR1000-BEIGE-6');
    expect(sizeColour.body.data.items.map((i: { sku: string }) => i.sku)).toEqual(['DR1000-6-BEIGE']);
    expect(colourSize.body.data.items.map((i: { sku: string }) => i.sku)).toEqual(['DR1000-6-BEIGE']);
    // The picking screen's split of 'DR1000-6-BEIGE': style code, then 'colour' 6 and 'size' BEIGE (spec section 5).
    const pickingSplit = await others.worker.get('/api/inventory/search?style_code=DR1000&color=6&size=BEIGE');
    expect(pickingSplit.body.data.items.map((i: { sku: string }) => i.sku)).toEqual(['DR1000-6-BEIGE']);
    const filtered = await manager.get('/api/inventory/search?style_code=DR1000&size=8');
    expect(filtered.body.data.items.every((i: { size: string }) => i.size === '8')).toBe(true);
    const partial = await manager.get('/api/inventory/search?style_code=midi dress');
    expect(partial.body.data.items.length).toBeGreaterThan(5);
    const missing = await manager.get('/api/inventory/search?style_code=%20');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Style code is required');
  });

  it('pages available items and reports status with low-stock alerts', async () => {
    const items = await others.executive1.get('/api/inventory/available-items?limit=5&search=DR');
    expect(items.body.data.pagination).toMatchObject({ per_page: 5, total_records: 3 });
    expect(items.body.data.available_items[0]).toMatchObject({ style_code: 'DR1000', is_jeans: false, current_stock: 14, variant_count: 6 });
    const status = async () => {
      const res = await others.worker.get('/api/inventory/status');
      expect(res.status).toBe(200);
      return res.body.data;
    };
    // This test's own stock: 5 of TP1013-10-BLUE, out of stock until now, into a bin of its own.
    const before = await status();
    await bin('M-1-1', 20);
    await stock('TP1013-10-BLUE', 'M-1-1', 5);
    await caughtUp(t.database.db);
    const s = await status();
    expect(s).toMatchObject({ total_stock: before.total_stock + 5, total_styles: 16, total_skus: 109 });
    // One SKU fewer out of stock; the mean of per-bin percentages over the active bins.
    expect(s.out_of_stock_count).toBe(before.out_of_stock_count - 1);
    expect(s.low_stock_alerts[0]).toMatchObject({ current_quantity: 0, threshold: 5 });
    const bins = ((await manager.get('/api/locations/bins')).body.data.bins as { bin_number: string; utilization: number; is_active: boolean }[]).filter((b) => b.is_active);
    expect(bins.find((b) => b.bin_number === 'M-1-1')).toMatchObject({ current_stock: 5, capacity: 20, utilization: 25 });
    const percents = bins.map((b) => b.utilization);
    expect(s.bin_utilization).toBe(Math.round((percents.reduce((a, b) => a + b, 0) / bins.length) * 10) / 10);
  });

  it('suggests locations already holding the style first, jean racks for jeans, each with a reason', async () => {
    const regular = await manager.post('/api/inventory/suggest-location', { style_code: 'dr1000', quantity: 5, size: '6', color: 'Beige' });
    expect(regular.status).toBe(200);
    const [first, second] = regular.body.data.suggested_locations;
    expect(first).toMatchObject({ location: 'R-3', type: 'rack' });
    expect(first.reason).toContain('Already holds DR1000');
    expect(second).toMatchObject({ location: 'P-1-1', type: 'bin', available_space: 50, current_capacity: 10 });
    // A jean style no location holds, and a jean rack of this test's own with more room than any other.
    await rack('J-3', { capacity: 90, gender: 'women' });
    await caughtUp(t.database.db);
    const jeans = await others.executive2.post('/api/stock-approval/suggest-location', { style_code: 'JN1015', quantity: 5, item_type: 'jeans' });
    expect(jeans.body.data.suggested_locations[0]).toMatchObject({ location: 'J-3', location_type: 'jean_rack', available_space: 90 });
    const bad = await manager.post('/api/inventory/suggest-location', { style_code: '', quantity: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Style code is required');
  });
});

describe('adjustments', () => {
  it('records old and new quantities, lists history and a summary', async () => {
    await bin('K-2-1', 50);
    const summaryNow = async () => (await manager.get('/api/inventory/adjustments/summary?days=7')).body.data;
    const damaged = (summary: { by_reason: { reason: string; count: number; units_out: number }[] }) =>
      summary.by_reason.find((r) => r.reason === 'Damaged goods') ?? { count: 0, units_out: 0 };
    const before = await summaryNow();
    const res = await adjust(manager, { sku: 'tp1001-8-navy', adjustment_type: 'increase', quantity: 7, location: 'k-2-1', reason: 'Physical count discrepancy', notes: 'recount' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ sku: 'TP1001-8-NAVY', old_quantity: 0, new_quantity: 7, adjustment_quantity: 7, location: 'K-2-1', location_type: 'bin', adjusted_by: 'Administrator' });
    const down = await adjust(manager, { sku: 'TP1001-8-NAVY', adjustment_type: 'decrease', quantity: 2, location: 'K-2-1', reason: 'Damaged goods' });
    expect(down.body.data).toMatchObject({ old_quantity: 7, new_quantity: 5 });
    const recent = await manager.get('/api/inventory/adjustments/recent?limit=2');
    expect(recent.body.data.adjustments.map((a: { reason: string }) => a.reason)).toEqual(['Damaged goods', 'Physical count discrepancy']);
    const summary = await summaryNow();
    expect(summary).toMatchObject({ decreases: before.decreases + 1, units_out: before.units_out + 2 });
    expect(damaged(summary)).toMatchObject({ count: damaged(before).count + 1, units_out: damaged(before).units_out + 2 });
  });

  it('an increase that takes a bin past its capacity says so; a decrease never does', async () => {
    await bin('K-2-2', 50);
    const fits = await adjust(manager, { sku: 'TP1001-8-NAVY', quantity: 45, location: 'K-2-2' });
    expect(fits.body.data).toMatchObject({ new_quantity: 45, over_capacity: [] });
    const over = await adjust(manager, { sku: 'TP1001-10-NAVY', quantity: 10, location: 'K-2-2' });
    expect(over.status, JSON.stringify(over.body)).toBe(201);
    expect(over.body.data.over_capacity).toEqual([{ location: 'K-2-2', capacity: 50, quantity_after: 55 }]);
    const down = await adjust(manager, { sku: 'TP1001-10-NAVY', adjustment_type: 'decrease', quantity: 1, location: 'K-2-2', reason: 'Damaged goods' });
    expect(down.body.data.over_capacity).toEqual([]);
  });

  it('refuses a decrease below zero, unknown SKUs and locations, bad quantities and reasons', async () => {
    await bin('K-3-1', 50);
    await stock('TP1001-8-NAVY', 'K-3-1', 5);
    const below = await adjust(manager, { sku: 'TP1001-8-NAVY', adjustment_type: 'decrease', quantity: 6, location: 'K-3-1' });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe('Not enough stock of TP1001-8-NAVY at K-3-1: 5 there, 6 needed.');
    expect((await adjust(manager, { sku: 'NOPE-1-RED', quantity: 1, location: 'K-3-1' })).status).toBe(404);
    const noLocation = await adjust(manager, { sku: 'TP1001-8-NAVY', quantity: 1, location: 'Q-1-1' });
    expect(noLocation.status).toBe(404);
    expect(noLocation.body.message).toBe('Location Q-1-1 not found');
    expect((await adjust(manager, { sku: 'TP1001-8-NAVY', quantity: 0, location: 'K-3-1' })).body.message).toContain('Quantity must be at least 1');
    expect((await adjust(manager, { sku: 'TP1001-8-NAVY', quantity: 1, location: 'K-3-1', reason: 'Because' })).status).toBe(400);
  });

  it('is for managers only, with the spec words', async () => {
    for (const c of Object.values(others)) {
      const res = await adjust(c, { sku: 'TP1001-8-NAVY', quantity: 1, location: 'A-2-1' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ADJUST_REFUSED);
      expect((await c.get('/api/inventory/adjustments/recent')).status).toBe(403);
      expect((await c.get('/api/inventory/adjustments/summary')).status).toBe(403);
    }
    expect((await t.anonymous.post('/api/inventory/adjust', {})).status).toBe(401);
  });

  it('20 concurrent decreases of the same SKU at the same location never take it below zero', async () => {
    await bin('K-4-1', 50);
    await stock('SK1002-8-GREY', 'K-4-1', 12);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => adjust(manager, { sku: 'SK1002-8-GREY', adjustment_type: 'decrease', quantity: 1, location: 'K-4-1', reason: 'Lost items' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(12);
    expect(results.filter((r) => r.status === 409)).toHaveLength(8);
    const level = await t.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', 'SK1002-8-GREY').where('location', '=', 'K-4-1').executeTakeFirstOrThrow();
    expect(level.quantity).toBe(0);
    // Each success saw the count the one before it left.
    const olds = results.filter((r) => r.status === 201).map((r) => r.body.data.old_quantity as number).sort((a, b) => a - b);
    expect(olds).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('concurrent increases of a count that does not exist yet each record the count the one before left', async () => {
    expect((await manager.post('/api/locations', { code: 'D-9-9', location_type: 'bin', capacity: 50 })).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 5 }, () => adjust(manager, { sku: 'SK1002-8-GREY', quantity: 1, location: 'D-9-9' })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.data.old_quantity as number).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses an unknown SKU or location without leaving a count behind', async () => {
    expect((await adjust(manager, { sku: 'SK1002-8-GREY', adjustment_type: 'decrease', quantity: 1, location: 'D-9-8', reason: 'Lost items' })).status).toBe(404);
    const counts = await t.database.db.selectFrom('stock_levels').select('quantity').where('location', '=', 'D-9-8').execute();
    expect(counts).toEqual([]);
  });
});

describe('the ledger', () => {
  // The story the ledger tells: JN1003-8-KHAKI, the only stock of it in the file, received onto jean rack J-5 and at
  // RECEIVING, picked, and adjusted down; and a pick of another SKU (SK1008-8-GREY from bin L-1-1) in between.
  beforeAll(async () => {
    await rack('J-5', { capacity: 40, gender: 'women' });
    await bin('L-1-1', 50);
    await stock('SK1008-8-GREY', 'L-1-1', 2);
    await stock('JN1003-8-KHAKI', 'J-5', 20);
    await stock('JN1003-8-KHAKI', 'RECEIVING', 3);
    await pick('JN1003-8-KHAKI', 'J-5', 2);
    await pick('SK1008-8-GREY', 'L-1-1', 1);
    const down = await adjust(manager, { sku: 'JN1003-8-KHAKI', adjustment_type: 'decrease', quantity: 5, location: 'J-5', reason: 'Return to vendor' });
    expect(down.status, JSON.stringify(down.body)).toBe(201);
    await caughtUp(t.database.db);
  });

  it('after receipts, adjustments and picks, the ledger sums to rm_stock and stock_levels for every SKU and location', async () => {
    const db = t.database.db;
    const ledger = await db.selectFrom('rm_stock_movements').select(['sku', 'location', sql<number>`sum(delta)::int`.as('q')]).groupBy(['sku', 'location']).execute();
    const rm = await db.selectFrom('rm_stock').select(['sku', 'location', 'quantity']).execute();
    const levels = await db.selectFrom('stock_levels').select(['sku', 'location', 'quantity']).execute();
    const asMap = (rows: { sku: string; location: string; quantity?: number; q?: number }[]) =>
      Object.fromEntries(rows.map((r) => [`${r.sku}@${r.location}`, r.quantity ?? r.q]).filter(([, q]) => q !== 0));
    expect(asMap(ledger)).toEqual(asMap(rm));
    expect(asMap(levels)).toEqual(asMap(rm));
    expect(asMap(rm)['JN1003-8-KHAKI@J-5']).toBe(13);

    const page = await manager.get('/api/inventory/ledger?sku=JN1003-8-KHAKI&limit=2');
    expect(page.body.data.pagination.total_records).toBe(4);
    expect(page.body.data.movements[0]).toMatchObject({ event_type: 'InventoryAdjusted', delta: -5, balance_after: 13, running_balance: 16, reason: 'Return to vendor', actor_name: 'Administrator' });
    expect(page.body.data.movements[1]).toMatchObject({ event_type: 'OrderItemPicked', delta: -2, balance_after: 18, running_balance: 21 });
    const byLocation = await manager.get('/api/inventory/ledger?location=J-5');
    expect(byLocation.body.data.movements).toHaveLength(3);
    expect((await manager.get('/api/inventory/ledger')).status).toBe(400);
  });

  it.each(['executive1', 'executive2', 'worker'] as const)(
    'shows %s every movement but not who adjusted stock or why (manager information)',
    async (role) => {
      const page = await others[role].get('/api/inventory/ledger?sku=JN1003-8-KHAKI');
      expect(page.status).toBe(200);
      const movements = page.body.data.movements as { event_type: string; delta: number; reason: string | null; actor_id: number | null; actor_name: string | null }[];
      expect(movements.map((m) => m.delta)).toEqual([-5, -2, 3, 20]);
      const adjustments = movements.filter((m) => m.event_type === 'InventoryAdjusted');
      expect(adjustments).toHaveLength(3);
      for (const m of adjustments) expect(m).toMatchObject({ reason: null, actor_id: null, actor_name: null });
    },
  );

  it('answers the stock of a SKU or a location as of a past moment', async () => {
    const db = t.database.db;
    const beforeLast = await db
      .selectFrom('rm_stock_movements')
      .select('recorded_at')
      .where('sku', '=', 'JN1003-8-KHAKI')
      .where('event_type', '=', 'OrderItemPicked')
      .executeTakeFirstOrThrow();
    const at = encodeURIComponent(beforeLast.recorded_at.toISOString());
    const then = await manager.get(`/api/inventory/as-of?at=${at}&sku=JN1003-8-KHAKI`);
    expect(then.status, JSON.stringify(then.body)).toBe(200);
    // After the pick (20 + 3 - 2), before the later decrease of 5.
    expect(then.body.data.total_quantity).toBe(21);
    expect(then.body.data.stock).toEqual([
      { sku: 'JN1003-8-KHAKI', location: 'J-5', quantity: 18 },
      { sku: 'JN1003-8-KHAKI', location: 'RECEIVING', quantity: 3 },
    ]);
    const now = await manager.get(`/api/inventory/as-of?at=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&location=J-5`);
    expect(now.body.data.total_quantity).toBe(13);
    const early = await manager.get('/api/inventory/as-of?at=2000-01-01T00:00:00Z&location=J-5');
    expect(early.body.data).toMatchObject({ total_quantity: 0, stock: [] });
    expect((await manager.get('/api/inventory/as-of?at=yesterday&sku=X')).status).toBe(400);
  });

  it('a rebuild reproduces exactly the live read models', async () => {
    const db = t.database.db;
    const mine = READ_MODEL_TABLES.filter((n) => ['rm_styles', 'rm_variants', 'rm_locations', 'rm_stock', 'rm_sku_stock', 'rm_location_stock', 'rm_location_styles', 'rm_stock_movements', 'rm_adjustments'].includes(n));
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of mine) out[table] = (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
      return out;
    };
    // This test's own history on top of the describe's: receipts, adjustments and a pick at a bin of its own.
    const before = (await snapshot()).rm_stock_movements!.length;
    await bin('L-2-1', 50);
    await stock('TP1013-12-BLUE', 'L-2-1', 6);
    await stock('KN1010-10-NAVY', 'L-2-1', 4);
    expect((await adjust(manager, { sku: 'TP1013-12-BLUE', adjustment_type: 'decrease', quantity: 1, location: 'L-2-1', reason: 'Damaged goods' })).status).toBe(201);
    await pick('KN1010-10-NAVY', 'L-2-1', 2);
    const live = await snapshot();
    expect(live.rm_stock_movements!.length).toBe(before + 4);
    await rebuildReadModels(db, projections);
    expect(await snapshot()).toEqual(live);
  });
});
