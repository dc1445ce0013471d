import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountedLine } from '@wh/contracts';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

// Counting while the floor works. Eight bins hold two SKUs each; two of them hold other than the system says (A-1-3 is
// 3 dresses short, A-1-6 holds 2 jumpers more): those are the only real variances. While Ann and then Bob count the
// bins blind, pickers pick from them, units move between them and a manager receives stock into them, none of it
// waiting for the count. What the counters see on the shelf is the test's own record of each shelf (`shelf`), changed
// only with the command that changes the system's. Every round of every bin must find exactly the real variance:
// the count was created before any of it happened, so an expected quantity read then, or at any moment but the
// count's own, would find picks and moves as variances.

const BINS = Array.from({ length: 8 }, (_, i) => `A-1-${i + 1}`);
const SKUS = ['DR1000-8-BEIGE', 'KN1010-12-WINE'] as const;
const REAL: Record<string, Partial<Record<string, number>>> = { 'A-1-3': { 'DR1000-8-BEIGE': -3 }, 'A-1-6': { 'KN1010-12-WINE': 2 } };
const START = 30;
const ORDERS = 24;

let t: TestApp;
let manager: Client;
let ann: Client & { id: number };
let bob: Client & { id: number };
let picker: Client & { id: number };

// What is on each shelf, SKU by SKU.
const shelf = new Map<string, Map<string, number>>();
const onShelf = (bin: string, sku: string) => shelf.get(bin)?.get(sku) ?? 0;
const put = (bin: string, sku: string, delta: number) => shelf.set(bin, new Map(shelf.get(bin)).set(sku, onShelf(bin, sku) + delta));

// One hand at a shelf at a time: a pick, a move or a receipt changes the shelf and the system together, and a counter
// looks at a shelf and says what is there together. Shelves are taken in code order, so two hands never wait for each
// other in a circle.
const held = new Map<string, Promise<void>>();
async function atShelves<T>(bins: readonly string[], work: () => Promise<T>): Promise<T> {
  const sorted = [...new Set(bins)].sort();
  const releases: (() => void)[] = [];
  for (const bin of sorted) {
    const before = held.get(bin) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    held.set(bin, before.then(() => mine));
    await before;
    releases.push(release);
  }
  try {
    return await work();
  } finally {
    for (const release of releases) release();
  }
}

function ok(res: { status: number; body: unknown }, status = 200): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pickOf = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

async function countBin(counter: Client, countId: number, bin: string) {
  await atShelves([bin], async () => {
    const lines = SKUS.flatMap((sku) => (onShelf(bin, sku) > 0 ? [{ sku, counted: onShelf(bin, sku) }] : []));
    const res = await counter.post(`/api/counts/${countId}/locations/${bin}/count`, lines.length > 0 ? { lines } : { lines: [], empty: true });
    ok(res);
  });
}

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  [ann, bob, picker] = [await t.userWithRole('worker', 'ann'), await t.userWithRole('worker', 'bob'), await t.userWithRole('worker', 'pia')];
  ok(await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  await t.allocateStock(BINS.flatMap((location) => SKUS.map((sku) => ({ sku, location, quantity: START }))));
  for (const bin of BINS) for (const sku of SKUS) put(bin, sku, START + (REAL[bin]?.[sku] ?? 0));
  const rows = Array.from({ length: ORDERS }, (_, i) => `#88${String(i).padStart(2, '0')},Item,${SKUS[i % 2]},1`);
  ok(await manager.upload('/api/files/upload/orders', 'orders.csv', ['Order #,Item,SKU,Quantity', ...rows].join('\n')));
});
afterAll(() => t.stop());

