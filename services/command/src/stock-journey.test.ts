import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fixture } from '../../../test/fixtures.ts';
import { startTestApp, type Client, type TestApp } from './testing.ts';

// A warehouse day across features: catalogue, receipts and approvals, a bin allocation sheet, adjustments, and
// orders picked through the HTTP API. Afterwards, for every SKU and location, the movement ledger adds up to
// the stock the screens show and to the command side's guard table.
let app: TestApp;
let manager: Client;
let exec1: Client;
let exec2: Client;
let worker: Client & { id: number };

beforeAll(async () => {
  app = await startTestApp();
  manager = await app.asAdmin();
  exec1 = await app.userWithRole('executive1');
  exec2 = await app.userWithRole('executive2');
  worker = await app.userWithRole('worker');
});
afterAll(() => app?.stop());

const ok = (res: { status: number; body: unknown }, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as { data: any };
};

describe('stock journey across receiving, allocation, adjustments and picking', () => {
  it('keeps ledger, read model and guard table equal for every SKU and location, and picks take stock', async () => {
    ok(await manager.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv')));
    ok(await manager.post('/api/locations/range', { location_type: 'bin', from: 'A-1-1', to: 'A-2-2', capacity: 500 }), 201);

    // Online-shop stock: receipts approved by executive2, some into a bin, some into RECEIVING, one rejected.
    ok(await exec2.upload('/api/files/upload/shopify-stock', 'shopify-inventory.csv', fixture('stock/shopify-inventory.csv')));
    const pending = ok(await exec2.get('/api/stock-approval/receipts?limit=100')).data.receipts as { id: number }[];
    expect(pending.length).toBe(55);
    for (const [i, r] of pending.slice(0, 30).entries()) {
      const body = i % 2 === 0 ? { location: 'A-1-1' } : {};
      ok(await exec2.post(`/api/stock-approval/receipts/${r.id}/approve`, body));
    }
    ok(await exec2.post(`/api/stock-approval/receipts/${pending[30]!.id}/reject`, { reason: 'Damaged in transit' }));

    // A manager's manual sheet (known styles auto-approved into RECEIVING) and a bin allocation sheet.
    ok(await manager.upload('/api/files/upload/manual-stock', 'manual-stock.xlsx', fixture('stock/manual-stock.xlsx')));
    ok(await manager.upload('/api/files/upload/bin-allocation', 'bin-allocation.xlsx', fixture('stock/bin-allocation.xlsx')));

    // Orders: import, assign #10001 and #10002, stock their SKUs where needed, pick everything through the API.
    ok(await exec1.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv')));
    const listed = ok(await exec1.get('/api/orders?search=%2310001&limit=5')).data.orders as { id: number; order_number: string }[];
    const second = ok(await exec1.get('/api/orders?search=%2310002&limit=5')).data.orders as { id: number }[];
    const orderIds = [listed.find((o) => o.order_number === '#10001')!.id, second[0]!.id];
    ok(await exec1.post('/api/orders/bulk-assign', { order_ids: orderIds, worker_id: worker.id }));
    for (const id of orderIds) {
      const order = ok(await worker.get(`/api/orders/${id}`)).data;
      for (const item of order.items as { id: number; sku: string; quantity: number }[]) {
        ok(await manager.post('/api/inventory/adjust', {
          sku: item.sku, adjustment_type: 'increase', quantity: item.quantity + 1, reason: 'Found items', location: 'A-2-1',
        }), 201);
      }
      const fresh = ok(await worker.get(`/api/orders/${id}`)).data;
      for (const item of fresh.items as { id: number; sku: string; location: string | null }[]) {
        expect(item.location, item.sku).not.toBeNull();
        ok(await worker.post(`/api/orders/${id}/items/${item.id}/pick`, { location: item.location }));
      }
      ok(await worker.post(`/api/orders/${id}/complete`));
    }

    // A decrease that would go below zero is refused and changes nothing.
    const refused = await manager.post('/api/inventory/adjust', {
      sku: 'DR1000-6-BEIGE', adjustment_type: 'decrease', quantity: 100_000, reason: 'Lost items', location: 'A-1-1',
    });
    expect(refused.status).toBe(409);

    const db = app.database.db;
    const ledger = await db
      .selectFrom('rm_stock_movements')
      .select(['sku', 'location', sql<string>`sum(delta)`.as('total')])
      .groupBy(['sku', 'location'])
      .execute();
    const shown = await db.selectFrom('rm_stock').select(['sku', 'location', 'quantity']).execute();
    const guard = await db.selectFrom('stock_levels').select(['sku', 'location', 'quantity']).execute();
    const asMap = (rows: { sku: string; location: string; q: number }[]) =>
      new Map(rows.filter((r) => r.q !== 0).map((r) => [`${r.sku}@${r.location}`, r.q]));
    const fromLedger = asMap(ledger.map((r) => ({ sku: r.sku, location: r.location, q: Number(r.total) })));
    const fromReadModel = asMap(shown.map((r) => ({ sku: r.sku, location: r.location, q: r.quantity })));
    const fromGuard = asMap(guard.map((r) => ({ sku: r.sku, location: r.location, q: r.quantity })));
    expect(fromLedger.size).toBeGreaterThan(50);
    expect(fromReadModel).toEqual(fromLedger);
    expect(fromGuard).toEqual(fromLedger);
    expect([...fromLedger.values()].every((q) => q > 0)).toBe(true);

    // Picks are in the ledger as movements out of the location they were taken from.
    const picks = await db.selectFrom('rm_stock_movements').select(['sku', 'delta']).where('event_type', '=', 'OrderItemPicked').execute();
    expect(picks.length).toBeGreaterThanOrEqual(8);
    expect(picks.every((p) => p.delta < 0)).toBe(true);

    // The inventory search shows the same totals per SKU.
    const search = ok(await worker.get('/api/inventory/search?style_code=DR1012')).data.items as { sku: string; quantity: number }[];
    for (const item of search) {
      const total = [...fromLedger.entries()].filter(([k]) => k.startsWith(`${item.sku}@`)).reduce((n, [, q]) => n + q, 0);
      expect(item.quantity, item.sku).toBe(total);
    }
  });
});
