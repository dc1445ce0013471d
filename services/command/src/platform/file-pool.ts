import { fileURLToPath } from 'node:url';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Piscina } from 'piscina';
import { DomainError, unprocessable } from './errors.ts';
import type { ExportFormat, ExportParts } from './exports.ts';
import { PART_LENGTH, type PackedResult, type UploadOutcome, type UploadTask, type WriteTask } from './file-worker.ts';
import type { SheetPlanner, SheetRowError, UploadedFile } from './uploads.ts';

// Every upload is read and planned here, and every export written, in a small pool of worker threads, never on the
// service's event loop: parsing a 100,000-row workbook, or writing one, takes seconds of CPU, and a hostile upload as
// much heap as it can get. Each worker has a heap of its own with a ceiling; a file that reaches it ends that worker,
// not the service, and a new worker takes its place for the next file.

const WORKER = fileURLToPath(new URL('./file-worker.ts', import.meta.url));
// A worker thread starts without the TypeScript loader of the thread that made it (tsx and vitest load TypeScript
// their own way): every worker loads the service's source with the loader it runs under in production.
const TS_LOADER = fileURLToPath(new URL('../../../../scripts/ts-loader.mjs', import.meta.url));

export const FILE_POOL_MESSAGES = {
  busy: 'The service is busy reading other files. Nothing was saved; please upload the file again in a minute.',
  tooBig: 'The file needs more memory to read than an upload may use. Nothing was saved; please split it into smaller files.',
  tooSlow: 'Reading the file took too long. Nothing was saved; please split it into smaller files.',
} as const;

export interface FilePoolOptions {
  // Worker threads reading at once.
  threads?: number;
  // Files waiting for a worker; one more is refused with 503.
  queue?: number;
  // Each worker's heap ceiling.
  heapMb?: number;
  // From the file's arrival at the pool to its plan.
  timeoutMs?: number;
  // One worker started with the pool and kept: a worker's start (its isolate, the TypeScript loader, the sheet readers and
  // the contracts) costs about a CPU-second, as much as reading a 100,000-row CSV, and a service that is up
  // pays it once instead of with every upload that comes after a quiet spell. Off for the many short-lived servers
  // of the tests, which mostly upload nothing.
  warm?: boolean;
}

// A 250,000-row order workbook is read within a 512 MB heap; 1 GB leaves room for wider sheets.
const DEFAULTS: Required<FilePoolOptions> = { threads: 2, queue: 8, heapMb: 1024, timeoutMs: 120_000, warm: false };

export class FilePool {
  // Two tasks: reading an upload (the worker's default export) and writing an export (writeSheet).
  private readonly pool: Piscina<UploadTask | WriteTask, UploadOutcome | Uint8Array>;
  private readonly timeoutMs: number;
  // Files being read or waiting, and how many may be. Counted here: piscina's own queue limit does not count tasks
  // that carry an abort signal, as every one of these does (the time budget).
  private admitted = 0;
  private readonly capacity: number;

  constructor(options: FilePoolOptions = {}) {
    const o = { ...DEFAULTS, ...options };
    this.timeoutMs = o.timeoutMs;
    this.capacity = o.threads + o.queue;
    this.pool = new Piscina<UploadTask | WriteTask, UploadOutcome | Uint8Array>({
      filename: WORKER,
      minThreads: o.warm ? 1 : 0,
      maxThreads: o.threads,
      // An idle worker past the warm one gives its heap back.
      idleTimeout: 30_000,
      niceIncrement: 10,
      // A service started under `--cpu-prof` (BENCH_SERVICE_NODE_ARGS) profiles its workers too: each writes its own.
      execArgv: [...process.execArgv.filter((a) => a.startsWith('--cpu-prof')), '--import', TS_LOADER],
      resourceLimits: { maxOldGenerationSizeMb: o.heapMb },
    });
  }

  // The planner's result for the file, or the refusal (a DomainError) that the file or the pool's state earns. The
  // arrays named in `parted` come as Parts, each part parsed only when it is read: a caller that uses them a part at a
  // time (an order import, a transaction a part) never holds all of a 100,000-row file's objects at once.
  async plan<T extends { errors: SheetRowError[] }, K extends ArrayKeys<T> = never>(
    planner: SheetPlanner<T>,
    file: UploadedFile,
    parted: readonly K[] = [],
  ): Promise<PartedPlan<T, K>> {
    if (this.admitted >= this.capacity) throw new DomainError('UNAVAILABLE', 503, FILE_POOL_MESSAGES.busy);
    this.admitted++;
    let outcome: UploadOutcome;
    try {
      outcome = (await this.pool.run(
        { module: planner.module, name: planner.name, parted, filename: file.filename, extension: file.extension, buffer: file.buffer },
        { signal: AbortSignal.timeout(this.timeoutMs) },
      )) as UploadOutcome;
    } catch (error) {
      throw refusal(error);
    } finally {
      this.admitted--;
    }
    if (!outcome.ok) throw new DomainError(outcome.error.code, outcome.error.status, outcome.error.message, outcome.error.details);
    return (await unpack(outcome.result, parted)) as PartedPlan<T, K>;
  }

  // An export's file (CSV or XLSX) from its cells' parts (exports.ts). Downloads are not refused when the pool is busy: they wait their
  // turn (a manager's export is one request, not a flood), bounded by the same time limit.
  async write(format: ExportFormat, parts: ExportParts, sheetName: string): Promise<Buffer> {
    const bytes = (await this.pool.run({ format, parts, sheetName } satisfies WriteTask, { name: 'writeSheet', signal: AbortSignal.timeout(this.timeoutMs) })) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  // Worker threads alive now, reading or idle.
  get workers(): number {
    return this.pool.threads.length;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

function refusal(error: unknown): unknown {
  const e = error as { code?: unknown; name?: unknown } | null;
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return unprocessable(FILE_POOL_MESSAGES.tooBig);
  if (e?.name === 'AbortError') return unprocessable(FILE_POOL_MESSAGES.tooSlow);
  return error;
}

// A long list a part at a time: part i is elements i * size up to (i + 1) * size, parsed when asked for.
export interface Parts<E> {
  readonly count: number;
  part(index: number): readonly E[];
}

type ArrayKeys<T> = { [P in keyof T]: T[P] extends readonly unknown[] ? P : never }[keyof T] & string;
export type PartedPlan<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] extends readonly (infer E)[] ? Parts<E> : never };

// The parts of a list the worker sent as JSON text.
class JsonParts<E> implements Parts<E> {
  constructor(private readonly texts: readonly string[]) {}
  get count(): number {
    return this.texts.length;
  }
  part(index: number): E[] {
    return JSON.parse(this.texts[index]!) as E[];
  }
}

// A list already in memory as Parts of the pool's part length, for callers that plan on their own thread.
export function partsOf<E>(list: readonly E[]): Parts<E> {
  return { count: Math.ceil(list.length / PART_LENGTH), part: (i) => list.slice(i * PART_LENGTH, (i + 1) * PART_LENGTH) };
}

// The worker's result with its long arrays parsed back a part at a time, letting the event loop run in between; the
// parted ones left as text until read.
async function unpack(packed: PackedResult, parted: readonly string[]): Promise<unknown> {
  const value = packed.value;
  for (const [key, parts] of Object.entries(packed.parts)) {
    if (parted.includes(key)) {
      value[key] = new JsonParts(parts);
      continue;
    }
    const list: unknown[] = [];
    for (const part of parts) {
      for (const item of JSON.parse(part) as unknown[]) list.push(item);
      await yieldToLoop();
    }
    value[key] = list;
  }
  return value;
}
