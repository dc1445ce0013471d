import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_GRADES, RETURN_REASONS, type ReturnGrade, type ReturnParcel, type ReturnReason } from '@wh/contracts';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';

// Orders and returns the code has not been written around: a seeded run of orders (some lines short), parcels of
// random size, reasons and grades, matched at once or later, placed into bins, RETURNS, SECONDS or written off.
// Then, from outside: stock is conserved (what was allocated, less what shipped, plus what came back into stock,
// less what was written off from RETURNS, is what the locations hold, and the ledger says the same), every returned
// unit is accounted for from the bench to where it is, and the buyers' report counts what shipped and came back.

const SEED = 20261203;
const SKUS = ['DR1000-8-BEIGE', 'DR1000-10-BEIGE', 'KN1010-12-WINE', 'TP1007-6-GREEN'] as const;
const ALLOCATED = 60;
const ORDERS = 24;

// mulberry32: the same run every time, a different one for another seed.
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(SEED);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

let t: TestApp;
let manager: Client;
let worker: Client & { id: number };
let exec2: Client;

function ok(res: { status: number; body: unknown }, status = 200): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

// What the test asked for, kept by itself to check the app against.
const shipped = new Map<string, number>();
const returned = new Map<string, number>();
// Units put into stock from the bench (anywhere, RETURNS included), and units written off out of RETURNS.
const intoStock = new Map<string, number>();
const outOfReturns = new Map<string, number>();
// Where each parcel line's units are, as the test placed them.
const placedAt = new Map<string, Map<string, number>>();
const parcels: number[] = [];
const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
const styleSize = (sku: string) => sku.split('-').slice(0, 2).join('/');

interface ShippedOrder {
  id: number;
  order_number: string;
  lines: { order_item_id: number; sku: string; shipped: number; returned: number }[];
}

async function shipOrders(): Promise<ShippedOrder[]> {
  const rows = ['Order #,Item,SKU,Quantity'];
  for (let n = 1; n <= ORDERS; n += 1) {
    const skus = [...SKUS].sort(() => rand() - 0.5).slice(0, int(1, 3));
    for (const sku of skus) rows.push(`#80${String(n).padStart(2, '0')},Item,${sku},${int(1, 4)}`);
  }
  ok(await manager.upload('/api/files/upload/orders', 'orders.csv', rows.join('\n')));
  const listed = (await manager.get('/api/orders?limit=100')).body.data.orders as { id: number; order_number: string }[];
  for (const { id } of listed) {
    const items = (await manager.get(`/api/orders/${id}`)).body.data.items as { id: number; quantity: number }[];
    ok(await manager.post(`/api/orders/${id}/assign-worker`, { worker_id: worker.id }));
    for (const i of items) {
      const short = i.quantity > 1 && rand() < 0.25 ? int(1, i.quantity - 1) : 0;
      ok(short === 0 ? await worker.post(`/api/orders/${id}/items/${i.id}/pick`, {}) : await worker.post(`/api/orders/${id}/items/${i.id}/short`, { short_quantity: short, looked_in: ['A-1-1'] }));
    }
    ok(await worker.post(`/api/orders/${id}/complete`));
    ok(await exec2.post(`/api/orders/${id}/verify`, {}));
  }
  // What each order shipped, as the bench reads it.
  const shippedOrders: ShippedOrder[] = [];
  for (const { order_number } of listed) {
    const [order] = (await worker.get(`/api/returns/lookup?code=${encodeURIComponent(order_number)}`)).body.data.orders as ShippedOrder[];
    shippedOrders.push(order!);
  }
  for (const o of shippedOrders) for (const l of o.lines) add(shipped, l.sku, l.shipped);
  return shippedOrders;
}

const reasonFor = (): { reason: ReturnReason; reason_note: string | null } => {
  const reason = pick(RETURN_REASONS);
  return { reason, reason_note: reason === 'other' ? 'Seen at the bench' : null };
};

