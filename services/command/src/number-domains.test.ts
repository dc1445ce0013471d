import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_CAPACITY, MAX_INT, MAX_MONEY, MAX_QUANTITY, MAX_WALK_SEQUENCE } from '@wh/contracts';
import { projections, rebuildReadModels } from '@wh/projector';
import { snapshot } from '@wh/projector/testing';
import { fixture } from '../../../test/fixtures.ts';
import { startTestApp, type Answer, type Client, type TestApp } from './testing.ts';

// Every accepted event can be projected. Each number that reaches an event arrives through a command (a JSON body or a
// cell of an uploaded sheet); values at and past the bounds of its domain, and extremes, are sent through the HTTP
// routes. Each is refused with a 4xx (a row error for a sheet's row), or accepted and then projected by every
// projection: live (the projector reaches the head with no fault) and by a rebuild (which reproduces the live read
// models exactly). The ways in found from outside are named cases.

let app: TestApp;
let manager: Client;
let exec1: Client;
let exec2: Client;
let worker: Client & { id: number };

beforeAll(async () => {
  app = await startTestApp();
  manager = await app.asAdmin();
  exec1 = await app.userWithRole('executive1');
  exec2 = await app.userWithRole('executive2');
  worker = await app.userWithRole('worker');
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  expect((await manager.post('/api/locations/range', { location_type: 'bin', from: 'A-1-1', to: 'A-2-2', capacity: 500 })).status).toBe(201);
}, 300_000);
afterAll(() => app?.stop());

// ---------- The generator ----------

interface Domain {
  min: number;
  max: number;
  // Decimals allowed: 0 for whole numbers, 2 for money.
  decimals: 0 | 2;
}

// mulberry32: a small seeded generator, so a failure names values that come back on the next run.
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = 28;

// At and past each bound, the extremes a JSON number or a cell can carry, and a few random values in and out.
function edges(d: Domain, random: () => number): number[] {
  const step = d.decimals === 2 ? 0.01 : 1;
  const span = d.max - d.min;
  const values = [
    d.min,
    d.min - step,
    d.max,
    d.max + step,
    d.min - 0.01,
    d.max + 0.5,
    1e308,
    -1e308,
    1.7976931348623157e308,
    -0.01,
    -50,
    0,
    1.005,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53,
    Math.floor(d.min + random() * span),
    Math.floor(d.max + 1 + random() * Math.max(span, 1)),
    Math.floor(d.min + random() * span) + 0.125,
  ];
  return [...new Set(values)];
}

const inDomain = (d: Domain, v: number) =>
  Number.isFinite(v) && v >= d.min && v <= d.max && (d.decimals === 0 ? Number.isInteger(v) : Math.round(v * 100) / 100 === v);

// How a cell holds a number: as JavaScript writes it (1e+308 for the largest), and with thousands commas when whole.
function cellsOf(v: number): string[] {
  const plain = String(v);
  const grouped = Number.isInteger(v) && Math.abs(v) >= 1000 && Math.abs(v) < 1e21 ? v.toLocaleString('en-GB') : null;
  return grouped ? [plain, grouped] : [plain];
}

const QUANTITY: Domain = { min: 1, max: MAX_QUANTITY, decimals: 0 };
const COUNT: Domain = { min: 0, max: MAX_QUANTITY, decimals: 0 };
const MONEY: Domain = { min: 0, max: MAX_MONEY, decimals: 2 };
const CAPACITY: Domain = { min: 0, max: MAX_CAPACITY, decimals: 0 };
const WALK: Domain = { min: 0, max: MAX_WALK_SEQUENCE, decimals: 0 };
const ID: Domain = { min: 1, max: MAX_INT, decimals: 0 };

// ---------- What every case ends with ----------

const refusedOrAccepted = (res: Answer, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  return res;
};

// The projector has applied every event, and none of them failed: /api/ready names a projection that cannot apply one.
async function projectedLive(): Promise<void> {
  const ready = await vi.waitFor(
    async () => {
      const res = await app.anonymous.get('/api/ready');
      const projector = res.body.data?.projector;
      if (projector?.status !== 'ok') return projector;
      if (projector.lag_events !== 0) throw new Error(`${projector.lag_events} events not projected yet`);
      return projector;
    },
    { timeout: 60_000, interval: 50 },
  );
  expect(ready.failure ?? null, JSON.stringify(ready)).toBeNull();
  expect(ready.status).toBe('ok');
}