describe('counting beside picking, moves and receipts', () => {
  it('finds only the real variances, round after round, and approving them makes the system what is on the shelves', async () => {
    const created = await manager.post('/api/counts', { scope: { kind: 'range', from: 'A-1-1', to: 'A-1-8' } });
    ok(created, 201);
    const countId: number = created.body.data.id;
    const orders = (await manager.get('/api/orders?limit=100&status=pending')).body.data.orders as { id: number }[];

    const pickers = (async () => {
      for (const { id } of orders) {
        const [item] = (await manager.get(`/api/orders/${id}`)).body.data.items as { id: number; sku: string }[];
        ok(await manager.post(`/api/orders/${id}/assign-worker`, { worker_id: picker.id }));
        // From a bin that holds it on the shelf and in the system alike (the real variances keep both above zero).
        const bin = pickOf(BINS.filter((b) => onShelf(b, item!.sku) > 3));
        await atShelves([bin], async () => {
          ok(await picker.post(`/api/orders/${id}/items/${item!.id}/pick`, { location: bin }));
          put(bin, item!.sku, -1);
        });
      }
    })();
    const movers = (async () => {
      for (let i = 0; i < 16; i += 1) {
        const [from, to] = [pickOf(BINS), pickOf(BINS)];
        const sku = pickOf(SKUS);
        if (from === to || onShelf(from, sku) <= 4) continue;
        await atShelves([from, to], async () => {
          ok(await manager.post('/api/inventory/move', { sku, from_location: from, to_location: to, quantity: 2, confirm_over_capacity: true }), 201);
          put(from, sku, -2);
          put(to, sku, 2);
        });
      }
    })();
    const receipts = (async () => {
      const ids = new Map(((await manager.get('/api/locations/bins')).body.data.bins as { id: number; bin_number: string }[]).map((b) => [b.bin_number, b.id]));
      for (let i = 0; i < 6; i += 1) {
        const bin = pickOf(BINS);
        await atShelves([bin], async () => {
          const body = { style_code: 'DR1000', color: 'Beige', size: '8', quantity: 3, location_type: 'bin', location_id: ids.get(bin), gatepass_number: `GP-${i}`, notes: null };
          ok(await manager.post('/api/stock-approval/manual-approve', body));
          put(bin, 'DR1000-8-BEIGE', 3);
        });
      }
    })();
    const counters = (async () => {
      for (const bin of BINS) await countBin(ann, countId, bin);
      // The two real variances ask for a recount by someone else: Bob's, while the floor still works.
      const detail = (await manager.get(`/api/counts/${countId}`)).body.data;
      const recount = (detail.locations as { location: string; status: string }[]).filter((l) => l.status === 'recount').map((l) => l.location);
      expect(recount).toEqual(['A-1-3', 'A-1-6']);
      for (const bin of recount) await countBin(bob, countId, bin);
    })();
    await Promise.all([counters, pickers, movers, receipts]);

    // Every round of every bin found the real variance and nothing else.
    const { rows } = await sql<{ data: { location: string; round: number; lines: CountedLine[]; settled: boolean } }>`
      select data from events where stream_id = ${`count-${countId}`} and event_type = 'LocationCounted' order by stream_version`.execute(t.database.db);
    expect(rows.length).toBe(BINS.length + 2);
    for (const { data } of rows) {
      const found = Object.fromEntries(data.lines.filter((l) => l.counted !== l.expected).map((l) => [l.sku, l.counted - l.expected]));
      expect(found, `${data.location} round ${data.round}`).toEqual(REAL[data.location] ?? {});
    }
    // The floor worked while the bins were counted: stock moved between the first count and the last.
    const during = await sql<{ n: number }>`
      select count(*)::int as n from events
       where event_type in ('OrderItemPicked', 'StockMoved', 'StockReceiptApproved')
         and global_position between (select min(global_position) from events where event_type = 'LocationCounted')
                                 and (select max(global_position) from events where event_type = 'LocationCounted')`.execute(t.database.db);
    expect(during.rows[0]!.n).toBeGreaterThan(0);

    const approved = await manager.post(`/api/counts/${countId}/approve`, { locations: null });
    ok(approved);
    const levels = await t.database.db.selectFrom('stock_levels').select(['sku', 'location', 'quantity']).where('location', 'in', BINS).execute();
    for (const bin of BINS) for (const sku of SKUS) expect(levels.find((l) => l.location === bin && l.sku === sku)?.quantity ?? 0, `${sku} at ${bin}`).toBe(onShelf(bin, sku));
  });
});
