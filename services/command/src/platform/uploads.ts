import type { FastifyRequest } from 'fastify';
import * as zlib from 'node:zlib';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { isStorableText, MAX_UPLOAD_BYTES, normaliseCode } from '@wh/contracts';
import { badRequest, DomainError, unprocessable } from './errors.ts';

// Shared machinery for every file upload: receive one multipart file, check its type and size, and read it into
// rows keyed by normalised header, numbered as a spreadsheet numbers them (the header is row 1). Reading runs in the
// upload pool's worker threads (file-pool.ts), never on the service's event loop.

export const MAX_UPLOAD_ROWS = 250_000;
export const MAX_UPLOAD_COLUMNS = 1_000;
// A workbook is a zip. Ten times the upload limit: a 250,000-row order sheet unpacks to about 60 MB; a file that
// unpacks to more is built to make the reader work, not to carry a day's data.
export const MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
// The sheet's grid (each row as wide as the header, or wider): MAX_UPLOAD_ROWS rows of 20 columns. A Shopify export
// of 70 columns reaches it at about 70,000 rows, far past what 10 MB of CSV holds.
export const MAX_UPLOAD_CELLS = 5_000_000;

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
  notMultipart: 'The upload could not be read: it is not a complete multipart form. Please choose the file and upload it again.',
  badFilename: 'The file name contains characters that cannot be saved. Please rename the file and upload it again.',
  tooManyCells: `The file has more than ${MAX_UPLOAD_CELLS.toLocaleString('en-GB')} cells. Please split it into smaller files.`,
  tooBigUnpacked: `The workbook unpacks to more than ${MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB. Please save a smaller file.`,
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

export interface SheetRowError {
  row: number;
  error: string;
}

// What a route's planner reads.
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

// What the reader makes of a file: the sheet, and the rows it refuses whatever the route (a cell no database can
// store), left out of `rows`.
export interface ReadSheet extends Sheet {
  errors: SheetRowError[];
}

// A route's planner: a pure function from the sheet to what the route stores, with the rows it refuses. It runs in
// the upload pool's worker threads (file-pool.ts), which load it by its module and exported name; the type is the
// planner's own result.
export interface SheetPlanner<T extends { errors: SheetRowError[] }> {
  readonly module: string;
  readonly name: string;
  readonly plan: (sheet: Sheet) => T;
}

// `module` is the planner's import.meta.url; `plan` is exported from it under its own name.
export function sheetPlanner<T extends { errors: SheetRowError[] }>(module: string, plan: (sheet: Sheet) => T): SheetPlanner<T> {
  return { module, name: plan.name, plan };
}

export function normaliseHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

// The multipart parser's own refusals carry a 4xx status (limits: 413, a field named like a prototype property:
// 400); anything else it throws means the body is not a multipart form: no boundary, a broken one, or a body that
// ends before the form does.
function multipartRefusal(error: unknown): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(UPLOAD_MESSAGES.notMultipart);
}

const parts = new WeakMap<FastifyRequest, Promise<{ filename: string; buffer: Buffer } | null>>();

