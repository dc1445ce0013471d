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

// A zip whose one entry, xl/worksheets/sheet1.xml, inflates to `bytes` zeros: a few hundred KB on the wire.
export function zipBomb(bytes = 300 * 1024 * 1024): Buffer {
  const payload = deflateRawSync(Buffer.alloc(bytes));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(payload.length, 18);
  local.writeUInt32LE(bytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(payload.length, 20);
  central.writeUInt32LE(bytes, 24);
  central.writeUInt16LE(name.length, 28);
  const cdOffset = local.length + name.length + payload.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + name.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, payload, central, name, eocd]);
}
