import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@wh/db';
import { projections, rebuildReadModels } from '@wh/projector';
import { caughtUp } from '@wh/projector/testing';
import { reportsProjection } from '@wh/projector/projections/reports/projection';
import { auditProjection } from '@wh/projector/projections/audit/projection';
import { dashboardOrderFilters, myAssignedFilter, ordersLink, TopicSet, type StoredEvent } from '@wh/contracts';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { FIXTURES_DIR } from '../../../../../test/fixtures.ts';

// A scripted history at known warehouse-local times, in a zone whose offset is not a whole hour (+05:30), so a
// local day is not a UTC day: imports at 00:10 local happen on the previous UTC day.
const ZONE = 'Asia/Kolkata';
const local = (stamp: string) => new Date(`${stamp.replace(' ', 'T')}:00+05:30`);
let clock = local('2025-01-01 10:00');
const NOW = '2026-03-31 12:00';

let t: TestApp;
let manager: Client;
let exec1: Client & { id: number };
let exec2: Client & { id: number };
let ann: Client & { id: number };
let ben: Client & { id: number };
const orderIds = new Map<string, number>();

const ok = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);

const ITEMS: Record<string, string> = {
  'DR1000-6-BEIGE': 'Wrap Midi Dress 000 - 6 / Beige',
  'DR1000-8-BEIGE': 'Wrap Midi Dress 000 - 8 / Beige',
  'KN1010-12-WINE': 'Cable Jumper 010 - 12 / Wine',
  'TP1007-6-GREEN': 'Linen Shirt 007 - 6 / Green',
  'DR1012-8-BLUE': 'Wrap Midi Dress 012 - 8 / Blue',
};

async function at(stamp: string, step: () => Promise<void>) {
  clock = local(stamp);
  await step();
}

async function importOrders(orders: Record<string, string[]>) {
  const rows = Object.entries(orders).flatMap(([n, skus]) => skus.map((sku) => `${n},${ITEMS[sku]},${sku},10.00,FALSE`));
  const csv = ['Order #,Item,SKU,Value,is Fulfilled', ...rows].join('\n');
  ok(await exec1.upload('/api/files/upload/orders', 'orders.csv', Buffer.from(csv)));
  await caughtUp(t.database.db);
  for (const n of Object.keys(orders)) {
    const row = await t.database.db.selectFrom('rm_orders').select('id').where('order_number', '=', n).executeTakeFirstOrThrow();
    orderIds.set(n, row.id);
  }
}

const id = (n: string) => orderIds.get(n)!;
const assign = async (n: string, worker: { id: number }) => ok(await exec1.post(`/api/orders/${id(n)}/assign-worker`, { worker_id: worker.id }));
async function itemsOf(n: string): Promise<{ id: number; sku: string }[]> {
  return (await manager.get(`/api/orders/${id(n)}`)).body.data.items;
}
async function pick(who: Client, n: string, sku: string) {
  const item = (await itemsOf(n)).find((i) => i.sku === sku)!;
  ok(await who.post(`/api/orders/${id(n)}/items/${item.id}/pick`, {}));
}
const complete = async (who: Client, n: string) => ok(await who.post(`/api/orders/${id(n)}/complete`));
async function verify(n: string, discrepancySku?: string) {
  const items = await itemsOf(n);
  const discrepancies = discrepancySku ? [{ item_id: items.find((i) => i.sku === discrepancySku)!.id, issue: 'wrong colour', resolution: 'swapped' }] : [];
  const answer = await exec2.post(`/api/orders/${id(n)}/verify`, { verification_notes: 'checked', discrepancies });
  ok(answer);
  // A discrepancy holds the order; resolved at once, every unit shipped, it is verified.
  const hold = answer.body.data.hold as { lines: { item_id: number; counted: number }[] } | null;
  if (hold) ok(await exec2.post(`/api/orders/${id(n)}/resolve`, { lines: hold.lines.map((l) => ({ item_id: l.item_id, shipped: l.counted })), reason: 'swapped' }));
}
const adjust = async (body: Record<string, unknown>) =>
  ok(await manager.post('/api/inventory/adjust', { reason: 'Found items', location_type: 'bin', ...body }), 201);