// The one file of a multipart request, read once however many ask (the idempotency check hashes it before the
// route reads it). The size limit is enforced while streaming (413 from the error handler).
export function uploadedPart(request: FastifyRequest): Promise<{ filename: string; buffer: Buffer } | null> {
  let read = parts.get(request);
  if (!read) {
    read = (async () => {
      try {
        const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
        return part ? { filename: part.filename ?? '', buffer: await part.toBuffer() } : null;
      } catch (error) {
        throw multipartRefusal(error);
      }
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
  // The name is recorded with what the file imports (events, receipts).
  if (!isStorableText(filename)) throw badRequest(UPLOAD_MESSAGES.badFilename);
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
  // Binary content is full of control bytes; text has almost none. A stray NUL in a cell of a text file leaves it
  // text (that row is refused, the others are read). UTF-16 text is half NULs, so it counts as binary too: we read
  // UTF-8 and Windows-1252 only, as spreadsheet apps write by default.
  let control = 0;
  for (const byte of head) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  return control * 32 > head.length ? 'binary' : 'text';
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

const tooManyRows = () => unprocessable(`The file has more than ${MAX_UPLOAD_ROWS.toLocaleString('en-GB')} rows. Please split it into smaller files.`);

function toRows(matrix: unknown[][], firstRowNumber: number[] | null): ReadSheet {
  const headerIndex = matrix.findIndex((r) => r.some((c) => cellText(c) !== ''));
  if (headerIndex < 0) throw badRequest(UPLOAD_MESSAGES.noData);
  const rawHeaders = (matrix[headerIndex] ?? []).map((c) => cellText(c));
  if (rawHeaders.length > MAX_UPLOAD_COLUMNS) {
    throw unprocessable(`The file has ${rawHeaders.length} columns; at most ${MAX_UPLOAD_COLUMNS} can be read.`);
  }
  const headers = rawHeaders.map(normaliseHeader);
  const rows: SheetRow[] = [];
  const errors: SheetRowError[] = [];
  for (let i = headerIndex + 1; i < matrix.length; i++) {
    const cells = matrix[i] ?? [];
    const values: Record<string, string> = {};
    let blank = true;
    let unstorable = -1;
    headers.forEach((h, c) => {
      if (h === '') return;
      const text = cellText(cells[c]);
      if (text !== '') blank = false;
      if (unstorable < 0 && !isStorableText(text)) unstorable = c;
      // A repeated header keeps its first non-empty value.
      if (values[h] === undefined || values[h] === '') values[h] = text;
    });
    if (blank) continue;
    const row = firstRowNumber ? (firstRowNumber[i] ?? i + 1) : i + 1;
    if (unstorable >= 0) {
      const header = rawHeaders[unstorable] ?? '';
      const column = !isStorableText(header) ? `Column ${unstorable + 1}` : `Column ${unstorable + 1} (${header})`;
      errors.push({ row, error: `${column} contains a character that cannot be saved (a NUL or an unpaired surrogate). Please remove it and upload again.` });
    } else {
      rows.push({ row, values });
    }
    if (rows.length + errors.length > MAX_UPLOAD_ROWS) throw tooManyRows();
  }
  return { headers: rawHeaders, rows, errors };
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

// Record by record, so that neither a file of blank lines nor one of empty cells is held whole: blank records are
// counted (row numbers stay the spreadsheet's) but not kept, and reading stops once the grid passes the cell budget.
function parseCsv(buffer: Buffer): ReadSheet {
  const text = decodeText(buffer);
  const kept: string[][] = [];
  const numbers: number[] = [];
  let records = 0;
  let width = 0;
  let cells = 0;
  let missingQuotes = false;
  let refusal: DomainError | null = null;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    dynamicTyping: false,
    step: (result, parser) => {
      records++;
      const record = result.data;
      if (result.errors.some((e) => e.type === 'Quotes' && e.code === 'MissingQuotes')) missingQuotes = true;
      cells += Math.max(record.length, width);
      if (cells > MAX_UPLOAD_CELLS) refusal = unprocessable(UPLOAD_MESSAGES.tooManyCells);
      else if (kept.length > MAX_UPLOAD_ROWS + 1) refusal = tooManyRows();
      if (refusal) return parser.abort();
      if (record.every((c) => c.trim() === '')) return;
      if (width === 0) width = record.length;
      kept.push(record);
      numbers.push(records);
    },
  });
  if (refusal) throw refusal;
  if (missingQuotes && records <= 1) throw unprocessable(UPLOAD_MESSAGES.csvFailed);
  return toRows(kept, numbers);
}

// SheetJS inflates a workbook's zip entries with the zlib it is given. This one stops once the entries together pass
// MAX_UNCOMPRESSED_BYTES, whatever sizes the zip's headers declare (a zip that lies about them gets no further than
// one that tells the truth), or once they hold more cell elements than MAX_UPLOAD_CELLS: parsing is what costs
// (100 MB of the smallest cells is seconds of CPU and most of a worker's heap), so the cells are counted in the XML
// before SheetJS builds any. One read at a time per thread, so the budgets are the thread's.
let inflateBudget = MAX_UNCOMPRESSED_BYTES;
let cellBudget = MAX_UPLOAD_CELLS;
const BUDGET_EXCEEDED = 'ERR_BUFFER_TOO_LARGE';
const CELL_BUDGET_EXCEEDED = 'ERR_CELL_BUDGET';

const LT = 0x3c;
const COLON = 0x3a;

// Start tags of SheetJS's cell element, `<c` or `<prefix:c` followed by a space, `>` or `/`. Text cannot hold a
// literal `<`, and other elements starting with c (cols, color, cellXfs) do not match.
function countCellTags(xml: Uint8Array, limit: number): number {
  let count = 0;
  for (let i = xml.indexOf(LT); i >= 0 && count <= limit; i = xml.indexOf(LT, i + 1)) {
    let j = i + 1;
    let k = j;
    while (k < xml.length && k - j < 32 && isNameByte(xml[k]!)) k++;
    if (xml[k] === COLON) j = k + 1;
    if (xml[j] !== 0x63) continue;
    const next = xml[j + 1];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) count++;
  }
  return count;
}

const isNameByte = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b === 0x5f || b === 0x2d;

interface ChunkProcessor {
  _processChunk(chunk: Uint8Array, flushFlag: number): Buffer;
}

function BoundedInflateRaw(): zlib.InflateRaw {
  const inflate = zlib.createInflateRaw({ maxOutputLength: Math.max(1, inflateBudget) });
  const engine = inflate as unknown as ChunkProcessor;
  const processChunk = engine._processChunk.bind(inflate);
  engine._processChunk = (chunk, flushFlag) => {
    const out = processChunk(chunk, flushFlag);
    inflateBudget -= out.length;
    if (inflateBudget < 0) throw Object.assign(new RangeError('inflate budget exceeded'), { code: BUDGET_EXCEEDED });
    cellBudget -= countCellTags(out, cellBudget);
    if (cellBudget < 0) throw Object.assign(new RangeError('cell budget exceeded'), { code: CELL_BUDGET_EXCEEDED });
    return out;
  };
  // SheetJS reads how much input the entry took from `bytesRead`, an alias Node deprecates (with a warning) for
  // `bytesWritten`.
  Object.defineProperty(inflate, 'bytesRead', { get: () => inflate.bytesWritten });
  return inflate;
}
XLSX.CFB.utils.use_zlib({ ...zlib, InflateRaw: BoundedInflateRaw });

function parseWorkbook(buffer: Buffer, kind: Sniffed): ReadSheet {
  if (kind === 'ole' && buffer.includes(Buffer.from('EncryptedPackage', 'utf16le'))) {
    throw unprocessable(UPLOAD_MESSAGES.passwordProtected);
  }
  if (kind === 'zip') {
    // What the central directory declares: a bomb that says what it is is refused before anything is inflated.
    const size = zipUncompressedSize(buffer);
    if (size === null) throw unprocessable(UPLOAD_MESSAGES.excelFailed);
    if (size > MAX_UNCOMPRESSED_BYTES) throw unprocessable(UPLOAD_MESSAGES.tooBigUnpacked);
  }
  let workbook: XLSX.WorkBook;
  inflateBudget = MAX_UNCOMPRESSED_BYTES;
  cellBudget = MAX_UPLOAD_CELLS;
  try {
    workbook = XLSX.read(buffer, {
      type: 'buffer',
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      dense: true,
      sheets: 0,
      sheetRows: MAX_UPLOAD_ROWS + 2,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === BUDGET_EXCEEDED) throw unprocessable(UPLOAD_MESSAGES.tooBigUnpacked);
    if (code === CELL_BUDGET_EXCEEDED) throw unprocessable(UPLOAD_MESSAGES.tooManyCells);
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
  // The matrix below is the range's grid, every row as wide as the widest.
  if (range && (range.e.r - range.s.r + 1) * (range.e.c - range.s.c + 1) > MAX_UPLOAD_CELLS) {
    throw unprocessable(UPLOAD_MESSAGES.tooManyCells);
  }
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: '' });
  // Row numbers as the sheet shows them, even when the used range does not start at row 1.
  const start = range ? range.s.r : 0;
  const numbers = matrix.map((_, i) => start + i + 1);
  return toRows(matrix, numbers);
}

// Reads a received file into rows. The content decides the parser; the extension only has to be an accepted one.
export function parseSheet(file: UploadedFile): ReadSheet {
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
