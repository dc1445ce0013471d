import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../testing.ts';

let t: TestApp;
let manager: Client;

// Sizes given as a shop would type them: text order would read 10, 12, 14, 6, 8, FS, L, M, S, XL, XS.
const SIZES = ['XL', '10', 'S', 'Free Size', '6', 'M', '14', 'XS', '8', 'L', '12'];
const IN_ORDER = ['6', '8', '10', '12', '14', 'XS', 'S', 'M', 'L', 'XL', 'Free Size'];

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  const created = await manager.post('/api/styles', { style_code: 'SZ100', name: 'Size Order Tee', sizes: SIZES, colors: ['Red', 'Black'] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});
afterAll(() => t.stop());

describe('sizes read in garment order wherever a list shows them', () => {
  it('in a style, in Available Items and in the stock-approval list', async () => {
    const style = (await manager.get('/api/styles?search=SZ100')).body.data.styles[0];
    expect(style.sizes).toEqual(IN_ORDER);
    const available = (await manager.get('/api/inventory/available-items?search=SZ100')).body.data.available_items[0];
    expect(available.available_sizes).toEqual(IN_ORDER);
    const approvable = (await manager.get('/api/stock-approval/available-skus?search=SZ100')).body.data.available_items[0];
    expect(approvable.available_sizes).toEqual(IN_ORDER);
    expect(approvable.skus.slice(0, 4).map((s: { sku: string }) => s.sku)).toEqual(['SZ100-6-BLACK', 'SZ100-6-RED', 'SZ100-8-BLACK', 'SZ100-8-RED']);
  });

  it('in search results, by size and then colour', async () => {
    const found = (await manager.get('/api/inventory/search?style_code=SZ100&color=Red')).body.data.items;
    expect(found.map((i: { size: string }) => i.size)).toEqual(IN_ORDER);
    const byName = (await manager.get('/api/inventory/search?style_code=size order')).body.data.items;
    expect(byName.map((i: { sku: string }) => i.sku).slice(0, 3)).toEqual(['SZ100-6-BLACK', 'SZ100-6-RED', 'SZ100-8-BLACK']);
  });
});
