import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNT_MESSAGES as M } from '@wh/contracts';
import { projections, rebuildReadModels } from '@wh/projector';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';
import { reactToTriggers } from './reactions.ts';

// Counts that start by themselves: the reactions run here every 100 ms, and at once after an order changes.
let t: TestApp;
let manager: Client;
let worker: Client & { id: number };
let exec2: Client;
const WAIT = { timeout: 30_000, interval: 50 };

function ok(res: { status: number; body: unknown }, status = 200): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

interface Task {
  id: number;
  source: string;
  reason: string | null;
  counts: { locations: number };
}
const openTasks = async (): Promise<Task[]> => (await manager.get('/api/counts?view=open')).body.data.counts;
const createdCount = async () => (await sql<{ n: number }>`select count(*)::int as n from events where event_type = 'CountTaskCreated'`.execute(t.database.db)).rows[0]!.n;

async function pickedOrder(number: string, lines: string, shortOf: Record<string, { short: number; at: string }> = {}) {
  ok(await manager.upload('/api/files/upload/orders', 'orders.csv', `Order #,Item,SKU,Quantity\n${lines}`));
  const [listed] = (await manager.get(`/api/orders?search=${encodeURIComponent(number)}`)).body.data.orders as { id: number }[];
  const id = listed!.id;
  const items = (await manager.get(`/api/orders/${id}`)).body.data.items as { id: number; sku: string }[];
  ok(await manager.post(`/api/orders/${id}/assign-worker`, { worker_id: worker.id }));
  for (const i of items) {
    const short = shortOf[i.sku];
    ok(short ? await worker.post(`/api/orders/${id}/items/${i.id}/short`, { short_quantity: short.short, looked_in: [short.at] }) : await worker.post(`/api/orders/${id}/items/${i.id}/pick`, {}));
  }
  ok(await worker.post(`/api/orders/${id}/complete`));
  return { id, item: Object.fromEntries(items.map((i) => [i.sku, i.id])) };
}

