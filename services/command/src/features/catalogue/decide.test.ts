import { describe, it } from 'vitest';
import { parseBarcode, type Barcode, type StyleEvent } from '@wh/contracts';
import { decisionSpec } from '../../platform/decider-spec.ts';
import { decideImport, type ImportFacts } from './import.ts';
import type { ImportedStyle } from './shopify-products.ts';
import { styleDecider } from '../../domain/style.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();

const tee = { style_id: 7, style_code: 'TS1', name: 'Tee', is_jeans: false, images: [] as string[] };
const created: StyleEvent = {
  type: 'StyleCreated',
  data: { ...tee, variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }], source: 'manual', at: '2026-11-01T00:00:00.000Z' },
};

describe('style import decision', () => {
  const importSpec = decisionSpec((styles: ImportedStyle[], facts: ImportFacts) => decideImport(styles, facts, NOW));
  const row = (over: Partial<ImportedStyle> = {}): ImportedStyle => ({
    row: 2,
    style_code: 'TS1',
    name: 'Tee',
    is_jeans: false,
    images: [],
    variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }],
    barcodes: [],
    ...over,
  });
  const absent = { style_id: 9, version: 0, state: styleDecider.initialState() };
  const noBarcodes = { new_barcodes: 0, errors: [], refused_rows: 0 };
  const known = { style_id: 7, version: 1, state: [created].reduce(styleDecider.evolve, styleDecider.initialState()) };

  it('creates the styles the catalogue lacks with the ids drawn, and adds SKUs to the ones it has, each at its version', () => {
    importSpec
      .given({ styles: new Map([['TS1', known], ['DR2', absent]]), holders: new Map() })
      .when([
        row({ variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }, { sku: 'TS1-M-RED', size: 'M', color: 'Red' }] }),
        row({ row: 5, style_code: 'DR2', name: 'Dress', variants: [{ sku: 'DR2-8-BLUE', size: '8', color: 'Blue' }] }),
      ])
      .then({
        appends: [
          {
            streamId: 'style-7',
            expectedVersion: 1,
            events: [{ type: 'StyleVariantsAdded', data: { style_id: 7, style_code: 'TS1', variants: [{ sku: 'TS1-M-RED', size: 'M', color: 'Red' }], source: 'shopify_upload', at } }],
          },
          {
            streamId: 'style-9',
            expectedVersion: 0,
            events: [
              {
                type: 'StyleCreated',
                data: { style_id: 9, style_code: 'DR2', name: 'Dress', is_jeans: false, images: [], variants: [{ sku: 'DR2-8-BLUE', size: '8', color: 'Blue' }], source: 'shopify_upload', at },
              },
            ],
          },
        ],
        result: { new_styles: 1, existing_styles: 1, new_variants: 2, ...noBarcodes },
      });
  });

  it('a file that says what the catalogue already holds appends nothing', () => {
    importSpec.given({ styles: new Map([['TS1', known]]), holders: new Map() }).when([row()]).then({ appends: [], result: { new_styles: 0, existing_styles: 1, new_variants: 0, ...noBarcodes } });
  });

  const EAN: Barcode = { code: '4006381333931', kind: 'ean13' };
  const UPC = (parseBarcode('0036000291452') as { ok: true; barcode: Barcode }).barcode;

  it('gives the file\'s SKUs their barcodes after creating them, in the same append', () => {
    importSpec
      .given({ styles: new Map([['DR2', absent]]), holders: new Map() })
      .when([row({ style_code: 'DR2', name: 'Dress', variants: [{ sku: 'DR2-8-BLUE', size: '8', color: 'Blue' }], barcodes: [{ row: 2, sku: 'DR2-8-BLUE', barcode: UPC }] })])
      .then({
        appends: [
          {
            streamId: 'style-9',
            expectedVersion: 0,
            events: [
              {
                type: 'StyleCreated',
                data: { style_id: 9, style_code: 'DR2', name: 'Dress', is_jeans: false, images: [], variants: [{ sku: 'DR2-8-BLUE', size: '8', color: 'Blue' }], source: 'shopify_upload', at },
              },
              { type: 'SkuBarcodesAdded', data: { style_id: 9, style_code: 'DR2', barcodes: [{ sku: 'DR2-8-BLUE', barcode: '036000291452', kind: 'upca' }], source: 'shopify_upload', at } },
            ],
          },
        ],
        result: { new_styles: 1, existing_styles: 0, new_variants: 1, new_barcodes: 1, errors: [], refused_rows: 0 },
      });
  });

  it('a row whose barcode another SKU of the catalogue holds is a bad row; the others import', () => {
    importSpec
      .given({ styles: new Map([['TS1', known]]), holders: new Map([[EAN.code, 'SK1014-10-NAVY']]) })
      .when([
        row({
          variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }, { sku: 'TS1-M-RED', size: 'M', color: 'Red' }, { sku: 'TS1-L-RED', size: 'L', color: 'Red' }],
          barcodes: [
            { row: 3, sku: 'TS1-M-RED', barcode: EAN },
            { row: 4, sku: 'TS1-L-RED', barcode: UPC },
          ],
        }),
      ])
      .then({
        appends: [
          {
            streamId: 'style-7',
            expectedVersion: 1,
            events: [
              { type: 'StyleVariantsAdded', data: { style_id: 7, style_code: 'TS1', variants: [{ sku: 'TS1-L-RED', size: 'L', color: 'Red' }], source: 'shopify_upload', at } },
              { type: 'SkuBarcodesAdded', data: { style_id: 7, style_code: 'TS1', barcodes: [{ sku: 'TS1-L-RED', barcode: UPC.code, kind: 'upca' }], source: 'shopify_upload', at } },
            ],
          },
        ],
        result: { new_styles: 0, existing_styles: 1, new_variants: 1, new_barcodes: 1, errors: [{ row: 3, error: 'Barcode 4006381333931 is already on SKU SK1014-10-NAVY' }], refused_rows: 1 },
      });
  });

  it('a new style whose every row is refused is not created', () => {
    importSpec
      .given({ styles: new Map([['DR2', absent]]), holders: new Map([[EAN.code, 'SK1014-10-NAVY']]) })
      .when([row({ style_code: 'DR2', variants: [{ sku: 'DR2-8-BLUE', size: '8', color: 'Blue' }], barcodes: [{ row: 2, sku: 'DR2-8-BLUE', barcode: EAN }] })])
      .then({ appends: [], result: { new_styles: 0, existing_styles: 0, new_variants: 0, new_barcodes: 0, errors: [{ row: 2, error: 'Barcode 4006381333931 is already on SKU SK1014-10-NAVY' }], refused_rows: 1 } });
  });

  it('a barcode the SKU already carries is neither added again nor refused', () => {
    const withEan = { ...known, version: 2, state: [created, { type: 'SkuBarcodesAdded', data: { style_id: 7, style_code: 'TS1', barcodes: [{ sku: 'TS1-S-RED', barcode: EAN.code, kind: 'ean13' }], source: 'manual', at } } as StyleEvent].reduce(styleDecider.evolve, styleDecider.initialState()) };
    importSpec
      .given({ styles: new Map([['TS1', withEan]]), holders: new Map([[EAN.code, 'TS1-S-RED']]) })
      .when([row({ barcodes: [{ row: 2, sku: 'TS1-S-RED', barcode: EAN }] })])
      .then({ appends: [], result: { new_styles: 0, existing_styles: 1, new_variants: 0, ...noBarcodes } });
  });
});
