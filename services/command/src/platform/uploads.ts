import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { MAX_UPLOAD_BYTES, normaliseCode } from '@wh/contracts';
import { badRequest, DomainError } from './errors.ts';

// Shared machinery for every file upload: receive one multipart file, check its type and size, and read it into
// rows keyed by normalised header, numbered as a spreadsheet numbers them (the header is row 1).

export const MAX_UPLOAD_ROWS = 250_000;
export const MAX_UPLOAD_COLUMNS = 1_000;
// A workbook is a zip; refuse one that would unpack to more than this before handing it to the parser.
export const MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: 'File size must be less than 10MB',
  empty: 'The selected file is empty. Please choose a file with data.',
  noData: 'File is empty or contains no valid data',
  unsupported: 'Unsupported file format. Please upload CSV or Excel files.',
  passwordProtected: 'File is password-protected',
  csvFailed: 'Failed to parse CSV file',
  excelFailed: 'Failed to parse Excel file',
  readFailed: 'Failed to read file',
  noFile: 'No file uploaded. Send one file in a form field named file.',
} as const;

export type SheetExtension = 'csv' | 'xlsx' | 'xls';

export interface UploadedFile {
  filename: string;
  extension: string;
  buffer: Buffer;
}

export interface SheetRow {
  // Spreadsheet row number: header is 1, so the first data row is 2. Blank rows are skipped but still counted.
  row: number;
  // Keyed by normalised header (trimmed, lower case, inner spaces collapsed). Values are trimmed strings;
  // an Excel date cell becomes YYYY-MM-DD, a number its plain decimal text.
  values: Record<string, string>;
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

export const unprocessable = (message: string) => new DomainError('UNPROCESSABLE', 422, message);

export function normaliseHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

const parts = new WeakMap<FastifyRequest, Promise<{ filename: string; buffer: Buffer } | null>>();

// The one file of a multipart request, read once however many ask (the idempotency check hashes it before the
// route reads it). The size limit is enforced while streaming (413 from the error handler).
export function uploadedPart(request: FastifyRequest): Promise<{ filename: string; buffer: Buffer } | null> {
  let read = parts.get(request);
  if (!read) {
    read = (async () => {
      const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      return part ? { filename: part.filename ?? '', buffer: await part.toBuffer() } : null;
    })();
    parts.set(request, read);
  }
  return read;
}

export async function receiveUpload(
  request: FastifyRequest,
  options: { accept: readonly string[]; invalidTypeMessage: string },
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  const part = await uploadedPart(request);
  if (!part) throw badRequest(UPLOAD_MESSAGES.noFile);
  const { buffer, filename } = part;
  const extension = extensionOf(filename);
  if (!options.accept.includes(extension)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 415, options.invalidTypeMessage);
  if (buffer.length === 0) throw badRequest(UPLOAD_MESSAGES.empty);
  return { filename, extension, buffer };
}

type Sniffed = 'zip' | 'ole' | 'text' | 'binary';

function sniff(buffer: Buffer): Sniffed {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return 'zip';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'ole';
  const head = buffer.subarray(0, 8192);
  // UTF-16 text has NULs too; we read UTF-8 and Windows-1252 only, as spreadsheet apps write by default.
  if (head.includes(0)) return 'binary';
  return 'text';
}

// Sum of uncompressed sizes from the zip's central directory, without inflating anything.
export function zipUncompressedSize(buffer: Buffer): number | null {
  const minEocd = 22;
  for (let i = buffer.length - minEocd; i >= Math.max(0, buffer.length - minEocd - 65535); i--) {
    if (buffer.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = buffer.readUInt16LE(i + 10);
    let offset = buffer.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) return null;
      total += buffer.readUInt32LE(offset + 24);
      offset += 46 + buffer.readUInt16LE(offset + 28) + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
    }
    return total;
  }
  return null;
}

function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    // Excel's "CSV" on Windows writes Windows-1252.
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

function toRows(matrix: unknown[][], firstRowNumber: number[] | null): Sheet {
  const headerIndex = matrix.findIndex((r) => r.some((c) => cellText(c) !== ''));
  if (headerIndex < 0) throw badRequest(UPLOAD_MESSAGES.noData);
  const rawHeaders = (matrix[headerIndex] ?? []).map((c) => cellText(c));
  if (rawHeaders.length > MAX_UPLOAD_COLUMNS) {
    throw unprocessable(`The file has ${rawHeaders.length} columns; at most ${MAX_UPLOAD_COLUMNS} can be read.`);
  }
  const headers = rawHeaders.map(normaliseHeader);
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < matrix.length; i++) {
    const cells = matrix[i] ?? [];
    const values: Record<string, string> = {};
    let blank = true;
    headers.forEach((h, c) => {
      if (h === '') return;
      const text = cellText(cells[c]);
      if (text !== '') blank = false;
      // A repeated header keeps its first non-empty value.
      if (values[h] === undefined || values[h] === '') values[h] = text;
    });
    if (blank) continue;
    rows.push({ row: firstRowNumber ? (firstRowNumber[i] ?? i + 1) : i + 1, values });
    if (rows.length > MAX_UPLOAD_ROWS) {
      throw unprocessable(`The file has more than ${MAX_UPLOAD_ROWS.toLocaleString('en-GB')} rows. Please split it into smaller files.`);
    }
  }
  return { headers: rawHeaders, rows };
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    // SheetJS builds date cells at local midnight of the process's zone; take the calendar date it meant.
    const y = cell.getFullYear();
    const m = String(cell.getMonth() + 1).padStart(2, '0');
    const d = String(cell.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return String(cell).trim();
}

