import { describe, expect, it } from 'vitest';
import { foldShipment, type OrderEvent, type ReturnEvent, type ReturnLine, type Shipment, type StoredEvent } from '@wh/contracts';
import { BucketCounts, foldReturn, restockBin, ship, type ReturnsState } from './fold.ts';

const at = '2026-03-10T10:05:00.000Z';
const ref = { order_id: 1, order_number: '#1' };

function shipped(events: OrderEvent[]): { style_code: string; size: string; shipped: number }[] {
  let shipment: Shipment | undefined;
  for (const e of events) shipment = foldShipment(shipment, e);
  const counts = new BucketCounts();
  ship(counts, shipment, new Date(at));
  return [...counts.shippedRows()].filter((r) => r.grain === '15m').map((r) => ({ style_code: r.style_code, size: r.size, shipped: r.units }));
}

const imported: OrderEvent = {
  type: 'OrderImported',
  data: {
    ...ref, priority: 1, order_date: '2026-03-10', source_file: 'a.csv', at,
    items: [
      { item_id: 11, sku: 'DR1-8-RED', style_code: 'DR1', style_name: 'Dress', size: '8', color: 'Red', quantity: 3, value: null, row: 2 },
      { item_id: 12, sku: 'DR1-10-RED', style_code: 'DR1', style_name: 'Dress', size: '10', color: 'Red', quantity: 2, value: null, row: 3 },
    ],
  },
};
const orderLine = { ...ref, sku: 'x', style_code: 'DR1' };
const quantities: Record<number, number> = { 11: 3, 12: 2 };
const picked = (item_id: number): OrderEvent => ({
  type: 'OrderItemPicked',
  data: { ...orderLine, item_id, quantity: quantities[item_id]!, location: 'A-1-1', location_type: 'bin', unstocked: false, notes: null, picked_by: 5, worker_id: 5, movements: [], at },
});
const short = (item_id: number, short_quantity: number): OrderEvent => ({
  type: 'OrderItemShortPicked',
  data: { ...orderLine, item_id, quantity: quantities[item_id]!, short_quantity, looked_in: [], notes: null, picked_by: 5, worker_id: 5, movements: [], at },
});
const undone = (item_id: number, kind: 'pick' | 'short', status: 'picking' | 'on_hold' = 'picking'): OrderEvent => ({
  type: 'OrderItemPickUndone',
  data: { ...orderLine, item_id, quantity: quantities[item_id]!, undone: kind, reason: 'r', undone_by: 3, worker_id: 5, previous_status: status, status, movements: [], at },
});
const held = (lines: { item_id: number; expected: number; counted: number }[]): OrderEvent => ({
  type: 'OrderHeld',
  data: { ...ref, held_by: 3, worker_id: 5, lines: lines.map((l) => ({ ...l, sku: 'x', issue: 'i' })), wrong_items: [], discrepancies: [], verification_notes: null, at },
});
const sentBack = (lines: { item_id: number; undone: 'pick' | 'short' | 'none' }[]): OrderEvent => ({
  type: 'OrderSentBack',
  data: { ...ref, sent_by: 3, worker_id: 5, reason: 'r', lines: lines.map((l) => ({ ...l, sku: 'x' })), status: 'picking', movements: [], at },
});
const resolved = (lines: { item_id: number; expected: number; shipped: number; undone?: true }[]): OrderEvent => ({
  type: 'OrderHoldResolved',
  data: {
    ...ref, resolved_by: 3, worker_id: 5, reason: 'r', movements: [], at,
    lines: lines.map((l) => ({ ...l, sku: 'x', quantity: quantities[l.item_id]!, missing: l.expected - l.shipped, location: null })),
  },
});

// Given the order's events before its verification, then its lines ship these units (size 8: item 11 of 3 units,
// size 10: item 12 of 2); a line shipping nothing is no row.
const given = (...events: OrderEvent[]) => ({ then: (expected: Record<string, number>) => expect(Object.fromEntries(shipped([imported, ...events]).map((r) => [r.size, r.shipped]))).toEqual(expected) });

