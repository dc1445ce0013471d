import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { sql } from 'kysely';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { MAX_ORDER_LINES } from '@wh/contracts';
import { FIXTURES_DIR } from '../../../../../test/fixtures.ts';

const FIXTURES = FIXTURES_DIR;
const manifest = JSON.parse(readFileSync(`${FIXTURES}manifest.json`, 'utf8')) as Record<string, any>;
const fixture = (name: string) => readFileSync(`${FIXTURES}orders/${name}`);

let t: TestApp;
let manager: Client;

// Each test starts from a warehouse of its own with no orders, so counts are the file's own.
beforeEach(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
});
afterEach(() => t?.stop());

async function orderSkus(): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ order_number: string; sku: string }>`
    select o.order_number, i.sku from rm_orders o join rm_order_items i on i.order_id = o.id
     order by o.order_number, i.position`.execute(t.database.db);
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.order_number] ??= []).push(r.sku);
  return out;
}

const expectedSkus = Object.fromEntries((manifest.orders as { order_number: string; skus: string[] }[]).map((o) => [o.order_number, o.skus]));

describe('importing the daily order sheets', () => {
  it.each(['daily-orders.csv', 'daily-orders.xlsx', 'daily-orders.xls'])('%s yields what the manifest says', async (name) => {
    const expected = manifest[`orders/${name}`];
    const res = await manager.upload('/api/files/upload/orders', name, fixture(name));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      success: true,
      total_orders: expected.total_orders,
      total_items: expected.total_items,
      invalid_items: expected.invalid_items,
      skipped_gift_vouchers: expected.skipped_gift_vouchers,
      skipped_existing_orders: 0,
    });
    expect(data.errors.map((e: { row: number }) => e.row)).toEqual(expected.error_rows);
    expect(data.errors).toEqual([
      { row: 62, error: 'Missing required fields: SKU' },
      { row: 63, error: 'Missing required fields: Order #' },
    ]);
    // No location holds any of its SKUs here: every order says so.
    expect(res.body.message).toBe('Successfully processed 24 orders with 58 items. 2 rows had errors. 24 orders have items with no stock anywhere.');
    expect(data.no_stock_orders).toBe(24);
    expect(await orderSkus()).toEqual(expectedSkus);
  });

  it('reads style name, size and colour from the SKU and the item text', async () => {
    const uploaded = await manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('daily-orders.csv'));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const list = await manager.get('/api/orders?search=%2310001');
    const order = (await manager.get(`/api/orders/${list.body.data.orders[0].id}`)).body.data;
    expect(order.items.map((i: any) => [i.sku, i.style_code, i.style_name, i.size, i.color, i.quantity, i.value])).toEqual([
      ['KN1010-12-WINE', 'KN1010', 'Cable Jumper 010', '12', 'Wine', 1, 100],
      ['TP1007-6-GREEN', 'TP1007', 'Linen Shirt 007', '6', 'Green', 1, 93],
      ['DR1012-8-BLUE', 'DR1012', 'Wrap Midi Dress 012', '8', 'Blue', 1, 25],
      ['BG1005-FS-GREY', 'BG1005', 'Tote Bag 005', 'Free Size', 'Grey', 1, 56],
    ]);
    expect(order).toMatchObject({ status: 'pending', priority: 1, total_items: 4, total_quantity: 4, source_file: 'daily-orders.csv' });
  });

  it('re-uploading orders already imported (alternative headers) duplicates nothing and reports them as skipped', async () => {
    await manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('daily-orders.csv'));
    const before = await orderSkus();
    const res = await manager.upload('/api/files/upload/orders', 'daily-orders-alt-headers.csv', fixture('daily-orders-alt-headers.csv'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      success: true,
      total_orders: 0,
      total_items: 0,
      skipped_gift_vouchers: 2,
      skipped_existing_orders: 4,
      skipped_existing_order_numbers: ['#10001', '#10002', '#10003', '#10004'],
      errors: [],
    });
    expect(res.body.message).toBe('Successfully processed 0 orders with 0 items. 4 orders already imported were skipped.');
    expect(await orderSkus()).toEqual(before);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where event_type = 'OrderImported'`.execute(t.database.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(24);
  });

  it('two uploads of the same file at once import each order exactly once', async () => {
    const [a, b] = await Promise.all([
      manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('daily-orders.csv')),
      manager.upload('/api/files/upload/orders', 'daily-orders.xlsx', fixture('daily-orders.xlsx')),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.total_orders + b.body.data.total_orders).toBe(24);
    expect(a.body.data.skipped_existing_orders + b.body.data.skipped_existing_orders).toBe(24);
    expect(await orderSkus()).toEqual(expectedSkus);
  });

  it('the alternative headers alone import the first orders', async () => {
    const res = await manager.upload('/api/files/upload/orders', 'alt.csv', fixture('daily-orders-alt-headers.csv'));
    expect(res.body.data).toMatchObject({ total_orders: 4, total_items: 10, skipped_gift_vouchers: 2, invalid_items: 0 });
    expect((await orderSkus())['#10001']).toEqual(['KN1010-12-WINE', 'TP1007-6-GREEN', 'DR1012-8-BLUE', 'BG1005-FS-GREY']);
  });

  it('a Shopify orders export: Name, Lineitem name, Lineitem sku, Lineitem quantity; order fields on the first line only', async () => {
    const csv = [
      'Name,Email,Financial Status,Fulfillment Status,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Lineitem fulfillment status,Billing Name',
      '#2001,a@example.com,paid,unfulfilled,2025-02-14 09:12:44 +0000,2,Cable Jumper 010 - 12 / Wine,100.00,KN1010-12-WINE,pending,Ann',
      '#2001,,,,,1,Tote Bag 005 - Free Size / Grey,56.00,BG1005-FS-GREY,pending,',
      '#2001,,,,,1,Gift Card - £25,25.00,GIFT-25,pending,',
      '#2002,b@example.com,paid,fulfilled,2025-02-15 10:00:00 +0000,1,Linen Shirt 007 - 6 / Green,93.00,TP1007-6-GREEN,fulfilled,Bo',
      '#2003,c@example.com,paid,unfulfilled,2025-02-15 11:00:00 +0000,3,Straight Jean 003 - 14 / Khaki,21.00,JN1003-14-KHAKI,pending,Cy',
    ].join('\n');
    const res = await manager.upload('/api/files/upload/orders', 'orders_export.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      total_orders: 2,
      total_items: 3,
      total_units: 6,
      skipped_gift_vouchers: 1,
      skipped_fulfilled: 1,
      invalid_items: 0,
    });
    const list = (await manager.get('/api/orders?date=2025-02-14')).body.data.orders;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ order_number: '#2001', order_date: '2025-02-14', total_items: 2, total_quantity: 3 });
    expect((await manager.get(`/api/orders/${list[0].id}`)).body.data.items.map((i: any) => [i.sku, i.quantity, i.style_name])).toEqual([
      ['KN1010-12-WINE', 2, 'Cable Jumper 010'],
      ['BG1005-FS-GREY', 1, 'Tote Bag 005'],
    ]);
  });

  it('a quantity column makes each row that many units; a bad quantity is a row error', async () => {
    const csv = 'Order #,Item,SKU,Qty\n#3001,Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,3\n#3001,Tote Bag 005 - Free Size / Grey,BG1005-FS-GREY,\n#3002,Linen Shirt,TP1007-6-GREEN,0\n#3003,Linen Shirt,TP1007-8-GREEN,two\n';
    const res = await manager.upload('/api/files/upload/orders', 'qty.csv', csv);
    expect(res.body.data).toMatchObject({ total_orders: 1, total_items: 2, total_units: 4, invalid_items: 2 });
    expect(res.body.data.errors).toEqual([
      { row: 4, error: 'Quantity must be a whole number of at least 1' },
      { row: 5, error: 'Quantity must be a whole number of at least 1' },
    ]);
  });

  it('a CSV with a byte-order mark, CRLF line ends, quoted commas and newlines, and apostrophes on codes', async () => {
    const csv =
      '\uFEFF Order # ,ITEM,sku,Value,Is Fulfilled,Notes\r\n' +
      '#4001,"Jumper, cable knit - 12 / Wine",\'kn1010-12-wine,"1,000.00",false,"gift wrap,\r\nplease"\r\n' +
      '#4001,"Dress ""Wrap"" 012 - 8 / Blue",DR1012-8-BLUE,25,FALSE,\r\n';
    const res = await manager.upload('/api/files/upload/orders', 'bom.csv', Buffer.from(csv, 'utf8'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ total_orders: 1, total_items: 2, invalid_items: 0 });
    const listed = (await manager.get('/api/orders?search=4001')).body.data.orders[0];
    const order = (await manager.get(`/api/orders/${listed.id}`)).body.data;
    expect(order.items.map((i: any) => [i.sku, i.style_name, i.value])).toEqual([
      ['KN1010-12-WINE', 'Jumper, cable knit', 1000],
      ['DR1012-8-BLUE', 'Dress "Wrap" 012', 25],
    ]);
  });

  it('a file whose every row is bad imports nothing and answers 422 with the row errors', async () => {
    const res = await manager.upload('/api/files/upload/orders', 'bad.csv', 'Order #,Item,SKU\n#5001,Thing,\n,Other,ABC-1-RED\n');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      message: 'File validation failed: Row 2: Missing required fields: SKU',
      error: { code: 'UNPROCESSABLE', message: 'File validation failed: Row 2: Missing required fields: SKU' },
      data: { success: false, total_orders: 0, invalid_items: 2 },
    });
    expect(res.body.data.errors).toEqual([
      { row: 2, error: 'Missing required fields: SKU' },
      { row: 3, error: 'Missing required fields: Order #' },
    ]);
    expect(await orderSkus()).toEqual({});
  });

  it('a sheet without the required columns reports every missing one', async () => {
    const res = await manager.upload('/api/files/upload/orders', 'cols.csv', 'Foo,Bar\n1,2\n');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('File validation failed: Row 2: Missing required fields: Order #, Item, SKU');
  });

  it('a file with a header and only gift vouchers has no valid data', async () => {
    const res = await manager.upload('/api/files/upload/orders', 'gifts.csv', 'Order #,Item,SKU\n#6001,E-Gift Voucher,EGIFT-25\n');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('File is empty or contains no valid data');
    expect(res.body.data).toMatchObject({ skipped_gift_vouchers: 1, total_orders: 0 });
    const headerOnly = await manager.upload('/api/files/upload/orders', 'header.csv', 'Order #,Item,SKU\n');
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.body.message).toBe('File is empty or contains no valid data');
  });

  it('broken files import nothing', async () => {
    const wrongType = await manager.upload('/api/files/upload/orders', 'orders.pdf', 'Order #,Item,SKU\n#1,a,b\n');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.message).toBe('Please select a valid Excel file (.xlsx, .xls) or CSV file (.csv)');

    const tooBig = await manager.upload('/api/files/upload/orders', 'big.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('File size must be less than 10MB');

    const empty = await manager.upload('/api/files/upload/orders', 'empty.csv', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The selected file is empty. Please choose a file with data.');

    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const garbage = await manager.upload('/api/files/upload/orders', 'random.xlsx', random);
    expect(garbage.status).toBe(422);
    expect(garbage.body.message).toBe('Failed to parse Excel file');

    // An encrypted workbook is an OLE container holding an EncryptedPackage stream.
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('EncryptedPackage', 'utf16le'),
      Buffer.alloc(512),
    ]);
    const locked = await manager.upload('/api/files/upload/orders', 'locked.xlsx', ole);
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe('File is password-protected');

    expect(await orderSkus()).toEqual({});
  });

  it('an XLSX written by a spreadsheet app with extra sheets reads the first', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Order', 'Title', 'SKU', 'Priority'], ['#7001', 'Linen Shirt 007 - 6 / Green', 'TP1007-6-GREEN', 2]]), 'Orders');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['nothing'], ['here']]), 'Notes');
    const res = await manager.upload('/api/files/upload/orders', 'book.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(res.body.data).toMatchObject({ total_orders: 1, total_items: 1 });
    const order = (await manager.get('/api/orders?search=7001')).body.data.orders[0];
    expect(order.priority).toBe(2);
  });

  it('one upload is one correlation id, written in a few multi-row transactions', async () => {
    const lines = ['Order #,Item,SKU'];
    for (let n = 0; n < 2500; n++) lines.push(`#B${n},Linen Shirt 007 - 6 / Green,TP1007-6-GREEN`, `#B${n},Tote Bag 005 - Free Size / Grey,BG1005-FS-GREY`);
    const res = await manager.upload('/api/files/upload/orders', 'bulk.csv', lines.join('\n'));
    expect(res.body.data).toMatchObject({ total_orders: 2500, total_items: 5000 });
    const { rows } = await sql<{ correlations: number; transactions: number; events: number }>`
      select count(distinct metadata->>'correlation_id')::int as correlations,
             count(distinct transaction_id)::int as transactions, count(*)::int as events
        from events where event_type = 'OrderImported' and data->>'order_number' like '#B%'`.execute(t.database.db);
    expect(rows[0]).toEqual({ correlations: 1, transactions: 3, events: 2500 });
    const counts = await manager.get('/api/orders?status=pending&limit=1');
    expect(counts.body.data.pagination.total_records).toBe(2500);
  });

  it('an order past the line cap is refused with one row error, and the other orders of the file are imported', async () => {
    const lines = ['Order #,Item,SKU', '#SMALL,Linen Shirt 007 - 6 / Green,TP1007-6-GREEN'];
    for (let n = 0; n < 200_000; n++) lines.push('#HUGE,Bag,BG1005-FS-GREY');
    lines.push('#FULL,Linen Shirt 007 - 6 / Green,TP1007-6-GREEN');
    for (let n = 1; n < MAX_ORDER_LINES; n++) lines.push('#FULL,Tote Bag 005 - Free Size / Grey,BG1005-FS-GREY');
    const res = await manager.upload('/api/files/upload/orders', 'huge.csv', lines.join('\n'));
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data).toMatchObject({ total_orders: 2, total_items: 1 + MAX_ORDER_LINES, invalid_items: 1 });
    expect(res.body.data.errors).toEqual([{ row: 3, error: 'Order #HUGE has 200,000 lines; an order may have at most 500' }]);
    expect(Object.keys(await orderSkus()).sort()).toEqual(['#FULL', '#SMALL']);
  });

  it("a list's size does not grow with its orders' lines; an order's items come a page at a time", async () => {
    const lines = ['Order #,Item,SKU'];
    for (let order = 1; order <= 3; order++) {
      for (let n = 0; n < MAX_ORDER_LINES; n++) lines.push(`#P${order},Linen Shirt 007 - 6 / Green,TP1007-6-GREEN`);
    }
    expect((await manager.upload('/api/files/upload/orders', 'pages.csv', lines.join('\n'))).body.data).toMatchObject({ total_orders: 3 });
    const list = await manager.get('/api/orders');
    expect(list.body.data.orders).toHaveLength(3);
    expect(list.body.data.orders[0]).toMatchObject({ total_items: MAX_ORDER_LINES, style_codes: ['TP1007'] });
    expect(list.body.data.orders[0]).not.toHaveProperty('items');
    // Three orders of 500 lines: a list that carried their items would be several hundred KB.
    expect(JSON.stringify(list.body).length).toBeLessThan(10_000);
    const id = list.body.data.orders[0].id;
    const pages = await Promise.all([1, 2, 3].map((page) => manager.get(`/api/orders/${id}?items_page=${page}&items_limit=200`)));
    expect(pages.map((p) => p.body.data.items.length)).toEqual([200, 200, 100]);
    expect(pages[0]!.body.data.items_pagination).toEqual({ current_page: 1, total_pages: 3, total_records: MAX_ORDER_LINES, per_page: 200 });
    const ids = new Set(pages.flatMap((p) => p.body.data.items.map((i: { id: number }) => i.id)));
    expect(ids.size).toBe(MAX_ORDER_LINES);
    expect((await manager.get(`/api/orders/${id}`)).body.data.items).toHaveLength(MAX_ORDER_LINES);
    expect((await manager.get(`/api/orders/${id}?items_limit=501`)).status).toBe(400);
  });
});

