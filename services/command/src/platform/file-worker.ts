import { Piscina } from 'piscina';
import { DomainError, type ErrorDetail } from './errors.ts';
import { cellsOfParts, writeExport, type ExportFormat, type ExportParts } from './exports.ts';
import { parseSheet, type Sheet, type SheetRowError } from './uploads.ts';

// The upload pool's task (file-pool.ts), in a worker thread: read the file, run the route's planner over the
// sheet, and hand back its result with the rows the reader refused among the planner's own row errors.

export interface UploadTask {
  module: string;
  name: string;
  // Top-level arrays sent in parts whatever their length, for the service to read a part at a time (file-pool.ts).
  parted: readonly string[];
  filename: string;
  extension: string;
  buffer: Uint8Array;
}

// Top-level arrays longer than this, and those the task names as parted, travel as JSON text in parts of this many
// elements: the service turns them back into objects a part at a time between other work (file-pool.ts), where one
// message of 100,000 objects holds it for a quarter of a second.
export const PART_LENGTH = 1000;

export interface PackedResult {
  value: Record<string, unknown>;
  parts: Record<string, string[]>;
}

export type UploadOutcome =
  | { ok: true; result: PackedResult }
  | { ok: false; error: { code: DomainError['code']; status: number; message: string; details?: ErrorDetail[] } };

// Planners live in the service's own source tree.
const SOURCE = new URL('..', import.meta.url).href;

export interface WriteTask {
  format: ExportFormat;
  parts: ExportParts;
  sheetName: string;
}

// An export's file (exports.ts): the bytes, handed over without a copy.
export function writeSheet(task: WriteTask): Uint8Array {
  const bytes = writeExport(task.format, cellsOfParts(task.parts), task.sheetName);
  return Piscina.move(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Uint8Array;
}

export default async function readUpload(task: UploadTask): Promise<UploadOutcome> {
  if (!task.module.startsWith(SOURCE)) throw new Error(`not a planner of this service: ${task.module}`);
  const planner = ((await import(task.module)) as Record<string, unknown>)[task.name];
  if (typeof planner !== 'function') throw new Error(`${task.module} exports no planner ${task.name}`);
  try {
    const buffer = Buffer.from(task.buffer.buffer, task.buffer.byteOffset, task.buffer.byteLength);
    const { errors: refused, ...sheet } = parseSheet({ filename: task.filename, extension: task.extension, buffer });
    const result = (planner as (sheet: Sheet) => { errors: SheetRowError[] })(sheet);
    if (refused.length > 0) result.errors = [...refused, ...result.errors].sort((a, b) => a.row - b.row);
    return { ok: true, result: pack(result, task.parted) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { code, status, message, details } = error;
    return { ok: false, error: { code, status, message, ...(details ? { details } : {}) } };
  }
}

function pack(result: object, parted: readonly string[]): PackedResult {
  const value: Record<string, unknown> = {};
  const parts: Record<string, string[]> = {};
  for (const [key, v] of Object.entries(result)) {
    if (!Array.isArray(v) || (v.length <= PART_LENGTH && !parted.includes(key))) {
      value[key] = v;
      continue;
    }
    const list: string[] = [];
    for (let i = 0; i < v.length; i += PART_LENGTH) list.push(JSON.stringify(v.slice(i, i + PART_LENGTH)));
    parts[key] = list;
  }
  return { value, parts };
}