describe('what a verification ships', () => {
  it('lines picked ship whole', () => {
    given(picked(11), picked(12)).then({ 8: 3, 10: 2 });
  });

  it('a line short ships less its units not found; one wholly short ships nothing', () => {
    given(short(11, 1), picked(12)).then({ 8: 2, 10: 2 });
    given(picked(11), short(12, 2)).then({ 8: 3 });
  });

  it('a pick or short undone and picked again ships as picked again', () => {
    given(short(11, 1), undone(11, 'short'), picked(11), picked(12)).then({ 8: 3, 10: 2 });
    given(picked(11), undone(11, 'pick'), short(11, 2), picked(12)).then({ 8: 1, 10: 2 });
  });

  it('a held line resolved ships what the verifier counted; one resolved as counted keeps its pick', () => {
    const hold = held([{ item_id: 11, expected: 3, counted: 2 }, { item_id: 12, expected: 1, counted: 1 }]);
    given(picked(11), short(12, 1), hold, resolved([{ item_id: 11, expected: 3, shipped: 2 }, { item_id: 12, expected: 1, shipped: 1 }])).then({ 8: 2, 10: 1 });
    // A line already short, found a unit shorter still.
    given(picked(11), short(12, 1), held([{ item_id: 12, expected: 1, counted: 0 }]), resolved([{ item_id: 12, expected: 1, shipped: 0 }])).then({ 8: 3 });
  });

  it('lines sent back ship as picked again', () => {
    const hold = held([{ item_id: 11, expected: 3, counted: 2 }]);
    given(picked(11), picked(12), hold, sentBack([{ item_id: 11, undone: 'pick' }]), short(11, 1)).then({ 8: 2, 10: 2 });
  });

  it('a pick undone at the bench and then resolved ships nothing of its line', () => {
    const hold = held([{ item_id: 12, expected: 2, counted: 1 }]);
    // Undone on hold: the line held, expecting nothing, and resolved shipping none of it.
    given(picked(11), picked(12), hold, undone(11, 'pick', 'on_hold'), resolved([{ item_id: 12, expected: 2, shipped: 1 }, { item_id: 11, expected: 0, shipped: 0, undone: true }])).then({ 10: 1 });
    given(short(11, 1), picked(12), held([]), undone(11, 'short', 'on_hold'), resolved([{ item_id: 11, expected: 0, shipped: 0, undone: true }])).then({ 10: 2 });
  });

  it('a pick undone at the bench and then sent back ships as picked again', () => {
    given(picked(11), picked(12), held([{ item_id: 12, expected: 2, counted: 1 }]), undone(11, 'pick', 'on_hold'), sentBack([{ item_id: 11, undone: 'none' }, { item_id: 12, undone: 'pick' }]), picked(11), short(12, 1)).then({ 8: 3, 10: 1 });
  });

  it('an order never imported ships nothing', () => {
    expect(shipped([short(11, 1)])).toEqual([]);
  });
});

const stored = (event: ReturnEvent, position: number): StoredEvent => ({
  ...event,
  stream_id: `return-${event.data.return_id}`,
  stream_version: position,
  global_position: String(position),
  transaction_id: String(position),
  metadata: { actor_id: 1, actor_role: 'manager', correlation_id: 'c', causation_id: null, client_ip: null },
  recorded_at: new Date(at),
});
const line = (n: number, quantity: number, reason: ReturnLine['reason'] = 'too_small'): ReturnLine => ({
  line: n, order_item_id: null, sku: 'DR1-8-RED', style_code: 'DR1', size: '8', colour: 'Red', quantity, reason, reason_note: null, grade: 'A',
});
const received = (order_id: number | null, lines: ReturnLine[], time = at): ReturnEvent => ({
  type: 'ReturnReceived', data: { return_id: 7, order_id, order_number: order_id ? '#1' : null, scanned: null, note: null, lines, at: time },
});
const restocked = (location: string, quantity: number, time = at): ReturnEvent => ({
  type: 'ReturnRestocked',
  data: { return_id: 7, order_id: 1, line: 1, sku: 'DR1-8-RED', style_code: 'DR1', quantity, grade: 'A', from_location: null, location, over_capacity: null, movements: [], at: time },
});

