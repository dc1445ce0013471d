import {
  FREE_SIZE,
  isGiftItem,
  normaliseCode,
  parseBarcode,
  skuOf,
  skuProblem,
  STYLE_CODE_PATTERN,
  type Barcode,
  type UploadRowError,
  type VariantFields,
} from '@wh/contracts';
import { badRequest } from '../../platform/errors.ts';
import { cleanCode, findColumn, sheetPlanner, type Sheet, type SheetRow } from '../../platform/uploads.ts';

// A Shopify product export, any header generation: the classic one (Handle, Variant SKU, Option1 Name, Image Src,
// Gift Card), the 2023 one (adds Product Category, Status) and the 2025 one (URL handle, SKU, Option1 name,
// Option1 linked to, Product image URL, Variant image URL, Gift card). Columns are matched by name, never position.
const COLUMNS = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  sku: ['Variant SKU', 'SKU'],
  type: ['Type', 'Product Type', 'Standard Product Type', 'Product Category'],
  tags: ['Tags'],
  giftCard: ['Gift Card'],
  image: ['Image Src', 'Product image URL', 'Image URL'],
  variantImage: ['Variant Image', 'Variant image URL'],
  barcode: ['Variant Barcode', 'Barcode'],
} as const;

export interface ImportedStyle {
  // The first row that named the style.
  row: number;
  style_code: string;
  name: string;
  is_jeans: boolean;
  images: string[];
  variants: VariantFields[];
  // The barcodes its rows give its SKUs (Variant Barcode), each with its row.
  barcodes: RowBarcode[];
}

export interface RowBarcode {
  row: number;
  sku: string;
  barcode: Barcode;
}

export interface ParsedCatalogue {
  styles: ImportedStyle[];
  processed_records: number;
  skipped_gift_vouchers: number;
  errors: UploadRowError[];
}

interface Product {
  title: string;
  type: string;
  tags: string;
  gift: boolean;
  optionNames: string[];
  images: string[];
}

export const MISSING_COLUMNS = 'The catalogue needs Handle, Title, SKU and option name and value columns. Missing: ';

const isJeansProduct = (p: Product) =>
  /jean|denim/i.test(p.type) ||
  p.tags.split(',').some((t) => /^(jeans?|denim)$/i.test(t.trim())) ||
  /\bjeans?\b/i.test(p.title);

// "Default Title" is Shopify's value for a product without options.
const optionValue = (v: string | undefined) => (v && v !== 'Default Title' ? v.trim() : '');

