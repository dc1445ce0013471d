import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Role } from '@wh/contracts';
import { caughtUp } from '@wh/projector/testing';
import { ADMIN_PASSWORD, startTestApp, type Answer, type Client, type TestApp } from '../../testing.ts';
import { fixture, manifest, seedCatalogue, seedLocations } from './testing.ts';

let t: TestApp;
let clock = new Date('2026-11-21T09:00:00.000Z');
let manager: Client;
type Named = Client & { id: number; username: string };
let exec1: Named;
let exec2: Named;
let worker: Named;

beforeAll(async () => {
  // Other test databases on the same server hold the cluster's xmin back now and then; the answers wait longer for
  // the projector than in production so reads after a command stay reads of its writes.
  t = await startTestApp({ now: () => clock, config: { READ_YOUR_WRITES_TIMEOUT_MS: 30_000 } });
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1');
  exec2 = await t.userWithRole('executive2');
  worker = await t.userWithRole('worker');
  await seedCatalogue(t.database.db);
  await seedLocations(t.database.db, ['Z-1-1', 'Z-1-2', 'J-9-1']);
  // The seeds are appended without a command's wait for their projection: the catalogue's read models, before any
  // test reads them.
  await caughtUp(t.database.db);
}, 300_000);
afterAll(() => t.stop());

const db = () => t.database.db;

