import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Answer, type Client, type TestApp } from '../../testing.ts';
import { FIXTURES_DIR } from '../../../../../test/fixtures.ts';

const FIXTURES = FIXTURES_DIR;
const manifest = JSON.parse(readFileSync(`${FIXTURES}manifest.json`, 'utf8'))['styles/shopify-products.csv'];
const UPLOAD = '/api/files/upload/shopify-inventory';

let t: TestApp;
let manager: Client;

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
});
afterAll(() => t.stop());

// The 2025 export: URL handle, SKU, lower-case option headers, Option1 linked to, Product image URL, Gift card.
const EXPORT_2025 = [
  'Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Option1 linked to,Option2 name,Option2 value,Option2 linked to,Price,Inventory quantity,Product image URL,Image position,Variant image URL,Gift card',
  'Skinny Jean 2025,skinny-jean-jn2025,"<p>Stretch, with a ""high"" rise</p>",House,Apparel,Trousers,"denim, jeans",TRUE,Active,JN2025-8-BLUE,,Size,8,,Colour,Blue,,45.00,3,https://cdn.example.com/jn2025-1.jpg,1,,FALSE',
  'Skinny Jean 2025,skinny-jean-jn2025,,,,,,,,JN2025-10-BLUE,,,10,,,Blue,,45.00,4,,,,',
  ',skinny-jean-jn2025,,,,,,,,,,,,,,,,,,https://cdn.example.com/jn2025-2.jpg,2,,',
  'E-Gift Card,e-gift-card,,House,,Gift Cards,,TRUE,Active,EGIFT-50,,Amount,50,,,,,50.00,,,,,TRUE',
  'Canvas Tote,canvas-tote-bg2025,,House,,Bags,,TRUE,Active,BG2025-FS-NATURAL,,Size,Free Size,,Color,Natural,,12.00,9,,,,FALSE',
].join('\r\n');

