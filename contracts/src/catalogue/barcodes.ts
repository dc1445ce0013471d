import { z } from 'zod';
import { normaliseCode } from '../platform/codes.ts';

// The barcodes a SKU carries, and what a scan names: one module for the server (commands, the product-export import)
// and the screens (Style Management's form, every screen that scans), so a code is read, checked and matched the
// same way everywhere.
//
// Two families of code:
// - GS1 numbers printed by the maker: EAN-8, UPC-A (12 digits), EAN-13 and GTIN-14, each ending in a check digit.
//   They are one number space: a UPC-A is the EAN-13 that starts with 0, and any of them is the GTIN-14 padded with
//   zeros on the left (GS1's rule), so "0012345678905", "012345678905" and "00012345678905" are one item. A code is
//   kept in its shortest form (the canonical one): GTIN-14 with six leading zeros is an EAN-8, with two a UPC-A, with
//   one an EAN-13. A scanner set to send 13 digits for a UPC-A still finds it.
// - Internal codes the warehouse prints itself for garments without one: INT followed by 4 to 21 letters or digits,
//   no check digit. The prefix keeps them apart from GS1 numbers (digits only), SKUs and location labels (both hold
//   hyphens), so a scan names one thing.

export const BARCODE_KINDS = ['ean8', 'upca', 'ean13', 'gtin14', 'internal'] as const;
export type BarcodeKind = (typeof BARCODE_KINDS)[number];

export const BARCODE_KIND_LABELS: Record<BarcodeKind, string> = {
  ean8: 'EAN-8',
  upca: 'UPC-A',
  ean13: 'EAN-13',
  gtin14: 'GTIN-14',
  internal: 'Internal',
};

export const INTERNAL_BARCODE_PREFIX = 'INT';
const INTERNAL_BODY = { min: 4, max: 21 } as const;
// The longest code of either family (an internal one), after normalising.
export const BARCODE_MAX = INTERNAL_BARCODE_PREFIX.length + INTERNAL_BODY.max;
// Barcodes one SKU may carry (a maker's EAN, a re-labelled one, an internal code...).
export const MAX_BARCODES_PER_SKU = 10;

export interface Barcode {
  code: string;
  kind: BarcodeKind;
}

export type BarcodeReading = { ok: true; barcode: Barcode } | { ok: false; error: string };

export const BARCODE_REQUIRED = 'Barcode is required';
export const BARCODE_TOO_LONG = `Barcode must be at most ${BARCODE_MAX} characters`;
export const INTERNAL_BARCODE_RULE = `An internal barcode is ${INTERNAL_BARCODE_PREFIX} followed by ${INTERNAL_BODY.min} to ${INTERNAL_BODY.max} letters or digits`;
const NOT_A_BARCODE = `is not a barcode: use an EAN-8, UPC-A, EAN-13 or GTIN-14 number, or an internal code starting with ${INTERNAL_BARCODE_PREFIX}`;

// How a typed, scanned or imported code is compared: spaces (a code typed in groups as printed, "5 012345 678900")
// and a leading apostrophe (an Excel re-save) are dropped, letters upper-cased.
export function normaliseBarcode(value: string): string {
  return normaliseCode(value).replace(/\s+/g, '');
}

// GS1's check digit of a code's digits before it: weights 3 and 1 alternating from the right.
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

const GTIN_LENGTHS: Record<number, BarcodeKind> = { 8: 'ean8', 12: 'upca', 13: 'ean13', 14: 'gtin14' };

// The shortest form of a GS1 number (whose check digit holds).
function canonicalGtin(digits: string): Barcode {
  const gtin14 = digits.padStart(14, '0');
  const zeros = gtin14.length - gtin14.replace(/^0+/, '').length;
  if (zeros >= 6) return { code: gtin14.slice(6), kind: 'ean8' };
  if (zeros >= 2) return { code: gtin14.slice(2), kind: 'upca' };
  if (zeros === 1) return { code: gtin14.slice(1), kind: 'ean13' };
  return { code: gtin14, kind: 'gtin14' };
}

function readGtin(digits: string): BarcodeReading {
  const kind = GTIN_LENGTHS[digits.length];
  if (!kind) {
    return { ok: false, error: `A barcode of digits has 8, 12, 13 or 14 of them (EAN-8, UPC-A, EAN-13, GTIN-14); ${digits} has ${digits.length}` };
  }
  if (/^0+$/.test(digits)) return { ok: false, error: `${digits} ${NOT_A_BARCODE}` };
  if (gs1CheckDigit(digits.slice(0, -1)) !== Number(digits.slice(-1))) {
    return { ok: false, error: `${digits} is not a valid ${BARCODE_KIND_LABELS[kind]}: its check digit does not match (a digit is mistyped?)` };
  }
  return { ok: true, barcode: canonicalGtin(digits) };
}

// A code as a barcode: its canonical form and kind, or what is wrong with it in words a person can act on.
export function parseBarcode(value: string): BarcodeReading {
  const code = normaliseBarcode(value);
  if (code === '') return { ok: false, error: BARCODE_REQUIRED };
  if (code.length > BARCODE_MAX) return { ok: false, error: BARCODE_TOO_LONG };
  if (/^\d+$/.test(code)) return readGtin(code);
  // A long number a spreadsheet showed in scientific notation and exported so (5.01235E+12): its digits are lost.
  if (/^\d(\.\d+)?E\+?\d+$/.test(code)) {
    return { ok: false, error: `${code} is a number a spreadsheet shortened: format the barcode column as text and export again` };
  }
  if (code.startsWith(INTERNAL_BARCODE_PREFIX)) {
    const body = code.slice(INTERNAL_BARCODE_PREFIX.length);
    const fits = body.length >= INTERNAL_BODY.min && body.length <= INTERNAL_BODY.max && /^[A-Z0-9]+$/.test(body);
    return fits ? { ok: true, barcode: { code, kind: 'internal' } } : { ok: false, error: INTERNAL_BARCODE_RULE };
  }
  return { ok: false, error: `${code} ${NOT_A_BARCODE}` };
}

// The canonical form of a code that is a barcode, else null (a SKU, a location label, a misread).
export function barcodeOf(value: string): string | null {
  const reading = parseBarcode(value);
  return reading.ok ? reading.barcode.code : null;
}

export const barcodeKindOf = (code: string): BarcodeKind | null => {
  const reading = parseBarcode(code);
  return reading.ok ? reading.barcode.kind : null;
};

// What a SKU answers to when scanned: its SKU, or any of its barcodes (canonical, as the server lists them).
export interface Scannable {
  sku: string;
  barcodes?: readonly string[] | undefined;
}

// Whether a scanned (or typed) code names this SKU: the one rule every screen that scans goes by, so a garment's
// own barcode scans as its SKU wherever a SKU scans.
export function matchesScan(code: string, item: Scannable): boolean {
  const scanned = normaliseCode(code);
  if (scanned === normaliseCode(item.sku)) return true;
  if (!item.barcodes || item.barcodes.length === 0) return false;
  const barcode = barcodeOf(scanned);
  return barcode !== null && item.barcodes.includes(barcode);
}

// A barcode in a request body or path: read by parseBarcode, its problem as the field's message.
export const barcodeInput = z
  .string({ error: BARCODE_REQUIRED })
  .max(200, BARCODE_TOO_LONG)
  .transform((value, ctx) => {
    const reading = parseBarcode(value);
    if (reading.ok) return reading.barcode;
    ctx.addIssue({ code: 'custom', message: reading.error });
    return z.NEVER;
  });
