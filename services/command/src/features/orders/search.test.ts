import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '@wh/contracts';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { listOrders, type SearchTuning } from './queries.ts';

// The orders list's search matches order numbers in rm_orders and SKUs and style names through the search terms
// (rm_search_terms, rm_order_terms), by one of three ways (queries.ts, planSearch): the few matching orders read by
// id, the list walked newest first against the matching numbers and terms, or walked against the text itself when
// too many terms match. Whichever is taken, the answer is the same
// as reading every order: the orders with an order number, SKU or style name containing the text.
describe('GET /api/orders?search=', () => {
  let t: TestApp;
  let exec1: Client;
  let all: Order[];

  beforeAll(async () => {
    t = await startTestApp();
    exec1 = await t.userWithRole('executive1');
    const rows = ['Order #,Item,SKU,Value,is Fulfilled'];
    for (let i = 0; i < 60; i++) rows.push(`#${20000 + i},Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,10.00,FALSE`);
    for (let i = 0; i < 5; i++) rows.push(`#${30000 + i},Linen Shirt 007 - 6 / Green,TP1007-6-GREEN,10.00,FALSE`);
    // Two lines of one order, both SKUs containing 'KN1011' and one style name for both.
    rows.push('#40000,Cable Knit 011 - 10 / Navy,KN1011-10-NAVY,10.00,FALSE');
    rows.push('#40000,Cable Knit 011 - 12 / Navy,KN1011-12-NAVY,10.00,FALSE');
    rows.push('#40001,Linen Shirt 007 - 8 / Green,TP1007-8-GREEN,10.00,FALSE');
    const res = await exec1.upload('/api/files/upload/orders', 'search.csv', rows.join('\n'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Each order with its items (a list carries none).
    const withItems = async () => {
      const list: { id: number }[] = (await exec1.get('/api/orders?limit=100')).body.data.orders;
      return Promise.all(list.map(async (o) => (await exec1.get(`/api/orders/${o.id}`)).body.data as Order));
    };
    all = await withItems();
    expect(all).toHaveLength(67);
    const cancelled = all.find((o) => o.order_number === '#20007')!;
    expect((await exec1.post(`/api/orders/${cancelled.id}/cancel`)).status).toBe(200);
    all = await withItems();
  });
  afterAll(() => t?.stop());

  // What the search means, over the whole list: the order's number, SKUs or style names contain the text.
  const matching = (text: string, orders: Order[] = all) => {
    const upper = text.toUpperCase();
    return orders.filter((o) => [o.order_number, ...o.items.flatMap((i) => [i.sku, i.style_name])].some((term) => term.toUpperCase().includes(upper)));
  };
  const numbers = (orders: readonly { order_number: string }[]) => orders.map((o) => o.order_number);

  it('finds a common text newest first, page by page, each order once and counted exactly under the cap', async () => {
    const expected = numbers(matching('kn101'));
    expect(expected).toHaveLength(61);
    const first = await exec1.get('/api/orders?search=kn101&limit=50');
    const second = await exec1.get('/api/orders?search=kn101&limit=50&page=2');
    expect([...numbers(first.body.data.orders), ...numbers(second.body.data.orders)]).toEqual(expected);
    expect(first.body.data.pagination).toEqual({ current_page: 1, total_pages: 2, total_records: 61, per_page: 50 });
  });

  it('finds a rare text (a SKU, an order number, part of a style name) in every place it occurs', async () => {
    for (const text of ['tp1007', '#40000', 'knit 01', 'navy', '#2000']) {
      const res = await exec1.get(`/api/orders?search=${encodeURIComponent(text)}`);
      expect(numbers(res.body.data.orders), text).toEqual(numbers(matching(text)).slice(0, 20));
      expect(res.body.data.pagination.total_records, text).toBe(matching(text).length);
    }
  });

  it('combines a search with the status filter', async () => {
    const cancelled = await exec1.get('/api/orders?search=cable%20jumper&status=cancelled');
    expect(numbers(cancelled.body.data.orders)).toEqual(['#20007']);
    const pending = await exec1.get('/api/orders?search=cable%20jumper&status=pending&limit=10');
    expect(pending.body.data.pagination).toMatchObject({ total_records: 59, total_pages: 6 });
  });

  it('matches within one order number, SKU or style name, not across two of them', async () => {
    const res = await exec1.get(`/api/orders?search=${encodeURIComponent('#40000 KN1011')}`);
    expect(res.body.data.orders).toEqual([]);
    expect(res.body.data.pagination.total_records).toBe(0);
  });

  it('answers the same page and count whichever way the matches are found', async () => {
    const ways: [string, SearchTuning][] = [
      ['by id', { maxListedTerms: 1_000_000, fewRows: 1_000_000 }],
      ['walk over the terms', { maxListedTerms: 1_000_000, fewRows: 0 }],
      ['walk over the text', { maxListedTerms: 0 }],
    ];
    const filters: { status?: OrderStatus[]; date?: string }[] = [{}, { status: ['pending'] }, { status: ['cancelled', 'pending'], date: all[0]!.order_date }];
    // Texts found only in order numbers, only in SKUs or names, and in both ('007': #20007 and the Linen Shirt 007
    // orders; '01': #20001, #20010-#20019, #30001, #40001 and the KN1010, KN1011 SKUs).
    for (const search of ['kn101', 'cable', 'TP1007-6', '#2000', '#4000', 'navy', 'zzz', '1', '%', '007', '01', '00']) {
      for (const filter of filters) {
        for (const [page, limit] of [[1, 20], [2, 20], [1, 100]] as const) {
          const want = matching(search, all.filter((o) => !filter.status || filter.status.includes(o.status)));
          const label = `${search} ${JSON.stringify(filter)} page ${page} of ${limit}`;
          for (const [way, tuning] of ways) {
            const got = await listOrders(t.database.db, { search, status: filter.status, date: filter.date, worker_id: undefined, page, limit }, tuning);
            expect(numbers(got.orders), `${label}, ${way}`).toEqual(numbers(want).slice((page - 1) * limit, page * limit));
            expect(got.pagination.total_records, `${label}, ${way}`).toBe(want.length);
          }
        }
      }
    }
  });
});
