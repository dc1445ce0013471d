import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type ReadModelsNotice } from '@wh/contracts';
import { caughtUp } from '@wh/projector/testing';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { FIXTURES_DIR } from '../../../../../test/fixtures.ts';

// Moving stock through the API: both sides of a move in the ledger and the read models, every role allowed, every
// bad request a 4xx that changes nothing, the over-capacity warning confirmed before the units go in, retries safe,
// and moves racing picks never taking more than the source holds.

let t: TestApp;
let manager: Client;
let worker: Client & { id: number };
let listener: pg.Client;
const notices: ReadModelsNotice[] = [];
const others = {} as Record<'executive1' | 'executive2', Client>;

const DRESS = 'DR1012-8-BLUE';
const JUMPER = 'KN1010-12-WINE';
// A SKU of each test's own, so that where it is held is what that test made.
const ROLES_SKU = 'DR1006-6-KHAKI';
const BAD_SKU = 'DR1006-8-KHAKI';
const CAPACITY_SKU = 'DR1006-10-KHAKI';
const RETRY_SKU = 'DR1006-12-KHAKI';

const move = (c: Client, body: Record<string, unknown>) => c.post('/api/inventory/move', body);

async function bin(code: string, capacity: number): Promise<void> {
  const res = await manager.post('/api/locations', { code, location_type: 'bin', capacity });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function stock(sku: string, location: string, quantity: number): Promise<void> {
  const res = await manager.post('/api/inventory/adjust', { sku, quantity, location, adjustment_type: 'increase', reason: 'Found items' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

// Units of a SKU per location: the command side's counts, and the read model's.
async function levels(sku: string): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('stock_levels').select(['location', 'quantity']).where('sku', '=', sku).where('quantity', '<>', 0).execute();
  return Object.fromEntries(rows.map((r) => [r.location, r.quantity]));
}
async function projected(sku: string): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('rm_stock').select(['location', 'quantity']).where('sku', '=', sku).where('quantity', '<>', 0).execute();
  return Object.fromEntries(rows.map((r) => [r.location, r.quantity]));
}
// What the ledger's movements add up to, per location.
async function ledgerSums(sku: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ location: string; total: number }>`
    select location, sum(delta)::int as total from rm_stock_movements where sku = ${sku} group by location having sum(delta) <> 0`.execute(t.database.db);
  return Object.fromEntries(rows.map((r) => [r.location, r.total]));
}
const eventCount = async () => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.database.db)).rows[0]!.n);

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  worker = await t.userWithRole('worker');
  others.executive1 = await t.userWithRole('executive1');
  others.executive2 = await t.userWithRole('executive2');
  const up = await manager.upload('/api/files/upload/shopify-inventory', 'p.csv', readFileSync(`${FIXTURES_DIR}styles/shopify-products.csv`));
  expect(up.status).toBe(200);
  listener = new pg.Client({ connectionString: t.db.url });
  await listener.connect();
  listener.on('notification', (msg) => {
    if (msg.channel === 'read_models' && msg.payload) notices.push(JSON.parse(msg.payload) as ReadModelsNotice);
  });
  await listener.query('listen read_models');
});
afterAll(async () => {
  await listener?.end();
  await t?.stop();
});