describe('orders whose items have no stock anywhere', () => {
  // Every other SKU of the file has no units at any location.
  const STOCKED = ['TP1007-16-GREEN', 'KN1004-12-WINE', 'JN1003-14-KHAKI', 'TP1007-12-GREEN', 'JN1009-10-RED'];
  const withoutStock = (stocked: readonly string[]) =>
    (manifest.orders as { order_number: string; skus: string[] }[])
      .map((o) => ({ order_number: o.order_number, skus: [...new Set(o.skus.filter((sku) => !stocked.includes(sku)))] }))
      .filter((o) => o.skus.length > 0);
  const listed = async (query = '') => {
    const res = await manager.get(`/api/orders?no_stock=true&limit=100${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { orders: { order_number: string; no_stock_items: number }[]; pagination: { total_records: number } };
  };
  const adjust = (sku: string, adjustment_type: 'increase' | 'decrease') =>
    manager.post('/api/inventory/adjust', { sku, location: 'A-10-1', location_type: 'bin', adjustment_type, quantity: 2, reason: 'Found items' });

  it('the import names them with those SKUs; the list filters on them and follows the stock as it comes and goes', async () => {
    expect((await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', readFileSync(`${FIXTURES}styles/shopify-products.csv`))).status).toBe(200);
    await t.allocateStock(STOCKED.map((sku) => ({ sku, location: 'A-10-1', quantity: 5 })));
    const res = await manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('daily-orders.csv'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = withoutStock(STOCKED);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.data.no_stock_orders).toBe(expected.length);
    expect(res.body.data.no_stock).toEqual(expected);
    expect(res.body.message).toContain(`${expected.length} orders have items with no stock anywhere.`);
    // #10003 holds only a stocked SKU; #10004 one line without.
    expect(res.body.data.no_stock.map((o: { order_number: string }) => o.order_number)).not.toContain('#10003');

    // The Orders list's filter is the same set, each order with its count of such lines, newest first.
    const first = await listed();
    expect(first.pagination.total_records).toBe(expected.length);
    const byNumber = Object.fromEntries(first.orders.map((o) => [o.order_number, o.no_stock_items]));
    for (const o of expected) expect(byNumber[o.order_number], o.order_number).toBe(manifest.orders.find((m: { order_number: string }) => m.order_number === o.order_number).skus.filter((sku: string) => !STOCKED.includes(sku)).length);
    expect((await listed('&search=10004')).orders).toEqual([expect.objectContaining({ order_number: '#10004', no_stock_items: 1 })]);

    // Stock arrives for DR1000-12-BEIGE: #10004 leaves the filter; it goes again: #10004 is back.
    expect((await adjust('DR1000-12-BEIGE', 'increase')).status).toBe(201);
    const after = withoutStock([...STOCKED, 'DR1000-12-BEIGE']);
    expect((await listed()).orders.map((o) => o.order_number).sort()).toEqual(after.map((o) => o.order_number).sort());
    expect((await manager.get(`/api/orders?search=10004`)).body.data.orders[0].no_stock_items).toBe(0);
    expect((await adjust('DR1000-12-BEIGE', 'decrease')).status).toBe(201);
    expect((await listed()).pagination.total_records).toBe(expected.length);

    // Assigning such an order says so; once it is cancelled it is no longer counted.
    const id = (await manager.get('/api/orders?search=10004')).body.data.orders[0].id as number;
    const worker = await t.userWithRole('worker', 'wes');
    const assigned = await manager.post(`/api/orders/${id}/assign-worker`, { worker_id: worker.id });
    expect(assigned.body.message).toBe('Worker assigned successfully. No stock anywhere for #10004: DR1000-12-BEIGE');
    expect((await manager.post(`/api/orders/${id}/cancel`)).status).toBe(200);
    expect((await listed()).orders.map((o) => o.order_number)).not.toContain('#10004');
    expect((await listed('&status=cancelled')).pagination.total_records).toBe(0);
  });
});
