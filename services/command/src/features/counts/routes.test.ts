import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_MESSAGES as M } from '@wh/contracts';
import { projections, rebuildReadModels } from '@wh/projector';
import { caughtUp, snapshot } from '@wh/projector/testing';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

let t: TestApp;
let manager: Client;
let ann: Client & { id: number };
let bob: Client & { id: number };

function ok(res: { status: number; body: unknown }, status = 200): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}
const level = async (sku: string, location: string) =>
  (await t.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst())?.quantity ?? 0;
const DRESS = 'DR1000-8-BEIGE';
const JUMPER = 'KN1010-12-WINE';

// What a counter is sent never says what the location holds.
const blind = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/expected|variance|held|quantity/);

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  ann = await t.userWithRole('worker', 'ann');
  bob = await t.userWithRole('worker', 'bob');
  ok(await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  await t.allocateStock([
    { sku: DRESS, location: 'A-1-1', quantity: 5 },
    { sku: JUMPER, location: 'A-1-1', quantity: 2 },
    { sku: JUMPER, location: 'A-1-3', quantity: 1 },
  ]);
  ok(await manager.post('/api/locations', { code: 'A-1-2', location_type: 'bin', capacity: 50 }), 201);
});
afterAll(() => t.stop());

describe('a cycle count from creation to approval', () => {
  let id: number;

  it('a manager counts a range of bins; the same range again is refused while it is open', async () => {
    const created = await manager.post('/api/counts', { scope: { kind: 'range', from: 'a-1-1', to: 'A-1-3' }, assignee_id: null, due: '2026-12-04', note: 'Aisle A' });
    ok(created, 201);
    id = created.body.data.id;
    expect(created.body.message).toBe(M.created(id, 3, 0));
    expect(created.body.data).toMatchObject({ status: 'open', source: 'manual', reason: 'Aisle A', due: '2026-12-04', counts: { locations: 3, to_count: 3 } });
    expect(created.body.data.locations.map((l: { location: string }) => l.location)).toEqual(['A-1-1', 'A-1-2', 'A-1-3']);
    const again = await manager.post('/api/counts', { scope: { kind: 'range', from: 'A-1-1', to: 'A-1-3' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.nothingToCount(3));
    expect((await manager.post('/api/counts', { scope: { kind: 'range', from: 'A-1-3', to: 'A-1-1' } })).status).toBe(400);
  });

  it("a counter's tasks and answers never carry what the location holds", async () => {
    const mine = await ann.get('/api/counts/mine');
    ok(mine);
    blind(mine.body);
    expect(mine.body.data.counts).toEqual([
      { id, reason: 'Aisle A', due: '2026-12-04', assigned_to_me: false, locations: ['A-1-1', 'A-1-2', 'A-1-3'].map((location) => ({ location, status: 'to_count', may_count: true })) },
    ]);
    const counted = await ann.post(`/api/counts/${id}/locations/A-1-1/count`, { lines: [{ sku: DRESS, counted: 4 }, { sku: JUMPER.toLowerCase(), counted: 2 }] });
    ok(counted);
    blind(counted.body.data);
    expect(counted.body.data).toEqual({ count_id: id, location: 'A-1-1', round: 1, outcome: 'recount', units: 6 });
    expect(counted.body.message).toBe(M.recountMessage('A-1-1'));
  });

  it('the recount is by someone else; two people who find the same variance settle it', async () => {
    const same = await ann.post(`/api/counts/${id}/locations/A-1-1/count`, { lines: [{ sku: DRESS, counted: 4 }, { sku: JUMPER, counted: 2 }] });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(M.recountBySomeoneElse('A-1-1', 'ann'));
    const mine = (await ann.get('/api/counts/mine')).body.data.counts[0].locations[0];
    expect(mine).toEqual({ location: 'A-1-1', status: 'recount', may_count: false });
    const recount = await bob.post(`/api/counts/${id}/locations/A-1-1/count`, { lines: [{ sku: JUMPER, counted: 2 }, { sku: DRESS, counted: 4 }] });
    ok(recount);
    expect(recount.body.data).toMatchObject({ round: 2, outcome: 'settled' });
    expect(recount.body.message).toBe(M.settledMessage('A-1-1', 6));
    ok(await bob.post(`/api/counts/${id}/locations/A-1-2/count`, { lines: [], empty: true }));
    ok(await ann.post(`/api/counts/${id}/locations/A-1-3/count`, { lines: [{ sku: JUMPER, counted: 1 }] }));
  });

  it('refuses bad counts with the words of the screen, and records nothing', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from events where event_type = 'LocationCounted'`.execute(t.database.db);
    const refused = [
      [await ann.post(`/api/counts/${id}/locations/A-1-1/count`, { lines: [{ sku: DRESS, counted: 4 }] }), 409, M.alreadySettled('A-1-1')],
      [await ann.post(`/api/counts/${id}/locations/Z-9-9/count`, { lines: [{ sku: DRESS, counted: 1 }] }), 404, M.notInCount(id, 'Z-9-9')],
      [await ann.post('/api/counts/9999/locations/A-1-1/count', { lines: [{ sku: DRESS, counted: 1 }] }), 404, M.notFound(9999)],
      [await ann.post(`/api/counts/${id}/locations/A-1-1/count`, { lines: [{ sku: DRESS, counted: -1 }] }), 400, 'A counted quantity must be a whole number from 0 to 1000000'],
      [await ann.post(`/api/counts/${id}/locations/A-1-1/count`, { lines: [{ sku: DRESS, counted: 1e12 }] }), 400, 'A counted quantity must be a whole number from 0 to 1000000'],
      [await ann.post(`/api/counts/${id}/locations/not a code/count`, { lines: [] }), 400, undefined],
    ] as const;
    for (const [res, status, message] of refused) {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (message) expect(res.body.message).toBe(message);
    }
    const after = await sql<{ n: number }>`select count(*)::int as n from events where event_type = 'LocationCounted'`.execute(t.database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('a manager sees each round against what was there; approving posts the variance as a Cycle count movement', async () => {
    const detail = (await manager.get(`/api/counts/${id}`)).body.data;
    expect(detail.status).toBe('settled');
    const a11 = detail.locations.find((l: { location: string }) => l.location === 'A-1-1');
    expect(a11.rounds.map((r: { round: number; counted_by: { username: string }; lines: unknown[] }) => [r.round, r.counted_by.username, r.lines])).toEqual([
      [1, 'ann', [{ sku: DRESS, counted: 4, expected: 5, variance: -1 }, { sku: JUMPER, counted: 2, expected: 2, variance: 0 }]],
      [2, 'bob', [{ sku: DRESS, counted: 4, expected: 5, variance: -1 }, { sku: JUMPER, counted: 2, expected: 2, variance: 0 }]],
    ]);
    expect(a11.variance).toEqual([{ sku: DRESS, style_code: 'DR1000', variance: -1 }]);
    expect(await level(DRESS, 'A-1-1')).toBe(5);

    for (const who of [ann, bob]) expect((await who.post(`/api/counts/${id}/approve`, { locations: null })).status).toBe(403);
    const approved = await manager.post(`/api/counts/${id}/approve`, { locations: null });
    ok(approved);
    expect(approved.body.message).toBe(M.approved(id, 3, 1));
    expect(approved.body.data.status).toBe('done');
    expect(await level(DRESS, 'A-1-1')).toBe(4);
    const ledger = (await manager.get(`/api/inventory/ledger?sku=${DRESS}`)).body.data.movements as { event_type: string; location: string; delta: number; reason: string }[];
    expect(ledger[0]).toMatchObject({ event_type: 'CountApproved', location: 'A-1-1', delta: -1, reason: 'Cycle count' });
    // Approved, the locations leave the open counts: they can be counted again.
    ok(await manager.post('/api/counts', { scope: { kind: 'range', from: 'A-1-1', to: 'A-1-1' } }), 201);
  });

  it('the read model folds as live did when rebuilt', async () => {
    await caughtUp(t.database.db);
    const before = await snapshot(t.database.db, ['rm_count_tasks', 'rm_count_locations']);
    await rebuildReadModels(t.database.db, projections);
    expect(await snapshot(t.database.db, ['rm_count_tasks', 'rm_count_locations'])).toEqual(before);
  });
});

describe('sending back', () => {
  it('a settled location sent back is counted afresh, by anyone', async () => {
    const created = await manager.post('/api/counts', { scope: { kind: 'skus', skus: [JUMPER] }, assignee_id: bob.id });
    ok(created, 201);
    const id = created.body.data.id;
    expect(created.body.data.locations.map((l: { location: string }) => l.location)).toEqual(['A-1-3']);
    expect((await ann.post(`/api/counts/${id}/locations/A-1-3/count`, { lines: [{ sku: JUMPER, counted: 1 }] })).status).toBe(403);
    ok(await bob.post(`/api/counts/${id}/locations/A-1-3/count`, { lines: [{ sku: JUMPER, counted: 1 }] }));
    const back = await manager.post(`/api/counts/${id}/send-back`, { locations: ['A-1-3'], note: 'Recount please' });
    ok(back);
    expect(back.body.message).toBe(M.sentBack(id, 1));
    expect(back.body.data.locations[0]).toMatchObject({ status: 'to_count', rounds: [] });
    const again = await bob.post(`/api/counts/${id}/locations/A-1-3/count`, { lines: [{ sku: JUMPER, counted: 1 }] });
    ok(again);
    expect(again.body.data.round).toBe(2);
    expect((await ann.get('/api/counts/mine')).body.data.counts.map((c: { id: number }) => c.id)).not.toContain(id);
  });
});