beforeAll(async () => {
  t = await startTestApp({ now: () => clock, config: { WAREHOUSE_TIMEZONE: ZONE, SESSION_IDLE_HOURS: 24 * 365 * 5, SESSION_MAX_DAYS: 365 * 5 } });
  // Setup, before every report range.
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1', 'eve');
  exec2 = await t.userWithRole('executive2', 'vic');
  ann = await t.userWithRole('worker', 'ann');
  ben = await t.userWithRole('worker', 'ben');
  ok(await manager.upload('/api/files/upload/shopify-inventory', 'p.csv', readFileSync(`${FIXTURES_DIR}styles/shopify-products.csv`)));
  ok(await manager.post('/api/locations/range', { location_type: 'bin', from: 'A-1-1', to: 'A-1-3', capacity: 100 }), 201);
  for (const [sku, location] of [
    ['DR1000-6-BEIGE', 'A-1-1'],
    ['DR1000-8-BEIGE', 'A-1-1'],
    ['KN1010-12-WINE', 'A-1-2'],
    ['TP1007-6-GREEN', 'A-1-3'],
  ]) {
    await adjust({ sku, location, adjustment_type: 'increase', quantity: 20 });
  }

  // 2025-06-15: last year, outside every range (the daily summary of that date reads it).
  await at('2025-06-15 09:00', () => importOrders({ '#2001': ['DR1000-6-BEIGE', 'KN1010-12-WINE'] }));
  await at('2025-06-15 09:30', () => assign('#2001', ann));
  await at('2025-06-15 10:00', () => pick(ann, '#2001', 'DR1000-6-BEIGE'));
  await at('2025-06-15 10:10', () => pick(ann, '#2001', 'KN1010-12-WINE'));
  await at('2025-06-15 10:20', () => complete(ann, '#2001'));
  await at('2025-06-15 11:00', () => verify('#2001'));
  // 2026-02-10: inside 'quarter', outside 'month'.
  await at('2026-02-10 09:00', () => importOrders({ '#2002': ['TP1007-6-GREEN'], '#2003': ['KN1010-12-WINE'] }));
  await at('2026-02-10 10:00', () => assign('#2002', ben));
  await at('2026-02-10 10:30', async () => ok(await exec1.post(`/api/orders/${id('#2003')}/cancel`)));
  // 2026-03-10/11: inside 'month', outside 'week'.
  await at('2026-03-10 08:00', () => importOrders({ '#2004': ['DR1000-6-BEIGE', 'TP1007-6-GREEN'] }));
  await at('2026-03-10 08:30', () => assign('#2004', ann));
  await at('2026-03-10 09:00', () => pick(ann, '#2004', 'DR1000-6-BEIGE'));
  await at('2026-03-10 09:40', () => pick(ann, '#2004', 'TP1007-6-GREEN'));
  await at('2026-03-10 10:00', () => complete(ann, '#2004'));
  await at('2026-03-11 09:00', () => verify('#2004', 'TP1007-6-GREEN'));
  // 2026-03-28: inside 'week'.
  await at('2026-03-28 12:00', () => importOrders({ '#2005': ['KN1010-12-WINE'] }));
  await at('2026-03-28 12:15', () => assign('#2005', ben));
  await at('2026-03-28 12:45', () => pick(ben, '#2005', 'KN1010-12-WINE'));
  await at('2026-03-28 13:00', () => complete(ben, '#2005'));
  // Ten minutes before local midnight: yesterday.
  await at('2026-03-30 23:50', () => importOrders({ '#2006': ['DR1000-8-BEIGE'] }));
  // Today (2026-03-31), ten minutes after local midnight: still 2026-03-30 in UTC.
  await at('2026-03-31 00:10', () =>
    importOrders({ '#2007': ['DR1000-6-BEIGE', 'DR1000-8-BEIGE'], '#2008': ['KN1010-12-WINE', 'DR1012-8-BLUE'], '#2009': ['TP1007-6-GREEN'] }),
  );
  await at('2026-03-31 08:00', async () => {
    await assign('#2007', ann);
    await assign('#2008', ben);
  });
  await at('2026-03-31 08:30', () => pick(ann, '#2007', 'DR1000-6-BEIGE'));
  // A manager's pick for ann, undone: it counts for nobody.
  await at('2026-03-31 08:35', () => pick(manager, '#2007', 'DR1000-8-BEIGE'));
  await at('2026-03-31 08:36', async () => {
    const item = (await itemsOf('#2007')).find((i) => i.sku === 'DR1000-8-BEIGE')!;
    ok(await manager.post(`/api/orders/${id('#2007')}/items/${item.id}/undo`, { reason: 'Picked the wrong size' }));
  });
  await at('2026-03-31 09:00', () => pick(ben, '#2008', 'KN1010-12-WINE'));
  // No location holds DR1012-8-BLUE: an unstocked pick.
  await at('2026-03-31 09:20', () => pick(ben, '#2008', 'DR1012-8-BLUE'));
  await at('2026-03-31 09:30', () => complete(ben, '#2008'));
  await at('2026-03-31 10:00', () => verify('#2008', 'DR1012-8-BLUE'));
  await at('2026-03-31 11:00', () =>
    adjust({ sku: 'TP1007-6-GREEN', location: 'A-1-3', adjustment_type: 'decrease', quantity: 2, reason: 'Damaged goods' }),
  );
  clock = local(NOW);
  await caughtUp(t.database.db);
}, 300_000);
afterAll(() => t?.stop());

