import { createHash } from 'node:crypto';
import {
  FREE_SIZE,
  normaliseCode,
  isGiftItem,
  MAX_QUANTITY,
  QUANTITY_MAX_MESSAGE,
  parseSheetDate,
  settleDateOrder,
  skuOf,
  skuProblem,
  skuSize,
  styleCodeProblem,
  wholeNumberCell,
  type ReceiptLine,
  type UploadRowError,
} from '@wh/contracts';
import { badRequest } from '../../platform/errors.ts';
import { cleanCode, findColumn, sheetPlanner, type Sheet, type SheetRow } from '../../platform/uploads.ts';

// Reading the two receipt files into receipt lines and row errors. Pure: the catalogue is consulted later.

export interface ReceiptRow extends ReceiptLine {
  row: number;
  gatepass_number: string | null;
  received_date: string | null;
}

export interface ReadStockFile {
  rows: ReceiptRow[];
  errors: UploadRowError[];
  skipped_gift_vouchers: number;
  // Rows without stock to receive (online-shop rows with 0 or less on hand).
  skipped_without_stock: number;
  // What the file records, as a SHA-256 in hex (stockFileFingerprint).
  fingerprint: string;
}

function requireColumns(sheet: Sheet, required: { label: string; names: readonly string[] }[]): string[] {
  const found = required.map((r) => findColumn(sheet, r.names));
  const missing = required.filter((_, i) => found[i] === undefined).map((r) => r.label);
  if (missing.length > 0) throw badRequest(`Missing required columns: ${missing.join(', ')}`);
  return found.map((f) => f ?? '');
}

