import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { canSeeWireTopic, type ReadModelsNotice } from '@wh/contracts';
import { sql } from 'kysely';
import * as XLSX from 'xlsx';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

let t: TestApp;
let manager: Client;
let exec1: Client & { id: number; username: string };
let exec2: Client & { id: number; username: string };
let ann: Client & { id: number; username: string };
let ben: Client & { id: number; username: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1');
  exec2 = await t.userWithRole('executive2');
  ann = await t.userWithRole('worker', 'ann');
  ben = await t.userWithRole('worker', 'ben');
  // The catalogue, so that stock of its SKUs can be put on the shelves (t.allocateStock), then the day's orders.
  const catalogue = await manager.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'));
  expect(catalogue.status).toBe(200);
  const res = await manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'));
  expect(res.status).toBe(200);
  const { rows } = await sql<{ id: number; order_number: string }>`select id, order_number from rm_orders`.execute(t.database.db);
  for (const r of rows) ids[r.order_number] = r.id;
});
afterAll(() => t?.stop());

async function stockAt(sku: string, location: string): Promise<number> {
  const row = await t.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst();
  return row?.quantity ?? 0;
}

const order = (n: string) => ids[`#${n}`]!;

// Tests bring orders of their own (the file's, so that the list totals stay as they are) to the state they need.
type Item = { id: number; sku: string; status: string };

// The SKU held at A-1-1 (3) and J-1-1 (1), whatever an earlier test left there.
const heldAtTwo = (sku: string) =>
  t.allocateStock([
    { sku, location: 'J-1-1', quantity: 1 },
    { sku, location: 'A-1-1', quantity: 3 },
  ]);

// The order assigned to ann (by executive1), unless it is already.
async function assignedToAnn(n: string): Promise<{ id: number; items: Item[] }> {
  const id = order(n);
  if ((await manager.get(`/api/orders/${id}`)).body.data.status === 'pending') {
    const res = await exec1.post(`/api/orders/${id}/assign-worker`, { worker_id: ann.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { id, items: (await ann.get(`/api/orders/${id}`)).body.data.items };
}

describe('GET /api/orders', () => {
  it('lists orders newest first without their items, 20 a page by default; an order answers with its items', async () => {
    const res = await exec1.get('/api/orders');
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ current_page: 1, total_pages: 2, total_records: 24, per_page: 20 });
    expect(res.body.data.orders).toHaveLength(20);
    const first = res.body.data.orders.find((o: any) => o.order_number === '#10018');
    expect(first).toMatchObject({ status: 'pending', total_items: 4, assigned_worker: null, assigned_worker_name: null, worker_id: null, progress: 0 });
    expect(first).not.toHaveProperty('items');
    expect(first.style_codes).toEqual(['DR1000', 'DR1012']);
    const detail = (await exec1.get(`/api/orders/${first.id}`)).body.data;
    expect(detail.items.map((i: any) => i.sku).sort()).toEqual(['DR1000-14-BEIGE', 'DR1000-14-BEIGE', 'DR1012-8-BLUE', 'KN1004-12-GREY']);
    expect(detail.items_pagination).toEqual({ current_page: 1, total_pages: 1, total_records: 4, per_page: 500 });
  });

  it('pages with page and limit; a limit above 100 is refused', async () => {
    const page = await exec1.get('/api/orders?page=3&limit=10');
    expect(page.body.data.pagination).toEqual({ current_page: 3, total_pages: 3, total_records: 24, per_page: 10 });
    expect(page.body.data.orders).toHaveLength(4);
    const tooMany = await exec1.get('/api/orders?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Limit must be between 1 and 100');
  });

  it('searches order number, SKU and style name, case-insensitively', async () => {
    const byNumber = await exec1.get('/api/orders?search=%2310003');
    expect(byNumber.body.data.orders.map((o: any) => o.order_number)).toEqual(['#10003']);
    const bySku = await exec1.get('/api/orders?search=jn1003-10');
    expect(bySku.body.data.orders.map((o: any) => o.order_number).sort()).toEqual(['#10009', '#10022']);
    const byStyle = await exec1.get('/api/orders?search=tote%20bag');
    expect(byStyle.body.data.orders.map((o: any) => o.order_number)).toEqual(['#10001']);
    expect(byStyle.body.data.pagination.total_records).toBe(1);
    const nothing = await exec1.get('/api/orders?search=100%25');
    expect(nothing.body.data.orders).toEqual([]);
  });

  it('filters by date (the import day when the file has none) and refuses a bad one', async () => {
    const all = await exec1.get('/api/orders?limit=1');
    const day = all.body.data.orders[0].order_date;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await exec1.get(`/api/orders?date=${day}`)).body.data.pagination.total_records).toBe(24);
    expect((await exec1.get('/api/orders?date=2001-01-01')).body.data.pagination.total_records).toBe(0);
    for (const date of ['2025-02-30', '1999-12-31', '9999-12-31', '+010000-01-01', '2026-1-1']) {
      const bad = await exec1.get(`/api/orders?date=${encodeURIComponent(date)}`);
      expect(bad.status, date).toBe(400);
      expect(bad.body.message).toBe('Date must be a valid date (YYYY-MM-DD) between 2000 and 2100');
    }
  });

  it('refuses an unknown status', async () => {
    const res = await exec1.get('/api/orders?status=lost');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid status');
  });
});

