import { deflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';

// Hostile and odd upload files, built in memory for the upload tests (the parser's and the routes').

export function workbook(rows: unknown[][], bookType: XLSX.BookType = 'xlsx', options: { compression?: boolean } = {}): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'Sheet1');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Other sheet'], ['ignored']]), 'Notes');
  return XLSX.write(book, { type: 'buffer', bookType, compression: options.compression ?? false }) as Buffer;
}

// Deterministic bytes that are neither text nor a known container (they hold NULs), after an optional signature.
export function randomBytes(length: number, signature: Buffer = Buffer.alloc(0)): Buffer {
  const body = Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + 13) % 251));
  return Buffer.concat([signature, body]);
}

export const ZIP_SIGNATURE = Buffer.from('PK\u0003\u0004', 'latin1');
export const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

// What Excel writes for a workbook with a password to open: an OLE2 compound file holding the encryption
// header and the encrypted OOXML package instead of a zip.
export function passwordProtectedWorkbook(): Buffer {
  const cfb = XLSX.CFB.utils.cfb_new();
  // Agile encryption, version 4.4, followed by its XML descriptor (content irrelevant: it is never decrypted).
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.concat([Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]), Buffer.from('<encryption/>')]));
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', randomBytes(8192));
  return XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

// A deflated zip of `entries`. `declare` is the uncompressed size its headers state for an entry (the truth unless
// given). CRCs are left 0: the reader does not check them.
export function zipOf(entries: readonly ZipEntry[], options: { declare?: (entry: ZipEntry) => number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const payload = deflateRawSync(entry.data);
    const declared = options.declare?.(entry) ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(payload.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(payload.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, payload);
    centrals.push(central, name);
    offset += local.length + name.length + payload.length;
  }
  const directory = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(directory.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, eocd]);
}

// A zip whose one entry, xl/worksheets/sheet1.xml, inflates to `bytes` zeros: a few hundred KB on the wire. With
// `declared`, its headers understate that (a lying central directory).
export function zipBomb(bytes = 300 * 1024 * 1024, declared?: number): Buffer {
  return zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(bytes) }], declared === undefined ? {} : { declare: () => declared });
}

// A well-formed workbook whose first sheet is about `bytes` of the smallest numeric cells, 100 to a row: a few hundred
// KB that the reader has to turn into millions of cells.
export function cellBomb(bytes: number): Buffer {
  const zip = XLSX.CFB.read(workbook([['A']], 'xlsx'), { type: 'buffer' });
  // Paths are under a root entry of the container's own: the zip's names are what follows it.
  const entries: ZipEntry[] = (zip.FileIndex as { type: number; content: unknown }[]).flatMap((file, i) => {
    const name = ((zip.FullPaths as string[])[i] ?? '').split('/').slice(1).join('/');
    return file.type === 2 && name !== 'xl/worksheets/sheet1.xml' ? [{ name, data: Buffer.from(file.content as Uint8Array) }] : [];
  });
  const row = `<row>${'<c><v>1</v></c>'.repeat(100)}</row>`;
  const rows = Math.ceil(bytes / row.length);
  const sheet = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'),
    Buffer.from(row.repeat(rows)),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  return zipOf([...entries, { name: 'xl/worksheets/sheet1.xml', data: sheet }]);
}
