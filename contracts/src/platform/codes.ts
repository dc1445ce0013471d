import { z } from 'zod';

// Codes (style codes, SKUs, locations) are case-insensitive and stored upper case; a leading apostrophe (Excel
// re-save) and spaces are stripped.
export function normaliseCode(value: string): string {
  return value.trim().replace(/^'+/, '').trim().toUpperCase();
}

// Codes (SKUs, order numbers, location codes) in the order PostgreSQL's "C" collation gives them: the one order in
// which every path locks or claims rows, the same in Node and in the database (codes are ASCII).
export function inCodeOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Codes as people read them: A-2-1 before A-10-1 (numbers compare as numbers). The order of every list shown.
export function compareCodes(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

export const FREE_SIZE = 'Free Size';

// Size 'Free Size' (or empty) is FS in a SKU.
export function skuSize(size: string): string {
  const s = size.trim();
  return s === '' || /^free\s*size$/i.test(s) ? 'FS' : normaliseCode(s).replace(/\s+/g, '');
}

// SKU = style code, size, colour joined by hyphens, upper case.
export function skuOf(styleCode: string, size: string, color: string): string {
  return [normaliseCode(styleCode), skuSize(size), normaliseCode(color).replace(/\s+/g, '')].join('-');
}

// One rule for each kind of code, wherever it enters: a JSON body, a query, an uploaded cell, an approval that
// creates a style. A code is checked after normaliseCode. Each returns what is wrong, in words a person can act on,
// or null.

// A style code never holds a hyphen: it is the first part of a SKU.
export const STYLE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9._/]*$/;
export const STYLE_CODE_MAX = 40;
// Style, size and colour joined by hyphens; sizes and colours add '+' and '&' (e.g. 'BLACK&WHITE').
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._/+&-]*$/;
export const SKU_MAX = 100;
// Bins are zone letter(s)-aisle-shelf (A-1-1); racks and jean racks a prefix and a number (R-1, J-1).
export const BIN_CODE_PATTERN = /^([A-Z]{1,3})-(\d{1,3})-(\d{1,3})$/;
export const RACK_CODE_PATTERN = /^([A-Z]{1,3})-(\d{1,4})$/;
export const LOCATION_CODE_MAX = 20;

export function styleCodeProblem(code: string): string | null {
  if (code === '') return 'Style code is required';
  if (code.length > STYLE_CODE_MAX) return `Style code must be at most ${STYLE_CODE_MAX} characters`;
  if (!STYLE_CODE_PATTERN.test(code)) return 'Style code may contain only letters, digits, dots, slashes and underscores (no hyphens)';
  return null;
}

export function skuProblem(sku: string): string | null {
  if (sku === '') return 'SKU is required';
  if (sku.length > SKU_MAX) return `SKU must be at most ${SKU_MAX} characters`;
  if (!SKU_PATTERN.test(sku)) return `SKU ${sku} may contain only letters, digits, hyphens, dots, slashes, underscores, + and &`;
  return null;
}

// Locations named by what they are for rather than where they are: received stock waiting to be put away, returned
// units waiting to be put away, and seconds (returns/events.ts).
const NAMED_LOCATIONS: ReadonlySet<string> = new Set(['RECEIVING', 'RETURNS', 'SECONDS']);

export function locationCodeProblem(code: string): string | null {
  if (code === '') return 'Location code is required';
  if (code.length > LOCATION_CODE_MAX) return `Location code must be at most ${LOCATION_CODE_MAX} characters`;
  if (!NAMED_LOCATIONS.has(code) && !BIN_CODE_PATTERN.test(code) && !RACK_CODE_PATTERN.test(code)) {
    return `${code} is not a location code: they look like A-1-1 (bin), R-1 (rack) or RECEIVING`;
  }
  return null;
}

// A code in a request body or query: normalised, then held to its rule.
export function codeInput(problem: (code: string) => string | null, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .transform(normaliseCode)
    .superRefine((code, ctx) => {
      // An empty code gets the field's own words ('Please select an item'); any other problem the rule's.
      const found = code === '' ? requiredMessage : problem(code);
      if (found !== null) ctx.addIssue({ code: 'custom', message: found });
    });
}