function run(events: ReturnEvent[]): ReturnsState {
  const state: ReturnsState = { parcels: new Map(), counts: new BucketCounts() };
  events.forEach((e, i) => foldReturn(stored(e, i + 1), state));
  return state;
}

describe('parcels', () => {
  it('wait until every unit is placed: units put into RETURNS still wait, and are not timed', () => {
    const state = run([received(1, [line(1, 3)]), restocked('RETURNS', 3), restocked('A-1-1', 2, '2026-03-10T11:05:00.000Z')]);
    expect(state.parcels.get(7)).toMatchObject({ units: 3, waiting: 1 });
    // Timed from the receipt, into the restock's buckets.
    expect([...state.counts.restockRows()]).toEqual([
      { grain: '15m', bucket: '2026-03-10T11:00:00.000Z', seconds: 3600, units: 2 },
      { grain: 'month', bucket: '2026-03-01T00:00:00.000Z', seconds: 3600, units: 2 },
      { grain: 'year', bucket: '2026-01-01T00:00:00.000Z', seconds: 3600, units: 2 },
    ]);
    foldReturn(stored({ type: 'ReturnWrittenOff', data: { return_id: 7, order_id: 1, line: 1, sku: 'DR1-8-RED', style_code: 'DR1', quantity: 1, grade: 'A', from_location: 'RETURNS', note: null, movements: [], at } }, 9), state);
    expect(state.parcels.has(7)).toBe(false);
  });

  it('an unmatched parcel stays open, even empty, until matched; the match replaces its lines where it was received', () => {
    const state = run([received(null, [], '2026-03-01T09:00:00.000Z')]);
    expect(state.parcels.get(7)).toMatchObject({ units: 0, waiting: 0, order_id: null });
    foldReturn(stored({ type: 'ReturnMatched', data: { return_id: 7, order_id: 1, order_number: '#1', lines: [line(1, 2, 'too_large')], at } }, 2), state);
    expect(state.parcels.get(7)).toMatchObject({ units: 2, waiting: 2, order_id: 1 });
    const rows = [...state.counts.receivedRows()].filter((r) => r.grain === '15m');
    expect(rows.map((r) => [r.bucket, r.units, r.too_large])).toEqual([['2026-03-01T09:00:00.000Z', 2, 2]]);
  });

  it('a match after units were placed keeps them placed', () => {
    const state = run([received(null, [line(1, 2)]), restocked('A-1-1', 1)]);
    foldReturn(stored({ type: 'ReturnMatched', data: { return_id: 7, order_id: 1, order_number: '#1', lines: [line(1, 3)], at } }, 3), state);
    expect(state.parcels.get(7)).toMatchObject({ units: 3, waiting: 2 });
    const month = [...state.counts.receivedRows()].filter((r) => r.grain === 'month');
    expect(month.map((r) => [r.bucket, r.units, r.too_small, r.grade_a])).toEqual([['2026-03-01T00:00:00.000Z', 3, 3, 3]]);
  });

  it('an event of a parcel not open changes nothing', () => {
    const state = run([restocked('A-1-1', 1)]);
    expect(state.parcels.size).toBe(0);
    expect([...state.counts.restockRows()]).toEqual([]);
  });
});

describe('restock times', () => {
  it('to the minute under a day, to the hour under 60 days, to the day beyond; never below nothing', () => {
    expect(restockBin(1799.9)).toBe(1740);
    expect(restockBin(1800)).toBe(1800);
    expect(restockBin(86_399)).toBe(86_340);
    expect(restockBin(86_400 + 3599)).toBe(86_400);
    expect(restockBin(59 * 86_400 + 7200.5)).toBe(59 * 86_400 + 7200);
    expect(restockBin(61.5 * 86_400)).toBe(61 * 86_400);
    expect(restockBin(-5)).toBe(0);
  });
});
