import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

let t: TestApp;
let manager: Client;
const styleIds: Record<string, number> = {};

// Valid GS1 numbers: an EAN-13, a UPC-A (also sent as the EAN-13 0036000291452), an EAN-8, a GTIN-14.
const EAN = '4006381333931';
const UPC = '036000291452';
const EAN8 = '96385074';
const GTIN14 = '10036000291459';

const barcodesOf = async (styleCode: string, sku: string): Promise<string[]> => {
  const res = await manager.get(`/api/styles/${styleIds[styleCode]}`);
  return res.body.data.variants.find((v: { sku: string }) => v.sku === sku).barcodes;
};
const add = (c: Client, styleCode: string, body: unknown) => c.post(`/api/styles/${styleIds[styleCode]}/barcodes`, body);

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  const { rows } = await sql<{ id: number; style_code: string }>`select id, style_code from rm_styles`.execute(t.database.db);
  for (const r of rows) styleIds[r.style_code] = r.id;
});
afterAll(() => t?.stop());

describe('adding and removing a SKU\'s barcodes', () => {
  it('adds a barcode in its canonical form; the style shows it and the look-up finds the SKU by it in any form', async () => {
    const res = await add(manager, 'DR1012', { sku: 'dr1012-10-red', barcode: ' 0036000291452 ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Barcode ${UPC} added to DR1012-10-RED`);
    expect(res.body.data.variants.find((v: { sku: string }) => v.sku === 'DR1012-10-RED').barcodes).toEqual([UPC]);
    expect(await barcodesOf('DR1012', 'DR1012-10-RED')).toEqual([UPC]);

    for (const code of [UPC, '0036000291452', '00036000291452']) {
      const found = await manager.get(`/api/skus/lookup?code=${code}`);
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject({ sku: 'DR1012-10-RED', style_code: 'DR1012', size: '10', color: 'Red', barcodes: [UPC], matched: 'barcode' });
    }
    const bySku = await manager.get('/api/skus/lookup?code=dr1012-10-red');
    expect(bySku.body.data).toMatchObject({ sku: 'DR1012-10-RED', barcodes: [UPC], matched: 'sku' });
  });

  it('adding a barcode the SKU already carries changes nothing and says so', async () => {
    expect((await add(manager, 'DR1012', { sku: 'DR1012-8-RED', barcode: EAN8 })).status).toBe(200);
    const again = await add(manager, 'DR1012', { sku: 'DR1012-8-RED', barcode: EAN8 });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(`Barcode ${EAN8} is already on DR1012-8-RED`);
    expect(await barcodesOf('DR1012', 'DR1012-8-RED')).toEqual([EAN8]);
  });

  it('refuses a barcode another SKU holds, naming that SKU, and changes nothing', async () => {
    expect((await add(manager, 'TP1007', { sku: 'TP1007-12-GREEN', barcode: EAN })).status).toBe(200);
    for (const [style, sku] of [['SK1014', 'SK1014-10-NAVY'], ['TP1007', 'TP1007-16-GREEN']] as const) {
      const res = await add(manager, style, { sku, barcode: EAN });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Barcode ${EAN} is already on SKU TP1007-12-GREEN`);
      expect(await barcodesOf(style, sku)).toEqual([]);
    }
  });

  it('two managers giving one barcode to two SKUs at once: one gets it, the other is told who has it', async () => {
    const [a, b] = await Promise.all([
      add(manager, 'KN1004', { sku: 'KN1004-12-WINE', barcode: GTIN14 }),
      add(manager, 'JN1003', { sku: 'JN1003-14-KHAKI', barcode: GTIN14 }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses, JSON.stringify([a.body, b.body])).toEqual([200, 409]);
    const winner = a.status === 200 ? 'KN1004-12-WINE' : 'JN1003-14-KHAKI';
    expect((a.status === 409 ? a : b).body.message).toBe(`Barcode ${GTIN14} is already on SKU ${winner}`);
    const { rows } = await sql<{ sku: string }>`select sku from barcode_registry where barcode = ${GTIN14}`.execute(t.database.db);
    expect(rows).toEqual([{ sku: winner }]);
    expect((await manager.get(`/api/skus/lookup?code=${GTIN14}`)).body.data.sku).toBe(winner);
  });

  it('removes a barcode: the look-up no longer finds it, and another SKU may then take it', async () => {
    expect((await add(manager, 'SK1002', { sku: 'SK1002-8-GREY', barcode: 'int00077' })).status).toBe(200);
    const removed = await manager.delete(`/api/styles/${styleIds.SK1002}/barcodes/INT00077`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.message).toBe('Barcode INT00077 removed from SK1002-8-GREY');
    expect(await barcodesOf('SK1002', 'SK1002-8-GREY')).toEqual([]);
    const gone = await manager.get('/api/skus/lookup?code=INT00077');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('No SKU has barcode INT00077');
    const twice = await manager.delete(`/api/styles/${styleIds.SK1002}/barcodes/INT00077`);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe('Barcode INT00077 is not on any SKU of style SK1002');
    expect((await add(manager, 'SK1008', { sku: 'SK1008-8-GREY', barcode: 'INT00077' })).status).toBe(200);
    // The audit log says each in words, found by the SKU.
    const audit = await manager.get('/api/audit/events?sku=SK1002-8-GREY');
    expect(audit.body.data.events.slice(0, 2).map((e: { summary: string }) => e.summary)).toEqual([
      'Removed barcode INT00077 from SK1002-8-GREY',
      'Added barcode INT00077 to SK1002-8-GREY',
    ]);
  });
});

describe('bad input', () => {
  const cases: [string, unknown, number, string][] = [
    ['a wrong check digit', { sku: 'DR1012-12-RED', barcode: '4006381333932' }, 400, '4006381333932 is not a valid EAN-13: its check digit does not match (a digit is mistyped?)'],
    ['digits of no GS1 length', { sku: 'DR1012-12-RED', barcode: '12345' }, 400, 'A barcode of digits has 8, 12, 13 or 14 of them (EAN-8, UPC-A, EAN-13, GTIN-14); 12345 has 5'],
    ['too long', { sku: 'DR1012-12-RED', barcode: '9'.repeat(300) }, 400, 'Barcode must be at most 24 characters'],
    ['a bad internal code', { sku: 'DR1012-12-RED', barcode: 'INT-1' }, 400, 'An internal barcode is INT followed by 4 to 21 letters or digits'],
    ['a number, not text', { sku: 'DR1012-12-RED', barcode: 4006381333931 }, 400, 'Barcode is required'],
    ['no SKU', { barcode: EAN8 }, 400, 'SKU is required'],
    ['a SKU of another style', { sku: 'TP1007-12-GREEN', barcode: '5012345678900' }, 404, 'SKU TP1007-12-GREEN is not a variant of style DR1012'],
  ];

  it.each(cases)('%s: refused with the rule in words, nothing recorded', async (_name, body, status, message) => {
    const before = await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.database.db);
    const res = await add(manager, 'DR1012', body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toContain(message);
    const after = await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(await barcodesOf('DR1012', 'DR1012-12-RED')).toEqual([]);
  });

  it('a style that does not exist, a bad id, and a removal naming no barcode', async () => {
    expect((await manager.post('/api/styles/999999/barcodes', { sku: 'DR1012-12-RED', barcode: EAN8 })).status).toBe(404);
    expect((await manager.post('/api/styles/abc/barcodes', { sku: 'DR1012-12-RED', barcode: EAN8 })).status).toBe(400);
    const bad = await manager.delete(`/api/styles/${styleIds.DR1012}/barcodes/DR1012-10-RED`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('is not a barcode');
  });

  it('the look-up refuses an empty code and says when no SKU answers', async () => {
    expect((await manager.get('/api/skus/lookup')).status).toBe(400);
    expect((await manager.get('/api/skus/lookup?code=%20')).status).toBe(400);
    const none = await manager.get('/api/skus/lookup?code=ZZ1-1-RED');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No SKU ZZ1-1-RED in the catalogue');
    expect((await manager.get('/api/skus/lookup?code=5012345678900')).body.message).toBe('No SKU has barcode 5012345678900');
  });
});

describe('who may', () => {
  it('only a manager adds or removes barcodes; the refused change nothing', async () => {
    expect((await add(manager, 'BG1005', { sku: 'BG1005-FS-GREY', barcode: '5000000000005' })).status).toBe(200);
    for (const role of ['executive1', 'executive2', 'worker'] as const) {
      const c = await t.userWithRole(role);
      const post = await add(c, 'BG1005', { sku: 'BG1005-FS-GREY', barcode: '5012345678900' });
      expect(post.status).toBe(403);
      expect(post.body.message).toBe('Store Managers only');
      expect((await c.delete(`/api/styles/${styleIds.BG1005}/barcodes/5000000000005`)).status).toBe(403);
    }
    expect((await add(t.anonymous, 'BG1005', { sku: 'BG1005-FS-GREY', barcode: '5012345678900' })).status).toBe(401);
    expect((await t.anonymous.delete(`/api/styles/${styleIds.BG1005}/barcodes/5000000000005`)).status).toBe(401);
    expect(await barcodesOf('BG1005', 'BG1005-FS-GREY')).toEqual(['5000000000005']);
  });

  it('every signed-in role may look a code up; a caller signed out may not', async () => {
    for (const role of ['executive1', 'executive2', 'worker'] as const) {
      expect((await (await t.userWithRole(role)).get(`/api/skus/lookup?code=${UPC}`)).status).toBe(200);
    }
    expect((await t.anonymous.get(`/api/skus/lookup?code=${UPC}`)).status).toBe(401);
  });
});

describe('what the picking screen reads', () => {
  it("an order's items and a batch's lines carry their SKUs' barcodes", async () => {
    expect((await add(manager, 'TP1007', { sku: 'TP1007-16-GREEN', barcode: '5012345678900' })).status).toBe(200);
    expect((await manager.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'))).status).toBe(200);
    const { rows } = await sql<{ id: number }>`select id from rm_orders where order_number in ('#10003', '#10005') order by order_number`.execute(t.database.db);
    const orderId = rows[0]!.id;
    const order = await manager.get(`/api/orders/${orderId}`);
    expect(order.body.data.items.map((i: { sku: string; barcodes: string[] }) => [i.sku, i.barcodes])).toEqual([['TP1007-16-GREEN', ['5012345678900']]]);
    const worker = await t.userWithRole('worker');
    const batch = await manager.post('/api/batches', { order_ids: rows.map((r) => r.id), worker_id: worker.id });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    const lines = batch.body.data.lines as { sku: string; order_id: number; barcodes: string[] }[];
    expect(lines.filter((l) => l.order_id === orderId).map((l) => [l.sku, l.barcodes])).toEqual([['TP1007-16-GREEN', ['5012345678900']]]);
    expect(lines.filter((l) => l.order_id !== orderId).every((l) => Array.isArray(l.barcodes))).toBe(true);
  });
});
