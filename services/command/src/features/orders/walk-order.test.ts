import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

// The pick path: an order's items come in the walk order of their locations, whatever order the file gave them in.
let t: TestApp;
let manager: Client;
let exec1: Client;
let ann: Client & { id: number };
let orderId: number;

// Listed out of walk order on purpose; BG1005-FS-GREY has no stock anywhere.
const ORDER_FILE = [
  'Order #,Item,SKU,Value,is Fulfilled',
  '#30001,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
  '#30001,Tote Bag,BG1005-FS-GREY,10.00,FALSE',
  '#30001,Wrap Midi Dress,DR1012-8-BLUE,10.00,FALSE',
  '#30001,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
  '#30001,A-Line Skirt,SK1014-10-NAVY,10.00,FALSE',
  '#30001,Straight Jean,JN1009-12-WHITE,10.00,FALSE',
].join('\n');

const walked = (items: { sku: string; location: string | null; no_stock: boolean }[]) => items.map((i) => [i.sku, i.location, i.no_stock]);

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1');
  ann = await t.userWithRole('worker', 'ann');
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  expect((await manager.post('/api/locations', { code: 'R-3', location_type: 'rack' })).status).toBe(201);
  await t.allocateStock([
    { sku: 'TP1007-6-GREEN', location: 'A-10-1', quantity: 2 },
    { sku: 'DR1012-8-BLUE', location: 'R-3', quantity: 2 },
    { sku: 'KN1010-12-WINE', location: 'A-2-1', quantity: 2 },
    { sku: 'SK1014-10-NAVY', location: 'B-1-1', quantity: 2 },
    { sku: 'JN1009-12-WHITE', location: 'A-2-10', quantity: 2 },
  ]);
  const upload = await exec1.upload('/api/files/upload/orders', 'walk.csv', ORDER_FILE);
  expect(upload.status).toBe(200);
  const list = await exec1.get('/api/orders?search=30001');
  orderId = list.body.data.orders[0].id;
  expect((await exec1.post(`/api/orders/${orderId}/assign-worker`, { worker_id: ann.id })).status).toBe(200);
});
afterAll(() => t?.stop());

describe("a picker's items in walk order", () => {
  it('come by zone, aisle and shelf read as numbers (A-2-1, A-2-10, A-10-1), then racks; no-stock items last and marked', async () => {
    const res = await ann.get(`/api/orders/${orderId}`);
    expect(res.status).toBe(200);
    expect(walked(res.body.data.items)).toEqual([
      ['KN1010-12-WINE', 'A-2-1', false],
      ['JN1009-12-WHITE', 'A-2-10', false],
      ['TP1007-6-GREEN', 'A-10-1', false],
      ['SK1014-10-NAVY', 'B-1-1', false],
      ['DR1012-8-BLUE', 'R-3', false],
      ['BG1005-FS-GREY', null, true],
    ]);
  });

  it("the worker's own order, found from their list (the picking screen), gives the same order", async () => {
    const res = await ann.get(`/api/orders?status=assigned,picking&worker_id=${ann.id}`);
    const order = await ann.get(`/api/orders/${res.body.data.orders[0].id}`);
    expect(walked(order.body.data.items).map(([sku]) => sku)).toEqual([
      'KN1010-12-WINE',
      'JN1009-12-WHITE',
      'TP1007-6-GREEN',
      'SK1014-10-NAVY',
      'DR1012-8-BLUE',
      'BG1005-FS-GREY',
    ]);
  });

  it("follows a manager's walk sequence, and the code's again once it is cleared", async () => {
    const set = await manager.patch('/api/locations/R-3', { walk_sequence: 0 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ code: 'R-3', walk_sequence: 0, walk_sequence_override: 0 });
    const first = await ann.get(`/api/orders/${orderId}`);
    expect(first.body.data.items.map((i: { location: string | null }) => i.location)).toEqual(['R-3', 'A-2-1', 'A-2-10', 'A-10-1', 'B-1-1', null]);

    const cleared = await manager.patch('/api/locations/R-3', { walk_sequence: null });
    expect(cleared.body.data).toMatchObject({ walk_sequence: 18_000_003, walk_sequence_override: null });
    const again = await ann.get(`/api/orders/${orderId}`);
    expect(again.body.data.items.map((i: { location: string | null }) => i.location)).toEqual(['A-2-1', 'A-2-10', 'A-10-1', 'B-1-1', 'R-3', null]);
  });

  it('a picked item keeps its place by the location it was taken from; the pick answers in walk order', async () => {
    const items = (await ann.get(`/api/orders/${orderId}`)).body.data.items as { id: number; sku: string }[];
    const jumper = items.find((i) => i.sku === 'KN1010-12-WINE')!;
    const res = await ann.post(`/api/orders/${orderId}/items/${jumper.id}/pick`, {});
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { sku: string; status: string; location: string | null }) => [i.sku, i.status, i.location])).toEqual([
      ['KN1010-12-WINE', 'picked', 'A-2-1'],
      ['JN1009-12-WHITE', 'pending', 'A-2-10'],
      ['TP1007-6-GREEN', 'pending', 'A-10-1'],
      ['SK1014-10-NAVY', 'pending', 'B-1-1'],
      ['DR1012-8-BLUE', 'pending', 'R-3'],
      ['BG1005-FS-GREY', 'pending', null],
    ]);
  });
});