function workbook(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

async function stockAt(sku: string, location: string): Promise<number> {
  const row = await db().selectFrom('stock_levels').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst();
  return row?.quantity ?? 0;
}

// What the inventory screens read (the ledger projection's rm_stock), once the command has answered.
async function readModelStock(sku: string, location: string) {
  return db().selectFrom('rm_stock').select(['quantity', 'location_type']).where('sku', '=', sku).where('location', '=', location).executeTakeFirst();
}

async function stockSnapshot() {
  return db().selectFrom('stock_levels').selectAll().where('quantity', '>', 0).orderBy('sku').orderBy('location').execute();
}

async function receiptCount(): Promise<number> {
  const row = await db().selectFrom('rm_receipts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function eventCount(): Promise<number> {
  const row = await db().selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// The sample export as the shop gives it another day: the same variants, one more unit of the first on hand.
const nextDaysExport = () => fixture('stock/shopify-inventory.csv').toString().replace(',Main Warehouse,0,0,1,19,20\n', ',Main Warehouse,0,0,1,20,21\n');

async function pendingOf(client: Client, search: string) {
  const res = await client.get(`/api/stock-approval/receipts?search=${encodeURIComponent(search)}&limit=200`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.receipts as { id: number; sku: string; quantity: number; approver: string; style_known: boolean }[];
}

describe('online-shop stock upload', () => {
  // The sample export as executive2 uploads it, for the tests below (each of which can run alone): its answer, and
  // the receipts there were before it.
  let sample: Answer;
  let receiptsBefore: number;
  beforeAll(async () => {
    receiptsBefore = await receiptCount();
    sample = await exec2.upload('/api/files/upload/shopify-stock', 'shopify-inventory.csv', fixture('stock/shopify-inventory.csv'));
  });

  it('turns every row of the sample inventory export into a receipt awaiting approval', async () => {
    const expected = manifest['stock/shopify-inventory.csv']!;
    const res = sample;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({
      success: true,
      processed_records: expected.rows,
      pending_approval: expected.pending_approval,
      units: expected.units,
      auto_approved: 0,
      updated_inventory: 0,
      new_styles: 0,
      new_variants: 0,
      skipped_gift_vouchers: 0,
      errors: [],
    });
    expect(await receiptCount()).toBe(receiptsBefore + 55);
    const list = await exec2.get('/api/stock-approval/receipts?source=shopify_stock&limit=200');
    expect(list.body.data.receipts).toHaveLength(55);
    expect(list.body.data.receipts.reduce((s: number, x: { quantity: number }) => s + x.quantity, 0)).toBe(979);
    expect(list.body.data.receipts[0]).toMatchObject({
      status: 'pending',
      sku: 'DR1000-6-BEIGE',
      style_code: 'DR1000',
      style_name: 'Wrap Midi Dress 000',
      color: 'Beige',
      size: '6',
      quantity: 20,
      row: 2,
      approver: 'executive2',
      recorded_by: exec2.username,
    });
  });

  it('the same file again, by anyone, is refused with 409 saying when and by whom, and records nothing', async () => {
    const before = { receipts: await receiptCount(), events: await eventCount() };
    for (const who of [exec2, manager]) {
      const again = await who.upload('/api/files/upload/shopify-stock', 'renamed-copy.csv', fixture('stock/shopify-inventory.csv'));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        `This file was already uploaded on 21 Nov 2026 at 09:00 by ${exec2.username} (shopify-inventory.csv) and its rows were recorded then. Nothing was recorded this time.`,
      );
    }
    expect(await receiptCount()).toBe(before.receipts);
    expect(await eventCount()).toBe(before.events);
  });

  it('the same rows re-saved (CRLF, no last newline, a capitalised Handle, quoted cells, another row order) are refused as already recorded; one changed quantity is recorded', async () => {
    const sample = fixture('stock/shopify-inventory.csv').toString();
    expect(sample.endsWith('\n') && !sample.includes('\r')).toBe(true);
    const [header, ...rows] = sample.trimEnd().split('\n');
    const resaved = {
      crlf: sample.replaceAll('\n', '\r\n'),
      'no last newline': sample.trimEnd(),
      'capitalised Handle': sample.replace(/^Handle,/, 'HANDLE,').replace(/^[a-z][^,]*/gm, (handle) => handle.toUpperCase()),
      'quoted cells, lower-case SKUs': [header, ...rows.map((r) => r.split(',').map((cell, i) => (i === 8 ? `"${cell.toLowerCase()}"` : cell)).join(','))].join('\r\n'),
      'rows in another order': [header, ...[...rows].reverse()].join('\n'),
    };
    const before = { receipts: await receiptCount(), events: await eventCount() };
    for (const [how, csv] of Object.entries(resaved)) {
      expect(csv, how).not.toBe(sample);
      const again = await manager.upload('/api/files/upload/shopify-stock', 'Inventory (1).csv', csv);
      expect(again.status, `${how}: ${JSON.stringify(again.body)}`).toBe(409);
      expect(again.body.message).toBe(
        `This file was already uploaded on 21 Nov 2026 at 09:00 by ${exec2.username} (shopify-inventory.csv) and its rows were recorded then. Nothing was recorded this time.`,
      );
    }
    expect(await receiptCount()).toBe(before.receipts);
    expect(await eventCount()).toBe(before.events);

    const last = rows.at(-1)!;
    const changed = sample.replace(`${last}\n`, `${last.replace(/,(\d+)$/, (_, n: string) => `,${Number(n) + 1}`)}\n`);
    expect(changed).not.toBe(sample);
    const res = await manager.upload('/api/files/upload/shopify-stock', 'shopify-inventory.csv', changed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ processed_records: 55, pending_approval: 55 });
    expect(await receiptCount()).toBe(before.receipts + 55);
  });

  it("a manager's upload waits for approval too (the spec: online-shop receipts need approval)", async () => {
    const res = await manager.upload('/api/files/upload/shopify-stock', 'shopify-inventory.csv', nextDaysExport());
    expect(res.body.data).toMatchObject({ processed_records: 55, pending_approval: 55, auto_approved: 0 });
  });

  it('two uploads of one file at once record it once: the other is refused', async () => {
    const csv = 'SKU,On hand\nDR1000-6-BEIGE,3\nDR1000-8-BEIGE,2\n';
    const before = await receiptCount();
    const answers = await Promise.all([exec2, manager, exec1].map((who) => who.upload('/api/files/upload/shopify-stock', 'twice.csv', csv)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await receiptCount()).toBe(before + 2);
  });

  it('reads the 2025 export headers, BOM, CRLF, leading apostrophes and columns in any order', async () => {
    const csv =
      '\uFEFFLocation,Bin name,SKU,Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Available (not editable),On hand (current),Store note\r\n' +
      "Main Warehouse,A-1-1,'kn1004-8-grey,knit-kn1004,Knit 004,Size,8,Color,Grey,3,7,\"a, b\"\r\n" +
      'Main Warehouse,,NEW2025-10-BLACK,new-style,New Style 2025,Size,10,Color,Black,0,4,\r\n' +
      'Main Warehouse,,KN1004-10-GREY,knit-kn1004,Knit 004,Size,10,Color,Grey,0,0,\r\n' +
      'Main Warehouse,,GIFT-CARD-25,gift-card,Gift Card,Denominations,£25,,,5,5,\r\n';
    const res = await exec1.upload('/api/files/upload/shopify-stock', 'inventory_export_2025.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      processed_records: 2,
      pending_approval: 2,
      units: 11,
      new_styles: 1,
      existing_styles: 1,
      new_variants: 1,
      skipped_gift_vouchers: 1,
      errors: [],
    });
    const fromFile = await pendingOf(exec2, 'inventory_export_2025');
    const known = fromFile.find((x) => x.sku === 'KN1004-8-GREY');
    expect(known).toMatchObject({ sku: 'KN1004-8-GREY', quantity: 7, approver: 'executive2' });
    const unknown = fromFile.find((x) => x.sku === 'NEW2025-10-BLACK');
    expect(unknown).toMatchObject({ sku: 'NEW2025-10-BLACK', quantity: 4, approver: 'manager', style_known: false });
  });

  it('records a large export in one go (6,000 rows, past every lookup and id chunk)', async () => {
    const lines = Array.from({ length: 6000 }, (_, i) => `BULK${Math.floor(i / 12)}-${(i % 6) * 2 + 6}-${i % 12 < 6 ? 'BLACK' : 'WHITE'},1`);
    const before = await receiptCount();
    const res = await exec2.upload('/api/files/upload/shopify-stock', 'bulk.csv', `SKU,On hand\n${lines.join('\n')}\n`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ processed_records: 6000, pending_approval: 6000, new_styles: 500, new_variants: 6000, units: 6000 });
    expect(await receiptCount()).toBe(before + 6000);
  }, 300_000);

  it('takes Available when the export has no On hand column', async () => {
    const csv = 'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,SKU,Available\nx,Skirt,Size,12,Color,Grey,SK1002-12-GREY,9\n';
    const res = await exec2.upload('/api/files/upload/shopify-stock', 'available.csv', csv);
    expect(res.body.data).toMatchObject({ processed_records: 1, units: 9 });
  });

  it('reports rows without SKU or with a bad quantity and imports the rest', async () => {
    const csv = 'SKU,On hand\nDR1000-8-BEIGE,2\n,5\nDR1000-10-BEIGE,lots\n';
    const res = await exec2.upload('/api/files/upload/shopify-stock', 'rows.csv', csv);
    expect(res.body.data.processed_records).toBe(1);
    expect(res.body.data.errors).toEqual([
      { row: 3, error: 'Missing required fields: SKU' },
      { row: 4, error: 'Quantity must be a whole number (got "lots")' },
    ]);
  });
});

describe('refused stock files import nothing', () => {
  const cases: [string, string, string | Buffer, number, string][] = [
    ['/api/files/upload/shopify-stock', 'stock.xlsx', workbook([['SKU', 'On hand']]), 415, 'Invalid file type. Please upload .csv files only.'],
    ['/api/files/upload/manual-stock', 'stock.txt', 'DATE,ITEM CODE\n', 415, 'Invalid file type. Please upload .xlsx, .xls files only.'],
    ['/api/files/upload/bin-allocation', 'bins.txt', 'x', 415, 'Invalid file type. Please upload .xlsx, .xls, .csv files only.'],
    ['/api/files/upload/shopify-stock', 'empty.csv', '', 400, 'The selected file is empty. Please choose a file with data.'],
    ['/api/files/upload/shopify-stock', 'headers.csv', 'SKU,On hand\n', 400, 'File is empty or contains no valid data'],
    ['/api/files/upload/shopify-stock', 'nosku.csv', 'Title,On hand\nDress,4\n', 400, 'Missing required columns: SKU'],
    ['/api/files/upload/shopify-stock', 'noqty.csv', 'SKU,Incoming\nDR1000-6-BEIGE,4\n', 400, 'Missing required columns: On hand (or Available)'],
    ['/api/files/upload/shopify-stock', 'broken.csv', 'SKU,On hand\nDR1000-6-BEIGE,x\n', 400, 'File validation failed: Row 2: Quantity must be a whole number (got "x")'],
    ['/api/files/upload/manual-stock', 'noqty.xlsx', workbook([['DATE', 'ITEM CODE'], ['01/02/2026', 'DR1000']]), 400, 'Missing required columns: QTY'],
    ['/api/files/upload/manual-stock', 'fake.xlsx', Buffer.from('PK\u0003\u0004 not really a workbook'), 422, 'Failed to parse Excel file'],
    ['/api/files/upload/bin-allocation', 'bins.csv', 'Bin Number,Quantity\nA-1-1,3\n', 400, 'Missing required columns: Style Code (or SKU)'],
    ['/api/files/upload/bin-allocation', 'bins.csv', 'Bin Number,Style Code,Quantity\nA-1-1,NOPE1,3\n', 400, 'File validation failed: Row 2: Unknown style code NOPE1'],
  ];
  it.each(cases.map(([url, filename, content, status, message]) => ({ url, filename, content, status, message })))(
    '$url $filename -> $status $message',
    async ({ url, filename, content, status, message }) => {
    const before = { receipts: await receiptCount(), stock: await stockSnapshot() };
    const res = await manager.upload(url, filename, content);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await receiptCount()).toBe(before.receipts);
    expect(await stockSnapshot()).toEqual(before.stock);
    },
  );
});