interface CellCase {
  row: number;
  cell: string;
  value: number;
}

// One sheet row per value around the domain (each way a cell writes it): the rows, and which value each row holds.
function edgeRows(d: Domain, seed: number, rowOf: (cell: string, index: number) => string, extra: readonly number[] = []): { rows: string[]; cases: CellCase[] } {
  const rows: string[] = [];
  const cases: CellCase[] = [];
  for (const value of [...edges(d, seeded(seed)), ...extra]) {
    for (const cell of cellsOf(value)) {
      rows.push(rowOf(cell, rows.length));
      cases.push({ row: rows.length + 1, cell, value });
    }
  }
  return { rows, cases };
}

// A cell the domain takes: plain digits (no exponent) of a value within it.
const cellInDomain = (d: Domain, c: CellCase) => !/e/i.test(c.cell) && inDomain(d, c.value);

// Exactly the rows `refused` picks are reported as row errors (the header is row 1).
function expectRowErrors(res: Answer, cases: readonly CellCase[], refused: (c: CellCase) => boolean, column: string): void {
  const reported = new Set(((res.body.data?.errors ?? []) as { row: number }[]).map((e) => e.row));
  for (const c of cases) expect(reported.has(c.row), `${column} ${JSON.stringify(c.cell)} (row ${c.row})`).toBe(refused(c));
}

const csv = (header: string, rows: readonly string[]) => [header, ...rows].join('\n');
const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

let orderNumber = 0;
const nextOrder = (prefix: string) => `#${prefix}${++orderNumber}`;

// ---------- The cases ----------

