import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cleanCode,
  findColumn,
  parseSheet,
  UPLOAD_MESSAGES,
  zipUncompressedSize,
  type UploadedFile,
} from './uploads.ts';
import { DomainError } from './errors.ts';
import { cellBomb, passwordProtectedWorkbook, workbook, zipBomb } from './upload-samples.ts';
import { FIXTURES_DIR } from '../../../../test/fixtures.ts';

const fixtures = FIXTURES_DIR;
const file = (filename: string, content: Buffer | string): UploadedFile => ({
  filename,
  extension: filename.split('.').pop() ?? '',
  buffer: typeof content === 'string' ? Buffer.from(content) : content,
});
const fixture = (path: string) => file(path.split('/').pop() ?? path, readFileSync(fixtures + path));

function refusal(f: UploadedFile): { status: number; message: string } {
  try {
    parseSheet(f);
  } catch (e) {
    if (e instanceof DomainError) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error('expected the file to be refused');
}


describe('reading CSV', () => {
  it('strips the byte-order mark, reads CRLF and keeps quoted commas and newlines in one cell', () => {
    const csv = '\uFEFFHandle , Title,Body (HTML)\r\ndress-1,"Dress, long","<p>line one\r\nline two</p>"\r\nbag-2,Bag,\r\n';
    const sheet = parseSheet(file('products.csv', csv));
    expect(sheet.headers).toEqual(['Handle', 'Title', 'Body (HTML)']);
    expect(sheet.rows).toEqual([
      { row: 2, values: { handle: 'dress-1', title: 'Dress, long', 'body (html)': '<p>line one\r\nline two</p>' } },
      { row: 3, values: { handle: 'bag-2', title: 'Bag', 'body (html)': '' } },
    ]);
  });

  it('skips blank rows but keeps counting them, so row numbers are the spreadsheet rows', () => {
    const sheet = parseSheet(file('a.csv', 'SKU,Qty\nA,1\n,\n\nB,2\n'));
    expect(sheet.rows.map((r) => [r.row, r.values.sku])).toEqual([
      [2, 'A'],
      [5, 'B'],
    ]);
  });

  it('reads Windows-1252 text that is not valid UTF-8', () => {
    const sheet = parseSheet(file('a.csv', Buffer.from([0x49, 0x74, 0x65, 0x6d, 0x0a, 0xa3, 0x35, 0x30, 0x0a])));
    expect(sheet.rows[0]?.values.item).toBe('£50');
  });

  it('refuses binary content named .csv, and a file with no rows at all', () => {
    expect(refusal(file('x.csv', Buffer.from([1, 0, 2, 0, 3])))).toEqual({ status: 422, message: 'Failed to parse CSV file' });
    expect(refusal(file('x.csv', '\r\n\r\n'))).toEqual({ status: 400, message: 'File is empty or contains no valid data' });
  });
});

describe('reading workbooks', () => {
  it('reads the three order fixtures into the same rows with the same spreadsheet row numbers', () => {
    const csv = parseSheet(fixture('orders/daily-orders.csv'));
    const xlsx = parseSheet(fixture('orders/daily-orders.xlsx'));
    const xls = parseSheet(fixture('orders/daily-orders.xls'));
    const key = (s: typeof csv) => s.rows.map((r) => [r.row, r.values['order #'], r.values.sku, r.values.item]);
    expect(key(xlsx)).toEqual(key(csv));
    expect(key(xls)).toEqual(key(csv));
    expect(csv.rows.at(-1)?.row).toBe(63);
  });

  it('reads the first sheet only, date cells as calendar dates and formulas as their values', () => {
    const buffer = workbook([
      ['DATE', 'ITEM CODE', 'QTY'],
      [new Date(2026, 10, 3), "'dr1000", { t: 'n', v: 6, f: 'SUM(2,4)' }],
    ]);
    const sheet = parseSheet(file('stock.xlsx', buffer));
    expect(sheet.rows).toEqual([{ row: 2, values: { date: '2026-11-03', 'item code': "'dr1000", qty: '6' } }]);
  });

  it('refuses a password-protected workbook with the spec message', () => {
    // An encrypted OOXML file is an OLE2 container holding an EncryptedPackage stream.
    const ole = passwordProtectedWorkbook();
    expect(refusal(file('locked.xlsx', ole))).toEqual({ status: 422, message: 'File is password-protected' });
  });

  it('refuses random bytes named .xlsx and .xls', () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251 || 1));
    expect(refusal(file('r.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), random])))).toEqual({
      status: 422,
      message: 'Failed to parse Excel file',
    });
    expect(refusal(file('r.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), random])))).toEqual({
      status: 422,
      message: 'Failed to parse Excel file',
    });
  });

  it('measures a zip from its central directory and refuses one that unpacks past the limit', () => {
    const normal = workbook([['SKU'], ['A']]);
    expect(zipUncompressedSize(normal)).toBeGreaterThan(0);
    // 300 MB of zeros deflates to about 300 KB.
    const bomb = zipBomb(300 * 1024 * 1024);
    expect(refusal(file('bomb.xlsx', bomb))).toEqual({
      status: 422,
      message: 'The workbook unpacks to more than 100 MB. Please save a smaller file.',
    });
  });

  it('refuses a zip whose directory understates what it unpacks to, once it has inflated the budget', () => {
    // Declares 1 KB; inflates to 300 MB.
    const liar = zipBomb(300 * 1024 * 1024, 1024);
    expect(zipUncompressedSize(liar)).toBe(1024);
    expect(refusal(file('liar.xlsx', liar))).toEqual({ status: 422, message: UPLOAD_MESSAGES.tooBigUnpacked });
  });

  it('refuses a workbook of more cells than the budget before building them', () => {
    // 95 MB of the smallest numeric cells, inside the unpacked budget: about 6,600,000 cells.
    const bomb = cellBomb(95 * 1024 * 1024);
    expect(zipUncompressedSize(bomb)).toBeLessThan(100 * 1024 * 1024);
    expect(refusal(file('cells.xlsx', bomb))).toEqual({ status: 422, message: 'The file has more than 5,000,000 cells. Please split it into smaller files.' });
    // The same sheet, small, is read.
    expect(parseSheet(file('cells.xlsx', cellBomb(64 * 1024))).rows.length).toBeGreaterThan(0);
  });

  it('refuses a sheet with more columns than can be read', () => {
    const wide = Array.from({ length: 1500 }, (_, i) => `C${i}`).join(',');
    expect(refusal(file('wide.csv', `${wide}\n1\n`))).toEqual({
      status: 422,
      message: 'The file has 1500 columns; at most 1000 can be read.',
    });
  });
});

