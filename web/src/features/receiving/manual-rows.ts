// The Manual Entry table (spec section 5, Manual stock save): which rows are sent and the sheet they become.

export interface ManualRow {
  key: number;
  /** YYYY-MM-DD. */
  date: string;
  itemCode: string;
  color: string;
  size: string;
  quantity: string;
  gatepassNumber: string;
}

export const MANUAL_HEADER = ['DATE', 'ITEM CODE', 'COLOR', 'SIZE', 'QTY', 'GATEPASS NUMBER'] as const;
export const NO_COMPLETE_ROWS = 'Please fill in at least one complete entry';

/** The spec's Manual stock row, as sent. */
export interface ManualStockRow {
  date: string;
  item_code: string;
  color: string;
  size: string;
  quantity: number;
  gatepass_number: string;
}

let nextKey = 1;
export function emptyRow(date: string): ManualRow {
  return { key: nextKey++, date, itemCode: '', color: '', size: '', quantity: '', gatepassNumber: '' };
}

/** A whole number above 0, or null. */
export function quantityOf(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** Complete: item code, colour, size, a quantity above 0 and a gatepass number. */
export function isComplete(row: ManualRow): boolean {
  return (
    row.itemCode.trim() !== '' &&
    row.color.trim() !== '' &&
    row.size.trim() !== '' &&
    quantityOf(row.quantity) !== null &&
    row.gatepassNumber.trim() !== ''
  );
}

/** True when the row has something typed in it (a date alone does not count). */
export function isStarted(row: ManualRow): boolean {
  return [row.itemCode, row.color, row.size, row.quantity, row.gatepassNumber].some((v) => v.trim() !== '');
}

export function rowsToSend(rows: readonly ManualRow[]): ManualStockRow[] {
  return rows.filter(isComplete).map((row) => ({
    date: row.date,
    item_code: row.itemCode.trim().toUpperCase(),
    color: row.color.trim(),
    size: row.size.trim(),
    quantity: quantityOf(row.quantity) ?? 0,
    gatepass_number: row.gatepassNumber.trim(),
  }));
}

export function sheetRows(rows: readonly ManualStockRow[]): (string | number)[][] {
  return [[...MANUAL_HEADER], ...rows.map((r) => [r.date, r.item_code, r.color, r.size, r.quantity, r.gatepass_number])];
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The generated CSV file: header DATE, ITEM CODE, COLOR, SIZE, QTY, GATEPASS NUMBER, one line per row. */
export function toCsv(rows: readonly ManualStockRow[]): string {
  return sheetRows(rows)
    .map((cells) => cells.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}