export function parseShopifyProducts(sheet: Sheet): ParsedCatalogue {
  const col = Object.fromEntries(Object.entries(COLUMNS).map(([k, names]) => [k, findColumn(sheet, names)])) as Record<
    keyof typeof COLUMNS,
    string | undefined
  >;
  const optionCols = [1, 2, 3].map((n) => ({
    name: findColumn(sheet, [`Option${n} Name`]),
    value: findColumn(sheet, [`Option${n} Value`]),
  }));
  const missing = [
    !col.handle && 'Handle',
    !col.title && 'Title',
    !col.sku && !optionCols.some((o) => o.value) && 'SKU',
  ].filter((m): m is string => typeof m === 'string');
  if (missing.length > 0) throw badRequest(MISSING_COLUMNS + missing.join(', '));

  const get = (r: SheetRow, key: string | undefined) => (key ? (r.values[key] ?? '').trim() : '');
  const products = new Map<string, Product>();
  const styles = new Map<string, ImportedStyle>();
  const errors: UploadRowError[] = [];
  // Each barcode of the file by the first row giving it.
  const barcodes = new Map<string, RowBarcode>();
  let processed = 0;
  let skipped = 0;

  for (const r of sheet.rows) {
    const handle = get(r, col.handle).toLowerCase();
    if (!handle) {
      if (Object.values(r.values).some((v) => v.trim() !== '')) errors.push({ row: r.row, error: 'Missing required fields: Handle' });
      continue;
    }
    let product = products.get(handle);
    const title = get(r, col.title);
    if (!product || (title && !product.title)) {
      product = {
        title,
        type: get(r, col.type),
        tags: get(r, col.tags),
        gift: /^true$/i.test(get(r, col.giftCard)),
        optionNames: optionCols.map((o) => get(r, o.name)),
        images: product?.images ?? [],
      };
      products.set(handle, product);
    }
    const image = get(r, col.image);
    const sku = cleanCode(get(r, col.sku));
    const options = optionCols.map((o) => optionValue(get(r, o.value)));
    const isVariant = sku !== '' || options.some((v) => v !== '');
    if (!isVariant) {
      // An image-only row adds a picture to its product.
      if (image && !product.images.includes(image)) product.images.push(image);
      continue;
    }
    if (product.gift || isGiftItem(sku, product.title, handle)) {
      skipped++;
      continue;
    }
    if (image && !product.images.includes(image)) product.images.push(image);
    const variant = variantOf(sku, handle, product.optionNames, options);
    if ('error' in variant) {
      errors.push({ row: r.row, error: variant.error });
      continue;
    }
    const badSku = skuProblem(variant.sku);
    if (badSku !== null) {
      errors.push({ row: r.row, error: badSku });
      continue;
    }
    if (!product.title) {
      errors.push({ row: r.row, error: 'Missing required fields: Title' });
      continue;
    }
    const barcode = barcodeOfRow(r.row, variant.sku, get(r, col.barcode), barcodes);
    if (barcode !== null && 'error' in barcode) {
      errors.push({ row: r.row, error: barcode.error });
      continue;
    }
    processed++;
    let style = styles.get(variant.style_code);
    if (!style) {
      style = { row: r.row, style_code: variant.style_code, name: product.title, is_jeans: isJeansProduct(product), images: product.images, variants: [], barcodes: [] };
      styles.set(variant.style_code, style);
    }
    if (!style.variants.some((v) => v.sku === variant.sku)) style.variants.push({ sku: variant.sku, size: variant.size, color: variant.color });
    if (barcode !== null) style.barcodes.push(barcode);
  }
  return { styles: [...styles.values()], processed_records: processed, skipped_gift_vouchers: skipped, errors };
}

export const shopifyProductsPlanner = sheetPlanner(import.meta.url, parseShopifyProducts);

// A row's barcode (none when the column is absent or the cell blank), checked as Style Management checks one; a
// barcode an earlier row gives another SKU makes this row a bad one. `seen` keeps the first row of each barcode.
function barcodeOfRow(row: number, sku: string, cell: string, seen: Map<string, RowBarcode>): RowBarcode | { error: string } | null {
  if (cell === '') return null;
  const reading = parseBarcode(cell);
  if (!reading.ok) return { error: reading.error };
  const { code } = reading.barcode;
  const first = seen.get(code);
  if (first && first.sku !== sku) return { error: `Barcode ${code} is already on row ${first.row} (SKU ${first.sku})` };
  const found = { row, sku, barcode: reading.barcode };
  if (!first) seen.set(code, found);
  return found;
}

// Style code: the SKU before its first hyphen; without a SKU, the handle's last part when it looks like a code
// (wrap-midi-dress-dr1000 -> DR1000). Size and colour: the options named Size and Color/Colour, else the SKU's parts.
function variantOf(
  sku: string,
  handle: string,
  optionNames: readonly string[],
  options: readonly string[],
): (VariantFields & { style_code: string }) | { error: string } {
  const parts = sku.split('-').filter((p) => p !== '');
  const lastOfHandle = handle.split('-').pop() ?? '';
  const styleCode = parts[0] ?? (/\d/.test(lastOfHandle) ? normaliseCode(lastOfHandle) : '');
  if (!styleCode) return { error: 'Missing required fields: SKU' };
  if (!STYLE_CODE_PATTERN.test(styleCode)) return { error: `Invalid style code "${styleCode}" in SKU ${sku}` };
  const named = (pattern: RegExp) => {
    const i = optionNames.findIndex((n) => pattern.test(n.trim()));
    return i >= 0 ? (options[i] ?? '') : '';
  };
  const size = named(/^size$/i) || (parts.length >= 3 ? (parts[1] ?? '') : '') || FREE_SIZE;
  const color = named(/^colou?r$/i) || (parts.length >= 3 ? parts.slice(2).join('-') : parts.length === 2 ? (parts[1] ?? '') : '');
  if (!color) return { error: 'Missing colour: give a Color option or a SKU like STYLE-SIZE-COLOUR' };
  return { style_code: styleCode, sku: skuOf(styleCode, size, color), size: size === 'FS' ? FREE_SIZE : size, color };
}