beforeAll(async () => {
  t = await startTestApp({ config: { COUNT_REACTIONS_MS: 100 } });
  manager = await t.asAdmin();
  worker = await t.userWithRole('worker');
  exec2 = await t.userWithRole('executive2');
  ok(await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  await t.allocateStock([
    { sku: 'DR1000-8-BEIGE', location: 'A-1-1', quantity: 5 },
    { sku: 'KN1010-12-WINE', location: 'B-1-1', quantity: 5 },
    { sku: 'TP1007-6-GREEN', location: 'C-1-1', quantity: 5 },
  ]);
});
afterAll(() => t.stop());

describe('counts that start by themselves', () => {
  it('a short pick queues a count of where the picker looked, within seconds, once however often it is looked at again', async () => {
    await pickedOrder('#9001', '#9001,Dress,DR1000-8-BEIGE,2\n', { 'DR1000-8-BEIGE': { short: 1, at: 'A-1-1' } });
    await vi.waitFor(async () => expect((await openTasks()).map((c) => c.source)).toEqual(['short_pick']), WAIT);
    const [task] = await openTasks();
    expect(task).toMatchObject({ reason: 'Short pick: 1 unit of DR1000-8-BEIGE not found for order #9001', counts: { locations: 1 } });
    const detail = (await manager.get(`/api/counts/${task!.id}`)).body.data;
    expect(detail.locations.map((l: { location: string }) => l.location)).toEqual(['A-1-1']);

    // The same events read again, by this instance and another, and the read models rebuilt: nothing more.
    const before = await createdCount();
    await Promise.all([reactToTriggers(t.ctx), reactToTriggers(t.ctx)]);
    await rebuildReadModels(t.database.db, projections);
    await reactToTriggers(t.ctx);
    expect(await createdCount()).toBe(before);
    const claims = await t.database.db.selectFrom('count_trigger_claims').selectAll().execute();
    expect(claims).toEqual([{ position: expect.any(String), count_id: task!.id }]);
  });

  it('units missing at verification queue a count of where they were picked; a location in an open count is not counted twice', async () => {
    const o = await pickedOrder('#9002', '#9002,Jumper,KN1010-12-WINE,2\n#9002,Dress,DR1000-8-BEIGE,1\n');
    ok(await exec2.post(`/api/orders/${o.id}/verify`, { counts: [{ item_id: o.item['KN1010-12-WINE'], counted: 1 }, { item_id: o.item['DR1000-8-BEIGE'], counted: 0 }] }));
    ok(await exec2.post(`/api/orders/${o.id}/resolve`, { lines: [{ item_id: o.item['KN1010-12-WINE'], shipped: 1 }, { item_id: o.item['DR1000-8-BEIGE'], shipped: 0 }], reason: 'Short in the tote' }));
    await vi.waitFor(async () => expect((await openTasks()).map((c) => c.source).sort()).toEqual(['discrepancy', 'short_pick']), WAIT);
    const task = (await openTasks()).find((c) => c.source === 'discrepancy')!;
    expect(task.reason).toMatch(/^Missing at verification: 1 unit of KN1010-12-WINE, 1 unit of DR1000-8-BEIGE for order #9002$/);
    // A-1-1 is in the short pick's count already: this one counts B-1-1 only.
    const detail = (await manager.get(`/api/counts/${task.id}`)).body.data;
    expect(detail.locations.map((l: { location: string }) => l.location)).toEqual(['B-1-1']);
  });

  it("a short pick whose every location is in an open count is claimed with no count", async () => {
    const before = await createdCount();
    await pickedOrder('#9003', '#9003,Dress,DR1000-8-BEIGE,2\n', { 'DR1000-8-BEIGE': { short: 1, at: 'A-1-1' } });
    await vi.waitFor(async () => expect(await t.database.db.selectFrom('count_trigger_claims').select('position').where('count_id', 'is', null).execute()).toHaveLength(1), WAIT);
    expect(await createdCount()).toBe(before);
  });
});

describe('a pick refused for lack of stock', () => {
  it('queues a count of the location it was refused at, once while that count is open', async () => {
    ok(await manager.post('/api/locations', { code: 'D-1-1', location_type: 'bin', capacity: 50 }), 201);
    ok(await manager.upload('/api/files/upload/orders', 'orders.csv', 'Order #,Item,SKU,Quantity\n#9004,Dress,DR1000-8-BEIGE,1\n#9005,Dress,DR1000-8-BEIGE,1\n'));
    for (const number of ['#9004', '#9005']) {
      const [listed] = (await manager.get(`/api/orders?search=${encodeURIComponent(number)}`)).body.data.orders as { id: number }[];
      const [item] = (await manager.get(`/api/orders/${listed!.id}`)).body.data.items as { id: number }[];
      ok(await manager.post(`/api/orders/${listed!.id}/assign-worker`, { worker_id: worker.id }));
      // D-1-1 holds none of the dress.
      expect((await worker.post(`/api/orders/${listed!.id}/items/${item!.id}/pick`, { location: 'D-1-1' })).status).toBe(409);
    }
    await vi.waitFor(async () => expect((await openTasks()).filter((c) => c.source === 'pick_refused')).toHaveLength(1), WAIT);
    const task = (await openTasks()).find((c) => c.source === 'pick_refused')!;
    expect(task.reason).toBe('Pick refused: 1 unit of DR1000-8-BEIGE wanted at D-1-1, 0 there');
    expect((await manager.get(`/api/counts/${task.id}`)).body.data.locations.map((l: { location: string }) => l.location)).toEqual(['D-1-1']);
  });
});

describe('the daily plan', () => {
  it('once turned on, each day counts so many locations that every one comes round in N days; asked again it is the same plan', async () => {
    ok(await manager.put('/api/settings/counts', { daily_plan: true, every_days: 2, daily_cap: 10, recount_over_units: 0 }));
    await vi.waitFor(async () => expect((await openTasks()).map((c) => c.source)).toContain('plan'), WAIT);
    const plan = (await openTasks()).find((c) => c.source === 'plan')!;
    // Four bins, three of them in open counts: C-1-1 alone, the quota being ceil(4 / 2) = 2.
    const detail = (await manager.get(`/api/counts/${plan.id}`)).body.data;
    expect(detail.locations.map((l: { location: string }) => l.location)).toEqual(['C-1-1']);
    const again = await manager.post('/api/counts/plan');
    ok(again);
    expect(again.body.message).toBe(M.alreadyPlanned(plan.id));
    expect(again.body.data.id).toBe(plan.id);
    expect((await worker.post('/api/counts/plan')).status).toBe(403);
  });
});