const RANGES = ['today', 'week', 'month', 'quarter', 'year'] as const;

describe('order analytics', () => {
  const totals = {
    today: { received: 3, assigned: 2, completed: 1, verified: 1, cancelled: 0 },
    week: { received: 5, assigned: 3, completed: 2, verified: 1, cancelled: 0 },
    month: { received: 6, assigned: 4, completed: 3, verified: 2, cancelled: 0 },
    quarter: { received: 8, assigned: 5, completed: 3, verified: 2, cancelled: 1 },
    // Today is the last day of the first quarter: the year to date is the quarter.
    year: { received: 8, assigned: 5, completed: 3, verified: 2, cancelled: 1 },
  };
  const stats = (count: number, average: number | null, median: number | null, p90: number | null) => ({
    count,
    average_minutes: average,
    median_minutes: median,
    p90_minutes: p90,
  });
  const timings = {
    today: { a: stats(2, 470, 470, 470), c: stats(1, 560, 560, 560), v: stats(1, 590, 590, 590) },
    week: { a: stats(3, 318.3, 470, 470), c: stats(2, 310, 310, 510), v: stats(1, 590, 590, 590) },
    month: { a: stats(4, 246.3, 250, 470), c: stats(3, 246.7, 120, 472), v: stats(2, 1045, 1045, 1409) },
    quarter: { a: stats(5, 209, 60, 470), c: stats(3, 246.7, 120, 472), v: stats(2, 1045, 1045, 1409) },
    year: { a: stats(5, 209, 60, 470), c: stats(3, 246.7, 120, 472), v: stats(2, 1045, 1045, 1409) },
  };

  it.each(RANGES)('counts orders received, assigned, completed, verified and cancelled over %s', async (range) => {
    const res = await manager.get(`/api/reports/order-analytics?range=${range}`);
    ok(res);
    expect(res.body.data.totals).toEqual(totals[range]);
    expect(res.body.data.period).toMatchObject({ range, to: '2026-03-31', time_zone: ZONE });
    expect(res.body.data.days).toHaveLength({ today: 1, week: 7, month: 31, quarter: 90, year: 90 }[range]);
  });

  it.each(RANGES)('measures minutes from import to assignment, completion and verification over %s', async (range) => {
    const data = (await manager.get(`/api/reports/order-analytics?range=${range}`)).body.data;
    expect(data.time_to_assignment).toEqual(timings[range].a);
    expect(data.time_to_completion).toEqual(timings[range].c);
    expect(data.time_to_verification).toEqual(timings[range].v);
  });

  it('buckets each day by the warehouse-local day, not the UTC day', async () => {
    const data = (await manager.get('/api/reports/order-analytics?range=month')).body.data;
    const day = (d: string) => data.days.find((x: { date: string }) => x.date === d);
    expect(data.period).toEqual({ range: 'month', from: '2026-03-01', to: '2026-03-31', time_zone: ZONE });
    expect(day('2026-03-31')).toEqual({ date: '2026-03-31', received: 3, assigned: 2, completed: 1, verified: 1, cancelled: 0 });
    expect(day('2026-03-30')).toEqual({ date: '2026-03-30', received: 1, assigned: 0, completed: 0, verified: 0, cancelled: 0 });
    expect(day('2026-03-11')).toEqual({ date: '2026-03-11', received: 0, assigned: 0, completed: 0, verified: 1, cancelled: 0 });
    expect(day('2026-03-10')).toEqual({ date: '2026-03-10', received: 1, assigned: 1, completed: 1, verified: 0, cancelled: 0 });
    const year = (await manager.get('/api/reports/order-analytics?range=year')).body.data;
    expect(year.period.from).toBe('2026-01-01');
    expect(year.days.find((x: { date: string }) => x.date === '2026-02-10')).toMatchObject({ received: 2, assigned: 1, cancelled: 1 });
  });

  it('starts the month, quarter and year on their first local day, while UTC is still on the day before', async () => {
    // 00:05 on 1 April in Kolkata is 18:35 on 31 March in UTC.
    clock = local('2026-04-01 00:05');
    try {
      const period = async (range: string) => (await manager.get(`/api/reports/order-analytics?range=${range}`)).body.data;
      const month = await period('month');
      expect(month.period).toEqual({ range: 'month', from: '2026-04-01', to: '2026-04-01', time_zone: ZONE });
      expect(month.totals.received).toBe(0);
      expect((await period('quarter')).period).toMatchObject({ from: '2026-04-01', to: '2026-04-01' });
      const year = await period('year');
      expect(year.period).toMatchObject({ from: '2026-01-01', to: '2026-04-01' });
      expect(year.days).toHaveLength(91);
      expect(year.totals.received).toBe(8);
      expect((await period('week')).period).toMatchObject({ from: '2026-03-26', to: '2026-04-01' });
    } finally {
      clock = local(NOW);
    }
  });

  it('refuses an unknown range', async () => {
    const res = await manager.get('/api/reports/order-analytics?range=decade');
    expect(res.status).toBe(400);
  });
});