function parseCsv(buffer: Buffer): Sheet {
  const text = decodeText(buffer);
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, dynamicTyping: false });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' && e.code === 'MissingQuotes');
  if (fatal && parsed.data.length <= 1) throw unprocessable(UPLOAD_MESSAGES.csvFailed);
  return toRows(parsed.data, null);
}

function parseWorkbook(buffer: Buffer, kind: Sniffed): Sheet {
  if (kind === 'ole' && buffer.includes(Buffer.from('EncryptedPackage', 'utf16le'))) {
    throw unprocessable(UPLOAD_MESSAGES.passwordProtected);
  }
  if (kind === 'zip') {
    const size = zipUncompressedSize(buffer);
    if (size === null) throw unprocessable(UPLOAD_MESSAGES.excelFailed);
    if (size > MAX_UNCOMPRESSED_BYTES) throw unprocessable('The workbook unpacks to more than 200 MB. Please save a smaller file.');
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: 'buffer',
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      dense: true,
      sheetRows: MAX_UPLOAD_ROWS + 2,
    });
  } catch (error) {
    if (/password/i.test((error as Error).message ?? '')) throw unprocessable(UPLOAD_MESSAGES.passwordProtected);
    throw unprocessable(UPLOAD_MESSAGES.excelFailed);
  }
  const firstName = workbook.SheetNames[0];
  const sheet = firstName === undefined ? undefined : workbook.Sheets[firstName];
  if (!sheet) throw badRequest(UPLOAD_MESSAGES.noData);
  const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null;
  if (range && range.e.c - range.s.c + 1 > MAX_UPLOAD_COLUMNS) {
    throw unprocessable(`The file has ${range.e.c - range.s.c + 1} columns; at most ${MAX_UPLOAD_COLUMNS} can be read.`);
  }
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: '' });
  // Row numbers as the sheet shows them, even when the used range does not start at row 1.
  const start = range ? range.s.r : 0;
  const numbers = matrix.map((_, i) => start + i + 1);
  return toRows(matrix, numbers);
}

// Reads a received file into rows. The content decides the parser; the extension only has to be an accepted one.
export function parseSheet(file: UploadedFile): Sheet {
  const kind = sniff(file.buffer);
  if (kind === 'binary') {
    throw unprocessable(file.extension === 'csv' ? UPLOAD_MESSAGES.csvFailed : UPLOAD_MESSAGES.excelFailed);
  }
  if (kind === 'text') {
    // An .xls that is really text (HTML or SpreadsheetML, as some exporters write) goes to the workbook reader.
    if (file.extension !== 'csv' && /^\s*</.test(file.buffer.subarray(0, 512).toString('utf8'))) return parseWorkbook(file.buffer, kind);
    return parseCsv(file.buffer);
  }
  return parseWorkbook(file.buffer, kind);
}

// The first header among `names` present in the sheet, matched trimmed and case-insensitive.
export function findColumn(sheet: Sheet, names: readonly string[]): string | undefined {
  const present = new Set(sheet.headers.map(normaliseHeader));
  return names.map(normaliseHeader).find((n) => present.has(n));
}

// A code cell as the catalogue keeps codes; an absent cell is an empty code.
export function cleanCode(value: string | undefined): string {
  return normaliseCode(value ?? '');
}

const GIFT_PATTERN = /\b(?:gift[\s_-]*vouchers?|gift[\s_-]*cards?|vouchers?|e[\s_-]*gift|digital[\s_-]*gift)(?![a-z])/i;

// Gift vouchers and cards are not stock: rows whose SKU, title or item, or handle mention them are skipped.
export function isGiftItem(...fields: (string | undefined)[]): boolean {
  return fields.some((f) => f !== undefined && GIFT_PATTERN.test(f));
}

export type DateOrder = 'DMY' | 'MDY';

// DD/MM or MM/DD is settled per file by any value whose first or second part is above 12; else DD/MM.
export function settleDateOrder(values: readonly string[]): DateOrder {
  for (const v of values) {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}/.exec(v.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'DMY';
    if (Number(m[2]) > 12) return 'MDY';
  }
  return 'DMY';
}

// A sheet date as YYYY-MM-DD, or null if it is not a date.
export function parseSheetDate(value: string, order: DateOrder): string | null {
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(v);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  let year = Number(m[3]);
  if (year < 100) year += 2000;
  return order === 'DMY' ? validDate(year, b, a) : validDate(year, a, b);
}

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
