// Codes (style codes, SKUs, locations) are case-insensitive and stored upper case; a leading apostrophe (Excel
// re-save) and spaces are stripped.
export function normaliseCode(value: string): string {
  return value.trim().replace(/^'+/, '').trim().toUpperCase();
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