// Bounds for a hang: the named cases append thousands of events, many minutes beside a CPU hog.
describe('every number an event carries is refused at the command or projected, live and by rebuild', { timeout: 900_000 }, () => {
  it('order sheets: Quantity, Value and Priority cells at and past their domains become row errors; the good rows import', async () => {
    const columns: { name: string; domain: Domain; empty: string }[] = [
      { name: 'Quantity', domain: QUANTITY, empty: '1' },
      { name: 'Value', domain: MONEY, empty: '' },
      { name: 'Priority', domain: QUANTITY, empty: '1' },
    ];
    const line = (cells: readonly string[]) => [quoted(nextOrder('N')), 'Wrap Midi Dress 000 - 6 / Beige', 'DR1000-6-BEIGE', ...cells].join(',');
    const rows: string[] = [];
    const cases: CellCase[] = [];
    // Row number -> whether its cell is within the domain.
    const good = new Map<number, boolean>();
    for (const [k, column] of columns.entries()) {
      const part = edgeRows(column.domain, SEED + k, (cell) => line(columns.map((c) => (c === column ? quoted(cell) : c.empty))));
      for (const c of part.cases) {
        cases.push({ ...c, row: c.row + rows.length });
        good.set(c.row + rows.length, cellInDomain(column.domain, c));
      }
      rows.push(...part.rows);
    }
    // The named ways in: a Value of "12,345,678,901", -50, and the largest double.
    // A computed cell's binary error ("0.30000000000000004") is cents; a typed third decimal ("12.345") is not.
    for (const cell of ['12,345,678,901', '-50', '1.7976931348623157e308', '£12.50', '0x10', '1e3', '12.345', '0.30000000000000004']) {
      rows.push(line(['1', quoted(cell), '1']));
      cases.push({ row: rows.length + 1, cell, value: Number.NaN });
      good.set(rows.length + 1, cell === '£12.50' || cell === '0.30000000000000004');
    }
    const res = refusedOrAccepted(await exec1.upload('/api/files/upload/orders', 'bounds.csv', csv('Order #,Item,SKU,Quantity,Value,Priority', rows)), 'order sheet');
    expect(res.status).toBe(200);
    expectRowErrors(res, cases, (c) => !good.get(c.row), 'cell');
    expect(res.body.data.total_orders).toBe([...good.values()].filter(Boolean).length);
    await projectedLive();
  });

  it('named: one order of 2,200 lines x quantity 1,000,000 is refused or projected', async () => {
    const number = nextOrder('BIG');
    const rows = Array.from({ length: 2200 }, (_, i) => `${number},Wrap Midi Dress 000 - 6 / Beige,DR1000-6-BEIGE,"1,000,000",${(i % 90) + 10}.99`);
    refusedOrAccepted(await exec1.upload('/api/files/upload/orders', 'big-order.csv', csv('Order #,Item,SKU,Quantity,Value', rows)), 'big order');
    await projectedLive();
  });

  it('online-shop stock: On hand at and past its domain; the good rows become receipts, approved into a bin', async () => {
    const header = 'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,SKU,Location,On hand';
    const { rows, cases } = edgeRows(
      QUANTITY,
      SEED + 3,
      (cell, i) => `wrap-midi-dress-dr1000,Wrap Midi Dress 000,Size,8,Color,Beige,DR1000-8-BEIGE,Shop ${i},${quoted(cell)}`,
      [3_000_000_000],
    );
    // None or less on hand is nothing to receive: skipped, not an error.
    const skipped = (c: CellCase) => !/e/i.test(c.cell) && Number.isInteger(c.value) && c.value <= 0;
    const res = refusedOrAccepted(await exec2.upload('/api/files/upload/shopify-stock', 'shop-stock.csv', csv(header, rows)), 'online-shop stock');
    expectRowErrors(res, cases, (c) => !cellInDomain(QUANTITY, c) && !skipped(c), 'On hand');
    const good = cases.filter((c) => cellInDomain(QUANTITY, c)).length;
    expect(res.body.data.processed_records).toBe(good);
    const pending = (await exec2.get('/api/stock-approval/receipts?limit=100')).body.data.receipts as { id: number; sku: string }[];
    const mine = pending.filter((r) => r.sku === 'DR1000-8-BEIGE');
    expect(mine.length).toBe(good);
    refusedOrAccepted(await exec2.post('/api/stock-approval/receipts/bulk-approve', { receipt_ids: mine.map((r) => r.id), location: 'A-1-2' }), 'bulk approve');
    await projectedLive();
  });

  it('named: an online-shop stock file with On hand 3,000,000,000, and 2,000,000,000-unit receipts approved into bins', async () => {
    const header = 'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,SKU,Location,On hand';
    const rows = ['3000000000', '2000000000', '2,000,000,000', '2000000000'].map(
      (cell, i) => `wrap-midi-dress-dr1000,Wrap Midi Dress 000,Size,10,Color,Beige,DR1000-10-BEIGE,Store ${i},${quoted(cell)}`,
    );
    const res = refusedOrAccepted(await exec2.upload('/api/files/upload/shopify-stock', 'huge-stock.csv', csv(header, rows)), 'huge stock');
    const pending = ((await exec2.get('/api/stock-approval/receipts?limit=100')).body.data.receipts as { id: number; sku: string }[]).filter(
      (r) => r.sku === 'DR1000-10-BEIGE',
    );
    expect(pending.length, JSON.stringify(res.body)).toBe(0);
    // Whatever was recorded: two into two bins, then a third into one of them.
    for (const [i, r] of pending.entries()) {
      refusedOrAccepted(await exec2.post(`/api/stock-approval/receipts/${r.id}/approve`, { location: i === 1 ? 'A-2-1' : 'A-1-1' }), 'approve');
    }
    await projectedLive();
  });

  it('manual stock sheets: QTY at and past its domain; a manager\'s known styles go straight into RECEIVING', async () => {
    const { rows, cases } = edgeRows(QUANTITY, SEED + 4, (cell, i) => `01/05/2026,DR1000,Beige,12,${quoted(cell)},GP-${i}`);
    const res = refusedOrAccepted(await manager.upload('/api/files/upload/manual-stock', 'manual.csv', csv('DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER', rows)), 'manual stock');
    expectRowErrors(res, cases, (c) => !cellInDomain(QUANTITY, c), 'QTY');
    await projectedLive();
  });

  it('named: one SKU filled to its column in RECEIVING; a unit more by any command answers 409 and changes nothing', async () => {
    // 2,147 receipts of a million and one of 483,647: exactly MAX_INT units (a manager's sheet of a known style is
    // approved into RECEIVING as it is recorded).
    const header = 'DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER';
    const rows = [...Array.from({ length: 2147 }, (_, i) => `01/05/2026,DR1000,Beige,14,1000000,GP-FILL-${i}`), '01/05/2026,DR1000,Beige,14,483647,GP-FILL-LAST'];
    const filled = await manager.upload('/api/files/upload/manual-stock', 'fill.csv', csv(header, rows));
    expect(filled.status, JSON.stringify(filled.body).slice(0, 500)).toBe(200);
    const refusals = [
      await manager.upload('/api/files/upload/manual-stock', 'one-more.csv', csv(header, ['01/05/2026,DR1000,Beige,14,1,GP-ONE-MORE'])),
      await manager.post('/api/inventory/adjust', { sku: 'DR1000-14-BEIGE', adjustment_type: 'increase', quantity: 1, reason: 'Found items', location: 'RECEIVING' }),
    ];
    for (const res of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toBe(`RECEIVING cannot hold more than ${MAX_INT} units of DR1000-14-BEIGE: move some elsewhere first.`);
    }
    await projectedLive();
    const held = await manager.get('/api/inventory/ledger?sku=DR1000-14-BEIGE&limit=1');
    expect(held.body.data.movements[0]).toMatchObject({ location: 'RECEIVING', balance_after: MAX_INT });
  });

  it('named: receipts of one SKU approved into one bin up to its column; each approval past it is refused', async () => {
    const header = 'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,SKU,Location,On hand';
    const rows = Array.from({ length: 2148 }, (_, i) => `wrap-midi-dress-dr1006,Wrap Midi Dress 006,Size,8,Color,Khaki,DR1006-8-KHAKI,Shop ${i},1000000`);
    const recorded = await exec2.upload('/api/files/upload/shopify-stock', 'many-receipts.csv', csv(header, rows));
    expect(recorded.body.data?.processed_records, JSON.stringify(recorded.body).slice(0, 500)).toBe(2148);
    const ids: number[] = [];
    for (let page = 1; ids.length < 2148; page++) {
      const listed = await exec2.get(`/api/stock-approval/receipts?search=DR1006-8-KHAKI&limit=200&page=${page}`);
      const receipts = listed.body.data.receipts as { id: number }[];
      expect(receipts.length, `page ${page}`).toBeGreaterThan(0);
      ids.push(...receipts.map((r) => r.id));
    }
    // Approvals of up to 500 receipts at a time into one bin: 2,147 of them fill it to 2,147,000,000 units; the last
    // would take it past MAX_INT, and is refused on its own, with the others approved.
    const refused: { id: number; error: string }[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const res = await exec2.post('/api/stock-approval/receipts/bulk-approve', { receipt_ids: ids.slice(i, i + 500), location: 'A-2-2' });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      refused.push(...(res.body.data.results as { id: number; status: string; error: string }[]).filter((r) => r.status === 'refused'));
    }
    expect(refused).toEqual([{ id: ids.at(-1), status: 'refused', error: `A-2-2 cannot hold more than ${MAX_INT} units of DR1006-8-KHAKI: move some elsewhere first.` }]);
    const single = await exec2.post(`/api/stock-approval/receipts/${ids.at(-1)}/approve`, { location: 'A-2-2' });
    expect(single.status, JSON.stringify(single.body)).toBe(409);
    await projectedLive();
  });

  it('bin allocation sheets: Quantity at and past its domain', async () => {
    const { rows, cases } = edgeRows(COUNT, SEED + 5, (cell, i) => `D-1-${i + 1},DR1000-16-BEIGE,${quoted(cell)}`);
    const res = refusedOrAccepted(await manager.upload('/api/files/upload/bin-allocation', 'bins.csv', csv('Bin Number,SKU,Quantity', rows)), 'bin allocation');
    expectRowErrors(res, cases, (c) => !cellInDomain(COUNT, c), 'Quantity');
    await projectedLive();
  });

  it('named: a SKU held past an int across 2,200 bins, and a bin holding past an int across 2,200 SKUs, are projected', async () => {
    const acrossBins = Array.from({ length: 2200 }, (_, i) => `E-${Math.floor(i / 50) + 1}-${(i % 50) + 1},DR1000-6-BEIGE,1000000`);
    const spread = await manager.upload('/api/files/upload/bin-allocation', 'spread.csv', csv('Bin Number,SKU,Quantity', acrossBins));
    expect(spread.status, JSON.stringify(spread.body)).toBe(200);
    expect(spread.body.data.errors).toEqual([]);
    const oneBin = Array.from({ length: 2200 }, (_, i) => `F-1-1,DR1000,Shade${i + 1},6,1000000`);
    const full = await manager.upload('/api/files/upload/bin-allocation', 'full.csv', csv('Bin Number,Style Code,Color,Size,Quantity', oneBin));
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.data.errors).toEqual([]);
    // A location holding more than an int in all takes more (its load is summed to check its capacity).
    const more = await manager.post('/api/inventory/adjust', { sku: 'DR1000-6-SHADE1', adjustment_type: 'increase', quantity: 1, reason: 'Found items', location: 'F-1-1' });
    expect(more.status, JSON.stringify(more.body)).toBe(201);
    await projectedLive();
    const search = await manager.get('/api/inventory/search?style_code=DR1000');
    expect(search.status).toBe(200);
    const status = await manager.get('/api/inventory/status');
    expect(status.status).toBe(200);
    expect(status.body.data.total_stock).toBeGreaterThan(2 * MAX_INT);
  });

  it('JSON quantities (adjustments, direct approvals, location suggestions) outside their domain answer 400 and change nothing', async () => {
    const random = seeded(SEED + 6);
    const values = [...edges(QUANTITY, random), '12' as unknown as number];
    for (const v of values) {
      const good = typeof v === 'number' && inDomain(QUANTITY, v);
      const calls: [string, () => Promise<Answer>][] = [
        ['adjust increase', () => manager.post('/api/inventory/adjust', { sku: 'DR1000-6-BEIGE', adjustment_type: 'increase', quantity: v, reason: 'Found items', location: 'A-2-2' })],
        ['adjust decrease', () => manager.post('/api/inventory/adjust', { sku: 'DR1000-6-BEIGE', adjustment_type: 'decrease', quantity: v, reason: 'Lost items', location: 'A-2-2' })],
        ['direct approval', () => exec2.post('/api/stock-approval/manual-approve', { style_code: 'DR1000', color: 'Beige', size: '6', quantity: v, location_type: 'bin', location_id: 2 })],
        ['suggestion', () => exec2.post('/api/inventory/suggest-location', { style_code: 'DR1000', quantity: v })],
      ];
      for (const [what, call] of calls) {
        const res = refusedOrAccepted(await call(), `${what} ${v}`);
        if (!good) {
          expect(res.status, `${what} ${JSON.stringify(v)}`).toBe(400);
          expect(res.body.message, `${what} ${JSON.stringify(v)}`).toMatch(/Quantity/);
        }
      }
    }
    await projectedLive();
  });

  it('ids in bodies and paths outside 1..MAX_INT answer 400; those inside are refused with another 4xx or done', async () => {
    const random = seeded(SEED + 8);
    const number = nextOrder('ID');
    expect((await exec1.upload('/api/files/upload/orders', 'one.csv', csv('Order #,Item,SKU', [`${number},Wrap Midi Dress 000 - 6 / Beige,DR1000-6-BEIGE`]))).status).toBe(200);
    const order = ((await exec1.get(`/api/orders?search=${encodeURIComponent(number)}&limit=1`)).body.data.orders as { id: number }[])[0]!.id;
    for (const v of [...edges(ID, random), '7' as unknown as number]) {
      const good = typeof v === 'number' && inDomain(ID, v);
      const calls: [string, () => Promise<Answer>][] = [
        ['assign worker_id', () => exec1.post(`/api/orders/${order}/assign-worker`, { worker_id: v })],
        ['bulk-assign order_ids', () => exec1.post('/api/orders/bulk-assign', { order_ids: [v], worker_id: worker.id })],
        ['batch order_ids', () => exec1.post('/api/batches', { order_ids: [order, v], worker_id: worker.id })],
        ['verify item_id', () => manager.post(`/api/orders/${order}/verify`, { discrepancies: [{ item_id: v, issue: 'Torn', resolution: 'Replaced' }] })],
        ['bulk-approve receipt_ids', () => exec2.post('/api/stock-approval/receipts/bulk-approve', { receipt_ids: [v] })],
        ['direct approval location_id', () => exec2.post('/api/stock-approval/manual-approve', { style_code: 'DR1000', color: 'Beige', size: '6', quantity: 1, location_type: 'bin', location_id: v })],
      ];
      for (const [what, call] of calls) {
        const res = refusedOrAccepted(await call(), `${what} ${v}`);
        if (!good) expect(res.status, `${what} ${JSON.stringify(v)}: ${JSON.stringify(res.body)}`).toBe(400);
      }
      const path = refusedOrAccepted(await exec1.post(`/api/orders/${encodeURIComponent(String(v))}/cancel`), `cancel ${v}`);
      // A path is text: decimal digits within the domain.
      const pathGood = /^\d+$/.test(String(v)) && inDomain(ID, Number(v));
      if (!pathGood) expect(path.status, `order id ${v} in a path`).toBe(400);
    }
    await projectedLive();
  });

  it('capacities and walk sequences outside their domains answer 400; those inside are projected', async () => {
    const random = seeded(SEED + 7);
    let n = 0;
    for (const v of edges(CAPACITY, random)) {
      const good = inDomain(CAPACITY, v);
      const created = refusedOrAccepted(await manager.post('/api/locations', { code: `G-1-${++n}`, location_type: 'bin', capacity: v }), `capacity ${v}`);
      expect(created.status, `create with capacity ${v}`).toBe(good ? 201 : 400);
      const range = refusedOrAccepted(await manager.post('/api/locations/range', { location_type: 'rack', from: `R-${n}0`, to: `R-${n}1`, capacity: v }), `range ${v}`);
      expect(range.status, `range with capacity ${v}`).toBe(good ? 201 : 400);
      const changed = refusedOrAccepted(await manager.patch('/api/locations/A-1-1', { capacity: v }), `capacity change ${v}`);
      if (good) expect(changed.status, `capacity change to ${v}`).not.toBe(400);
      else expect(changed.status, `capacity change to ${v}`).toBe(400);
    }
    for (const v of edges(WALK, random)) {
      const res = refusedOrAccepted(await manager.patch('/api/locations/A-1-2', { walk_sequence: v }), `walk ${v}`);
      expect(res.status, `walk sequence ${v}`).toBe(inDomain(WALK, v) ? 200 : 400);
    }
    await projectedLive();
  });

  it('an order line of the largest quantity is picked, completed and verified', async () => {
    const number = nextOrder('MAX');
    const sheet = csv('Order #,Item,SKU,Quantity,Value', [`${number},Wrap Midi Dress 000 - 12 / Beige,DR1000-12-BEIGE,${MAX_QUANTITY},${MAX_MONEY}`]);
    expect((await exec1.upload('/api/files/upload/orders', 'max.csv', sheet)).status).toBe(200);
    await app.allocateStock([{ sku: 'DR1000-12-BEIGE', location: 'A-2-1', quantity: MAX_QUANTITY }]);
    const listed = (await exec1.get(`/api/orders?search=${encodeURIComponent(number)}&limit=5`)).body.data.orders as { id: number }[];
    const id = listed[0]!.id;
    expect((await exec1.post(`/api/orders/${id}/assign-worker`, { worker_id: worker.id })).status).toBe(200);
    const order = (await worker.get(`/api/orders/${id}`)).body.data;
    const item = order.items[0] as { id: number; quantity: number };
    expect(item.quantity).toBe(MAX_QUANTITY);
    expect((await worker.post(`/api/orders/${id}/items/${item.id}/pick`, { location: 'A-2-1' })).status).toBe(200);
    expect((await worker.post(`/api/orders/${id}/complete`)).status).toBe(200);
    expect((await manager.post(`/api/orders/${id}/verify`, {})).status).toBe(200);
    await projectedLive();
  });

  it('no read answers 5xx over the figures above, and a rebuild reproduces the live read models', async () => {
    for (const url of [
      '/api/inventory/status',
      '/api/reports/inventory-status',
      '/api/locations',
      '/api/locations/bins',
      '/api/locations/racks',
      '/api/stock-approval/locations',
      '/api/styles?search=DR1000',
      '/api/inventory/available-items',
      '/api/inventory/adjustments/summary',
      '/api/inventory/ledger?sku=DR1000-6-BEIGE',
      '/api/inventory/ledger?location=F-1-1',
      '/api/inventory/as-of?at=2100-01-01T00:00:00Z&location=F-1-1',
      '/api/reports/daily-summary',
      '/api/reports/worker-productivity',
      '/api/reports/order-analytics',
      '/api/orders?limit=100',
    ]) {
      const res = await manager.get(url);
      expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    }
    await projectedLive();
    const db = app.database.db;
    const live = await snapshot(db);
    await rebuildReadModels(db, projections);
    expect(await snapshot(db)).toEqual(live);
  });
});
