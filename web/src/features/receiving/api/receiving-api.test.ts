import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { manualEntryFile } from './receiving-api.ts';

const rows = [{ date: '2026-05-01', item_code: 'DR1000', color: 'Black', size: '10', quantity: 5, gatepass_number: 'GP-1' }];

describe('manual entry file', () => {
  it('is the generated CSV when the manual-stock upload accepts CSV', async () => {
    const { blob, filename } = manualEntryFile(rows, ['xlsx', 'xls', 'csv']);
    expect(filename).toBe('manual-entry.csv');
    expect(await blob.text()).toBe('DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\r\n2026-05-01,DR1000,Black,10,5,GP-1\r\n');
  });

  it('is a one-sheet workbook with the same header and rows when only spreadsheets are accepted', async () => {
    const { blob, filename } = manualEntryFile(rows, ['xlsx', 'xls']);
    expect(filename).toBe('manual-entry.xlsx');
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([
      ['DATE', 'ITEM CODE', 'COLOR', 'SIZE', 'QTY', 'GATEPASS NUMBER'],
      ['2026-05-01', 'DR1000', 'Black', '10', 5, 'GP-1'],
    ]);
  });
});