// Places every line of a received parcel: A and B to the suggestion (some by way of RETURNS), C to SECONDS or RETURNS,
// D written off from the bench or from RETURNS, or left to wait.
async function place(parcel: ReturnParcel): Promise<void> {
  for (const l of parcel.lines) {
    const key = `${parcel.id}/${l.line}`;
    const at = new Map<string, number>([['bench', l.quantity]]);
    placedAt.set(key, at);
    const move = (from: string, to: string, n: number) => {
      at.set(from, (at.get(from) ?? 0) - n);
      at.set(to, (at.get(to) ?? 0) + n);
    };
    const restock = async (location: string, quantity: number, from: 'bench' | 'RETURNS') => {
      ok(await worker.post(`/api/returns/${parcel.id}/lines/${l.line}/restock`, { location, quantity }));
      if (from === 'bench') add(intoStock, l.sku, quantity);
      move(from, location, quantity);
    };
    const writeOff = async (quantity: number, from: 'bench' | 'RETURNS') => {
      ok(await manager.post(`/api/returns/${parcel.id}/lines/${l.line}/write-off`, { quantity, note: null }));
      if (from === 'RETURNS') add(outOfReturns, l.sku, quantity);
      move(from, 'written off', quantity);
    };
    const roll = rand();
    if (l.grade === 'D') {
      if (roll < 0.4) await writeOff(l.quantity, 'bench');
      else {
        await restock('RETURNS', l.quantity, 'bench');
        if (roll < 0.8) await writeOff(l.quantity, 'RETURNS');
      }
    } else if (l.grade === 'C') {
      await restock(roll < 0.7 ? 'SECONDS' : 'RETURNS', l.quantity, 'bench');
    } else if (roll < 0.3 && l.quantity > 1) {
      // Part to RETURNS first, then put away to the suggestion read afresh.
      await restock('RETURNS', 1, 'bench');
      const now = (await worker.get(`/api/returns/${parcel.id}`)).body.data as ReturnParcel;
      await restock(now.lines.find((x) => x.line === l.line)!.suggestion!.location, l.quantity - 1, 'bench');
      const later = (await worker.get(`/api/returns/${parcel.id}`)).body.data as ReturnParcel;
      await restock(later.lines.find((x) => x.line === l.line)!.suggestion!.location, 1, 'RETURNS');
    } else if (roll < 0.9) {
      await restock(l.suggestion!.location, l.quantity, 'bench');
    }
  }
}

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  worker = await t.userWithRole('worker');
  exec2 = await t.userWithRole('executive2');
  ok(await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  await t.allocateStock(SKUS.map((sku) => ({ sku, location: 'A-1-1', quantity: ALLOCATED })));
  for (const code of ['B-1-1', 'B-1-2']) ok(await manager.post('/api/locations', { code, location_type: 'bin', capacity: 500 }), 201);

  const orders = await shipOrders();
  for (const order of orders) {
    const left = order.lines.filter((l) => l.shipped > 0);
    if (left.length === 0 || rand() < 0.1) continue;
    const lines = left
      .map((l) => ({ l, quantity: int(0, l.shipped) }))
      .filter((x) => x.quantity > 0)
      .map(({ l, quantity }) => ({ order_item_id: l.order_item_id, sku: l.sku, quantity, ...reasonFor(), grade: pick<ReturnGrade>(RETURN_GRADES) }));
    if (lines.length === 0) continue;
    for (const l of lines) add(returned, styleSize(l.sku), l.quantity);
    // One parcel in four comes without its slip: received unmatched, then matched to its order.
    let parcel: ReturnParcel;
    if (rand() < 0.25) {
      const unmatched = await worker.post('/api/returns', { order_id: null, scanned: null, note: 'No slip', lines: lines.map((l) => ({ ...l, order_item_id: null })) });
      ok(unmatched, 201);
      const matched = await worker.post(`/api/returns/${unmatched.body.data.id}/match`, { order_id: order.id, lines });
      ok(matched);
      parcel = matched.body.data;
    } else {
      const received = await worker.post('/api/returns', { order_id: order.id, scanned: order.order_number, note: null, lines });
      ok(received, 201);
      parcel = received.body.data;
    }
    parcels.push(parcel.id);
    await place(parcel);
  }
}, 300_000);
afterAll(() => t?.stop());

