import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { slicesInTurns } from './turns.ts';
import type { FilePool } from './file-pool.ts';

// Shared machinery for CSV and XLSX downloads. A cell a spreadsheet would run as a formula (= + - @, tab, CR)
// is prefixed with an apostrophe so opening an export never executes what someone typed into the app.
//
// Excel holds at most 32,767 characters in a cell (and the XLSX writer refuses a longer one). In an XLSX export a
// longer cell keeps its first characters and ends with CUT_MARKER, and a sheet named CUT_SHEET says so and lists
// each cut cell with its full length; the CSV export, which has no such limit, holds every cell in full.

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

export function neutralise(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type ExportMatrix = (string | number)[][];

export const XLSX_CELL_LIMIT = 32_767;
export const CUT_MARKER = ' … [cut]';
export const CUT_SHEET = 'Cut cells';
export const CUT_NOTE =
  `Excel holds at most 32,767 characters in a cell. The cells below were longer: each keeps its first characters ` +
  `and ends with "${CUT_MARKER.trim()}". The CSV export holds them in full.`;

interface CutCell {
  row: number;
  column: string;
  characters: number;
}

// Cells within Excel's limit, and the cells that had to be cut to get there (rows as Excel numbers them).
function fitForExcel(cells: ExportMatrix): { cells: ExportMatrix; cut: CutCell[] } {
  const cut: CutCell[] = [];
  const header = cells[0] ?? [];
  const fitted = cells.map((row, r) =>
    row.some((v) => typeof v === 'string' && v.length > XLSX_CELL_LIMIT)
      ? row.map((value, c) => {
          if (typeof value !== 'string' || value.length <= XLSX_CELL_LIMIT) return value;
          cut.push({ row: r + 1, column: String(header[c] ?? XLSX.utils.encode_col(c)), characters: value.length });
          let keep = XLSX_CELL_LIMIT - CUT_MARKER.length;
          // Never half a character: a surrogate pair is kept whole or left out.
          const last = value.charCodeAt(keep - 1);
          if (last >= 0xd800 && last <= 0xdbff) keep--;
          return value.slice(0, keep) + CUT_MARKER;
        })
      : row,
  );
  return { cells: fitted, cut };
}

// The header and the rows' cells, neutralised, as JSON parts of at most EXPORT_PART_ROWS rows, each made in its own
// turn of the event loop. They reach the writing thread as strings, which cross without a structured copy: handing it
// the cells of 100,000 rows as one array would copy them in one synchronous step of most of a second.
export const EXPORT_PART_ROWS = 2000;
export type ExportParts = string[];

export async function exportParts<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): Promise<ExportParts> {
  const parts: ExportParts = [JSON.stringify([columns.map((c) => c.header)])];
  await slicesInTurns(rows, EXPORT_PART_ROWS, (start, end) => {
    const cells: ExportMatrix = [];
    for (let i = start; i < end; i++) cells.push(columns.map((c) => neutralise(c.value(rows[i]!))));
    parts.push(JSON.stringify(cells));
  });
  return parts;
}

export function cellsOfParts(parts: ExportParts): ExportMatrix {
  const cells: ExportMatrix = [];
  for (const part of parts) for (const row of JSON.parse(part) as ExportMatrix) cells.push(row);
  return cells;
}

// The file itself, written in a worker thread of the file pool (file-pool.ts, write): 100,000 rows take seconds of
// CPU as XLSX and a third of a second as CSV.
export function writeExport(format: ExportFormat, cells: ExportMatrix, sheetName: string): Buffer {
  if (format === 'csv') {
    // A byte-order mark so Excel reads UTF-8 names correctly.
    return Buffer.from(`\uFEFF${Papa.unparse(cells, { newline: '\r\n' })}`);
  }
  const book = XLSX.utils.book_new();
  const fitted = fitForExcel(cells);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(fitted.cells), sheetName.slice(0, 31));
  if (fitted.cut.length > 0) {
    const listed = fitted.cut.map((c) => [c.row, c.column, c.characters]);
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[CUT_NOTE], [], ['Row', 'Column', 'Characters'], ...listed]), CUT_SHEET);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export async function sendExport<T>(
  reply: FastifyReply,
  files: Pick<FilePool, 'write'>,
  options: { format: ExportFormat; filename: string; sheetName: string; rows: readonly T[]; columns: readonly ExportColumn<T>[] },
): Promise<FastifyReply> {
  const body = await files.write(options.format, await exportParts(options.rows, options.columns), options.sheetName);
  const name = `${options.filename}.${options.format}`;
  reply.header('content-disposition', `attachment; filename="${name}"`);
  return reply.type(options.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(body);
}
