import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_SEARCH_COUNT_CAP } from '@wh/contracts';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';

// A broad search is counted exactly up to a cap and then reported as a lower bound, so its count never costs what
// reading every match costs; a narrower search keeps its exact count.
describe('GET /api/orders?search= counts', () => {
  let t: TestApp;
  let manager: Client;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.asAdmin();
    const rows = ['Order #,Item,SKU,Value,is Fulfilled'];
    for (let i = 0; i < ORDER_SEARCH_COUNT_CAP + 5; i++) rows.push(`#${20000 + i},Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,10.00,FALSE`);
    for (let i = 0; i < 30; i++) rows.push(`#${40000 + i},Linen Shirt 007 - 6 / Green,TP1007-6-GREEN,10.00,FALSE`);
    const res = await manager.upload('/api/files/upload/orders', 'many-orders.csv', rows.join('\n'));
    expect(res.status).toBe(200);
  });
  afterAll(() => t?.stop());

  it('reports a search matching more orders than the cap as the cap and a lower bound', async () => {
    const res = await manager.get('/api/orders?search=cable%20jumper');
    expect(res.status).toBe(200);
    expect(res.body.data.orders).toHaveLength(20);
    expect(res.body.data.pagination).toEqual({
      current_page: 1,
      total_pages: ORDER_SEARCH_COUNT_CAP / 20,
      total_records: ORDER_SEARCH_COUNT_CAP,
      per_page: 20,
      total_capped: true,
    });
  });

  it('counts a search under the cap exactly', async () => {
    const res = await manager.get('/api/orders?search=tp1007&limit=10');
    expect(res.body.data.pagination).toEqual({ current_page: 1, total_pages: 3, total_records: 30, per_page: 10 });
  });

  it('counts the whole list exactly whatever its size', async () => {
    const res = await manager.get('/api/orders?limit=10');
    expect(res.body.data.pagination).toMatchObject({ total_records: ORDER_SEARCH_COUNT_CAP + 35 });
    expect(res.body.data.pagination.total_capped).toBeUndefined();
  });
});