describe('returns from outside', () => {
  it('ran a run worth checking: parcels matched at once and later, every grade, placings of every kind', async () => {
    expect(parcels.length).toBeGreaterThanOrEqual(10);
    const grades = await sql<{ grade: string }>`select distinct grade from rm_return_lines order by 1`.execute(t.database.db);
    expect(grades.rows.map((r) => r.grade)).toEqual([...RETURN_GRADES]);
    const kinds = await sql<{ event_type: string }>`select distinct event_type from events where event_type like 'Return%' order by 1`.execute(t.database.db);
    expect(kinds.rows.map((r) => r.event_type)).toEqual(['ReturnMatched', 'ReturnReceived', 'ReturnRestocked', 'ReturnWrittenOff']);
  });

  it('conserves stock: allocated, less shipped, plus what came back into stock, less what was written off from RETURNS', async () => {
    const db = t.database.db;
    const guard = await db.selectFrom('stock_levels').select(['sku', sql<string>`sum(quantity)`.as('q')]).groupBy('sku').execute();
    const held = new Map(guard.map((r) => [r.sku, Number(r.q)]));
    for (const sku of SKUS) {
      const expected = ALLOCATED - (shipped.get(sku) ?? 0) + (intoStock.get(sku) ?? 0) - (outOfReturns.get(sku) ?? 0);
      expect(held.get(sku) ?? 0, sku).toBe(expected);
    }
    // The ledger, the stock read model and the guard say the same, location by location.
    const ledger = await db.selectFrom('rm_stock_movements').select(['sku', 'location', sql<string>`sum(delta)`.as('q')]).groupBy(['sku', 'location']).execute();
    const shown = await db.selectFrom('rm_stock').select(['sku', 'location', 'quantity as q']).execute();
    const levels = await db.selectFrom('stock_levels').select(['sku', 'location', 'quantity as q']).execute();
    const asMap = (rows: { sku: string; location: string; q: number | string }[]) => new Map(rows.filter((r) => Number(r.q) !== 0).map((r) => [`${r.sku}@${r.location}`, Number(r.q)]));
    expect(asMap(shown)).toEqual(asMap(ledger));
    expect(asMap(levels)).toEqual(asMap(ledger));
  });

  it('accounts for every returned unit from the bench to where it is, in the parcel and in the ledger', async () => {
    const ledgerReturns = new Map<string, number>();
    for (const id of parcels) {
      const parcel = (await manager.get(`/api/returns/${id}`)).body.data as ReturnParcel;
      for (const l of parcel.lines) {
        const at = placedAt.get(`${id}/${l.line}`)!;
        const restocked = Object.fromEntries(l.placed.restocked.map((r) => [r.location, r.quantity]));
        const expected = Object.fromEntries([...at].filter(([where, n]) => n > 0 && !['bench', 'RETURNS', 'written off'].includes(where)));
        expect(restocked, `${id}/${l.line}`).toEqual(expected);
        expect(l.placed.written_off).toBe(at.get('written off') ?? 0);
        expect(l.waiting).toEqual({ bench: at.get('bench') ?? 0, returns: at.get('RETURNS') ?? 0 });
        expect(l.placed.restocked.reduce((n, r) => n + r.quantity, 0) + l.placed.written_off + l.waiting.bench + l.waiting.returns).toBe(l.quantity);
      }
    }
    const moves = await t.database.db
      .selectFrom('rm_stock_movements')
      .select(['sku', sql<string>`sum(delta)`.as('q')])
      .where('event_type', 'in', ['ReturnRestocked', 'ReturnWrittenOff'])
      .groupBy('sku')
      .execute();
    for (const m of moves) ledgerReturns.set(m.sku, Number(m.q));
    for (const sku of SKUS) expect(ledgerReturns.get(sku) ?? 0, sku).toBe((intoStock.get(sku) ?? 0) - (outOfReturns.get(sku) ?? 0));
    // And in the audit log: every return event, found by a SKU it names.
    const positions = await sql<{ p: string }>`select global_position::text as p from events where event_type like 'Return%' order by global_position`.execute(t.database.db);
    const audited = new Set<string>();
    for (const sku of SKUS) {
      const res = await manager.get(`/api/audit/events?sku=${sku}&limit=500`);
      ok(res);
      for (const e of res.body.data.events as { position: string; event_type: string }[]) if (e.event_type.startsWith('Return')) audited.add(e.position);
    }
    expect([...audited].sort((a, b) => Number(a) - Number(b))).toEqual(positions.rows.map((r) => r.p));
  });

  it("reports, by style and size, the units shipped and returned and their rate", async () => {
    const report = (await manager.get('/api/reports/returns?range=today')).body.data as {
      totals: { shipped: number; returned: number; rate: number | null };
      styles: { style_code: string; sizes: { size: string; shipped: number; returned: number; rate: number | null }[] }[];
    };
    const shippedBySize = new Map<string, number>();
    for (const [sku, n] of shipped) add(shippedBySize, styleSize(sku), n);
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect(report.totals.shipped).toBe(total(shippedBySize));
    expect(report.totals.returned).toBe(total(returned));
    expect(report.totals.rate).toBeCloseTo(total(returned) / total(shippedBySize), 10);
    for (const style of report.styles) {
      for (const size of style.sizes) {
        const key = `${style.style_code}/${size.size}`;
        expect(size.returned, key).toBe(returned.get(key) ?? 0);
        expect(size.shipped, key).toBe(shippedBySize.get(key) ?? 0);
        expect(size.rate, key).toBe(size.shipped === 0 ? null : size.returned / size.shipped);
      }
    }
  });
});
