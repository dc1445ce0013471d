import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildXlsx, columnName, crc32 } from './xlsx-writer.ts';

describe('xlsx writer', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 51, 52].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes a workbook a spreadsheet reader reads back cell for cell', () => {
    const rows = [
      ['DATE', 'ITEM CODE', 'COLOR', 'SIZE', 'QTY', 'GATEPASS NUMBER'],
      ['2026-05-01', 'DR1000', 'Black & White', '10', 5, 'GP-<1>'],
      ['2026-05-02', 'TP1001', 'Café', 'Free Size', 12, ''],
    ];
    const book = XLSX.read(buildXlsx(rows, 'Manual Stock'), { type: 'array' });
    expect(book.SheetNames).toEqual(['Manual Stock']);
    const sheet = book.Sheets['Manual Stock']!;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: '' })).toEqual(rows);
  });
});