describe('manual stock upload', () => {
  it('reads the sample sheet: DD/MM dates, lower-case codes, an unknown style, a gift voucher, bad rows reported', async () => {
    const expected = manifest['stock/manual-stock.xlsx']!;
    const res = await exec2.upload('/api/files/upload/manual-stock', 'manual-stock.xlsx', fixture('stock/manual-stock.xlsx'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.processed_records).toBe(expected.valid_rows);
    expect(r.skipped_gift_vouchers).toBe(expected.skipped_gift_vouchers);
    expect(r.errors.map((e: { row: number }) => e.row)).toEqual(expected.error_rows);
    expect(r.errors).toEqual([
      { row: 58, error: 'Quantity must be greater than 0' },
      { row: 59, error: 'Missing required fields: GATEPASS NUMBER' },
    ]);
    expect(r).toMatchObject({ new_styles: 1, pending_approval: 55, auto_approved: 0, updated_inventory: 0 });
    const unknown = await pendingOf(exec2, 'NEW9001');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ approver: 'manager', quantity: 12 });
    const all = await exec2.get('/api/stock-approval/receipts?source=manual_stock&limit=200');
    const known = all.body.data.receipts.filter((x: { style_code: string }) => x.style_code !== 'NEW9001');
    expect(known.reduce((s: number, x: { quantity: number }) => s + x.quantity, 0)).toBe(expected.units_known_styles);
    const first = all.body.data.receipts.find((x: { row: number }) => x.row === 2);
    expect(first).toMatchObject({ sku: 'JN1009-6-WINE', style_code: 'JN1009', received_date: '2026-11-14', gatepass_number: 'GP-7000' });
    const freeSize = all.body.data.receipts.find((x: { row: number }) => x.row === 20);
    expect(freeSize).toMatchObject({ sku: 'BG1011-FS-NAVY', size: 'Free Size' });
  });

  it("a manager's own upload of known styles goes straight into RECEIVING; the unknown style waits for a manager", async () => {
    const before = await stockAt('JN1009-6-WINE', 'RECEIVING');
    // The next delivery of what the sheet executive2 uploaded, on a sheet of the manager's own: the same rows under
    // other gatepass numbers, and a note.
    const sheet = XLSX.read(fixture('stock/manual-stock.xlsx'), { type: 'buffer' });
    const first = sheet.Sheets[sheet.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(first, { header: 1, raw: false });
    const gatepass = rows[0]!.indexOf('GATEPASS NUMBER');
    expect(gatepass).toBeGreaterThan(-1);
    XLSX.utils.sheet_add_aoa(first, rows.slice(1).map((r) => [r[gatepass] ? `${String(r[gatepass])}-B` : null]), { origin: { r: 1, c: gatepass } });
    XLSX.utils.sheet_add_aoa(first, [['Checked by the manager']], { origin: 'K1' });
    const own = XLSX.write(sheet, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const res = await manager.upload('/api/files/upload/manual-stock', 'manual-stock.xlsx', own);
    expect(res.body.data).toMatchObject({ processed_records: 55, auto_approved: 54, pending_approval: 1, updated_inventory: 54 });
    expect(await stockAt('JN1009-6-WINE', 'RECEIVING')).toBe(before + 27);
    expect(res.body.projected, 'the answer waited for the read models').toBe(true);
    const recent = await manager.get('/api/stock-approval/recent?limit=500');
    expect(recent.body.data.approvals.filter((a: { location: string }) => a.location === 'RECEIVING').length).toBeGreaterThanOrEqual(54);
  });

  it('takes the CSV the Manual Entry table generates', async () => {
    const csv = 'DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\r\n21/11/2026,tp1001,Navy,12,4,GP-CSV-1\r\n';
    const res = await exec2.upload('/api/files/upload/manual-stock', 'manual-entry.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ processed_records: 1, pending_approval: 1, units: 4 });
    const rows = await pendingOf(exec2, 'GP-CSV-1');
    expect(rows[0]).toMatchObject({ sku: 'TP1001-12-NAVY', quantity: 4 });
  });

  it('reads MM/DD dates when a row settles it, and Free Size from an empty size', async () => {
    const sheet = workbook([
      ['DATE', 'ITEM CODE', 'COLOR', 'SIZE', 'QTY', 'GATEPASS NUMBER'],
      ['11/25/2026', 'tp1001', 'Navy', '8', 3, 'GP-1'],
      ['12/01/2026', "'TP1001", 'Navy', '10', 2, 'GP-2'],
    ]);
    const res = await exec2.upload('/api/files/upload/manual-stock', 'mdy.xlsx', sheet);
    expect(res.body.data.processed_records).toBe(2);
    const rows = await pendingOf(exec2, 'GP-2');
    expect(rows[0]).toMatchObject({ sku: 'TP1001-10-NAVY' });
    const byGatepass = await exec2.get('/api/stock-approval/receipts?search=GP-2');
    expect(byGatepass.body.data.receipts[0].received_date).toBe('2026-12-01');
  });

  it('the same rows as XLSX, XLS and CSV are one file: the second and third are refused as already recorded', async () => {
    const rows = [
      ['DATE', 'ITEM CODE', 'COLOR', 'SIZE', 'QTY', 'GATEPASS NUMBER'],
      ['21/11/2026', 'TP1001', 'Navy', '8', 3, 'GP-SAME-ROWS'],
      ['21/11/2026', 'TP1001', 'Navy', '10', 2, 'GP-SAME-ROWS'],
    ];
    const first = await exec2.upload('/api/files/upload/manual-stock', 'delivery.xlsx', workbook(rows));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await receiptCount();
    const csv = 'Date,Item Code,Color,Size,Qty,Gatepass Number\r\n21/11/2026, tp1001 ,navy,10,2.0,gp-same-rows\r\n21/11/2026,TP1001,Navy,8,3,GP-SAME-ROWS';
    for (const [name, content] of [['delivery.xls', workbook(rows, 'biff8')], ['delivery.csv', csv]] as const) {
      const again = await manager.upload('/api/files/upload/manual-stock', name, content);
      expect(again.status, `${name}: ${JSON.stringify(again.body)}`).toBe(409);
      expect(again.body.message).toContain(`by ${exec2.username} (delivery.xlsx) and its rows were recorded then. Nothing was recorded this time.`);
    }
    expect(await receiptCount()).toBe(before);
    const more = await manager.upload('/api/files/upload/manual-stock', 'delivery.csv', csv.replace(',2.0,', ',4,'));
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(await receiptCount()).toBe(before + 2);
  });

  it('a size or colour its style does not have is refused, naming the row, unless adding it is confirmed', async () => {
    // TP1001 comes in Navy only, sizes 8 to 14; NEW9002 is a style the catalogue does not know at all.
    const csv = 'DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\r\n21/11/2026,TP1001,Purple,10,2,GP-PURPLE\r\n21/11/2026,TP1001,Navy,16,1,GP-PURPLE\r\n21/11/2026,NEW9002,Red,8,1,GP-PURPLE\r\n';
    const [receipts, events] = [await receiptCount(), await eventCount()];
    const refused = await exec2.upload('/api/files/upload/manual-stock', 'manual-entry.csv', csv);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error.code).toBe('NEW_VARIANTS');
    expect(refused.body.message).toMatch(/^2 rows name sizes or colours their styles do not have \(TP1001 has no colour Purple \(colours Navy\), \.\.\.\)\. .*Nothing was recorded\.$/);
    expect(refused.body.error.details).toEqual([
      { field: 'row 2', message: 'TP1001 has no colour Purple (colours Navy)' },
      { field: 'row 3', message: 'TP1001 has no size 16 (sizes 8, 10, 12, 14)' },
    ]);
    expect([await receiptCount(), await eventCount()]).toEqual([receipts, events]);
    expect((await exec2.upload('/api/files/upload/manual-stock?add_variants=maybe', 'manual-entry.csv', csv)).status).toBe(400);

    const confirmed = await exec2.upload('/api/files/upload/manual-stock?add_variants=true', 'manual-entry.csv', csv);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ processed_records: 3, pending_approval: 3, new_variants: 3, new_styles: 1 });
    // Approving adds the SKU to its style.
    const [purple] = await pendingOf(exec2, 'TP1001-10-PURPLE');
    expect((await exec2.post(`/api/stock-approval/receipts/${purple!.id}/approve`, {})).status).toBe(200);
    expect(await db().selectFrom('variant_registry').select(['style_code', 'color']).where('sku', '=', 'TP1001-10-PURPLE').executeTakeFirst()).toEqual({
      style_code: 'TP1001',
      color: 'Purple',
    });
  });

  it('the same content on another route is not the same upload', async () => {
    const csv = 'DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\n21/11/2026,TP1001,Navy,8,1,GP-ROUTE\n';
    expect((await exec2.upload('/api/files/upload/manual-stock', 'a.csv', csv)).status).toBe(200);
    expect((await exec2.upload('/api/files/upload/shopify-stock', 'a.csv', 'SKU,On hand\nTP1001-8-NAVY,1\n')).status).toBe(200);
    expect((await exec2.upload('/api/files/upload/manual-stock', 'a.csv', csv)).status).toBe(409);
  });
});

