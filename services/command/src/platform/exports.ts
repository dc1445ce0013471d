import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { mapInTurns } from './turns.ts';
import type { FilePool } from './file-pool.ts';

// Shared machinery for CSV and XLSX downloads. A cell a spreadsheet would run as a formula (= + - @, tab, CR)
// is prefixed with an apostrophe so opening an export never executes what someone typed into the app.

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

// The header and the rows' cells, neutralised; made a slice per turn of the event loop.
async function matrix<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): Promise<ExportMatrix> {
  const cells: ExportMatrix = await mapInTurns(rows, (r) => columns.map((c) => neutralise(c.value(r))));
  cells.unshift(columns.map((c) => c.header));
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
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export async function sendExport<T>(
  reply: FastifyReply,
  files: Pick<FilePool, 'write'>,
  options: { format: ExportFormat; filename: string; sheetName: string; rows: readonly T[]; columns: readonly ExportColumn<T>[] },
): Promise<FastifyReply> {
  const body = await files.write(options.format, await matrix(options.rows, options.columns), options.sheetName);
  const name = `${options.filename}.${options.format}`;
  reply.header('content-disposition', `attachment; filename="${name}"`);
  return reply.type(options.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(body);
}
