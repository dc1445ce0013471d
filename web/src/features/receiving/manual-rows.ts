// The Manual Entry table (spec section 5, Manual stock save): which rows are sent and the sheet they become.
import type { DraftSpec } from '../../lib/drafts.ts';
import { todayIso } from '../../lib/stock-options.ts';

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

// Keys stay unique across reloads (a restored draft keeps its rows' keys), so a session's first key is the time.
let nextKey = Date.now();
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

const MANUAL_FIELDS = ['date', 'itemCode', 'color', 'size', 'quantity', 'gatepassNumber'] as const;

/** A stored draft still has the rows' shape: a list of rows, each with a numeric key and its text fields. */
export function isManualRows(value: unknown): value is ManualRow[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((r: unknown) => {
      if (typeof r !== 'object' || r === null) return false;
      const row = r as Record<string, unknown>;
      return typeof row.key === 'number' && MANUAL_FIELDS.every((f) => typeof row[f] === 'string');
    })
  );
}

const START_ROWS = 3;

export function freshRows(): ManualRow[] {
  const today = todayIso();
  return Array.from({ length: START_ROWS }, () => emptyRow(today));
}

/** The table's rows as typed, kept until sent: rows with nothing typed in them are no draft. */
export const manualEntryDraft: DraftSpec<ManualRow[]> = {
  name: 'stock-entry-rows',
  empty: freshRows(),
  isValid: isManualRows,
  isEmpty: (rows) => !rows.some(isStarted),
};

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