describe('assigning', () => {
  it('assigns a pending order to an active worker; lists filter by worker, unassigned and status lists', async () => {
    const total = async (query: string) => (await exec1.get(`/api/orders?${query}`)).body.data.pagination.total_records as number;
    const unassignedBefore = await total('worker_id=unassigned&limit=100');
    const assignedBefore = await total('status=assigned');
    const res = await exec1.post(`/api/orders/${order('10020')}/assign-worker`, { worker_id: ann.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // No location holds its SKU (the answer says which).
    expect(res.body.message).toBe('Worker assigned successfully. No stock anywhere for #10020: SK1014-12-BLUE');
    expect(res.body.data).toMatchObject({
      status: 'assigned',
      assigned_worker_id: ann.id,
      worker_id: ann.id,
      assigned_worker: { id: ann.id, username: 'ann', full_name: 'Test worker' },
      assigned_worker_name: 'Test worker',
    });
    expect(res.body.projected).toBe(true);
    const mine = (await exec1.get(`/api/orders?worker_id=${ann.id}&status=assigned,picking&limit=100`)).body.data.orders as any[];
    expect(mine.map((o) => o.order_number)).toContain('#10020');
    expect(mine.every((o) => o.assigned_worker_id === ann.id && ['assigned', 'picking'].includes(o.status))).toBe(true);
    expect(await total('worker_id=unassigned&limit=100')).toBe(unassignedBefore - 1);
    expect(await total('status=assigned')).toBe(assignedBefore + 1);
  });

  it('reassigns while assigned, and refuses a user who is not an active worker', async () => {
    await exec1.post(`/api/orders/${order('10019')}/assign-worker`, { worker_id: ann.id });
    const re = await exec1.post(`/api/orders/${order('10019')}/assign-worker`, { worker_id: ben.id });
    expect(re.body.data.assigned_worker_id).toBe(ben.id);
    const notWorker = await exec1.post(`/api/orders/${order('10019')}/assign-worker`, { worker_id: exec2.id });
    expect(notWorker.status).toBe(400);
    expect(notWorker.body.message).toMatch(/is not a worker\. Only active users with role worker can be assigned orders\.$/);
    const nobody = await exec1.post(`/api/orders/${order('10019')}/assign-worker`, { worker_id: 999999 });
    expect(nobody.status).toBe(404);
    const missing = await exec1.post(`/api/orders/${order('10019')}/assign-worker`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('A worker must be chosen');
    const inactive = await t.userWithRole('worker', 'ivy');
    await manager.patch(`/api/users/${inactive.id}/toggle-status`);
    const refused = await exec1.post(`/api/orders/${order('10019')}/assign-worker`, { worker_id: inactive.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('ivy is inactive. Only active users with role worker can be assigned orders.');
    const workers = await exec1.get('/api/orders/workers');
    expect(workers.body.data.workers.map((w: any) => w.username).sort()).toEqual(['ann', 'ben']);
  });

  it('bulk-assigns, reporting each order; one that cannot be assigned fails alone', async () => {
    await exec1.post(`/api/orders/${order('10017')}/cancel`);
    const res = await exec1.post('/api/orders/bulk-assign', { order_ids: [order('10015'), order('10016'), order('10017'), 999999], worker_id: ben.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 orders assigned successfully. 2 failed. 2 of them have items with no stock anywhere.');
    expect(res.body.data).toEqual({
      worker_id: ben.id,
      succeeded: 2,
      failed: 2,
      results: [
        // No location holds any of their SKUs here.
        { order_id: order('10015'), order_number: '#10015', success: true, message: 'Assigned', no_stock_items: 2 },
        { order_id: order('10016'), order_number: '#10016', success: true, message: 'Assigned', no_stock_items: 4 },
        { order_id: order('10017'), order_number: '#10017', success: false, message: 'Order #10017 is cancelled and cannot be assigned' },
        { order_id: 999999, order_number: null, success: false, message: 'Order not found' },
      ],
    });
    const camel = await exec1.post('/api/orders/bulk-assign', { orderIds: [order('10014')], workerId: ben.id });
    expect(camel.body.data.succeeded).toBe(1);
    const badWorker = await exec1.post('/api/orders/bulk-assign', { order_ids: [order('10013')], worker_id: exec2.id });
    expect(badWorker.status).toBe(400);
    const none = await exec1.post('/api/orders/bulk-assign', { order_ids: [], worker_id: ben.id });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Select at least one order');
  });

  it('deassigns back to pending; deassigning a pending order is refused', async () => {
    expect((await exec1.post(`/api/orders/${order('10021')}/assign-worker`, { worker_id: ben.id })).status).toBe(200);
    const res = await exec1.post(`/api/orders/${order('10021')}/deassign-worker`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', assigned_worker: null, worker_id: null });
    const again = await exec1.post(`/api/orders/${order('10021')}/deassign-worker`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Order #10021 has no worker assigned');
  });

  it('cancels pending and assigned orders, irreversibly', async () => {
    await exec1.post(`/api/orders/${order('10012')}/assign-worker`, { worker_id: ann.id });
    const res = await exec1.post(`/api/orders/${order('10012')}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    expect(res.body.data.cancelled_at).not.toBeNull();
    const again = await exec1.post(`/api/orders/${order('10012')}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Order #10012 is already cancelled');
    const assign = await exec1.post(`/api/orders/${order('10012')}/assign-worker`, { worker_id: ann.id });
    expect(assign.status).toBe(409);
    expect((await exec1.post('/api/orders/999999/cancel')).status).toBe(404);
  });
});

describe('picking, completing and verifying', () => {
  // Each test brings an order of its own to the state it needs. #10005: KN1004-16-GREY and SK1002-12-GREY, only ever
  // assigned to ann (read, refused and never picked, here and by the pick command's tests). #10004: KN1004-12-WINE
  // first of four. #10006, #10007: one item each. #10002: four items. #10008: JN1009-12-WHITE and DR1012-8-BLUE, for
  // the history. No location holds DR1012-8-BLUE, SK1002-12-GREY or any SKU of #10002, #10006 and #10007.

  // Assigned to ann, each item she has not picked yet picked by her where the order suggests (or unstocked), and then,
  // if asked, completed by her.
  async function pickedByAnn(n: string, { complete = false } = {}): Promise<{ id: number; items: Item[] }> {
    const { id, items } = await assignedToAnn(n);
    for (const item of items.filter((i) => i.status === 'pending')) {
      const res = await ann.post(`/api/orders/${id}/items/${item.id}/pick`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    if (complete) expect((await ann.post(`/api/orders/${id}/complete`)).status).toBe(200);
    return { id, items };
  }

  it('the order shows each item with the location holding most of it, or none', async () => {
    await heldAtTwo('KN1004-16-GREY');
    const { id } = await assignedToAnn('10005');
    const res = await ann.get(`/api/orders/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: any) => [i.sku, i.location, i.location_type, i.location_suggested, i.location_quantity, i.status])).toEqual([
      ['KN1004-16-GREY', 'A-1-1', 'bin', true, 3, 'pending'],
      ['SK1002-12-GREY', null, null, false, null, 'pending'],
    ]);
  });

  it('a worker sees only their own orders', async () => {
    const { id } = await assignedToAnn('10005');
    const bens = order('10024');
    if ((await manager.get(`/api/orders/${bens}`)).body.data.status === 'pending') {
      expect((await exec1.post(`/api/orders/${bens}/assign-worker`, { worker_id: ben.id })).status).toBe(200);
    }
    const own = (await ann.get('/api/orders?status=assigned,picking')).body.data.orders as { order_number: string; assigned_worker_id: number }[];
    expect(own.map((o) => o.order_number)).toContain('#10005');
    expect(own.map((o) => o.order_number)).not.toContain('#10024');
    expect(own.every((o) => o.assigned_worker_id === ann.id)).toBe(true);
    const other = await ann.get(`/api/orders?worker_id=${ben.id}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can only see the orders assigned to you');
    const notMine = await ben.get(`/api/orders/${id}`);
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe('This order is not assigned to you');
    expect((await ben.get(`/api/orders/${id}/history`)).status).toBe(403);
  });

  it('another worker cannot pick, and completing before every item is picked is refused', async () => {
    const { id, items } = await assignedToAnn('10005');
    const res = await ben.post(`/api/orders/${id}/items/${items[0]!.id}/pick`, {});
    expect(res.status).toBe(403);
    const early = await ann.post(`/api/orders/${id}/complete`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Order #10005 cannot be completed yet: 0 of 2 items are picked or short');
  });

  it('a pick at a location without the stock is refused, naming the locations that hold it', async () => {
    await heldAtTwo('KN1004-16-GREY');
    const { id, items } = await assignedToAnn('10005');
    expect((await manager.post('/api/locations', { code: 'B-9-9', location_type: 'bin', capacity: 50 })).status).toBe(201);
    const res = await ann.post(`/api/orders/${id}/items/${items[0]!.id}/pick`, { location: 'B-9-9' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Not enough stock of KN1004-16-GREY at B-9-9: 0 there, 1 needed. KN1004-16-GREY is held at A-1-1 (3), J-1-1 (1).');
    const after = await ann.get(`/api/orders/${id}`);
    expect(after.body.data.status).toBe('assigned');
  });

  it('the first pick takes the stock from the suggested location and moves the order to picking', async () => {
    await heldAtTwo('KN1004-12-WINE');
    const { id: orderId, items } = await assignedToAnn('10004');
    const res = await ann.post(`/api/orders/${orderId}/items/${items[0]!.id}/pick`, { notes: 'top shelf' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Item picked successfully');
    expect(res.body.data).toMatchObject({ status: 'picking', picked_items: 1, progress: 25 });
    expect(res.body.data.items[0]).toMatchObject({
      sku: 'KN1004-12-WINE',
      status: 'picked',
      location: 'A-1-1',
      location_type: 'bin',
      location_suggested: false,
      unstocked: false,
      notes: 'top shelf',
      picked_by: { id: ann.id, username: 'ann' },
    });
    expect(res.body.data.items[0].picked_at).not.toBeNull();
    expect(await stockAt('KN1004-12-WINE', 'A-1-1')).toBe(2);
    const event = await t.database.db
      .selectFrom('events')
      .select('data')
      .where('event_type', '=', 'OrderItemPicked')
      .where('stream_id', '=', `order-${orderId}`)
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({
      sku: 'KN1004-12-WINE',
      quantity: 1,
      location: 'A-1-1',
      location_type: 'bin',
      movements: [{ sku: 'KN1004-12-WINE', style_code: 'KN1004', location: 'A-1-1', delta: -1 }],
    });
    const again = await ann.post(`/api/orders/${orderId}/items/${items[0]!.id}/pick`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('KN1004-12-WINE in order #10004 is already picked');
    expect((await exec1.post(`/api/orders/${orderId}/cancel`)).body.message).toBe('Order #10004 is being picked and cannot be cancelled');
  });

  it('an item no location holds is picked without a location, marked unstocked', async () => {
    const { id, items } = await assignedToAnn('10006');
    const res = await ann.post(`/api/orders/${id}/items/${items[0]!.id}/pick`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items[0]).toMatchObject({ sku: 'DR1000-16-BEIGE', status: 'picked', location: null, unstocked: true });
    expect(res.body.data.progress).toBe(100);
  });

  it('an unknown item is a 404', async () => {
    const { id } = await assignedToAnn('10005');
    expect((await ann.post(`/api/orders/${id}/items/999999/pick`, {})).status).toBe(404);
  });

  it('the worker completes the order once every item is picked', async () => {
    const { id } = await pickedByAnn('10007');
    const res = await ann.post(`/api/orders/${id}/complete`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'completed', completed_by: { id: ann.id } });
    expect(res.body.data.completed_at).not.toBeNull();
    const queue = await exec2.get('/api/orders?status=completed&limit=100');
    const completed = queue.body.data.orders as { order_number: string; status: string }[];
    expect(completed.map((o) => o.order_number)).toContain('#10007');
    expect(completed.every((o) => o.status === 'completed')).toBe(true);
  });

  it('verification refuses a discrepancy naming an item of another order; one of its own holds the order until resolved', async () => {
    const { id: orderId, items } = await pickedByAnn('10002', { complete: true });
    const foreign = (await manager.get(`/api/orders/${order('10011')}`)).body.data.items[0].id as number;
    const refused = await exec2.post(`/api/orders/${orderId}/verify`, { discrepancies: [{ item_id: foreign, issue: 'x', resolution: 'y' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Discrepancy item ${foreign} is not an item of order #10002`);
    // The screen parses the item id into a number; the server takes JSON numbers only.
    const asText = await exec2.post(`/api/orders/${orderId}/verify`, { discrepancies: [{ item_id: String(items[1]!.id), issue: 'x', resolution: 'y' }] });
    expect(asText.status).toBe(400);
    expect(asText.body.message).toBe('Discrepancy item must be an item of the order');
    const held = await exec2.post(`/api/orders/${orderId}/verify`, {
      verification_notes: 'Checked at packing',
      discrepancies: [{ item_id: items[1]!.id, issue: 'Wrong colour', resolution: 'Swapped at the bench' }],
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.message).toBe('Order #10002 is on hold: SK1014-10-NAVY wrong colour. Send it back to its picker or resolve each line.');
    expect(held.body.data).toMatchObject({
      status: 'on_hold',
      verified_at: null,
      hold: { held_by: { id: exec2.id }, lines: [{ item_id: items[1]!.id, sku: 'SK1014-10-NAVY', expected: 1, counted: 1, issue: 'Wrong colour' }], verification_notes: 'Checked at packing' },
    });
    const res = await exec2.post(`/api/orders/${orderId}/resolve`, { lines: [{ item_id: items[1]!.id, shipped: 1 }], reason: 'Swapped at the bench' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Order verified successfully');
    expect(res.body.data).toMatchObject({
      hold: null,
      status: 'verified',
      verification_notes: 'Checked at packing',
      discrepancies: [{ item_id: items[1]!.id, sku: 'SK1014-10-NAVY', issue: 'Wrong colour', resolution: 'Swapped at the bench' }],
      verified_by: { id: exec2.id },
      completed_by: { id: ann.id },
      assigned_worker_id: ann.id,
    });
    const twice = await exec2.post(`/api/orders/${orderId}/verify`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Order #10002 is already verified');
  });

  it('verifying an order that is not completed is refused', async () => {
    const res = await manager.post(`/api/orders/${order('10011')}/verify`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Order #10011 is pending and cannot be verified: only completed orders can be verified');
  });

  it('a manager picks and completes for the assigned worker', async () => {
    const id = order('10003');
    await exec1.post(`/api/orders/${id}/assign-worker`, { worker_id: ben.id });
    const detail = await manager.get(`/api/orders/${id}`);
    const pick = await manager.post(`/api/orders/${id}/items/${detail.body.data.items[0].id}/pick`, {});
    expect(pick.status).toBe(200);
    expect(pick.body.data.items[0].picked_by.username).toBe('admin');
    const done = await manager.post(`/api/orders/${id}/complete`);
    expect(done.body.data).toMatchObject({ status: 'completed', assigned_worker_id: ben.id });
  });

  it('the history lists every event with who, role, when and what', async () => {
    // #10008's whole story: assigned by executive1, picked by ann from where it is held and unstocked, completed,
    // held by executive2 with a discrepancy, resolved and verified.
    await heldAtTwo('JN1009-12-WHITE');
    const { id: orderId, items } = await assignedToAnn('10008');
    expect((await ann.post(`/api/orders/${orderId}/items/${items[0]!.id}/pick`, { notes: 'top shelf' })).status).toBe(200);
    expect((await ann.post(`/api/orders/${orderId}/items/${items[1]!.id}/pick`, {})).status).toBe(200);
    expect((await ann.post(`/api/orders/${orderId}/complete`)).status).toBe(200);
    const verified = await exec2.post(`/api/orders/${orderId}/verify`, {
      verification_notes: 'Checked at packing',
      discrepancies: [{ item_id: items[1]!.id, issue: 'Wrong colour', resolution: 'Swapped at the bench' }],
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const resolved = await exec2.post(`/api/orders/${orderId}/resolve`, { lines: [{ item_id: items[1]!.id, shipped: 1 }], reason: 'Swapped at the bench' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const res = await manager.get(`/api/orders/${orderId}/history`);
    expect(res.status).toBe(200);
    expect(res.body.data.order_number).toBe('#10008');
    const h = res.body.data.history;
    expect(h.map((e: any) => [e.event_type, e.role, e.actor?.username, e.description])).toEqual([
      ['OrderImported', 'manager', 'admin', 'Imported from daily-orders.csv with 2 items'],
      ['OrderAssigned', 'executive1', exec1.username, 'Assigned to Test worker'],
      ['OrderItemPicked', 'worker', 'ann', 'Picked JN1009-12-WHITE from A-1-1 (note: top shelf)'],
      ['OrderItemPicked', 'worker', 'ann', 'Picked DR1012-8-BLUE with no stock recorded anywhere'],
      ['OrderCompleted', 'worker', 'ann', 'Completed: every item picked'],
      ['OrderHeld', 'executive2', exec2.username, 'On hold at verification: DR1012-8-BLUE: Wrong colour (Checked at packing)'],
      ['OrderHoldResolved', 'executive2', exec2.username, 'Hold resolved: DR1012-8-BLUE shipped as picked: Swapped at the bench'],
      ['OrderVerified', 'executive2', exec2.username, 'Verified with 1 discrepancy among 2 items, 2 units (picked by Test worker): Checked at packing'],
    ]);
    for (const e of h) expect(e.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await manager.get('/api/orders/999999/history')).status).toBe(404);
  });
});

describe('GET /api/orders/export', () => {
  it('exports every item of the matching orders as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/export?search=%2310001&format=csv', headers: { authorization: `Bearer ${exec1.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Order #,Status,Priority,Order Date,Assigned Worker,SKU,Style Name,Size,Color,Quantity,Value,Item Status,Location,Picked At,Completed At,Verified At');
    expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual(['KN1010-12-WINE', 'TP1007-6-GREEN', 'DR1012-8-BLUE', 'BG1005-FS-GREY']);
  });

  it('exports XLSX with the same filters', async () => {
    // An order of this test's own, verified: picked for ben by a manager (no location holds its items) and completed.
    const id = order('10022');
    expect((await exec1.post(`/api/orders/${id}/assign-worker`, { worker_id: ben.id })).status).toBe(200);
    for (const item of (await manager.get(`/api/orders/${id}`)).body.data.items as { id: number }[]) {
      const picked = await manager.post(`/api/orders/${id}/items/${item.id}/pick`, {});
      expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    }
    expect((await manager.post(`/api/orders/${id}/complete`)).status).toBe(200);
    expect((await exec2.post(`/api/orders/${id}/verify`, {})).status).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/export?status=verified&search=%2310022&format=xlsx', headers: { authorization: `Bearer ${exec1.token}` } });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    expect(rows.map((r) => [r['Order #'], r.SKU, r.Location ?? ''])).toEqual([
      ['#10022', 'SK1014-8-BLUE', ''],
      ['#10022', 'TP1013-10-BLUE', ''],
      ['#10022', 'JN1003-10-KHAKI', ''],
    ]);
  });
});

describe('live updates', () => {
  it('an assignment announces the order and both workers; each worker may hear only their own topic', async () => {
    const listener = new pg.Client({ connectionString: t.db.url });
    await listener.connect();
    const notices: ReadModelsNotice[] = [];
    listener.on('notification', (n) => notices.push(JSON.parse(n.payload ?? '{}')));
    await listener.query('listen read_models');
    try {
      const id = order('10023');
      await exec1.post(`/api/orders/${id}/assign-worker`, { worker_id: ann.id });
      await exec1.post(`/api/orders/${id}/assign-worker`, { worker_id: ben.id });
      await vi.waitFor(() => {
        const topics = new Set(notices.flatMap((n) => n.topics));
        expect([...topics]).toEqual(expect.arrayContaining(['orders', `order:${id}`, `worker:${ann.id}`, `worker:${ben.id}`]));
      });
    } finally {
      await listener.end();
    }
    const worker = { id: ann.id, role: 'worker' as const };
    expect(canSeeWireTopic(worker, `worker:${ann.id}`)).toBe(true);
    expect(canSeeWireTopic(worker, `worker:${ben.id}`)).toBe(false);
    expect(canSeeWireTopic(worker, 'orders')).toBe(false);
    expect(canSeeWireTopic(worker, `order:${order('10023')}`)).toBe(false);
    for (const role of ['manager', 'executive1', 'executive2'] as const) {
      expect(canSeeWireTopic({ id: 1, role }, 'orders')).toBe(true);
      expect(canSeeWireTopic({ id: 1, role }, `order:${order('10023')}`)).toBe(true);
    }
  });
});

describe('the API description', () => {
  it('lists the orders routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/files/upload/orders', '/api/orders', '/api/orders/{id}/items/{itemId}/pick', '/api/orders/{id}/verify']),
    );
  });
});

describe('who may call the orders routes', () => {
  const someOrder = () => order('10024');
  it.each([
    ['executive2', 'POST', '/api/files/upload/orders'],
    ['worker', 'POST', '/api/files/upload/orders'],
    ['executive2', 'GET', '/api/orders/export'],
    ['worker', 'GET', '/api/orders/export'],
    ['executive2', 'GET', '/api/orders/workers'],
    ['worker', 'GET', '/api/orders/workers'],
    ['executive2', 'POST', '/assign-worker'],
    ['worker', 'POST', '/assign-worker'],
    ['executive2', 'POST', '/api/orders/bulk-assign'],
    ['worker', 'POST', '/api/orders/bulk-assign'],
    ['executive2', 'POST', '/deassign-worker'],
    ['worker', 'POST', '/deassign-worker'],
    ['executive2', 'POST', '/cancel'],
    ['worker', 'POST', '/cancel'],
    ['executive1', 'POST', '/pick'],
    ['executive2', 'POST', '/pick'],
    ['executive1', 'POST', '/complete'],
    ['executive2', 'POST', '/complete'],
    ['executive1', 'POST', '/verify'],
    ['worker', 'POST', '/verify'],
  ])('%s: %s %s is refused with 403; without a token 401', async (role, method, path) => {
    const caller = { executive1: exec1, executive2: exec2, worker: ann }[role]!;
    const url = path.startsWith('/api/')
      ? path
      : path === '/pick'
        ? `/api/orders/${someOrder()}/items/1/pick`
        : `/api/orders/${someOrder()}${path}`;
    const res = method === 'GET' ? await caller.get(url) : await caller.post(url, {});
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    const anonymous = method === 'GET' ? await t.anonymous.get(url) : await t.anonymous.post(url, {});
    expect(anonymous.status).toBe(401);
  });

  it('every signed-in role may list orders; a worker gets only their own', async () => {
    for (const c of [manager, exec1, exec2]) expect((await c.get('/api/orders?limit=1')).body.data.pagination.total_records).toBe(24);
    expect((await ben.get('/api/orders')).body.data.orders.every((o: any) => o.assigned_worker_id === ben.id)).toBe(true);
    expect((await t.anonymous.get('/api/orders')).status).toBe(401);
    expect((await t.anonymous.get(`/api/orders/${someOrder()}`)).status).toBe(401);
    expect((await t.anonymous.get(`/api/orders/${someOrder()}/history`)).status).toBe(401);
  });
});

describe('the pick command checks the location it names', () => {
  // #10010: TP1007-12-GREEN (held at A-3-1), TP1007-16-GREEN and JN1009-10-RED (held nowhere). A test that picks
  // nothing has #10005 of its own instead (KN1004-16-GREY, held at A-1-1 and J-1-1, and SK1002-12-GREY held nowhere).
  let id: number;
  let itemOf: (sku: string) => number;
  const pickAt = (who: Client, sku: string, body: object) => who.post(`/api/orders/${id}/items/${itemOf(sku)}/pick`, body);
  const setLocationFirst = async (on: boolean) => expect((await manager.put('/api/settings/picking', { scan_location_first: on })).status).toBe(200);
  // What a refused pick must leave as it was: the order's status and picked items, and the stock at A-3-1.
  const state = async () => {
    const { status, picked_items } = (await ann.get(`/api/orders/${id}`)).body.data;
    return { status, picked_items, stock: await stockAt('TP1007-12-GREEN', 'A-3-1') };
  };

  beforeAll(async () => {
    id = order('10010');
    await t.allocateStock([{ sku: 'TP1007-12-GREEN', location: 'A-3-1', quantity: 2 }]);
    expect((await exec1.post(`/api/orders/${id}/assign-worker`, { worker_id: ann.id })).status).toBe(200);
    const items: { id: number; sku: string }[] = (await ann.get(`/api/orders/${id}`)).body.data.items;
    itemOf = (sku) => items.find((i) => i.sku === sku)!.id;
  });
  afterAll(() => setLocationFirst(false));

  it('a location the warehouse does not have is refused, naming it, whether the SKU is held or not; nothing is picked', async () => {
    await heldAtTwo('KN1004-16-GREY');
    const { id: own, items } = await assignedToAnn('10005');
    const ownState = async () => {
      const { status, picked_items } = (await ann.get(`/api/orders/${own}`)).body.data;
      return { status, picked_items, stock: await stockAt('KN1004-16-GREY', 'A-1-1') };
    };
    expect(await ownState()).toEqual({ status: 'assigned', picked_items: 0, stock: 3 });
    expect(items.map((i) => i.sku)).toEqual(['KN1004-16-GREY', 'SK1002-12-GREY']);
    for (const item of items) {
      const res = await ann.post(`/api/orders/${own}/items/${item.id}/pick`, { location: 'zzz-999-999' });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.message).toBe('Location ZZZ-999-999 not found');
    }
    expect(await ownState()).toEqual({ status: 'assigned', picked_items: 0, stock: 3 });
  });

  it('with pickers scanning the location label first, a pick naming no location is refused, an item held nowhere too; one naming its location is picked', async () => {
    const before = await state();
    await setLocationFirst(true);
    const required = 'Scan the location label first: the pick must name the location it is taken from';
    for (const [who, sku, body] of [
      [ann, 'TP1007-12-GREEN', {}],
      [ann, 'TP1007-12-GREEN', { location: null }],
      [ann, 'TP1007-12-GREEN', { location: '' }],
      [manager, 'TP1007-12-GREEN', {}],
      [ann, 'JN1009-10-RED', {}],
    ] as const) {
      const res = await pickAt(who, sku, body);
      expect(res.status, `${sku} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toBe(required);
    }
    expect((await pickAt(ann, 'TP1007-12-GREEN', { location: 'ZZZ-999-999' })).status).toBe(404);
    expect(await state()).toEqual(before);

    const taken = await pickAt(ann, 'TP1007-12-GREEN', { location: 'A-3-1' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await stockAt('TP1007-12-GREEN', 'A-3-1')).toBe(before.stock - 1);
    const nowhere = await pickAt(ann, 'JN1009-10-RED', { location: 'A-3-1' });
    expect(nowhere.status, JSON.stringify(nowhere.body)).toBe(200);
    expect(nowhere.body.data.items.find((i: any) => i.sku === 'JN1009-10-RED')).toMatchObject({ status: 'picked', location: 'A-3-1', unstocked: true });
    expect(await stockAt('TP1007-12-GREEN', 'A-3-1')).toBe(before.stock - 1);
  });

  it('with the setting off, an item held nowhere is picked without a location', async () => {
    await setLocationFirst(false);
    const res = await pickAt(ann, 'TP1007-16-GREEN', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items.find((i: any) => i.sku === 'TP1007-16-GREEN')).toMatchObject({ status: 'picked', location: null, unstocked: true });
  });
});
