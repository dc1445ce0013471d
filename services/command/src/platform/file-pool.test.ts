import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { orderImportPlanner, planOrderImport } from '../features/orders/import-file.ts';
import { DomainError } from './errors.ts';
import { FILE_POOL_MESSAGES, FilePool, partsOf } from './file-pool.ts';
import { workbook } from './upload-samples.ts';
import { parseSheet, type UploadedFile } from './uploads.ts';

// The pool that reads uploads off the event loop: the same plan as reading on the thread, refusals for what a worker
// cannot or may not do, and a worker lost to a file replaced for the next one.

const pools: FilePool[] = [];
const pool = (options: ConstructorParameters<typeof FilePool>[0] = {}) => {
  const p = new FilePool(options);
  pools.push(p);
  return p;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

// `orders` orders of two items each, as an order sheet.
function orderSheet(orders: number, extension: 'csv' | 'xlsx'): UploadedFile {
  const rows = [['Order #', 'Item', 'SKU', 'Value']];
  for (let n = 1; n <= orders; n++) {
    rows.push([`#P${n}`, 'Wrap Dress - 8 / Blue', 'DR1000-8-BLUE', '10.00'], [`#P${n}`, 'Tote Bag - Free Size / Grey', 'BG1005-FS-GREY', '5.00']);
  }
  const buffer = extension === 'csv' ? Buffer.from(rows.map((r) => r.join(',')).join('\n')) : workbook(rows, 'xlsx', { compression: true });
  return { filename: `orders.${extension}`, extension, buffer };
}

// 100,000 rows: about two seconds to read on this thread.
let big: UploadedFile | null = null;
const bigWorkbook = () => (big ??= orderSheet(50_000, 'xlsx'));

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the upload pool', () => {
  it('plans a file in a worker exactly as on this thread, long lists included', async () => {
    const file = orderSheet(3000, 'csv');
    const { errors: refused, ...sheet } = parseSheet(file);
    expect(refused).toEqual([]);
    const here = planOrderImport(sheet);
    const there = await pool().plan(orderImportPlanner, { ...file, buffer: Buffer.from(file.buffer) });
    expect(there.orders).toHaveLength(3000);
    expect(there).toEqual(here);
  });

  it('leaves a parted list as parts of the part length, each read when asked for, however short the list', async () => {
    const file = orderSheet(2500, 'csv');
    const { errors: _, ...sheet } = parseSheet(file);
    const here = planOrderImport(sheet);
    const { orders, ...rest } = await pool().plan(orderImportPlanner, { ...file, buffer: Buffer.from(file.buffer) }, ['orders']);
    const { orders: hereOrders, ...hereRest } = here;
    expect(rest).toEqual(hereRest);
    expect(orders.count).toBe(3);
    expect([orders.part(0), orders.part(1), orders.part(2)]).toEqual([hereOrders.slice(0, 1000), hereOrders.slice(1000, 2000), hereOrders.slice(2000)]);
    const short = await pool().plan(orderImportPlanner, orderSheet(10, 'csv'), ['orders']);
    expect(short.orders.count).toBe(1);
    expect(short.orders.part(0)).toHaveLength(10);
    expect(partsOf(hereOrders).part(2)).toEqual(orders.part(2));
  });

  it('starts a warm worker with the pool and keeps it; a cold pool starts one for a file', async () => {
    const warm = pool({ warm: true });
    const cold = pool();
    // A worker's start takes seconds on a loaded machine.
    await vi.waitFor(() => expect(warm.workers).toBe(1), { timeout: 60_000, interval: 50 });
    expect(cold.workers).toBe(0);
    expect((await warm.plan(orderImportPlanner, orderSheet(10, 'csv'))).orders).toHaveLength(10);
    expect((await cold.plan(orderImportPlanner, orderSheet(10, 'csv'))).orders).toHaveLength(10);
    expect(warm.workers).toBe(1);
    expect(cold.workers).toBe(1);
    // Two workers' starts, which take tens of seconds on a machine busy with other work.
  }, 300_000);

  it("answers with the reader's and the planner's refusals as they are", async () => {
    const p = pool();
    expect(await refusal(p.plan(orderImportPlanner, { filename: 'x.csv', extension: 'csv', buffer: Buffer.from([1, 0, 2, 0, 3]) }))).toEqual({
      status: 422,
      message: 'Failed to parse CSV file',
    });
    const nul = await p.plan(orderImportPlanner, {
      filename: 'nul.csv',
      extension: 'csv',
      buffer: Buffer.from('Order #,Item,SKU\n#1,Dress,DR1-8-RED\n#2,Dre\u0000ss,DR1-8-RED\n'),
    });
    expect(nul.orders.map((o) => o.order_number)).toEqual(['#1']);
    expect(nul.errors).toEqual([{ row: 3, error: expect.stringContaining('Column 2 (Item) contains a character that cannot be saved') }]);
  });

  it('keeps the event loop turning while a worker reads a big workbook', async () => {
    const file = bigWorkbook();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const plan = await pool().plan(orderImportPlanner, file);
    delay.disable();
    expect(plan.orders).toHaveLength(50_000);
    // Generous (a shared machine): reading this file on the thread holds it for about two seconds.
    expect(delay.max / 1e6).toBeLessThan(1000);
  });

  it('answers 422 when a file needs more heap than a worker has, and reads the next file with a new worker', async () => {
    const p = pool({ heapMb: 64 });
    expect(await refusal(p.plan(orderImportPlanner, bigWorkbook()))).toEqual({ status: 422, message: FILE_POOL_MESSAGES.tooBig });
    const next = await p.plan(orderImportPlanner, orderSheet(10, 'csv'));
    expect(next.orders).toHaveLength(10);
  });

  it('answers 422 when reading takes longer than the time budget', async () => {
    const p = pool({ timeoutMs: 200 });
    expect(await refusal(p.plan(orderImportPlanner, bigWorkbook()))).toEqual({ status: 422, message: FILE_POOL_MESSAGES.tooSlow });
  });

  it('answers 503 once every worker is busy and the queue is full, and reads the rest', async () => {
    const p = pool({ threads: 1, queue: 1 });
    const file = orderSheet(2_000, 'xlsx');
    const answers = await Promise.allSettled([p.plan(orderImportPlanner, file), p.plan(orderImportPlanner, file), p.plan(orderImportPlanner, file)]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refused = answers[2] as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 503, message: FILE_POOL_MESSAGES.busy });
  });
});
