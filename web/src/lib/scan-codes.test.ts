import { describe, expect, it } from 'vitest';
import { readScannedCode } from './scan-codes.ts';

const held = [{ sku: 'DR1012-8-BLUE', barcodes: ['4006381333931'] }, { sku: 'KN1010-12-WINE' }];

describe('reading a scanned code', () => {
  it('names an item by its SKU, whatever the case, spaces or a leading apostrophe', () => {
    expect(readScannedCode(" 'dr1012-8-blue ", held)).toMatchObject({ kind: 'item', item: held[0] });
    expect(readScannedCode('kn1010-12-wine', held)).toEqual({ kind: 'item', code: 'KN1010-12-WINE', item: held[1] });
  });

  it("names an item by one of its own barcodes, in any of the barcode's forms", () => {
    expect(readScannedCode('4006381333931', held)).toMatchObject({ kind: 'item', item: held[0] });
    expect(readScannedCode('04006381333931', held)).toMatchObject({ kind: 'item', item: held[0] });
    expect(readScannedCode('4006381333932', held)).toMatchObject({ kind: 'unknown' });
  });

  it('reads a location label when no expected item has the code', () => {
    expect(readScannedCode('b-2-3', held)).toEqual({ kind: 'location', code: 'B-2-3', location: 'B-2-3' });
    expect(readScannedCode('RECEIVING', held)).toEqual({ kind: 'location', code: 'RECEIVING', location: 'RECEIVING' });
  });

  it('knows nothing else: a SKU the screen does not expect is neither', () => {
    expect(readScannedCode('DR1012-10-BLUE', held)).toEqual({ kind: 'unknown', code: 'DR1012-10-BLUE' });
  });
});