describe('worker productivity', () => {
  const picker = (
    who: { id: number },
    name: string,
    items: number,
    completed: number,
    perItem: number | null,
    verified: number,
    withDiscrepancies: number,
    rate: number | null,
  ) => ({
    worker_id: who.id,
    worker_name: name,
    items_picked: items,
    units_picked: items,
    orders_completed: completed,
    average_seconds_per_item: perItem,
    orders_verified: verified,
    orders_with_discrepancies: withDiscrepancies,
    discrepancy_rate: rate,
  });

  it.each(RANGES)('credits each picker and verifier over %s, none for a pick undone', async (range) => {
    const expected = {
      today: {
        workers: [picker(ben, 'Test worker', 2, 1, 900, 1, 1, 1), picker(ann, 'Test worker', 1, 0, null, 0, 0, null)],
        verified: 1,
        withDiscrepancies: 1,
        totals: { items_picked: 3, units_picked: 3, orders_completed: 1, orders_verified: 1 },
      },
      week: {
        workers: [picker(ben, 'Test worker', 3, 2, 900, 1, 1, 1), picker(ann, 'Test worker', 1, 0, null, 0, 0, null)],
        verified: 1,
        withDiscrepancies: 1,
        totals: { items_picked: 4, units_picked: 4, orders_completed: 2, orders_verified: 1 },
      },
      month: {
        workers: [picker(ben, 'Test worker', 3, 2, 900, 1, 1, 1), picker(ann, 'Test worker', 3, 1, 1800, 1, 1, 1)],
        verified: 2,
        withDiscrepancies: 2,
        totals: { items_picked: 6, units_picked: 6, orders_completed: 3, orders_verified: 2 },
      },
      quarter: {
        workers: [picker(ben, 'Test worker', 3, 2, 900, 1, 1, 1), picker(ann, 'Test worker', 3, 1, 1800, 1, 1, 1)],
        verified: 2,
        withDiscrepancies: 2,
        totals: { items_picked: 6, units_picked: 6, orders_completed: 3, orders_verified: 2 },
      },
      year: {
        workers: [picker(ben, 'Test worker', 3, 2, 900, 1, 1, 1), picker(ann, 'Test worker', 3, 1, 1800, 1, 1, 1)],
        verified: 2,
        withDiscrepancies: 2,
        totals: { items_picked: 6, units_picked: 6, orders_completed: 3, orders_verified: 2 },
      },
    }[range];
    const res = await manager.get(`/api/reports/worker-productivity?range=${range}`);
    ok(res);
    expect(res.body.data.workers).toEqual(expected.workers);
    expect(res.body.data.verifiers).toEqual([
      { verifier_id: exec2.id, verifier_name: 'Test executive2', orders_verified: expected.verified, orders_with_discrepancies: expected.withDiscrepancies },
    ]);
    expect(res.body.data.totals).toEqual(expected.totals);
  });
});

