import { describe, expect, it } from 'vitest';
import { MAX_BARCODES_PER_SKU, parseBarcode, type Barcode, type StyleEvent } from '@wh/contracts';
import { deciderSpec } from '../../platform/decider-spec.ts';
import { styleDecider, type ExistingStyle, type StyleState } from '../../domain/style.ts';
import { addBarcodes, decideBarcode, type BarcodeCommand } from './decide-barcodes.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();
const spec = deciderSpec<StyleState, StyleEvent, BarcodeCommand>(styleDecider, decideBarcode, NOW);

const barcode = (value: string): Barcode => {
  const r = parseBarcode(value);
  if (!r.ok) throw new Error(r.error);
  return r.barcode;
};
const EAN = barcode('4006381333931');
const UPC = barcode('036000291452');

const style = { style_id: 7, style_code: 'DR1012' };
const created: StyleEvent = {
  type: 'StyleCreated',
  data: {
    ...style,
    name: 'Dress',
    is_jeans: false,
    images: [],
    variants: [
      { sku: 'DR1012-10-RED', size: '10', color: 'Red' },
      { sku: 'DR1012-12-RED', size: '12', color: 'Red' },
    ],
    source: 'manual',
    at: '2026-11-01T00:00:00.000Z',
  },
};
const eanOnTen: StyleEvent = {
  type: 'SkuBarcodesAdded',
  data: { ...style, barcodes: [{ sku: 'DR1012-10-RED', barcode: EAN.code, kind: 'ean13' }], source: 'manual', at: '2026-11-02T00:00:00.000Z' },
};
const add = (sku: string, b: Barcode, holder: string | null = null): BarcodeCommand => ({ type: 'AddBarcode', sku, barcode: b, holder });

describe('barcodes decider', () => {
  it('gives a SKU a barcode no SKU holds, with its kind', () => {
    spec
      .given([created])
      .when(add('DR1012-10-RED', UPC))
      .then([{ type: 'SkuBarcodesAdded', data: { ...style, barcodes: [{ sku: 'DR1012-10-RED', barcode: '036000291452', kind: 'upca' }], source: 'manual', at } }]);
  });

  it('a barcode already on the same SKU records nothing', () => {
    spec.given([created, eanOnTen]).when(add('DR1012-10-RED', EAN, 'DR1012-10-RED')).then([]);
  });

  it('refuses a barcode another SKU of the style holds, naming that SKU', () => {
    spec.given([created, eanOnTen]).when(add('DR1012-12-RED', EAN)).thenFails(409, 'Barcode 4006381333931 is already on SKU DR1012-10-RED');
  });

  it('refuses a barcode the registry says a SKU of another style holds, naming that SKU', () => {
    spec.given([created]).when(add('DR1012-12-RED', UPC, 'TP1001-M-BLUE')).thenFails(409, 'Barcode 036000291452 is already on SKU TP1001-M-BLUE');
  });

  it('refuses a SKU the style does not have, and a style that does not exist', () => {
    spec.given([created]).when(add('DR1012-14-RED', UPC)).thenFails(404, 'SKU DR1012-14-RED is not a variant of style DR1012');
    spec.given([]).when(add('DR1012-10-RED', UPC)).thenFails(404, 'Style not found');
  });

  it(`refuses a SKU's barcode past ${MAX_BARCODES_PER_SKU}`, () => {
    const full: StyleEvent = {
      type: 'SkuBarcodesAdded',
      data: {
        ...style,
        barcodes: Array.from({ length: MAX_BARCODES_PER_SKU }, (_, i) => ({ sku: 'DR1012-12-RED', barcode: `INT000${i}`, kind: 'internal' as const })),
        source: 'manual',
        at,
      },
    };
    spec.given([created, full]).when(add('DR1012-12-RED', UPC)).thenFails(409, `SKU DR1012-12-RED already carries ${MAX_BARCODES_PER_SKU} barcodes: remove one first`);
  });

  it('removes a barcode from the SKU that holds it', () => {
    spec
      .given([created, eanOnTen])
      .when({ type: 'RemoveBarcode', barcode: EAN.code })
      .then([{ type: 'SkuBarcodeRemoved', data: { ...style, sku: 'DR1012-10-RED', barcode: EAN.code, at } }]);
  });

  it('refuses to remove a barcode no SKU of the style holds, also after its removal', () => {
    const removed: StyleEvent = { type: 'SkuBarcodeRemoved', data: { ...style, sku: 'DR1012-10-RED', barcode: EAN.code, at } };
    spec.given([created]).when({ type: 'RemoveBarcode', barcode: EAN.code }).thenFails(404, 'Barcode 4006381333931 is not on any SKU of style DR1012');
    spec.given([created, eanOnTen, removed]).when({ type: 'RemoveBarcode', barcode: EAN.code }).thenFails(404, 'Barcode 4006381333931 is not on any SKU of style DR1012');
  });

  it('a removed barcode may go on another SKU', () => {
    const removed: StyleEvent = { type: 'SkuBarcodeRemoved', data: { ...style, sku: 'DR1012-10-RED', barcode: EAN.code, at } };
    spec
      .given([created, eanOnTen, removed])
      .when(add('DR1012-12-RED', EAN))
      .then([{ type: 'SkuBarcodesAdded', data: { ...style, barcodes: [{ sku: 'DR1012-12-RED', barcode: EAN.code, kind: 'ean13' }], source: 'manual', at } }]);
  });
});

describe('many barcodes at once (an import)', () => {
  const state = [created].reduce(styleDecider.evolve, styleDecider.initialState()) as ExistingStyle;

  it('takes those free, skips those already there, and refuses the rest one by one', () => {
    const withEan = [created, eanOnTen].reduce(styleDecider.evolve, styleDecider.initialState()) as ExistingStyle;
    const { events, refused } = addBarcodes(
      withEan,
      [
        { sku: 'DR1012-10-RED', barcode: EAN },
        { sku: 'DR1012-12-RED', barcode: UPC },
        { sku: 'DR1012-12-RED', barcode: barcode('96385074') },
      ],
      new Map([['96385074', 'SK1014-10-NAVY']]),
      'shopify_upload',
      at,
    );
    expect(events).toEqual([{ type: 'SkuBarcodesAdded', data: { ...style, barcodes: [{ sku: 'DR1012-12-RED', barcode: UPC.code, kind: 'upca' }], source: 'shopify_upload', at } }]);
    expect(refused.map((r) => [r.wanted.barcode.code, r.error.status, r.error.message])).toEqual([['96385074', 409, 'Barcode 96385074 is already on SKU SK1014-10-NAVY']]);
  });

  it('two SKUs of one decision wanting one barcode: the first takes it', () => {
    const { events, refused } = addBarcodes(state, [{ sku: 'DR1012-10-RED', barcode: UPC }, { sku: 'DR1012-12-RED', barcode: UPC }], new Map(), 'shopify_upload', at);
    expect(events).toHaveLength(1);
    expect(refused.map((r) => r.error.message)).toEqual(['Barcode 036000291452 is already on SKU DR1012-10-RED']);
  });
});
