import { describe, expect, it } from 'vitest';
import { barcodeInput, BARCODE_TOO_LONG, gs1CheckDigit, INTERNAL_BARCODE_RULE, matchesScan, parseBarcode } from './barcodes.ts';

const read = (value: string) => parseBarcode(value);
const code = (value: string) => {
  const r = parseBarcode(value);
  if (!r.ok) throw new Error(r.error);
  return r.barcode;
};

describe('GS1 check digits', () => {
  it('computes the check digit of EAN-13, UPC-A, EAN-8 and GTIN-14 bodies', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(gs1CheckDigit('1003600029145')).toBe(9);
  });

  it('accepts each kind with a good check digit', () => {
    expect(code('4006381333931')).toEqual({ code: '4006381333931', kind: 'ean13' });
    expect(code('036000291452')).toEqual({ code: '036000291452', kind: 'upca' });
    expect(code('96385074')).toEqual({ code: '96385074', kind: 'ean8' });
    expect(code('10036000291459')).toEqual({ code: '10036000291459', kind: 'gtin14' });
  });

  it('refuses a wrong check digit, naming the kind', () => {
    expect(read('4006381333932')).toEqual({ ok: false, error: '4006381333932 is not a valid EAN-13: its check digit does not match (a digit is mistyped?)' });
    expect(read('036000291453')).toMatchObject({ ok: false, error: expect.stringContaining('not a valid UPC-A') });
    expect(read('96385075')).toMatchObject({ ok: false, error: expect.stringContaining('not a valid EAN-8') });
    expect(read('10036000291458')).toMatchObject({ ok: false, error: expect.stringContaining('not a valid GTIN-14') });
  });

  it('a swapped pair of digits fails the check', () => {
    expect(read('4006381333913').ok).toBe(false);
  });
});

describe('one number, one canonical form', () => {
  it('an EAN-13 with a leading 0 is the UPC-A without it', () => {
    expect(code('0036000291452')).toEqual({ code: '036000291452', kind: 'upca' });
    expect(code('0036000291452')).toEqual(code('036000291452'));
  });

  it('a GTIN-14 padded with zeros is the shorter code inside it', () => {
    expect(code('00036000291452')).toEqual({ code: '036000291452', kind: 'upca' });
    expect(code('04006381333931')).toEqual({ code: '4006381333931', kind: 'ean13' });
    expect(code('00000096385074')).toEqual({ code: '96385074', kind: 'ean8' });
  });

  it('a GTIN-14 with an indicator digit is an item of its own (a case of the garment)', () => {
    expect(code('10036000291459').code).not.toBe(code('036000291452').code);
  });
});

describe('normalising what is typed, scanned or imported', () => {
  it('drops spaces, a leading apostrophe and surrounding blanks', () => {
    expect(code(' 4 006381 333931 ').code).toBe('4006381333931');
    expect(code("'036000291452").code).toBe('036000291452');
    expect(code('4006381\t333931').code).toBe('4006381333931');
  });

  it('refuses digits of another length, saying how many it has', () => {
    expect(read('12345')).toEqual({ ok: false, error: 'A barcode of digits has 8, 12, 13 or 14 of them (EAN-8, UPC-A, EAN-13, GTIN-14); 12345 has 5' });
    expect(read('400638133393111').ok).toBe(false);
  });

  it('refuses too long input before reading it', () => {
    expect(read('1'.repeat(25))).toEqual({ ok: false, error: BARCODE_TOO_LONG });
    expect(read(`INT${'A'.repeat(40)}`)).toEqual({ ok: false, error: BARCODE_TOO_LONG });
    expect(barcodeInput.safeParse('9'.repeat(500)).success).toBe(false);
  });

  it('refuses empty input, all zeros, and a number a spreadsheet shortened', () => {
    expect(read('  ')).toEqual({ ok: false, error: 'Barcode is required' });
    expect(read('0000000000000').ok).toBe(false);
    expect(read('5.01235E+12')).toEqual({ ok: false, error: '5.01235E+12 is a number a spreadsheet shortened: format the barcode column as text and export again' });
  });

  it('refuses SKUs, location labels and other text as barcodes', () => {
    expect(read('DR1012-10-RED')).toMatchObject({ ok: false, error: expect.stringContaining('is not a barcode') });
    expect(read('A-2-3').ok).toBe(false);
    expect(read('RECEIVING').ok).toBe(false);
  });
});

describe('internal codes', () => {
  it('are INT and 4 to 21 letters or digits, in any case, with no check digit', () => {
    expect(code('INT00042')).toEqual({ code: 'INT00042', kind: 'internal' });
    expect(code('intab12')).toEqual({ code: 'INTAB12', kind: 'internal' });
    expect(code(`INT${'9'.repeat(21)}`).kind).toBe('internal');
  });

  it('refuses one too short, too long for its rule, or holding other characters', () => {
    expect(read('INT123')).toEqual({ ok: false, error: INTERNAL_BARCODE_RULE });
    expect(read('INT-0042')).toEqual({ ok: false, error: INTERNAL_BARCODE_RULE });
    expect(read('INT00/42')).toEqual({ ok: false, error: INTERNAL_BARCODE_RULE });
  });
});

describe('matchesScan', () => {
  const dress = { sku: 'DR1012-10-RED', barcodes: ['036000291452', 'INT00042'] };

  it('matches the SKU in any case, with blanks around it', () => {
    expect(matchesScan(' dr1012-10-red ', dress)).toBe(true);
    expect(matchesScan('DR1012-12-RED', dress)).toBe(false);
  });

  it('matches any of its barcodes in whichever form the scanner sends', () => {
    expect(matchesScan('036000291452', dress)).toBe(true);
    expect(matchesScan('0036000291452', dress)).toBe(true);
    expect(matchesScan('00036000291452', dress)).toBe(true);
    expect(matchesScan('int00042', dress)).toBe(true);
  });

  it('does not match another barcode, a misread one, or anything without barcodes', () => {
    expect(matchesScan('4006381333931', dress)).toBe(false);
    expect(matchesScan('036000291453', dress)).toBe(false);
    expect(matchesScan('036000291452', { sku: 'DR1012-10-RED' })).toBe(false);
  });
});

describe('barcodeInput', () => {
  it('reads a body field into its canonical form, or gives the rule as the message', () => {
    expect(barcodeInput.parse('0036000291452')).toEqual({ code: '036000291452', kind: 'upca' });
    const bad = barcodeInput.safeParse('4006381333932');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('check digit');
    expect(barcodeInput.safeParse(42).success).toBe(false);
  });
});
