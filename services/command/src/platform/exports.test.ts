import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { cellsOfParts, CUT_MARKER, CUT_NOTE, CUT_SHEET, EXPORT_PART_ROWS, exportParts, writeExport, XLSX_CELL_LIMIT, type ExportMatrix } from './exports.ts';

const read = (bytes: Buffer) => XLSX.read(bytes, { type: 'buffer' });
const rowsOf = (book: XLSX.WorkBook, name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, blankrows: true });

describe('an XLSX export with a cell longer than Excel holds', () => {
  const long = 'x'.repeat(40_000);
  // An emoji (two UTF-16 units) across the cut.
  const emoji = `${'y'.repeat(XLSX_CELL_LIMIT - CUT_MARKER.length - 1)}😀${'z'.repeat(100)}`;
  const cells: ExportMatrix = [
    ['Position', 'What', 'SKUs'],
    [1, 'short', 'DR1000-6-BEIGE'],
    [2, long, emoji],
  ];

  it('cuts the cell to the limit with the marker at its end, and keeps the rest as it is', () => {
    const book = read(writeExport('xlsx', cells, 'Audit'));
    const rows = rowsOf(book, 'Audit');
    expect(rows[1]).toEqual([1, 'short', 'DR1000-6-BEIGE']);
    const what = String(rows[2]![1]);
    expect(what).toHaveLength(XLSX_CELL_LIMIT);
    expect(what.endsWith(CUT_MARKER)).toBe(true);
    expect(what.startsWith('x'.repeat(1000))).toBe(true);
    const sku = String(rows[2]![2]);
    expect(sku.length).toBeLessThanOrEqual(XLSX_CELL_LIMIT);
    expect(sku).toBe(`${'y'.repeat(XLSX_CELL_LIMIT - CUT_MARKER.length - 1)}${CUT_MARKER}`);
  });

  it('says so in a sheet of its own, listing each cut cell with its full length', () => {
    const book = read(writeExport('xlsx', cells, 'Audit'));
    expect(book.SheetNames).toEqual(['Audit', CUT_SHEET]);
    const rows = rowsOf(book, CUT_SHEET);
    expect(rows[0]).toEqual([CUT_NOTE]);
    expect(rows.slice(2)).toEqual([
      ['Row', 'Column', 'Characters'],
      [3, 'What', 40_000],
      [3, 'SKUs', emoji.length],
    ]);
  });

  it('adds no such sheet when nothing is cut', () => {
    expect(read(writeExport('xlsx', cells.slice(0, 2), 'Audit')).SheetNames).toEqual(['Audit']);
  });

  it('keeps every cell in full in the CSV export', () => {
    const csv = writeExport('csv', cells, 'Audit').toString();
    expect(csv).toContain(long);
    expect(csv).toContain(emoji);
  });
});

describe("an export's cells on their way to the writing thread", () => {
  const rows = Array.from({ length: 2 * EXPORT_PART_ROWS + 1 }, (_, n) => ({ n, what: n === 7 ? '=HYPERLINK("x")' : `row ${n}` }));
  const columns = [
    { header: 'N', value: (r: (typeof rows)[number]) => r.n },
    { header: 'What', value: (r: (typeof rows)[number]) => r.what },
  ];

  it('travel as strings of at most one slice of rows each, the header first', async () => {
    const parts = await exportParts(rows, columns);
    expect(parts.every((p) => typeof p === 'string')).toBe(true);
    expect(parts.map((p) => (JSON.parse(p) as unknown[]).length)).toEqual([1, EXPORT_PART_ROWS, EXPORT_PART_ROWS, 1]);
  });

  it('read back as the header and every row, neutralised, in order', async () => {
    const cells = cellsOfParts(await exportParts(rows, columns));
    expect(cells[0]).toEqual(['N', 'What']);
    expect(cells).toHaveLength(rows.length + 1);
    expect(cells[8]).toEqual([7, `'=HYPERLINK("x")`]);
    expect(cells.at(-1)).toEqual([rows.length - 1, `row ${rows.length - 1}`]);
  });
});