describe('cells and rows past the budgets', () => {
  it('refuses a CSV whose grid passes the cell budget, counting each row as wide as the header', () => {
    // 1,000 columns and 5,001 rows of one cell: 5,001,000 cells to lay out, in 18 KB.
    const header = Array.from({ length: 1000 }, (_, i) => `C${i}`).join(',');
    const csv = `${header}\n${'x\n'.repeat(5001)}`;
    expect(refusal(file('grid.csv', csv))).toEqual({ status: 422, message: UPLOAD_MESSAGES.tooManyCells });
    expect(parseSheet(file('grid.csv', `${header}\n${'x\n'.repeat(4000)}`)).rows).toHaveLength(4000);
  });

  it('counts blank lines towards row numbers without keeping them', () => {
    const sheet = parseSheet(file('gaps.csv', `SKU,Qty\n${'\n'.repeat(100_000)}A,1\n`));
    expect(sheet.rows).toEqual([{ row: 100_002, values: { sku: 'A', qty: '1' } }]);
  });
});

describe('cells no database can store', () => {
  const message = (column: string) => `${column} contains a character that cannot be saved (a NUL or an unpaired surrogate). Please remove it and upload again.`;

  it('a NUL in a CSV cell makes its row a row error; the other rows are read', () => {
    const sheet = parseSheet(file('nul.csv', 'SKU,Title,Qty\nA-1-RED,Dress,1\nB-1-RED,Dr\u0000ess,2\nC-1-RED,Skirt,3\n'));
    expect(sheet.rows.map((r) => r.values.sku)).toEqual(['A-1-RED', 'C-1-RED']);
    expect(sheet.errors).toEqual([{ row: 3, error: message('Column 2 (Title)') }]);
  });

  it('a lone surrogate or a NUL in a workbook cell makes its row a row error', () => {
    // The legacy .xls format keeps UTF-16 text as written, unpaired halves included.
    const xls = workbook([['SKU', 'Title'], ['A-1-RED', 'Dress \uD83D'], ['B-1-RED', '\uDC00'], ['C-1-RED', 'Skirt \uD83D\uDC57'], ['D-1-RED', 'N\u0000']], 'biff8');
    const sheet = parseSheet(file('odd.xls', xls));
    expect(sheet.rows.map((r) => [r.row, r.values.title])).toEqual([[4, 'Skirt \uD83D\uDC57']]);
    expect(sheet.errors.map((e) => e.row)).toEqual([2, 3, 5]);
    expect(parseSheet(file('nul.xlsx', workbook([['SKU', 'Title'], ['A-1-RED', 'N\u0000'], ['B-1-RED', 'Bag']]))).errors).toEqual([
      { row: 2, error: message('Column 2 (Title)') },
    ]);
  });
});

describe('columns and codes', () => {
  it('finds a column by any of its names, trimmed and case-insensitive', () => {
    const sheet = parseSheet(file('a.csv', ' ORDER , Title ,SKU\n1,x,y\n'));
    expect(findColumn(sheet, ['Order #', 'Order'])).toBe('order');
    expect(findColumn(sheet, ['Item', 'Title'])).toBe('title');
    expect(findColumn(sheet, ['Quantity', 'Qty'])).toBeUndefined();
  });

  it('cleans codes: apostrophe and spaces stripped, upper case', () => {
    expect(cleanCode("  'dr1000-8-blue ")).toBe('DR1000-8-BLUE');
    expect(cleanCode(undefined)).toBe('');
  });
});