describe('a move', () => {
  it('takes the units out of one location and into another: both sides in the ledger and rm_stock, announced on inventory', async () => {
    await bin('M-1-1', 50);
    await bin('M-1-2', 50);
    await stock(DRESS, 'M-1-1', 5);
    const res = await move(manager, { sku: 'dr1012-8-blue', from_location: 'm-1-1', to_location: 'M-1-2', quantity: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(`Moved from M-1-1 to M-1-2: 3 × ${DRESS}. M-1-1 now holds 2, M-1-2 3.`);
    expect(res.body.data).toMatchObject({
      sku: DRESS,
      style_code: 'DR1012',
      quantity: 3,
      from_location: 'M-1-1',
      to_location: 'M-1-2',
      from_quantity_after: 2,
      to_quantity_after: 3,
      reason: 'Moved from M-1-1 to M-1-2',
      moved_by: 'admin',
      over_capacity: [],
    });
    expect(await levels(DRESS)).toEqual({ 'M-1-1': 2, 'M-1-2': 3 });
    expect(await projected(DRESS)).toEqual({ 'M-1-1': 2, 'M-1-2': 3 });

    const ledger = (await manager.get(`/api/inventory/ledger?sku=${DRESS}`)).body.data.movements as { location: string; delta: number; event_type: string; reason: string; actor_name: string }[];
    expect(ledger.filter((m) => m.event_type === 'StockMoved').map((m) => [m.location, m.delta, m.reason])).toEqual([
      ['M-1-2', 3, 'Moved from M-1-1 to M-1-2'],
      ['M-1-1', -3, 'Moved from M-1-1 to M-1-2'],
    ]);
    // A worker reads the ledger too, with who moved the units and why.
    const seenByWorker = (await worker.get(`/api/inventory/ledger?location=M-1-2`)).body.data.movements[0];
    expect(seenByWorker).toMatchObject({ event_type: 'StockMoved', reason: 'Moved from M-1-1 to M-1-2', actor_name: 'Administrator' });

    await vi.waitFor(() => expect(notices.some((n) => BigInt(n.pos) >= BigInt(res.body.position) && n.topics.includes('inventory'))).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    const audit = (await manager.get(`/api/audit/events?sku=${DRESS}&event_type=StockMoved`)).body.data.events;
    expect(audit.map((e: { summary: string }) => e.summary)).toEqual([`Moved from M-1-1 to M-1-2: 3 × ${DRESS}`]);
    expect(audit[0].locations.sort()).toEqual(['M-1-1', 'M-1-2']);
  });

  it('what a location holds is listed SKU by SKU; an unknown one is 404', async () => {
    const held = await worker.get('/api/locations/m-1-1/stock');
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.data.location).toMatchObject({ code: 'M-1-1', location_type: 'bin', capacity: 50, current_stock: 2 });
    expect(held.body.data.stock).toEqual([{ sku: DRESS, style_code: 'DR1012', style_name: expect.any(String), size: '8', color: 'Blue', quantity: 2, barcodes: [] }]);
    expect((await worker.get('/api/locations/RECEIVING/stock')).status).toBe(200);
    const unknown = await worker.get('/api/locations/Z-9-9/stock');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Location Z-9-9 not found');
  });

  it('out of RECEIVING is a put-away: the manager’s own stock sheet approves into RECEIVING, a move shelves it', async () => {
    await bin('M-2-1', 50);
    const sheet = 'DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\n01/02/2026,KN1010,Wine,12,4,GP-MOVE-1\n';
    const up = await manager.upload('/api/files/upload/manual-stock', 'stock.csv', sheet);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.auto_approved).toBe(1);
    await caughtUp(t.database.db);
    expect((await levels(JUMPER)).RECEIVING).toBe(4);
    const res = await move(others.executive2, { sku: JUMPER, from_location: 'RECEIVING', to_location: 'M-2-1', quantity: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.reason).toBe('Put away from RECEIVING to M-2-1');
    expect(await levels(JUMPER)).toEqual({ 'M-2-1': 4 });
    expect(await projected(JUMPER)).toEqual({ 'M-2-1': 4 });
    const audit = (await manager.get(`/api/audit/events?sku=${JUMPER}&event_type=StockMoved`)).body.data.events;
    expect(audit[0].summary).toBe(`Put away from RECEIVING to M-2-1: 4 × ${JUMPER}`);
  });

  it('is every role’s to make; without a session it is refused and nothing moves', async () => {
    await bin('M-3-1', 50);
    await bin('M-3-2', 50);
    await stock(ROLES_SKU, 'M-3-1', 4);
    for (const c of [manager, others.executive1, others.executive2, worker]) {
      const res = await move(c, { sku: ROLES_SKU, from_location: 'M-3-1', to_location: 'M-3-2', quantity: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const before = await eventCount();
    const anonymous = await move(t.anonymous, { sku: ROLES_SKU, from_location: 'M-3-1', to_location: 'M-3-2', quantity: 1 });
    expect(anonymous.status).toBe(401);
    expect(await eventCount()).toBe(before);
    const held = await levels(ROLES_SKU);
    expect(held['M-3-1']).toBeUndefined();
    expect(held['M-3-2']).toBe(4);
  });
});

describe('a bad move is a 4xx that changes nothing', () => {
  beforeAll(async () => {
    await bin('N-1-1', 50);
    await bin('N-1-2', 50);
    await bin('N-1-3', 50);
    await stock(BAD_SKU, 'N-1-1', 5);
    expect((await manager.patch('/api/locations/N-1-3', { is_active: false })).status).toBe(200);
  });
  const good = { sku: BAD_SKU, from_location: 'N-1-1', to_location: 'N-1-2', quantity: 2 };

  it.each([
    ['the same location at both ends', { to_location: 'N-1-1' }, 400, 'N-1-1 is both the location to move from and the one to move to: choose another destination.'],
    ['an unknown SKU', { sku: 'DR1012-99-PINK' }, 404, 'SKU DR1012-99-PINK not found. Check the style code, size and colour.'],
    ['an unknown source', { from_location: 'Z-9-9' }, 404, 'Location Z-9-9 not found'],
    ['an unknown destination', { to_location: 'Z-9-9' }, 404, 'Location Z-9-9 not found'],
    ['an inactive destination', { to_location: 'N-1-3' }, 409, 'Location N-1-3 is deactivated and cannot receive stock. Reactivate it or choose another location.'],
    ['more than the source holds', { quantity: 6 }, 409, `Not enough stock of ${BAD_SKU} at N-1-1: 5 there, 6 needed. ${BAD_SKU} is held at N-1-1 (5).`],
    ['quantity 0', { quantity: 0 }, 400, 'Quantity must be at least 1'],
    ['a negative quantity', { quantity: -2 }, 400, 'Quantity must be at least 1'],
    ['a fraction', { quantity: 1.5 }, 400, 'Quantity must be a whole number'],
    ['a quantity as text', { quantity: '2' }, 400, 'Quantity must be at least 1'],
    ['too large a quantity', { quantity: 1_000_001 }, 400, 'Quantity must be at most 1000000'],
    ['no SKU', { sku: '' }, 400, 'Please select an item'],
    ['no destination', { to_location: undefined }, 400, 'Please choose the location to move to'],
    ['a destination that is no location code', { to_location: 'shelf' }, 400, 'SHELF is not a location code: they look like A-1-1 (bin), R-1 (rack) or RECEIVING'],
    ['a confirmation that is not a boolean', { confirm_over_capacity: 'yes' }, 400, 'confirm_over_capacity must be true or false'],
  ])('%s', async (_name, change, status, message) => {
    const before = await eventCount();
    const res = await move(manager, { ...good, ...change });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(await eventCount()).toBe(before);
    expect(await levels(BAD_SKU)).toMatchObject({ 'N-1-1': 5 });
    expect((await levels(BAD_SKU))['N-1-2']).toBeUndefined();
  });
});

describe('a destination going over its capacity', () => {
  it('is refused with the warning until confirmed; confirmed, the move goes in and says so', async () => {
    await bin('P-1-1', 50);
    await bin('P-1-2', 5);
    await stock(CAPACITY_SKU, 'P-1-1', 10);
    await stock(JUMPER, 'P-1-2', 4);
    const body = { sku: CAPACITY_SKU, from_location: 'P-1-1', to_location: 'P-1-2', quantity: 3 };
    const before = await eventCount();
    const warned = await move(others.executive2, body);
    expect(warned.status).toBe(409);
    expect(warned.body.error.code).toBe('OVER_CAPACITY');
    expect(warned.body.message).toBe('Moving 3 units takes P-1-2 over capacity: it would hold 7 units for a capacity of 5 (2 over). Confirm to move them anyway.');
    expect(await eventCount()).toBe(before);
    expect(await levels(CAPACITY_SKU)).toEqual({ 'P-1-1': 10 });

    const confirmed = await move(others.executive2, { ...body, confirm_over_capacity: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.data.over_capacity).toEqual([{ location: 'P-1-2', capacity: 5, quantity_after: 7 }]);
    expect(await levels(CAPACITY_SKU)).toEqual({ 'P-1-1': 7, 'P-1-2': 3 });
    const audit = (await manager.get(`/api/audit/events?location=P-1-2&event_type=StockMoved`)).body.data.events;
    expect(audit[0].summary).toBe(`Moved from P-1-1 to P-1-2: 3 × ${CAPACITY_SKU} (P-1-2 over capacity, confirmed: 7 for 5)`);
  });
});

describe('a retried move', () => {
  it('under the same Idempotency-Key is answered again and recorded once', async () => {
    await bin('Q-1-1', 50);
    await bin('Q-1-2', 50);
    await stock(RETRY_SKU, 'Q-1-1', 5);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/inventory/move',
        headers: { authorization: `Bearer ${worker.token}`, [IDEMPOTENCY_KEY_HEADER]: 'move-retry-1' },
        payload: { sku: RETRY_SKU, from_location: 'Q-1-1', to_location: 'Q-1-2', quantity: 2 },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await levels(RETRY_SKU)).toMatchObject({ 'Q-1-1': 3, 'Q-1-2': 2 });
  });
});

describe('moves racing picks', () => {
  // An order of one unit of the SKU per pick, assigned to the worker.
  async function ordersToPick(sku: string, count: number): Promise<{ orderId: number; itemId: number }[]> {
    const rows = Array.from({ length: count }, (_, i) => `#RACE-${i + 1},Race item,${sku},1`);
    const imported = await manager.upload('/api/files/upload/orders', 'race.csv', ['Order #,Item,SKU,Quantity', ...rows].join('\n'));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const listed = (await manager.get('/api/orders?search=RACE&limit=100')).body.data.orders as { id: number }[];
    expect(listed).toHaveLength(count);
    const assigned = await manager.post('/api/orders/bulk-assign', { order_ids: listed.map((o) => o.id), worker_id: worker.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    return Promise.all(
      listed.map(async (o) => ({ orderId: o.id, itemId: ((await manager.get(`/api/orders/${o.id}`)).body.data.items[0] as { id: number }).id })),
    );
  }

  it('never take more than the source holds, and the ledger adds up to what the locations hold', async () => {
    await bin('R-1-1', 100);
    await bin('R-1-2', 100);
    const sku = 'DR1012-10-BLUE';
    await stock(sku, 'R-1-1', 10);
    const picks = await ordersToPick(sku, 8);
    // 8 picks of 1 and 5 moves of 2 ask for 18 of the 10 units, all at once.
    const attempts = [
      ...picks.map(({ orderId, itemId }) => worker.post(`/api/orders/${orderId}/items/${itemId}/pick`, { location: 'R-1-1' }).then((r) => ({ kind: 'pick', units: 1, r }))),
      ...Array.from({ length: 5 }, () => move(others.executive2, { sku, from_location: 'R-1-1', to_location: 'R-1-2', quantity: 2 }).then((r) => ({ kind: 'move', units: 2, r }))),
    ];
    const outcomes = await Promise.all(attempts);
    for (const o of outcomes) expect([200, 201, 409], JSON.stringify(o.r.body)).toContain(o.r.status);
    const taken = outcomes.filter((o) => o.r.status < 300);
    const picked = taken.filter((o) => o.kind === 'pick').length;
    const moved = taken.filter((o) => o.kind === 'move').length * 2;
    expect(picked + moved).toBeLessThanOrEqual(10);
    // Every refusal is for lack of stock, so everything was taken that could be.
    expect(picked + moved).toBeGreaterThanOrEqual(9);
    const held = await levels(sku);
    expect((held['R-1-1'] ?? 0) + (held['R-1-2'] ?? 0)).toBe(10 - picked);
    expect(held['R-1-2'] ?? 0).toBe(moved);
    expect(held['R-1-1'] ?? 0).toBeGreaterThanOrEqual(0);
    await caughtUp(t.database.db);
    expect(await ledgerSums(sku)).toEqual(held);
    expect(await projected(sku)).toEqual(held);
  });
});

describe('moves in opposite directions at once', () => {
  it('wait for each other instead of deadlocking: no 5xx, and the units are all still there', async () => {
    await bin('S-1-1', 1000);
    await bin('S-1-2', 1000);
    const sku = 'DR1012-12-BLUE';
    await stock(sku, 'S-1-1', 40);
    await stock(sku, 'S-1-2', 40);
    const there = { sku, from_location: 'S-1-1', to_location: 'S-1-2', quantity: 3 };
    const back = { sku, from_location: 'S-1-2', to_location: 'S-1-1', quantity: 2 };
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([move(manager, there), move(worker, back), move(others.executive2, there), move(others.executive1, back)]);
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const held = await levels(sku);
    expect(held).toEqual({ 'S-1-1': 40 - 10 * 2 * (3 - 2), 'S-1-2': 40 + 10 * 2 * (3 - 2) });
    await caughtUp(t.database.db);
    expect(await ledgerSums(sku)).toEqual(held);
  });
});