describe('daily summary', () => {
  it("gives the manager today's orders, worker performance, stock figures, the unstocked pick and system activity", async () => {
    const res = await manager.get('/api/reports/daily-summary');
    ok(res);
    const d = res.body.data;
    expect(d.date).toBe('2026-03-31');
    // #2007 picking, #2008 verified, #2009 waiting for a worker.
    expect(d.orders).toEqual({ total: 3, completed: 1, pending: 1 });
    expect(d.my_assigned_orders).toBe(0);
    expect(d.workers).toEqual([
      { worker_id: ben.id, worker_name: 'Test worker', items_picked: 2, units_picked: 2 },
      { worker_id: ann.id, worker_name: 'Test worker', items_picked: 1, units_picked: 1 },
    ]);
    expect(d.worker_performance).toEqual({ active_workers: 2, total_items_picked: 3, average_per_worker: 1.5 });
    // 4 SKUs x 20, less 7 picked units that had stock, less 2 damaged.
    expect(d.total_inventory).toBe(71);
    const status = (await manager.get('/api/inventory/status')).body.data;
    expect(d.total_inventory).toBe(status.total_stock);
    expect(d.low_stock_count).toBe(status.low_stock_count);
    expect(d.unstocked_picks).toEqual([
      {
        order_id: id('#2008'),
        order_number: '#2008',
        item_id: expect.any(Number),
        sku: 'DR1012-8-BLUE',
        style_code: 'DR1012',
        quantity: 1,
        picked_at: local('2026-03-31 09:20').toISOString(),
        picked_by: 'Test worker',
      },
    ]);
    expect(d.unstocked_picks_total).toBe(1);
    expect(d.recent_activity.map((a: { title: string; status: string }) => [a.title, a.status])).toEqual([
      ['Inventory adjusted', 'completed'],
      ['Order verified', 'completed'],
      ['Hold resolved', 'completed'],
      ['Order held', 'completed'],
      ['Order completed', 'completed'],
    ]);
    expect(d.recent_activity[0].description).toBe('Decreased TP1007-6-GREEN at A-1-3 by 2 (19 → 17): Damaged goods');
    expect(d.worker_activities.map((w: { order_number: string; items_picked: number; status: string }) => [w.order_number, w.items_picked, w.status])).toEqual([
      ['#2008', 2, 'verified'],
      ['#2007', 1, 'picking'],
    ]);
    expect(d.system_overview).toEqual({ total_users: 5, active_users: 5, total_styles: status.total_styles, orders_today: 3 });
  });

  it('summarises a given local day: the order imported ten minutes before midnight belongs to it', async () => {
    expect((await manager.get('/api/reports/daily-summary?date=2026-03-30')).body.data.orders).toEqual({ total: 1, completed: 0, pending: 1 });
    const feb = (await manager.get('/api/reports/daily-summary?date=2026-02-10')).body.data;
    // #2002 is assigned (no longer waiting for a worker), #2003 cancelled (counted in the total only).
    expect(feb.orders).toEqual({ total: 2, completed: 0, pending: 0 });
    expect(feb.workers).toEqual([]);
    expect(feb.worker_performance).toEqual({ active_workers: 0, total_items_picked: 0, average_per_worker: 0 });
    const june = (await manager.get('/api/reports/daily-summary?date=2025-06-15')).body.data;
    expect(june.orders).toEqual({ total: 1, completed: 1, pending: 0 });
    expect(june.workers).toEqual([{ worker_id: ann.id, worker_name: 'Test worker', items_picked: 2, units_picked: 2 }]);
  });

  it('gives a worker their open orders and their own picked orders only', async () => {
    const d = (await ann.get('/api/reports/daily-summary')).body.data;
    expect(d.my_assigned_orders).toBe(1);
    expect(d.recent_activity.map((a: { title: string; status: string; description: string }) => [a.title, a.status, a.description])).toEqual([
      ['Order #2007', 'in_progress', '1 of 2 items picked'],
      ['Order #2004', 'completed', '2 of 2 items picked'],
      ['Order #2001', 'completed', '2 of 2 items picked'],
    ]);
    expect(d.worker_activities.map((w: { order_number: string }) => w.order_number)).toEqual(['#2007']);
    expect(d.workers).toEqual([]);
    expect(d.worker_performance).toBeNull();
    expect(d.low_stock_count).toBeNull();
    expect(d.unstocked_picks).toEqual([]);
    expect(d.system_overview).toBeNull();
    expect(d.total_inventory).toBe(71);
    // Ben still holds #2002 from February.
    expect((await ben.get('/api/reports/daily-summary')).body.data.my_assigned_orders).toBe(1);
  });

  it('each figure is what the screen its card opens shows: the Orders list filtered as linked, the picking list, the inventory status', async () => {
    const total = async (client: Client, link: string) => {
      const res = await client.get(`/api${link}${link.includes('?') ? '&' : '?'}limit=1`);
      ok(res);
      return res.body.data.pagination.total_records as number;
    };
    for (const date of ['2026-03-31', '2026-03-30', '2026-02-10', '2025-06-15']) {
      const d = (await manager.get(`/api/reports/daily-summary?date=${date}`)).body.data;
      const linked = dashboardOrderFilters(date);
      expect(d.orders, date).toEqual({
        total: await total(exec1, ordersLink(linked.total)),
        completed: await total(exec1, ordersLink(linked.completed)),
        pending: await total(exec1, ordersLink(linked.pending)),
      });
      expect(d.system_overview.orders_today, date).toBe(d.orders.total);
    }
    // A worker's My Assigned Orders is the picking screen's list: GET /orders?status=assigned,picking (their own).
    for (const worker of [ann, ben]) {
      const d = (await worker.get('/api/reports/daily-summary')).body.data;
      expect(d.my_assigned_orders).toBe(await total(worker, '/orders?status=assigned,picking'));
      expect(await total(worker, ordersLink(myAssignedFilter(worker.id)))).toBe(d.my_assigned_orders);
    }
    // Total Inventory and Low Stock Alerts are the Inventory Reports tab's Total Stock and Low Stock Items.
    const status = (await exec2.get('/api/inventory/status')).body.data;
    const m = (await manager.get('/api/reports/daily-summary')).body.data;
    expect([m.total_inventory, m.low_stock_count]).toEqual([status.total_stock, status.low_stock_count]);
    for (const who of [exec1, exec2, ann]) expect((await who.get('/api/reports/daily-summary')).body.data.total_inventory).toBe(status.total_stock);
  });

  it('gives executive1 worker performance and executive2 neither activity nor workers', async () => {
    const e1 = (await exec1.get('/api/reports/daily-summary')).body.data;
    expect(e1.worker_performance).toEqual({ active_workers: 2, total_items_picked: 3, average_per_worker: 1.5 });
    expect(e1.recent_activity).toEqual([]);
    expect(e1.low_stock_count).toBeNull();
    const e2 = (await exec2.get('/api/reports/daily-summary')).body.data;
    expect(e2.orders).toEqual({ total: 3, completed: 1, pending: 1 });
    expect(e2.workers).toEqual([]);
    expect(e2.worker_performance).toBeNull();
    expect(e2.worker_activities).toEqual([]);
    expect(e2.recent_activity).toEqual([]);
  });

  it('refuses a date that is not a calendar day', async () => {
    expect((await manager.get('/api/reports/daily-summary?date=2026-02-30')).status).toBe(400);
  });
});

