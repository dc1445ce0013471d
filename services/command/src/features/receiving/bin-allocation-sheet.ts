import {
  locationCodeProblem,
  MAX_QUANTITY,
  QUANTITY_MAX_MESSAGE,
  parseSheetDate,
  settleDateOrder,
  skuProblem,
  styleCodeProblem,
  wholeNumberCell,
  type UploadRowError,
} from '@wh/contracts';
import { badRequest } from '../../platform/errors.ts';
import { cleanCode, findColumn, sheetPlanner, type Sheet, type SheetRow } from '../../platform/uploads.ts';

// The bin allocation sheet: each row says how many units of a style (or SKU) a location holds as of Last Updated.
// Reading it is pure (the upload pool runs it); applying it is bin-allocation.ts.

export interface SheetLine {
  row: number;
  location: string;
  style_code: string;
  sku: string;
  color: string;
  size: string;
  quantity: number;
  as_of: string | null;
}

const value = (row: SheetRow, column: string | undefined) => (column === undefined ? '' : (row.values[column] ?? ''));

export function readBinAllocation(sheet: Sheet): { lines: SheetLine[]; errors: UploadRowError[] } {
  const bin = findColumn(sheet, ['Bin Number', 'Bin', 'Bin name', 'Location']);
  const style = findColumn(sheet, ['Style Code', 'Style', 'ITEM CODE']);
  const sku = findColumn(sheet, ['SKU', 'Variant SKU']);
  const quantity = findColumn(sheet, ['Quantity', 'QTY', 'On hand']);
  const missing = [bin ? null : 'Bin Number', style || sku ? null : 'Style Code (or SKU)', quantity ? null : 'Quantity'].filter((m) => m !== null);
  if (missing.length > 0) throw badRequest(`Missing required columns: ${missing.join(', ')}`);
  const color = findColumn(sheet, ['Color', 'Colour']);
  const size = findColumn(sheet, ['Size']);
  const updated = findColumn(sheet, ['Last Updated', 'Date']);
  const order = settleDateOrder(sheet.rows.map((r) => value(r, updated)));
  const lines: SheetLine[] = [];
  const errors: UploadRowError[] = [];
  for (const row of sheet.rows) {
    const location = cleanCode(value(row, bin));
    const styleCode = cleanCode(value(row, style));
    const skuCode = cleanCode(value(row, sku));
    const rawQuantity = value(row, quantity);
    const absent = [location ? null : 'Bin Number', styleCode || skuCode ? null : 'Style Code', rawQuantity ? null : 'Quantity'].filter(
      (m) => m !== null,
    );
    if (absent.length > 0) {
      errors.push({ row: row.row, error: `Missing required fields: ${absent.join(', ')}` });
      continue;
    }
    const badCode = locationCodeProblem(location) ?? (styleCode ? styleCodeProblem(styleCode) : null) ?? (skuCode ? skuProblem(skuCode) : null);
    if (badCode !== null) {
      errors.push({ row: row.row, error: badCode });
      continue;
    }
    const count = wholeNumberCell(rawQuantity);
    if (count === null || count < 0) {
      errors.push({ row: row.row, error: 'Quantity must be a whole number of 0 or more' });
      continue;
    }
    if (count > MAX_QUANTITY) {
      errors.push({ row: row.row, error: QUANTITY_MAX_MESSAGE });
      continue;
    }
    const rawDate = value(row, updated);
    const asOf = rawDate === '' ? null : parseSheetDate(rawDate, order);
    if (rawDate !== '' && asOf === null) {
      errors.push({ row: row.row, error: `Invalid Last Updated date "${rawDate}": use DD/MM/YYYY or MM/DD/YYYY` });
      continue;
    }
    lines.push({
      row: row.row,
      location,
      style_code: styleCode,
      sku: skuCode,
      color: value(row, color),
      size: value(row, size),
      quantity: count,
      as_of: asOf,
    });
  }
  return { lines, errors };
}

export const binAllocationPlanner = sheetPlanner(import.meta.url, readBinAllocation);
