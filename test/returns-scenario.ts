import { expect } from 'vitest';
import { returnStreamId, type EventMetadata, type ReturnEvent, type ReturnLine } from '@wh/contracts';
import { appendToStreams } from '@wh/command/platform/event-store';
import type { TestApp } from '@wh/command/testing';
import { fixture } from './fixtures.ts';

// A week of returns with figures worked out by hand, for the returns reports' tests (the projection's, the routes' and
// the browser journey's). Orders go through the API at the app's clock (NOW, a Tuesday in March: London is on GMT,
// unless the journey gives its own `now`); the parcels are appended as the returns bench's commands will append them
// (contracts/src/returns/events.ts), at their own times before `now`.
//
// Shipped (all verified at NOW): #5001 DR1000-8 x20, DR1000-10 x2; #5002 DR1000-8 x12 of which 2 short, KN1010-12
// x1; #5003 DR1000-8 x3 held at the bench counted 2, resolved shipping 2. So DR1000/8 32, DR1000/10 2, KN1010/12 1:
// 35. #5004 TP1007-6 x1 is completed, not verified: not shipped.
//
// Parcels:
//   R1 #5001, NOW-1h: DR1000-8 x12 too small A (restocked to A-1-1 at NOW-30m), DR1000-10 x1 too large B (to
//      RETURNS at NOW-50m, put away to A-1-2 at NOW-15m: 45 minutes).
//   R2 #5002, NOW-2d: DR1000-8 x7 too small C (to SECONDS at NOW-1d), KN1010-12 x1 faulty D (written off at NOW-1d).
//   R3 unmatched, NOW-3h: DR1000-8 x1 too small A; matched to #5001 at NOW-2h as DR1000-8 x2 too small A and
//      DR1000-10 x1 changed mind B (those replace it). Nothing placed: 3 units wait.
//   R4 unmatched, NOW-20d, no lines ("a bag of something"): waits in the queue.
//   R5 unmatched, NOW-23d (last month): TP1007-6 x2 changed mind A: waits in the queue.
//
// Last 7 days: returned DR1000/8 21 (all too small: at least 20 fit returns, it runs small), DR1000/10 2, KN1010/12
// 1: 24 of 35 shipped. Today: R1 and R3, 16 units (DR1000/8 14: too few for a flag). This quarter: R5's 2 more.
// Grades in the week: A 14, B 2, C 7, D 1. Restocked in the week: 12 units after 30 minutes, 1 after 45, 7 after a
// day: median 30 minutes, 95th percentile a day. Open now: R3 (3 units, under a day), R4 and R5 (2 units, unmatched,
// 14 days or more); the oldest R5.

export const NOW = new Date('2026-03-10T10:00:00.000Z');
const R5_AGE_MINUTES = 23 * 24 * 60;
export const R5_RECEIVED = new Date(NOW.getTime() - R5_AGE_MINUTES * 60_000).toISOString();

const ORDERS = [
  ['#5001', 'DR1000-8-BEIGE', 20],
  ['#5001', 'DR1000-10-BEIGE', 2],
  ['#5002', 'DR1000-8-BEIGE', 12],
  ['#5002', 'KN1010-12-WINE', 1],
  ['#5003', 'DR1000-8-BEIGE', 3],
  ['#5004', 'TP1007-6-GREEN', 1],
] as const;
const ITEM_NAMES: Record<string, string> = {
  'DR1000-8-BEIGE': 'Wrap Midi Dress 000 - 8 / Beige',
  'DR1000-10-BEIGE': 'Wrap Midi Dress 000 - 10 / Beige',
  'KN1010-12-WINE': 'Cable Jumper 010 - 12 / Wine',
  'TP1007-6-GREEN': 'Linen Shirt 007 - 6 / Green',
};

type Item = { id: number; sku: string; quantity: number };

const META: EventMetadata = { actor_id: 1, actor_role: 'manager', correlation_id: 'returns-scenario', causation_id: null, client_ip: null };

function ok(res: { status: number; body: unknown }, status = 200): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

export interface ReturnsScenario {
  orders: Map<string, { id: number; items: Item[] }>;
  // Appends a return event (the next version of its parcel's stream) and waits until it is projected.
  append(event: ReturnEvent): Promise<void>;
  // A parcel's line as received against an order (`orderNumber`) or unmatched (null).
  line(n: number, sku: string, quantity: number, reason: ReturnLine['reason'], grade: ReturnLine['grade'], orderNumber: string | null): ReturnLine;
}