describe('POST /api/files/upload/shopify-inventory', () => {
  // The sample product export, imported once for the tests below (each of which can run alone): its answer.
  let sample: Answer;
  beforeAll(async () => {
    sample = await manager.upload(UPLOAD, 'shopify-products.csv', readFileSync(`${FIXTURES}styles/shopify-products.csv`));
  });

  it('imports the sample product export into exactly the manifest styles, variants, skipped gift cards and jeans', async () => {
    const res = sample;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ success: true, new_styles: manifest.styles, existing_styles: 0, new_variants: manifest.variants, skipped_gift_vouchers: manifest.skipped_gift_vouchers, errors: [] });
    expect(r.processed_records).toBe(manifest.variants);
    expect([...r.style_codes].sort()).toEqual([...manifest.style_codes].sort());

    const list = await manager.get('/api/styles?limit=200');
    expect(list.body.data.pagination.total_records).toBe(manifest.styles);
    const styles = list.body.data.styles as { style_code: string; is_jeans: boolean; variant_count: number; images: string[] }[];
    expect(styles.filter((s) => s.is_jeans).map((s) => s.style_code).sort()).toEqual([...manifest.jeans].sort());
    expect(styles.reduce((n, s) => n + s.variant_count, 0)).toBe(manifest.variants);
    // The image-only continuation row adds the second picture.
    expect(styles.find((s) => s.style_code === 'DR1000')!.images).toHaveLength(2);
    const jeans = await manager.get('/api/styles?is_jeans=true');
    expect(jeans.body.data.styles).toHaveLength(manifest.jeans.length);
  });

  it('a second upload of the same export changes nothing and counts the styles as existing', async () => {
    const res = await manager.upload(UPLOAD, 'shopify-products.csv', readFileSync(`${FIXTURES}styles/shopify-products.csv`));
    expect(res.body.data).toMatchObject({ new_styles: 0, existing_styles: manifest.styles, new_variants: 0 });
  });

  it('reads the 2025 header generation, continuation and image-only rows, Free Size and e-gift cards', async () => {
    const res = await manager.upload(UPLOAD, 'products-2025.csv', `\uFEFF${EXPORT_2025}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ new_styles: 2, new_variants: 3, skipped_gift_vouchers: 1, errors: [] });
    const found = await manager.get('/api/styles?search=jn2025');
    const style = found.body.data.styles[0];
    expect(style).toMatchObject({ style_code: 'JN2025', name: 'Skinny Jean 2025', is_jeans: true, sizes: ['8', '10'], colors: ['Blue'] });
    expect(style.images).toEqual(['https://cdn.example.com/jn2025-1.jpg', 'https://cdn.example.com/jn2025-2.jpg']);
    const tote = (await manager.get('/api/styles?search=BG2025')).body.data.styles[0];
    expect(tote.variants.map((v: { sku: string }) => v.sku)).toEqual(['BG2025-FS-NATURAL']);
    expect(tote.is_jeans).toBe(false);
  });

  it('reports a bad row and imports the good ones', async () => {
    const csv = 'Handle,Title,Variant SKU,Option1 Name,Option1 Value\nplain-tee-tp3000,Plain Tee,TP3000-M-WHITE,Size,M\nmystery,Mystery,,,\nno-colour,No Colour,TP3001,Size,M\n';
    const res = await manager.upload(UPLOAD, 'rows.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body.data.new_styles).toBe(1);
    expect(res.body.data.errors).toEqual([{ row: 4, error: 'Missing colour: give a Color option or a SKU like STYLE-SIZE-COLOUR' }]);
  });

  it('gives SKUs their Variant Barcode; a bad check digit, a barcode of an earlier row or of another SKU make bad rows; the good rows import', async () => {
    const dress = (await manager.get('/api/styles?search=DR1000')).body.data.styles[0];
    expect((await manager.post(`/api/styles/${dress.id}/barcodes`, { sku: 'DR1000-6-BEIGE', barcode: '036000291452' })).status).toBe(200);
    const csv = [
      'Handle,Title,Variant SKU,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Barcode',
      'barcode-tee-tp4000,Barcode Tee,TP4000-S-RED,Size,S,Color,Red,4006381333931',
      'barcode-tee-tp4000,,TP4000-M-RED,,M,,Red,4006381333932',
      'barcode-tee-tp4000,,TP4000-L-RED,,L,,Red,4006381333931',
      // The UPC-A on DR1000-6-BEIGE, as the 13 digits a shop may store it as.
      'barcode-tee-tp4000,,TP4000-XL-RED,,XL,,Red,0036000291452',
      "barcode-tee-tp4000,,TP4000-XS-RED,,XS,,Red,'5 012345 678900",
      'barcode-tee-tp4000,,TP4000-XXL-RED,,XXL,,Red,',
    ].join('\n');
    const res = await manager.upload(UPLOAD, 'barcodes.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ new_styles: 1, new_variants: 3, new_barcodes: 2, processed_records: 3 });
    expect(res.body.data.message).toBe('Processed 3 variants: 1 new styles, 0 existing styles, 3 new variants, 2 new barcodes');
    expect(res.body.data.errors).toEqual([
      { row: 3, error: '4006381333932 is not a valid EAN-13: its check digit does not match (a digit is mistyped?)' },
      { row: 4, error: 'Barcode 4006381333931 is already on row 2 (SKU TP4000-S-RED)' },
      { row: 5, error: 'Barcode 036000291452 is already on SKU DR1000-6-BEIGE' },
    ]);
    const tee = (await manager.get('/api/styles?search=TP4000')).body.data.styles[0];
    expect(tee.variants.map((v: { sku: string; barcodes: string[] }) => [v.sku, v.barcodes])).toEqual([
      ['TP4000-XS-RED', ['5012345678900']],
      ['TP4000-S-RED', ['4006381333931']],
      ['TP4000-XXL-RED', []],
    ]);
    expect((await manager.get('/api/skus/lookup?code=036000291452')).body.data.sku).toBe('DR1000-6-BEIGE');

    // The same file again: the barcodes its SKUs carry are neither added again nor refused.
    const again = await manager.upload(UPLOAD, 'barcodes.csv', csv);
    expect(again.body.data).toMatchObject({ new_styles: 0, existing_styles: 1, new_variants: 0, new_barcodes: 0 });
    expect(again.body.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5]);
  });

  it('refuses broken files with the spec messages and imports nothing', async () => {
    const before = (await manager.get('/api/styles')).body.data.pagination.total_records;
    const wrongType = await manager.upload(UPLOAD, 'products.xlsx', 'x');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.message).toBe('Invalid file type. Please upload .csv files only.');
    const empty = await manager.upload(UPLOAD, 'products.csv', '');
    expect(empty.body.message).toBe('The selected file is empty. Please choose a file with data.');
    const headerOnly = await manager.upload(UPLOAD, 'products.csv', 'Handle,Title,Variant SKU\n');
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.message).toBe('File is empty or contains no valid data');
    const noColumns = await manager.upload(UPLOAD, 'products.csv', 'Name,Price\nA,1\n');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.message).toBe('The catalogue needs Handle, Title, SKU and option name and value columns. Missing: Handle, Title, SKU');
    const allBad = await manager.upload(UPLOAD, 'products.csv', 'Handle,Title,Variant SKU\nx-1,,X1-M-RED\n');
    expect(allBad.status).toBe(400);
    expect(allBad.body.message).toBe('File validation failed: Row 2: Missing required fields: Title');
    expect((await manager.get('/api/styles')).body.data.pagination.total_records).toBe(before);
  });

  it('is for managers only', async () => {
    for (const role of ['executive1', 'executive2', 'worker'] as const) {
      const res = await (await t.userWithRole(role)).upload(UPLOAD, 'p.csv', 'Handle,Title\n');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Store Managers only');
    }
    expect((await t.anonymous.upload(UPLOAD, 'p.csv', 'Handle\n')).status).toBe(401);
  });
});

describe('styles', () => {
  it('creates a style with sizes x colours as SKUs and refuses a duplicate code in any case', async () => {
    const res = await manager.post('/api/styles', { style_code: " 'ts5000 ", name: 'Tee', sizes: ['S', 'M'], colors: ['Red', 'Navy Blue'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ style_code: 'TS5000', variant_count: 4, sizes: ['S', 'M'], colors: ['Navy Blue', 'Red'] });
    expect(res.body.data.variants.map((v: { sku: string }) => v.sku)).toContain('TS5000-M-NAVYBLUE');
    const dup = await manager.post('/api/styles', { style_code: 'Ts5000', name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Style code TS5000 already exists');
    const missing = await manager.post('/api/styles', { name: 'No code' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Style code is required');
  });

  it('edits a style, adds sizes, and keeps a code that has variants', async () => {
    const created = (await manager.post('/api/styles', { style_code: 'TS5001', name: 'Tee', sizes: ['S'], colors: ['Red'] })).body.data;
    const edited = await manager.put(`/api/styles/${created.id}`, { name: 'Better Tee', sizes: ['S', 'M'], is_jeans: false });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Better Tee', variant_count: 2 });
    const renamed = await manager.put(`/api/styles/${created.id}`, { style_code: 'TS9999' });
    expect(renamed.status).toBe(409);
    const empty = (await manager.post('/api/styles', { style_code: 'TS5002', name: 'Empty' })).body.data;
    expect((await manager.post('/api/styles', { style_code: 'TS5004', name: 'Taken' })).status).toBe(201);
    expect((await manager.put(`/api/styles/${empty.id}`, { style_code: 'TS5004' })).status).toBe(409);
    expect((await manager.put(`/api/styles/${empty.id}`, { style_code: 'TS5003' })).body.data.style_code).toBe('TS5003');
    expect((await manager.put('/api/styles/999999', { name: 'x' })).status).toBe(404);
  });

  it('lists with search, colour and size filters and paging', async () => {
    // A colour no other style of this file has.
    const created = await manager.post('/api/styles', { style_code: 'TS5005', name: 'Tee', sizes: ['S', 'M'], colors: ['Teal Green'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bySize = await manager.get('/api/styles?size=M&limit=1');
    expect(bySize.body.data.styles).toHaveLength(1);
    expect(bySize.body.data.pagination.per_page).toBe(1);
    const byColor = await manager.get('/api/styles?color=teal green');
    expect(byColor.body.data.styles.map((s: { style_code: string }) => s.style_code)).toEqual(['TS5005']);
  });

  it('refuses writes to non-managers; any signed-in role may read', async () => {
    for (const role of ['executive1', 'executive2', 'worker'] as const) {
      const c = await t.userWithRole(role);
      expect((await c.post('/api/styles', { style_code: 'ZZ1', name: 'x' })).status).toBe(403);
      expect((await c.put('/api/styles/1', { name: 'x' })).status).toBe(403);
      expect((await c.get('/api/styles')).status).toBe(200);
    }
    expect((await t.anonymous.get('/api/styles')).status).toBe(401);
  });
});
