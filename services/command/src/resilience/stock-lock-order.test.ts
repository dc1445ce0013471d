import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movementsOf } from '@wh/contracts';
import { fixture } from '../../../../test/fixtures.ts';
import { startTestApp, type Answer, type Client, type TestApp } from '../testing.ts';

// Uploads that move the same SKUs between the same locations in opposite directions, at once, round after round:
// one bin allocation raises the bins' counts (units leave RECEIVING for the bins), another lowers them (units go
// back to RECEIVING), and a manager's manual stock sheet adds to RECEIVING. Stock rows are locked in one order in
// every path, and a deadlock or serialization failure is decided again, so no upload answers 5xx and the stock
// equals what the events say.
const SKUS = ['DR1000-6-BEIGE', 'DR1000-8-BEIGE', 'TP1001-8-NAVY'] as const;
const BINS = ['A-1-1', 'A-1-2'] as const;
const ROUNDS = 50;

let t: TestApp;
let manager: Client;

beforeAll(async () => {
  // A short read-your-writes wait: the checks below read the command side, and other databases' transactions on the
  // shared server hold the projector's snapshot back.
  t = await startTestApp({ config: { READ_YOUR_WRITES_TIMEOUT_MS: 100 } });
  manager = await t.asAdmin();
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  expect((await manager.post('/api/locations/range', { location_type: 'bin', from: 'A-1-1', to: 'A-1-2', capacity: 100_000 })).status).toBe(201);
}, 300_000);

afterAll(() => t?.stop());

// Rows in the order given: the two sheets of a round list the same keys in opposite orders.
function allocation(rows: [string, string, number][]): string {
  return ['Bin Number,SKU,Quantity', ...rows.map(([bin, sku, n]) => `${bin},${sku},${n}`)].join('\n');
}

function manualStock(round: number): string {
  const rows = SKUS.map((sku, i) => `01/11/2026,${sku.split('-')[0]},${sku.split('-')[2]},${sku.split('-')[1]},${3 + i},GP-${round}-${i}`);
  return ['DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER', ...rows].join('\n');
}

describe(`${ROUNDS} rounds of opposing bin allocations and auto-approved manual stock over the same SKUs`, () => {
  // Every round's answers, for the tests below, each of which can run alone.
  const answers: { what: string; answer: Answer }[] = [];

  beforeAll(async () => {
    const keys = SKUS.flatMap((sku) => BINS.map((bin) => [bin, sku] as const));
    for (let round = 0; round < ROUNDS; round++) {
      const up = allocation(keys.map(([bin, sku], i) => [bin, sku, 2 + ((round + i) % 4)]));
      const down = allocation([...keys].reverse().map(([bin, sku], i) => [bin, sku, (round + i) % 2]));
      const calls = [
        ['raise', () => manager.upload('/api/files/upload/bin-allocation', `up-${round}.csv`, up)],
        ['lower', () => manager.upload('/api/files/upload/bin-allocation', `down-${round}.csv`, down)],
        ['receive', () => manager.upload('/api/files/upload/manual-stock', `manual-${round}.csv`, manualStock(round))],
      ] as const;
      const results = await Promise.all(calls.map(async ([what, run]) => ({ what: `${what} ${round}`, answer: await run() })));
      answers.push(...results);
    }
  }, 300_000);

  it('runs every round without a server error', () => {
    const errors = answers.filter((a) => a.answer.status >= 500);
    expect(errors.map((a) => `${a.what}: ${JSON.stringify(a.answer.body)}`)).toEqual([]);
    // Every upload is a success or a clear refusal (a race lost three times over).
    for (const a of answers.filter((x) => x.answer.status >= 400)) {
      expect(a.answer.status, a.what).toBe(409);
      expect(typeof a.answer.body.message).toBe('string');
    }
    expect(answers.filter((a) => a.answer.status === 200).length).toBeGreaterThan(ROUNDS * 2);
  });

  it('conserves stock: the guard table equals the sum of every event movement, and nothing is below zero', async () => {
    const db = t.database.db;
    const fromEvents = new Map<string, number>();
    for (const { data } of await db.selectFrom('events').select('data').execute()) {
      for (const m of movementsOf(data)) fromEvents.set(`${m.sku}@${m.location}`, (fromEvents.get(`${m.sku}@${m.location}`) ?? 0) + m.delta);
    }
    const guard = new Map((await db.selectFrom('stock_levels').select(['sku', 'location', 'quantity']).execute()).map((r) => [`${r.sku}@${r.location}`, r.quantity]));
    const nonZero = (m: Map<string, number>) => new Map([...m].filter(([, q]) => q !== 0));
    expect([...guard.values()].every((q) => q >= 0)).toBe(true);
    expect(nonZero(guard)).toEqual(nonZero(fromEvents));
    // Every unit received is somewhere: in RECEIVING or in a bin, plus what bin counts found.
    const received = answers.filter((a) => a.what.startsWith('receive') && a.answer.status === 200).reduce((n, a) => n + a.answer.body.data.units, 0);
    const allocations = answers.filter((a) => (a.what.startsWith('raise') || a.what.startsWith('lower')) && a.answer.status === 200);
    const found = allocations.reduce((n, a) => n + a.answer.body.data.found_units, 0);
    const total = [...guard.values()].reduce((n, q) => n + q, 0);
    expect(total).toBe(received + found);
  });
});