describe('inventory status report', () => {
  it('answers what GET /inventory/status answers, for the manager and executive2', async () => {
    const expected = (await manager.get('/api/inventory/status')).body.data;
    expect((await manager.get('/api/reports/inventory-status')).body.data).toEqual(expected);
    expect((await exec2.get('/api/reports/inventory-status')).body.data).toEqual(expected);
    expect(expected.low_stock_alerts[0].threshold).toBe(5);
  });
});

describe('audit log', () => {
  const query = async (qs: string) => {
    const res = await manager.get(`/api/audit/events?${qs}`);
    ok(res);
    return res.body.data as { events: { event_type: string; summary: string; order_number: string | null }[]; pagination: { total_records: number } };
  };

  it('filters by order number, case-insensitively, newest first', async () => {
    const page = await query('order_number=%232004');
    // The discrepancy held the order until it was resolved.
    expect(page.events.map((e) => e.event_type)).toEqual([
      'OrderVerified',
      'OrderHoldResolved',
      'OrderHeld',
      'OrderCompleted',
      'OrderItemPicked',
      'OrderItemPicked',
      'OrderAssigned',
      'OrderImported',
    ]);
    expect(page.events[0]!.summary).toBe('Verified order #2004 (2 items, 2 units) picked by ann: 1 discrepancy');
    expect(page.events[1]!.summary).toBe('Resolved the hold on order #2004: swapped');
    expect(page.events[2]!.summary).toBe('Held order #2004 at verification: TP1007-6-GREEN: wrong colour');
    expect(page.events[6]!.summary).toBe('Assigned order #2004 to ann');
    expect(page.events[7]).toMatchObject({ username: 'eve', role: 'executive1', skus: ['DR1000-6-BEIGE', 'TP1007-6-GREEN'] });
  });

  it('finds an order typed without its #', async () => {
    const typed = await query('order_number=2004');
    expect(typed.events.map((e) => e.order_number)).toEqual(Array(8).fill('#2004'));
  });

  it('filters by a user the events were done by or concern', async () => {
    expect((await query('user_id=&order_number=&sku=')).pagination.total_records).toBe((await query('')).pagination.total_records);
    expect((await manager.get('/api/audit/events?user_id=abc')).status).toBe(400);
    const page = await query(`user_id=${ann.id}&limit=100`);
    const types = page.events.map((e) => e.event_type);
    // Created and signed in; assigned three orders, six picks (one a manager's for her, undone), two completions, two
    // verifications of her orders, one of them held and resolved first.
    expect(types.filter((x) => x === 'UserCreated')).toHaveLength(1);
    expect(types.filter((x) => x === 'UserSignedIn')).toHaveLength(1);
    expect(types.filter((x) => x === 'OrderAssigned')).toHaveLength(3);
    expect(types.filter((x) => x === 'OrderItemPicked')).toHaveLength(6);
    expect(types.filter((x) => x === 'OrderItemPickUndone')).toHaveLength(1);
    expect(types.filter((x) => x === 'OrderCompleted')).toHaveLength(2);
    expect(types.filter((x) => x === 'OrderVerified')).toHaveLength(2);
    expect(types.filter((x) => x === 'OrderHeld' || x === 'OrderHoldResolved')).toHaveLength(2);
    expect(page.pagination.total_records).toBe(18);
  });

  it('filters by SKU and by location', async () => {
    const bySku = await query('sku=dr1012-8-blue');
    expect(bySku.events.map((e) => e.event_type)).toEqual(['OrderVerified', 'OrderHoldResolved', 'OrderHeld', 'OrderItemPicked', 'OrderImported', 'StyleCreated']);
    expect(bySku.events[3]!.summary).toBe('Picked 1 × DR1012-8-BLUE for order #2008 with no stock recorded anywhere');
    const byLocation = await query('location=A-1-3');
    expect(byLocation.events.map((e) => e.event_type)).toEqual(['InventoryAdjusted', 'OrderItemPicked', 'InventoryAdjusted', 'LocationCreated']);
  });

  it('filters by local days and by event type, and pages', async () => {
    const today = await query('from=2026-03-31&to=2026-03-31');
    expect(today.pagination.total_records).toBe(15);
    const picks = await query('event_type=OrderItemPicked&from=2026-03-01');
    expect(picks.pagination.total_records).toBe(7);
    const yesterdayOn = await query('from=2026-03-30&to=2026-03-30');
    expect(yesterdayOn.events.map((e) => e.summary)).toEqual([expect.stringMatching(/^Imported order #2006 \(1 item, 1 unit\)/)]);
    const page2 = await query('from=2026-03-31&to=2026-03-31&limit=6&page=3');
    expect(page2.events).toHaveLength(3);
    expect(page2.events[2]!.summary).toMatch(/^Imported order #2007/);
    const instant = await query(`from=${encodeURIComponent(local('2026-03-31 09:20').toISOString())}&to=${encodeURIComponent(local('2026-03-31 09:30').toISOString())}`);
    expect(instant.events.map((e) => e.event_type)).toEqual(['OrderCompleted', 'OrderItemPicked']);
  });

  it('exports the filtered events as CSV', async () => {
    const res = await manager.get('/api/audit/events/export?order_number=%232004&format=csv');
    ok(res);
    const parsed = Papa.parse<string[]>(String(res.body).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual(['Position', 'When', 'Event', 'User ID', 'Username', 'Role', 'What', 'Order Number', 'SKUs', 'Locations', 'Stream']);
    expect(parsed.data.slice(1).map((r) => [r[2], r[4], r[7]])).toEqual([
      ['OrderVerified', 'vic', '#2004'],
      ['OrderHoldResolved', 'vic', '#2004'],
      ['OrderHeld', 'vic', '#2004'],
      ['OrderCompleted', 'ann', '#2004'],
      ['OrderItemPicked', 'ann', '#2004'],
      ['OrderItemPicked', 'ann', '#2004'],
      ['OrderAssigned', 'eve', '#2004'],
      ['OrderImported', 'eve', '#2004'],
    ]);
  });
});

describe('report export', () => {
  const csv = async (qs: string) => {
    const res = await manager.get(`/api/reports/export?${qs}`);
    ok(res);
    return Papa.parse<string[]>(String(res.body).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  };

  it('exports order analytics per day with a total row', async () => {
    const rows = await csv('report=orders&range=week&format=csv');
    expect(rows[0]).toEqual(['Date', 'Received', 'Assigned', 'Completed', 'Verified', 'Cancelled']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', 'Total']);
    expect(rows[4]).toEqual(['2026-03-28', '1', '1', '1', '0', '0']);
    expect(rows[8]).toEqual(['Total', '5', '3', '2', '1', '0']);
  });

  it('exports worker productivity with pickers and verifiers', async () => {
    const rows = await csv('report=productivity&range=year&format=csv');
    expect(rows.slice(1)).toEqual([
      ['Picker', 'Test worker', '3', '3', '2', '900', '1', '1', '100'],
      ['Picker', 'Test worker', '3', '3', '1', '1800', '1', '1', '100'],
      ['Verifier', 'Test executive2', '', '', '', '', '2', '2', ''],
    ]);
  });

  it('exports the inventory status with its low-stock rows', async () => {
    const rows = await csv('report=inventory&format=csv');
    expect(rows[1]).toEqual(['Summary', 'Total Stock', '71', '']);
    expect(rows.some((r) => r[0] === 'Low Stock' && r[1]!.startsWith('DR1012-8-BLUE ') && r[2] === '0' && r[3] === '5')).toBe(true);
  });

  it('exports XLSX too', async () => {
    const res = await manager.get('/api/reports/export?report=orders&range=today&format=xlsx');
    ok(res);
    // A zip container.
    expect(String(res.body).startsWith('PK')).toBe(true);
  });
});

describe('access', () => {
  const reportsOnly = ['/api/reports/order-analytics', '/api/reports/worker-productivity', '/api/reports/export?report=orders', '/api/audit/events', '/api/audit/events/export'];
  it('refuses reports and the audit log to every role but the manager', async () => {
    for (const who of [exec1, exec2, ann]) {
      for (const url of reportsOnly) {
        const res = await who.get(url);
        expect(res.status, url).toBe(403);
      }
    }
  });

  it('refuses the inventory status report to executive1 and workers, and everything to the anonymous', async () => {
    expect((await exec1.get('/api/reports/inventory-status')).status).toBe(403);
    expect((await ann.get('/api/reports/inventory-status')).status).toBe(403);
    for (const url of [...reportsOnly, '/api/reports/daily-summary', '/api/reports/inventory-status']) {
      expect((await t.anonymous.get(url)).status, url).toBe(401);
    }
  });
});

describe('read models', () => {
  const TABLES = {
    rm_report_buckets: 'bucket',
    rm_report_worker_buckets: 'bucket, worker_id',
    rm_order_timings: 'order_id',
    rm_report_picks: 'position',
    rm_audit: 'position',
  } as const;
  async function snapshot(db: Kysely<Database>) {
    const out: Record<string, unknown[]> = {};
    for (const [table, order] of Object.entries(TABLES)) {
      out[table] = (await sql`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(db)).rows;
    }
    return out;
  }

  it('a rebuild from the events equals the live read models', async () => {
    const db = t.database.db;
    // The rebuild reads every committed event: the live tables must have them all too (the projector may lag when
    // another transaction on the shared server holds the snapshot's xmin back).
    await caughtUp(db);
    const live = await snapshot(db);
    expect(live.rm_audit!.length).toBeGreaterThan(50);
    await rebuildReadModels(db, projections, { batchSize: 7 });
    expect(await snapshot(db)).toEqual(live);
  });
});

describe('live topics', () => {
  const stored = (type: string, data: Record<string, unknown>, position: number) =>
    ({
      type,
      data,
      stream_id: 'test',
      stream_version: position,
      global_position: String(900_000 + position),
      transaction_id: '1',
      metadata: { actor_id: null, actor_role: null, correlation_id: 'c', causation_id: null, client_ip: null },
      recorded_at: new Date(),
    }) as StoredEvent;
  async function topicsOf(apply: (trx: never, topics: TopicSet) => Promise<void>): Promise<string[]> {
    const topics = new TopicSet();
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await apply(trx as never, topics);
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
    return [...topics].sort();
  }

  it('an order change announces dashboard and reports', async () => {
    const events = [stored('OrderAssigned', { order_id: id('#2009'), order_number: '#2009', worker_id: ann.id, previous_worker_id: null, at: clock.toISOString() }, 1)];
    expect(await topicsOf((trx, topics) => reportsProjection.apply(trx, events, topics))).toEqual(['dashboard', 'reports']);
    expect(await topicsOf((trx, topics) => auditProjection.apply(trx, events, topics))).toEqual(['dashboard', 'reports']);
  });

  it('sign-ins alone change the audit log but not the dashboard', async () => {
    const events = [stored('UserSignedIn', { user_id: ann.id, session_id: 's', ip: null, user_agent: null, at: clock.toISOString() }, 2)];
    expect(await topicsOf((trx, topics) => auditProjection.apply(trx, events, topics))).toEqual(['reports']);
  });
});