describe("a batch's combined list in walk order", () => {
  // Two orders whose items interleave by location: the batch walks A-2-1, A-2-10, A-10-1, B-1-1 once, whichever
  // order each item belongs to; the tote bag, stocked nowhere, comes last and marked.
  const BATCH_FILE = [
    'Order #,Item,SKU,Value,is Fulfilled',
    '#30002,A-Line Skirt,SK1014-10-NAVY,10.00,FALSE',
    '#30002,Tote Bag,BG1005-FS-GREY,10.00,FALSE',
    '#30002,Cable Jumper,KN1010-12-WINE,10.00,FALSE',
    '#30003,Linen Shirt,TP1007-6-GREEN,10.00,FALSE',
    '#30003,Wrap Midi Dress,DR1012-8-BLUE,10.00,FALSE',
    '#30003,Straight Jean,JN1009-12-WHITE,10.00,FALSE',
  ].join('\n');
  const lineOf = (l: { sku: string; location: string | null; no_stock: boolean; order_number: string; slot: number }) => [
    l.location,
    l.sku,
    l.order_number,
    l.slot,
    l.no_stock,
  ];
  let batchId: number;

  beforeAll(async () => {
    expect((await exec1.upload('/api/files/upload/orders', 'batch-walk.csv', BATCH_FILE)).status).toBe(200);
    const orders = (await exec1.get('/api/orders?search=3000')).body.data.orders as { id: number; order_number: string }[];
    const idOf = (n: string) => orders.find((o) => o.order_number === n)!.id;
    const res = await exec1.post('/api/batches', { order_ids: [idOf('#30002'), idOf('#30003')], worker_id: ann.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    batchId = res.body.data.id;
  });

  it("uses the same walk sequence as an order's items, across the orders; no-stock lines last and marked", async () => {
    const res = await ann.get(`/api/batches/${batchId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.lines.map(lineOf)).toEqual([
      ['A-2-1', 'KN1010-12-WINE', '#30002', 1, false],
      ['A-2-10', 'JN1009-12-WHITE', '#30003', 2, false],
      ['A-10-1', 'TP1007-6-GREEN', '#30003', 2, false],
      ['B-1-1', 'SK1014-10-NAVY', '#30002', 1, false],
      ['R-3', 'DR1012-8-BLUE', '#30003', 2, false],
      [null, 'BG1005-FS-GREY', '#30002', 1, true],
    ]);
  });

  it("follows a manager's walk sequence", async () => {
    expect((await manager.patch('/api/locations/B-1-1', { walk_sequence: 5 })).status).toBe(200);
    const res = await ann.get(`/api/batches/${batchId}`);
    expect(res.body.data.lines.map((l: { location: string | null }) => l.location)).toEqual(['B-1-1', 'A-2-1', 'A-2-10', 'A-10-1', 'R-3', null]);
    expect((await manager.patch('/api/locations/B-1-1', { walk_sequence: null })).status).toBe(200);
  });
});

describe('PATCH /api/locations/:code walk_sequence', () => {
  it('lists every location with its walk sequence, derived or set', async () => {
    const res = await manager.get('/api/locations');
    const byCode = new Map(res.body.data.locations.map((l: { code: string }) => [l.code, l]));
    expect(byCode.get('A-2-1')).toMatchObject({ walk_sequence: 1_002_001, walk_sequence_override: null });
    expect(byCode.get('RECEIVING')).toMatchObject({ walk_sequence: 99_999_999_999, walk_sequence_override: null });
  });

  it('is refused to everyone but a manager', async () => {
    for (const who of [exec1, ann]) {
      const res = await who.patch('/api/locations/A-2-1', { walk_sequence: 3 });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only managers can change the warehouse layout.');
    }
  });

  it('refuses a sequence that is not a whole number from 0 to the highest, and the receiving area', async () => {
    for (const bad of [-1, 1.5, '7', 100_000_000_000]) {
      const res = await manager.patch('/api/locations/A-2-1', { walk_sequence: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toBe('Walk sequence must be a whole number from 0 to 99999999999');
    }
    const receiving = await manager.patch('/api/locations/RECEIVING', { walk_sequence: 3 });
    expect(receiving.status).toBe(409);
    expect(receiving.body.message).toBe('The receiving area cannot be changed');
  });

  it('records LocationWalkSequenceSet in the audit log', async () => {
    const res = await manager.get('/api/audit/events?location=R-3');
    const summaries = res.body.data.events.map((e: { summary: string }) => e.summary);
    expect(summaries).toContain('Set the walk sequence of R-3 to 0');
    expect(summaries).toContain("Walk sequence of R-3 set back to its code's");
  });
});
