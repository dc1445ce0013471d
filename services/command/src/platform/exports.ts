import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';

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

function matrix<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): (string | number)[][] {
  return [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => neutralise(c.value(r))))];
}

export function toCsv<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): string {
  // A byte-order mark so Excel reads UTF-8 names correctly.
  return `\uFEFF${Papa.unparse(matrix(rows, columns), { newline: '\r\n' })}`;
}

export function toXlsx<T>(rows: readonly T[], columns: readonly ExportColumn<T>[], sheetName: string): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(matrix(rows, columns));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export function sendExport<T>(
  reply: FastifyReply,
  options: { format: ExportFormat; filename: string; sheetName: string; rows: readonly T[]; columns: readonly ExportColumn<T>[] },
): FastifyReply {
  const name = `${options.filename}.${options.format}`;
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'no-store');
  if (options.format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(toCsv(options.rows, options.columns));
  }
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(toXlsx(options.rows, options.columns, options.sheetName));
}