// A stock file is known by the receipts it records, not by its bytes: the same rows re-saved by Excel (CRLF, another
// cell format, a capitalised Handle or header), as XLSX instead of CSV, or sorted otherwise, are the same file. Each
// row is its recorded fields with codes, colour, size and gatepass upper case and blanks collapsed (the row number
// and the columns nothing records, such as Handle or Location, left out); the rows are sorted, so their order does
// not count but a row given twice does.
export function stockFileFingerprint(rows: readonly ReceiptRow[]): string {
  const text = (s: string | null) => (s === null ? null : s.trim().replace(/\s+/g, ' '));
  const code = (s: string | null) => (s === null ? null : normaliseCode(s).replace(/\s+/g, ' '));
  const lines = rows
    .map((r) => JSON.stringify([code(r.style_code), code(r.sku), code(r.color), code(r.size), r.quantity, code(r.gatepass_number), r.received_date, text(r.style_name)]))
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const read = (out: Omit<ReadStockFile, 'fingerprint'>): ReadStockFile => ({ ...out, fingerprint: stockFileFingerprint(out.rows) });

const value = (row: SheetRow, column: string | undefined) => (column === undefined ? '' : (row.values[column] ?? ''));


export const displaySize = (size: string) => (skuSize(size) === 'FS' ? FREE_SIZE : size.trim());
const displayColor = (color: string) => color.trim().replace(/\s+/g, ' ');

// Style code of an online-shop SKU: the SKU less its size and colour (style-size-colour or style-colour-size);
// without both options, the part before the first hyphen.
export function splitShopSku(sku: string, size: string, color: string): { style_code: string; size: string; color: string } {
  if (color !== '') {
    const sizePart = skuSize(size);
    const colorPart = cleanCode(color).replace(/\s+/g, '');
    for (const suffix of [`-${sizePart}-${colorPart}`, `-${colorPart}-${sizePart}`]) {
      if (sku.endsWith(suffix) && sku.length > suffix.length) return { style_code: sku.slice(0, -suffix.length), size, color };
    }
    const style = sku.split('-')[0] ?? sku;
    return { style_code: style, size, color };
  }
  const [style = sku, sizePart = '', ...rest] = sku.split('-');
  return { style_code: style, size: size || sizePart, color: rest.join(' ') };
}

const QUANTITY_COLUMNS = ['On hand', 'On hand (current)', 'Available', 'Available (not editable)'] as const;

// An online-shop inventory export: one row per variant per location. Each row with stock on hand is a receipt.
export function readShopifyStock(sheet: Sheet): ReadStockFile {
  const [skuColumn] = requireColumns(sheet, [{ label: 'SKU', names: ['SKU', 'Variant SKU'] }]);
  // On hand counts what is physically there; Available leaves out committed units. On hand first, as the design says.
  const quantityColumn = QUANTITY_COLUMNS.map((c) => findColumn(sheet, [c])).find((c) => c !== undefined);
  if (quantityColumn === undefined) throw badRequest('Missing required columns: On hand (or Available)');
  const title = findColumn(sheet, ['Title']);
  const handle = findColumn(sheet, ['Handle']);
  const options = [1, 2, 3].map((n) => ({ name: findColumn(sheet, [`Option${n} Name`]), value: findColumn(sheet, [`Option${n} Value`]) }));
  const out: Omit<ReadStockFile, 'fingerprint'> = { rows: [], errors: [], skipped_gift_vouchers: 0, skipped_without_stock: 0 };
  for (const row of sheet.rows) {
    const sku = cleanCode(value(row, skuColumn));
    const name = value(row, title);
    if (isGiftItem(sku, name, value(row, handle))) {
      out.skipped_gift_vouchers++;
      continue;
    }
    if (sku === '') {
      out.errors.push({ row: row.row, error: 'Missing required fields: SKU' });
      continue;
    }
    const raw = value(row, quantityColumn);
    const quantity = raw === '' ? 0 : wholeNumberCell(raw);
    if (quantity === null) {
      out.errors.push({ row: row.row, error: `Quantity must be a whole number (got "${raw}")` });
      continue;
    }
    if (quantity > MAX_QUANTITY) {
      out.errors.push({ row: row.row, error: `${QUANTITY_MAX_MESSAGE} (got "${raw}")` });
      continue;
    }
    if (quantity <= 0) {
      out.skipped_without_stock++;
      continue;
    }
    let size = '';
    let color = '';
    for (const o of options) {
      const optionName = value(row, o.name).toLowerCase();
      if (/size/.test(optionName)) size = value(row, o.value);
      else if (/colou?r/.test(optionName)) color = value(row, o.value);
    }
    const parts = splitShopSku(sku, size, color);
    const badCode = skuProblem(sku) ?? styleCodeProblem(parts.style_code);
    if (badCode !== null) {
      out.errors.push({ row: row.row, error: badCode });
      continue;
    }
    out.rows.push({
      row: row.row,
      style_code: parts.style_code,
      style_name: name === '' ? null : name,
      sku,
      color: displayColor(parts.color),
      size: displaySize(parts.size),
      quantity,
      gatepass_number: null,
      received_date: null,
    });
  }
  return read(out);
}

// The manual stock sheet: DATE, ITEM CODE, COLOR, SIZE, QTY, GATEPASS NUMBER. Dates DD/MM or MM/DD, settled per file.
export function readManualStock(sheet: Sheet): ReadStockFile {
  const [itemColumn, qtyColumn] = requireColumns(sheet, [
    { label: 'ITEM CODE', names: ['ITEM CODE', 'Style Code', 'Item'] },
    { label: 'QTY', names: ['QTY', 'Quantity'] },
  ]);
  const dateColumn = findColumn(sheet, ['DATE']);
  const colorColumn = findColumn(sheet, ['COLOR', 'Colour']);
  const sizeColumn = findColumn(sheet, ['SIZE']);
  const gatepassColumn = findColumn(sheet, ['GATEPASS NUMBER', 'Gatepass', 'Gate Pass Number', 'Gatepass No']);
  const order = settleDateOrder(sheet.rows.map((r) => value(r, dateColumn)));
  const out: Omit<ReadStockFile, 'fingerprint'> = { rows: [], errors: [], skipped_gift_vouchers: 0, skipped_without_stock: 0 };
  for (const row of sheet.rows) {
    const itemCode = cleanCode(value(row, itemColumn));
    if (isGiftItem(itemCode)) {
      out.skipped_gift_vouchers++;
      continue;
    }
    const color = value(row, colorColumn);
    const gatepass = value(row, gatepassColumn);
    const missing = [
      itemCode === '' ? 'ITEM CODE' : null,
      color === '' ? 'COLOR' : null,
      value(row, qtyColumn) === '' ? 'QTY' : null,
      gatepass === '' ? 'GATEPASS NUMBER' : null,
    ].filter((m) => m !== null);
    if (missing.length > 0) {
      out.errors.push({ row: row.row, error: `Missing required fields: ${missing.join(', ')}` });
      continue;
    }
    const quantity = wholeNumberCell(value(row, qtyColumn));
    if (quantity === null || quantity <= 0) {
      out.errors.push({ row: row.row, error: 'Quantity must be greater than 0' });
      continue;
    }
    if (quantity > MAX_QUANTITY) {
      out.errors.push({ row: row.row, error: QUANTITY_MAX_MESSAGE });
      continue;
    }
    const rawDate = value(row, dateColumn);
    const date = rawDate === '' ? null : parseSheetDate(rawDate, order);
    if (rawDate !== '' && date === null) {
      out.errors.push({ row: row.row, error: `Invalid date "${rawDate}": use DD/MM/YYYY or MM/DD/YYYY` });
      continue;
    }
    const size = value(row, sizeColumn);
    const sku = skuOf(itemCode, size, color);
    const badCode = styleCodeProblem(itemCode) ?? skuProblem(sku);
    if (badCode !== null) {
      out.errors.push({ row: row.row, error: badCode });
      continue;
    }
    out.rows.push({
      row: row.row,
      style_code: itemCode,
      style_name: null,
      sku,
      color: displayColor(color),
      size: displaySize(size),
      quantity,
      gatepass_number: gatepass,
      received_date: date,
    });
  }
  return read(out);
}

export const shopifyStockPlanner = sheetPlanner(import.meta.url, readShopifyStock);
export const manualStockPlanner = sheetPlanner(import.meta.url, readManualStock);