export async function makeReturnsScenario(app: TestApp, now: Date = NOW): Promise<ReturnsScenario> {
  const minutes = (n: number) => new Date(now.getTime() - n * 60_000).toISOString();
  const admin = await app.asAdmin();
  const exec2 = await app.userWithRole('executive2');
  const ann = await app.userWithRole('worker');
  ok(await admin.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  await app.allocateStock([
    { sku: 'DR1000-8-BEIGE', location: 'A-1-1', quantity: 40 },
    { sku: 'DR1000-10-BEIGE', location: 'A-1-1', quantity: 20 },
    { sku: 'KN1010-12-WINE', location: 'A-1-2', quantity: 20 },
    { sku: 'TP1007-6-GREEN', location: 'A-1-2', quantity: 20 },
  ]);
  const sheet = ['Order #,Item,SKU,Quantity', ...ORDERS.map(([n, sku, q]) => `${n},${ITEM_NAMES[sku]},${sku},${q}`)].join('\n');
  ok(await admin.upload('/api/files/upload/orders', 'orders.csv', sheet));
  const list = (await admin.get('/api/orders?limit=100')).body.data.orders as { id: number; order_number: string }[];
  const orders = new Map<string, { id: number; items: Item[] }>();
  for (const o of list) orders.set(o.order_number, { id: o.id, items: (await admin.get(`/api/orders/${o.id}`)).body.data.items as Item[] });
  const order = (n: string) => orders.get(n)!;
  const item = (n: string, sku: string) => order(n).items.find((i) => i.sku === sku)!;

  for (const n of ['#5001', '#5002', '#5003', '#5004']) {
    ok(await admin.post(`/api/orders/${order(n).id}/assign-worker`, { worker_id: ann.id }));
    for (const i of order(n).items) {
      if (n === '#5002' && i.sku === 'DR1000-8-BEIGE') ok(await ann.post(`/api/orders/${order(n).id}/items/${i.id}/short`, { short_quantity: 2, looked_in: ['A-1-1'] }));
      else ok(await ann.post(`/api/orders/${order(n).id}/items/${i.id}/pick`, {}));
    }
    ok(await ann.post(`/api/orders/${order(n).id}/complete`));
  }
  ok(await exec2.post(`/api/orders/${order('#5001').id}/verify`, {}));
  ok(await exec2.post(`/api/orders/${order('#5002').id}/verify`, {}));
  const held = item('#5003', 'DR1000-8-BEIGE');
  ok(await exec2.post(`/api/orders/${order('#5003').id}/verify`, { counts: [{ item_id: held.id, counted: 2 }] }));
  ok(await exec2.post(`/api/orders/${order('#5003').id}/resolve`, { lines: [{ item_id: held.id, shipped: 2 }], reason: 'One missing from the tote' }));

  const versions = new Map<number, number>();
  const append = async (event: ReturnEvent) => {
    const id = event.data.return_id;
    const version = versions.get(id) ?? 0;
    versions.set(id, version + 1);
    const written = await appendToStreams(app.database.db, [{ streamId: returnStreamId(id), expectedVersion: version, events: [event] }], META);
    expect(await app.watcher.waitFor(written!, 20_000)).toBe(true);
  };

  const line = (n: number, sku: string, quantity: number, reason: ReturnLine['reason'], grade: ReturnLine['grade'], orderNumber: string | null): ReturnLine => {
    const [style_code = '', size = '', colour = ''] = sku.split('-');
    return { line: n, order_item_id: orderNumber ? item(orderNumber, sku).id : null, sku, style_code, size, colour, quantity, reason, reason_note: null, grade };
  };
  const ref = (id: number, n: string | null) => ({ return_id: id, order_id: n ? order(n).id : null });
  const moved = (sku: string, location: string, delta: number) => ({ sku, style_code: sku.split('-')[0]!, location, delta });
  const restocked = (id: number, n: string, l: ReturnLine, from: string | null, to: string, at: string): ReturnEvent => ({
    type: 'ReturnRestocked',
    data: {
      ...ref(id, n), line: l.line, sku: l.sku, style_code: l.style_code, quantity: l.quantity, grade: l.grade, from_location: from, location: to,
      over_capacity: null, movements: [...(from ? [moved(l.sku, from, -l.quantity)] : []), moved(l.sku, to, l.quantity)], at,
    },
  });
  const received = (id: number, n: string | null, lines: ReturnLine[], at: string, note: string | null = null): ReturnEvent => ({
    type: 'ReturnReceived',
    data: { ...ref(id, n), order_number: n, scanned: n, note, lines, at },
  });

  const r1 = [line(1, 'DR1000-8-BEIGE', 12, 'too_small', 'A', '#5001'), line(2, 'DR1000-10-BEIGE', 1, 'too_large', 'B', '#5001')];
  await append(received(1, '#5001', r1, minutes(60)));
  await append(restocked(1, '#5001', r1[0]!, null, 'A-1-1', minutes(30)));
  await append(restocked(1, '#5001', r1[1]!, null, 'RETURNS', minutes(50)));
  await append(restocked(1, '#5001', r1[1]!, 'RETURNS', 'A-1-2', minutes(15)));

  const r2 = [line(1, 'DR1000-8-BEIGE', 7, 'too_small', 'C', '#5002'), line(2, 'KN1010-12-WINE', 1, 'faulty', 'D', '#5002')];
  await append(received(2, '#5002', r2, minutes(2 * 24 * 60)));
  await append(restocked(2, '#5002', r2[0]!, null, 'SECONDS', minutes(24 * 60)));
  await append({
    type: 'ReturnWrittenOff',
    data: { ...ref(2, '#5002'), line: 2, sku: 'KN1010-12-WINE', style_code: 'KN1010', quantity: 1, grade: 'D', from_location: null, note: 'Seam torn', movements: [], at: minutes(24 * 60) },
  });

  await append(received(3, null, [line(1, 'DR1000-8-BEIGE', 1, 'too_small', 'A', null)], minutes(3 * 60), 'No slip in the bag'));
  await append({
    type: 'ReturnMatched',
    data: {
      return_id: 3, order_id: order('#5001').id, order_number: '#5001',
      lines: [line(1, 'DR1000-8-BEIGE', 2, 'too_small', 'A', '#5001'), line(2, 'DR1000-10-BEIGE', 1, 'changed_mind', 'B', '#5001')], at: minutes(2 * 60),
    },
  });

  await append(received(4, null, [], minutes(20 * 24 * 60), 'A bag of something, no slip'));
  await append(received(5, null, [line(1, 'TP1007-6-GREEN', 2, 'changed_mind', 'A', null)], minutes(R5_AGE_MINUTES)));
  return { orders, append, line };
}