describe('approving and rejecting receipts', () => {
  // Receipts awaiting approval for the tests below, each of which can run alone: two counts of the online shop's, in
  // files no other test uploads, and a delivery of a style the catalogue does not know, recorded by executive2 and by
  // a manager.
  beforeAll(async () => {
    const skus = ['DR1000-6-BEIGE', 'TP1001-8-NAVY', 'SK1002-12-GREY', 'SK1014-6-BLUE', 'SK1014-6-KHAKI', 'SK1014-8-KHAKI', 'SK1014-10-BLUE', 'SK1014-12-BLUE'];
    for (const onHand of [3, 5]) {
      const counted = await exec2.upload('/api/files/upload/shopify-stock', `to-approve-${onHand}.csv`, ['SKU,On hand', ...skus.map((sku) => `${sku},${onHand}`)].join('\n'));
      expect(counted.body.data, JSON.stringify(counted.body)).toMatchObject({ pending_approval: skus.length });
    }
    const unknown = (gatepass: string) => `DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\n21/11/2026,NEW9001,Black,10,12,${gatepass}\n`;
    for (const [who, gatepass] of [[exec2, 'GP-NEW-1'], [manager, 'GP-NEW-2']] as const) {
      const recorded = await who.upload('/api/files/upload/manual-stock', 'unknown-style.csv', unknown(gatepass));
      expect(recorded.body.data, JSON.stringify(recorded.body)).toMatchObject({ pending_approval: 1 });
    }
  });

  it('approval into a bin puts the units there; a second approval or a rejection afterwards is refused', async () => {
    const [receipt] = await pendingOf(exec2, 'DR1000-6-BEIGE');
    const location = await db().selectFrom('location_registry').select('id').where('code', '=', 'Z-1-1').executeTakeFirstOrThrow();
    const before = await stockAt('DR1000-6-BEIGE', 'Z-1-1');
    const res = await exec2.post(`/api/stock-approval/receipts/${receipt!.id}/approve`, { location_id: location.id, notes: 'Checked' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', location: 'Z-1-1', location_type: 'bin', notes: 'Checked', decided_by: exec2.username });
    expect(await stockAt('DR1000-6-BEIGE', 'Z-1-1')).toBe(before + receipt!.quantity);
    expect(await readModelStock('DR1000-6-BEIGE', 'Z-1-1')).toEqual({ quantity: before + receipt!.quantity, location_type: 'bin' });
    const again = await exec2.post(`/api/stock-approval/receipts/${receipt!.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Receipt #${receipt!.id} is already approved`);
    const reject = await exec2.post(`/api/stock-approval/receipts/${receipt!.id}/reject`, { reason: 'x' });
    expect(reject.status).toBe(409);
    expect(reject.body.message).toBe(`Receipt #${receipt!.id} is already approved and cannot be rejected`);
  });

  it('approval without a location puts the units into RECEIVING; a location code works as well as an id', async () => {
    const [a, b] = await pendingOf(exec2, 'TP1001-8-NAVY');
    const receiving = await stockAt('TP1001-8-NAVY', 'RECEIVING');
    expect((await exec2.post(`/api/stock-approval/receipts/${a!.id}/approve`, {})).body.data.location).toBe('RECEIVING');
    expect(await stockAt('TP1001-8-NAVY', 'RECEIVING')).toBe(receiving + a!.quantity);
    expect((await exec2.post(`/api/stock-approval/receipts/${b!.id}/approve`, { location: 'z-1-2' })).body.data.location).toBe('Z-1-2');
    const unknownLocation = await exec2.post(`/api/stock-approval/receipts/${b!.id}/approve`, { location: 'Q-9-9' });
    expect(unknownLocation.status).toBe(404);
  });

  it('an unknown style is refused to executive2 and created by a manager approving it', async () => {
    const [receipt] = await pendingOf(exec2, 'NEW9001');
    const refused = await exec2.post(`/api/stock-approval/receipts/${receipt!.id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Style NEW9001 is not in the catalogue yet. Only a manager can approve it; approving creates the style.');
    expect(await db().selectFrom('style_registry').select('style_code').where('style_code', '=', 'NEW9001').executeTakeFirst()).toBeUndefined();

    const res = await manager.post(`/api/stock-approval/receipts/${receipt!.id}/approve`, { location: 'Z-1-2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await db().selectFrom('style_registry').select('style_code').where('style_code', '=', 'NEW9001').executeTakeFirst()).toBeDefined();
    expect(await db().selectFrom('variant_registry').select('sku').where('sku', '=', 'NEW9001-10-BLACK').executeTakeFirst()).toBeDefined();
    const created = await db().selectFrom('events').select(['event_type', 'data']).where('event_type', '=', 'StyleCreated').where('stream_id', 'like', 'style-%').execute();
    expect(created.some((e) => (e.data as { style_code: string }).style_code === 'NEW9001')).toBe(true);
    expect(await stockAt('NEW9001-10-BLACK', 'Z-1-2')).toBe(12);
    // The other receipt of the same style (the manager's upload) no longer needs a manager.
    const rest = await pendingOf(exec2, 'NEW9001');
    expect(rest.every((x) => x.approver === 'executive2')).toBe(true);
  });

  it('rejecting needs a reason and records it; a rejected receipt cannot be approved', async () => {
    const [receipt] = await pendingOf(exec2, 'SK1002-12-GREY');
    const noReason = await exec2.post(`/api/stock-approval/receipts/${receipt!.id}/reject`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Please give a reason for rejecting');
    const res = await exec2.post(`/api/stock-approval/receipts/${receipt!.id}/reject`, { reason: 'Damaged in transit' });
    expect(res.body.data).toMatchObject({ status: 'rejected', reject_reason: 'Damaged in transit' });
    const approve = await exec2.post(`/api/stock-approval/receipts/${receipt!.id}/approve`, {});
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(`Receipt #${receipt!.id} was rejected and cannot be approved`);
    const missing = await exec2.post('/api/stock-approval/receipts/999999/reject', { reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Receipt not found');
  });

  it('bulk approval approves what it can into one location, says per receipt what came of it, and which receipt took the bin past its capacity', async () => {
    const [first, second] = await pendingOf(exec2, 'SK1014-6');
    const [decided] = await pendingOf(exec2, 'SK1014-8-KHAKI');
    await exec2.post(`/api/stock-approval/receipts/${decided!.id}/reject`, { reason: 'Short delivery' });
    // Room for the first receipt and one unit more: the second takes the bin past its capacity.
    const capacity = first!.quantity + 1;
    expect((await manager.post('/api/locations', { code: 'C-1-1', location_type: 'bin', capacity })).status).toBe(201);
    const body = { receipt_ids: [first!.id, second!.id, decided!.id, 999_999], location: 'C-1-1' };
    const res = await exec2.post('/api/stock-approval/receipts/bulk-approve', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const over = { location: 'C-1-1', capacity, quantity_after: first!.quantity + second!.quantity };
    expect(res.body.data).toEqual({
      approved: 2,
      refused: 2,
      location: 'C-1-1',
      results: [
        { id: first!.id, status: 'approved', over_capacity: [] },
        { id: second!.id, status: 'approved', over_capacity: [over] },
        { id: decided!.id, status: 'refused', error: `Receipt #${decided!.id} was rejected and cannot be approved` },
        { id: 999_999, status: 'refused', error: 'Receipt not found' },
      ],
      over_capacity: [over],
    });
    expect(res.body.message).toBe('2 receipts approved into C-1-1, 2 refused');
    expect(await stockAt(first!.sku, 'C-1-1') + (first!.sku === second!.sku ? 0 : await stockAt(second!.sku, 'C-1-1'))).toBe(over.quantity_after);
  });

  it('bulk approval without a location puts the stock into RECEIVING, which has no capacity', async () => {
    const [receipt] = await pendingOf(exec2, 'SK1014-12');
    const res = await exec2.post('/api/stock-approval/receipts/bulk-approve', { receipt_ids: [receipt!.id] });
    expect(res.body.data).toEqual({ approved: 1, refused: 0, location: 'RECEIVING', results: [{ id: receipt!.id, status: 'approved', over_capacity: [] }], over_capacity: [] });
  });

  it('bulk approval refuses executive1 and workers and approves nothing; a location that does not exist fails the whole request', async () => {
    const [receipt] = await pendingOf(exec2, 'SK1014-12');
    for (const caller of [exec1, worker]) {
      const res = await caller.post('/api/stock-approval/receipts/bulk-approve', { receipt_ids: [receipt!.id], location: 'Z-1-1' });
      expect(res.status).toBe(403);
    }
    const nowhere = await exec2.post('/api/stock-approval/receipts/bulk-approve', { receipt_ids: [receipt!.id], location: 'Q-9-9' });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.message).toBe('Location Q-9-9 does not exist');
    expect((await pendingOf(exec2, 'SK1014-12')).map((r) => r.id)).toContain(receipt!.id);
  });

  it('a single approval that takes a bin past its capacity says so; one that fits says nothing', async () => {
    const [small, large] = await pendingOf(exec2, 'SK1014-10');
    expect((await manager.post('/api/locations', { code: 'C-1-2', location_type: 'bin', capacity: small!.quantity })).status).toBe(201);
    const fits = await exec2.post(`/api/stock-approval/receipts/${small!.id}/approve`, { location: 'C-1-2' });
    expect(fits.body.data).toMatchObject({ status: 'approved', location: 'C-1-2', over_capacity: [] });
    const over = await exec2.post(`/api/stock-approval/receipts/${large!.id}/approve`, { location: 'C-1-2' });
    expect(over.body.data).toMatchObject({
      status: 'approved',
      over_capacity: [{ location: 'C-1-2', capacity: small!.quantity, quantity_after: small!.quantity + large!.quantity }],
    });
  });
});

describe('direct approval', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    style_code: 'kn1004',
    color: 'Grey',
    size: '8',
    quantity: 6,
    location_type: 'bin',
    location_id: 0,
    gatepass_number: 'GP-D1',
    notes: 'Walk-in delivery',
    date: '2026-11-20',
    ...over,
  });

  it('records stock straight into the chosen location', async () => {
    const location = await db().selectFrom('location_registry').select('id').where('code', '=', 'Z-1-1').executeTakeFirstOrThrow();
    const before = await stockAt('KN1004-8-GREY', 'Z-1-1');
    const res = await exec2.post('/api/stock-approval/manual-approve', body({ location_id: location.id }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('6 units of KN1004-8-GREY approved into Z-1-1');
    expect(res.body.data).toMatchObject({
      date: '2026-11-20',
      style_code: 'KN1004',
      sku: 'KN1004-8-GREY',
      color: 'Grey',
      size: '8',
      quantity: 6,
      location_type: 'bin',
      location: 'Z-1-1',
      gatepass_number: 'GP-D1',
      source: 'direct',
    });
    expect(await stockAt('KN1004-8-GREY', 'Z-1-1')).toBe(before + 6);
  });

  it('says when it takes the location past its capacity', async () => {
    const bin = await manager.post('/api/locations', { code: 'C-2-1', location_type: 'bin', capacity: 10 });
    expect(bin.status).toBe(201);
    const first = await exec2.post('/api/stock-approval/manual-approve', body({ location_id: bin.body.data.id, quantity: 10 }));
    expect(first.body.data.over_capacity).toEqual([]);
    const second = await exec2.post('/api/stock-approval/manual-approve', body({ location_id: bin.body.data.id, quantity: 2, gatepass_number: 'GP-D2' }));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.over_capacity).toEqual([{ location: 'C-2-1', capacity: 10, quantity_after: 12 }]);
  });

  it('an empty size is Free Size', async () => {
    const location = await db().selectFrom('location_registry').select('id').where('code', '=', 'Z-1-2').executeTakeFirstOrThrow();
    const res = await manager.post('/api/stock-approval/manual-approve', body({ style_code: 'BG1005', color: 'Grey', size: '', location_id: location.id }));
    expect(res.body.data).toMatchObject({ sku: 'BG1005-FS-GREY', size: 'Free Size' });
  });

  it.each([
    [{ style_code: ' ' }, 'Please select a style'],
    [{ color: '' }, 'Please select a colour'],
    [{ quantity: 0 }, 'Quantity must be at least 1'],
    [{ location_id: 0 }, 'Please choose a location'],
  ])('refuses %j: %s', async (over, message) => {
    const res = await exec2.post('/api/stock-approval/manual-approve', body({ location_id: 1, ...over }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a location of another type than the one chosen', async () => {
    const location = await db().selectFrom('location_registry').select('id').where('code', '=', 'J-9-1').executeTakeFirstOrThrow();
    const res = await exec2.post('/api/stock-approval/manual-approve', body({ location_id: location.id, location_type: 'bin' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Location J-9-1 is a jean rack, not a bin');
  });

  it('a style the catalogue does not know needs a manager', async () => {
    const location = await db().selectFrom('location_registry').select('id').where('code', '=', 'Z-1-1').executeTakeFirstOrThrow();
    const res = await exec2.post('/api/stock-approval/manual-approve', body({ style_code: 'ZZ404', location_id: location.id }));
    expect(res.status).toBe(403);
  });
});

describe('bin allocation', () => {
  it('sets the counts of the sample sheet, creating its A-1-1 locations (J- ones as jean racks); twice changes nothing', async () => {
    const expected = manifest['stock/bin-allocation.xlsx']!;
    const res = await manager.upload('/api/files/upload/bin-allocation', 'bin-allocation.xlsx', fixture('stock/bin-allocation.xlsx'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.processed_records).toBe(expected.valid_rows);
    expect(r.errors).toEqual([{ row: 20, error: 'Unknown style code NOPE404' }]);
    expect(r.locations).toBe(expected.bins);
    expect(r.updated_inventory).toBe(18);
    expect(await stockAt('DR1000-6-BEIGE', 'A-1-1')).toBe(4);
    expect(await stockAt('BG1005-FS-GREY', 'A-1-1')).toBe(5);
    const jean = await db().selectFrom('location_registry').select('type').where('code', '=', 'J-1-3').executeTakeFirstOrThrow();
    expect(jean.type).toBe('jean_rack');
    expect(await stockAt('JN1003-8-KHAKI', 'J-1-3')).toBe(6);
    expect(await readModelStock('JN1003-8-KHAKI', 'J-1-3')).toEqual({ quantity: 6, location_type: 'jean_rack' });

    const before = await stockSnapshot();
    const again = await manager.upload('/api/files/upload/bin-allocation', 'bin-allocation.xlsx', fixture('stock/bin-allocation.xlsx'));
    expect(again.body.data).toMatchObject({ processed_records: 18, updated_inventory: 0, found_units: 0 });
    expect(await stockSnapshot()).toEqual(before);
  });

  it('moves units from RECEIVING to reach the count, records what RECEIVING lacks as found, and lowering a count returns units', async () => {
    // A manager's manual upload of a known style puts its units straight into RECEIVING.
    const delivery = 'DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\n21/11/2026,JN1009,Wine,6,27,GP-RECOUNT\n';
    const delivered = await manager.upload('/api/files/upload/manual-stock', 'recount.csv', delivery);
    expect(delivered.body.data, JSON.stringify(delivered.body)).toMatchObject({ auto_approved: 1 });
    const receiving = await stockAt('JN1009-6-WINE', 'RECEIVING');
    expect(receiving).toBeGreaterThanOrEqual(27);
    const sheet = (n: number) => `Bin Number,SKU,Quantity,Last Updated\nJ-9-1,JN1009-6-WINE,${n},21/11/2026\n`;
    const up = await manager.upload('/api/files/upload/bin-allocation', 'bins.csv', sheet(receiving + 3));
    expect(up.body.data).toMatchObject({ updated_inventory: 1, found_units: 3 });
    expect(await stockAt('JN1009-6-WINE', 'RECEIVING')).toBe(0);
    expect(await stockAt('JN1009-6-WINE', 'J-9-1')).toBe(receiving + 3);
    const down = await manager.upload('/api/files/upload/bin-allocation', 'bins.csv', sheet(10));
    expect(down.body.data).toMatchObject({ updated_inventory: 1, found_units: 0 });
    expect(await stockAt('JN1009-6-WINE', 'J-9-1')).toBe(10);
    expect(await stockAt('JN1009-6-WINE', 'RECEIVING')).toBe(receiving + 3 - 10);
    const event = await db()
      .selectFrom('events')
      .select('data')
      .where('event_type', '=', 'BinStockCounted')
      .orderBy('global_position', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({ location: 'J-9-1', previous_quantity: receiving + 3, quantity: 10, as_of: '2026-11-21' });
  });

  it('sets 5,000 counts in one sheet (past the lookup chunk of 5,000 keys)', async () => {
    const skus = ['DR1000-6-BEIGE', 'DR1000-8-BEIGE', 'BG1005-FS-GREY', 'JN1003-8-KHAKI', 'JN1009-6-WINE'];
    const lines = ['Bin Number,SKU,Quantity'];
    for (let n = 0; n < 5000; n++) lines.push(`W-${1 + Math.floor(n / 50)}-${1 + (n % 10)},${skus[Math.floor(n / 10) % 5]},${1 + (n % 4)}`);
    const res = await manager.upload('/api/files/upload/bin-allocation', 'bins-5000.csv', lines.join('\n'));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data).toMatchObject({ processed_records: 5000, updated_inventory: 5000, errors: [] });
    expect(await stockAt('DR1000-6-BEIGE', 'W-1-1')).toBe(1);
    expect(await stockAt('JN1009-6-WINE', 'W-100-10')).toBe(4);
  });

  it('records a count past a bin\'s capacity where it was counted and names the bin, what it holds and its capacity', async () => {
    expect((await manager.post('/api/locations', { code: 'C-3-1', location_type: 'bin', capacity: 40 })).status).toBe(201);
    const csv = 'Bin Number,SKU,Quantity\nC-3-1,DR1000-6-BEIGE,30\nC-3-1,DR1000-8-BEIGE,17\n';
    const res = await manager.upload('/api/files/upload/bin-allocation', 'bins-over.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.over_capacity).toEqual([{ location: 'C-3-1', capacity: 40, quantity_after: 47 }]);
    expect(res.body.message).toBe('Bin allocation processed: 2 rows, 2 counts changed, 1 location over capacity');
    expect(await stockAt('DR1000-8-BEIGE', 'C-3-1')).toBe(17);
  });

  it('a style with several SKUs and no Color or Size is a row error naming the fix; unknown locations too', async () => {
    const csv = 'Bin Number,Style Code,Color,Size,Quantity\nZ-1-1,DR1000,,,3\nZ-1-1,BG1005,,,2\nNOWHERE,BG1005,,,1\nZ-1-2,DR1000,Beige,,1\n';
    const res = await manager.upload('/api/files/upload/bin-allocation', 'bins.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.processed_records).toBe(1);
    expect(res.body.data.errors).toEqual([
      { row: 2, error: 'Style DR1000 has 6 SKUs: add Color and Size columns (or a SKU column) to say which one' },
      { row: 4, error: 'NOWHERE is not a location code: they look like A-1-1 (bin), R-1 (rack) or RECEIVING' },
      { row: 5, error: 'Style DR1000 has 6 SKUs in colour Beige: add Color and Size columns (or a SKU column) to say which one' },
    ]);
    expect(await stockAt('BG1005-FS-GREY', 'Z-1-1')).toBe(2);
  });
});

describe('who may call the receiving routes', () => {
  const routes: [string, string, Role[]][] = [
    ['POST', '/api/files/upload/shopify-stock', ['manager', 'executive1', 'executive2']],
    ['POST', '/api/files/upload/manual-stock', ['manager', 'executive2']],
    ['POST', '/api/files/upload/bin-allocation', ['manager']],
    ['GET', '/api/stock-approval/receipts', ['manager', 'executive2']],
    ['POST', '/api/stock-approval/receipts/1/approve', ['manager', 'executive2']],
    ['POST', '/api/stock-approval/receipts/1/reject', ['manager', 'executive2']],
    ['POST', '/api/stock-approval/receipts/bulk-approve', ['manager', 'executive2']],
    ['GET', '/api/stock-approval/available-skus', ['manager', 'executive2']],
    ['POST', '/api/stock-approval/manual-approve', ['manager', 'executive2']],
    ['GET', '/api/stock-approval/recent', ['manager', 'executive2']],
  ];
  const roles: Role[] = ['executive1', 'executive2', 'worker'];
  const cases = routes.flatMap(([method, url, allowed]) => roles.filter((r) => !allowed.includes(r)).map((role) => ({ method, url, role })));

  it.each(cases)('$method $url refuses $role', async ({ method, url, role }) => {
    const caller = { executive1: exec1, executive2: exec2, worker, manager }[role] as Client;
    const res = method === 'GET' ? await caller.get(url) : await caller.post(url, {});
    expect(res.status).toBe(403);
  });

  it.each(routes.map(([method, url]) => ({ method, url })))('$method $url needs a sign-in', async ({ method, url }) => {
    const res = method === 'GET' ? await t.anonymous.get(url) : await t.anonymous.post(url, {});
    expect(res.status).toBe(401);
  });
});

describe('available SKUs and recent approvals', () => {
  it('lists styles to approve directly, with their colours, sizes and SKUs', async () => {
    const res = await exec2.get('/api/stock-approval/available-skus?search=jn100');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.data.available_items;
    expect(items.map((i: { style_code: string }) => i.style_code)).toEqual(['JN1003', 'JN1009']);
    expect(items[0]).toMatchObject({ is_jeans: true, variant_count: 8 });
    expect(items[0].available_colors.sort()).toEqual(['Khaki', 'White']);
    const limited = await exec2.get('/api/stock-approval/available-skus');
    expect(limited.body.data.available_items.length).toBeLessThanOrEqual(20);
  });

  it('recent approvals cover the last 7 days by default', async () => {
    const bin = await db().selectFrom('location_registry').select('id').where('code', '=', 'Z-1-2').executeTakeFirstOrThrow();
    for (let i = 0; i < 6; i++) {
      const direct = { style_code: 'KN1004', color: 'Grey', size: '8', quantity: 1, location_type: 'bin', location_id: bin.id, gatepass_number: `GP-R${i}` };
      const res = await exec2.post('/api/stock-approval/manual-approve', direct);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const now = await exec2.get('/api/stock-approval/recent');
    expect(now.body.data.approvals.length).toBeGreaterThanOrEqual(6);
    expect(now.body.data.approvals.length).toBeLessThanOrEqual(50);
    // Eight days on, and back for the tests after this one: every session signed in before would have expired.
    const today = clock;
    clock = new Date(clock.getTime() + 8 * 86_400_000);
    try {
      const later = await t.login('admin', ADMIN_PASSWORD);
      expect((await later.get('/api/stock-approval/recent')).body.data.approvals).toEqual([]);
      expect((await later.get('/api/stock-approval/recent?days=30&limit=5')).body.data.approvals).toHaveLength(5);
    } finally {
      clock = today;
    }
  });
});
