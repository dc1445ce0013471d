import { describe, expect, it } from 'vitest';
import type { ReturnParcel, ReturnParcelLine, ShippedLine, ShippedOrder } from '@wh/contracts/returns/http';
import {
  benchHint,
  benchReducer,
  INITIAL_BENCH,
  matchBody,
  nextPlacement,
  readBenchScan,
  receiveBody,
  targetLine,
  type BenchEvent,
  type BenchState,
} from './bench.ts';

const shippedLine = (id: number, sku: string, shipped: number, returned = 0, barcodes: string[] = []): ShippedLine => ({
  order_item_id: id,
  sku,
  style_code: sku.split('-')[0]!,
  size: sku.split('-')[1]!,
  colour: 'Beige',
  item_name: 'Wrap Midi Dress',
  barcodes,
  shipped,
  returned,
});
const order: ShippedOrder = {
  id: 7,
  order_number: '#7001',
  customer_name: null,
  verified_at: '2026-12-01T10:00:00.000Z',
  lines: [shippedLine(71, 'DR1000-8-BEIGE', 2, 0, ['5012345678900']), shippedLine(72, 'DR1000-10-BEIGE', 1, 1)],
};
const other: ShippedOrder = { ...order, id: 8, order_number: '#7002', lines: [shippedLine(81, 'DR1000-8-BEIGE', 1)] };

const parcelLine = (line: number, sku: string, change: Partial<ReturnParcelLine> = {}): ReturnParcelLine => ({
  line,
  order_item_id: 71,
  sku,
  style_code: 'DR1000',
  size: '8',
  colour: 'Beige',
  quantity: 1,
  reason: 'too_small',
  reason_note: null,
  grade: 'A',
  placed: { restocked: [], written_off: 0 },
  waiting: { bench: 1, returns: 0 },
  suggestion: { location: 'A-1-1', over_capacity: null },
  ...change,
});
const parcel = (lines: ReturnParcelLine[], change: Partial<ReturnParcel> = {}): ReturnParcel => ({
  id: 12,
  status: 'waiting',
  order: { id: 7, order_number: '#7001' },
  scanned: '#7001',
  note: null,
  received_at: '2026-12-02T10:00:00.000Z',
  received_by: 'worker',
  lines,
  ...change,
});

const lookedUp = (code: string, orders: ShippedOrder[], sku: string | null = null, matching: ReturnParcel | null = null): BenchEvent => ({
  type: 'looked-up',
  code,
  lookup: { orders, sku },
  matching,
});
const run = (...events: BenchEvent[]): BenchState => events.reduce(benchReducer, INITIAL_BENCH);
const entriesOf = (state: BenchState) => (state.bench.step === 'order' || state.bench.step === 'unmatched' ? state.bench.entries : []);

describe('receiving a return at the bench', () => {
  it("a unit's barcode opens its one order with that unit counted; a reason makes it ready to receive (grade A unless said)", () => {
    const opened = run(lookedUp('5012345678900', [order], 'DR1000-8-BEIGE'));
    expect(opened.bench).toMatchObject({ step: 'order', code: '5012345678900', matching: null });
    expect(entriesOf(opened)).toEqual([{ key: 1, order_item_id: 71, sku: 'DR1000-8-BEIGE', quantity: 1, reason: null, reason_note: '', grade: 'A' }]);
    expect(opened.feedback).toEqual({ tone: 'success', text: 'DR1000-8-BEIGE: 1 unit back from #7001. Choose why it came back.' });
    expect(receiveBody(opened.bench)).toBeNull();

    const ready = benchReducer(opened, { type: 'reason', key: 1, reason: 'too_small' });
    expect(receiveBody(ready.bench)).toEqual({
      order_id: 7,
      scanned: '5012345678900',
      note: null,
      lines: [{ order_item_id: 71, sku: 'DR1000-8-BEIGE', quantity: 1, reason: 'too_small', reason_note: null, grade: 'A' }],
    });
  });

  it('an order number opens the order with nothing counted; each scan of a unit counts one, never past what was shipped', () => {
    const opened = run(lookedUp('#7001', [order]));
    expect(entriesOf(opened)).toEqual([]);
    expect(opened.feedback?.text).toBe('#7001: scan each unit that came back.');
    const twice = [{ type: 'unit-scanned', raw: 'dr1000-8-beige' }, { type: 'unit-scanned', raw: '5012345678900' }] as const;
    const counted = twice.reduce(benchReducer, opened);
    expect(entriesOf(counted).map((e) => e.quantity)).toEqual([2]);
    const third = benchReducer(counted, { type: 'unit-scanned', raw: 'DR1000-8-BEIGE' });
    expect(entriesOf(third).map((e) => e.quantity)).toEqual([2]);
    expect(third.feedback).toEqual({ tone: 'error', text: 'Only 2 units of DR1000-8-BEIGE were shipped on #7001 and not yet returned.' });
    // A line whose every unit came back already takes none.
    expect(benchReducer(opened, { type: 'unit-scanned', raw: 'DR1000-10-BEIGE' }).feedback?.text).toBe('Every unit of DR1000-10-BEIGE shipped on #7001 has been returned already.');
    expect(benchReducer(opened, { type: 'unit-scanned', raw: 'KN1010-12-WINE' }).feedback?.text).toBe('KN1010-12-WINE was not shipped on #7001.');
  });

  it('a unit scanned after the last one got its reason starts an entry of its own, so two units can differ', () => {
    const state = run(lookedUp('DR1000-8-BEIGE', [order]), { type: 'reason', key: 1, reason: 'too_small' }, { type: 'unit-added', order_item_id: 71 });
    expect(entriesOf(state).map((e) => [e.quantity, e.reason])).toEqual([
      [1, 'too_small'],
      [1, null],
    ]);
    expect(receiveBody(state.bench)).toBeNull();
    const graded = [{ type: 'reason', key: 2, reason: 'faulty' }, { type: 'grade', key: 2, grade: 'D' }] as const;
    expect(receiveBody(graded.reduce(benchReducer, state).bench)?.lines.map((l) => [l.reason, l.grade])).toEqual([
      ['too_small', 'A'],
      ['faulty', 'D'],
    ]);
  });

  it('One unit differs splits a unit off; a typed quantity is held to what the line has left; 0 removes the entry', () => {
    const two = run(lookedUp('#7001', [order]), { type: 'unit-added', order_item_id: 71 }, { type: 'unit-added', order_item_id: 71 });
    const split = benchReducer(two, { type: 'split', key: 1 });
    expect(entriesOf(split).map((e) => e.quantity)).toEqual([1, 1]);
    expect(entriesOf(benchReducer(two, { type: 'quantity', key: 1, quantity: 9 })).map((e) => e.quantity)).toEqual([2]);
    expect(entriesOf(benchReducer(two, { type: 'quantity', key: 1, quantity: 0 }))).toEqual([]);
  });

  it('"Other" needs a note before the parcel can go', () => {
    const other = run(lookedUp('DR1000-8-BEIGE', [order]), { type: 'reason', key: 1, reason: 'other' });
    expect(receiveBody(other.bench)).toBeNull();
    const noted = benchReducer(other, { type: 'reason-note', key: 1, note: ' Stain on the hem ' });
    expect(receiveBody(noted.bench)?.lines[0]).toMatchObject({ reason: 'other', reason_note: 'Stain on the hem' });
  });

  it('several orders holding the unit are offered; the one chosen opens with the unit counted', () => {
    const choosing = run(lookedUp('DR1000-8-BEIGE', [order, other], 'DR1000-8-BEIGE'));
    expect(choosing.bench).toMatchObject({ step: 'choose', code: 'DR1000-8-BEIGE' });
    expect(choosing.feedback?.text).toBe("2 shipped orders hold DR1000-8-BEIGE: choose the one on the parcel's slip.");
    const chosen = benchReducer(choosing, { type: 'order-chosen', order: other, matching: null });
    expect(chosen.bench).toMatchObject({ step: 'order', order: { order_number: '#7002' } });
    expect(entriesOf(chosen).map((e) => e.order_item_id)).toEqual([81]);
  });
});

describe('a parcel without an order', () => {
  it('is offered when nothing matches, keeps the SKU the code named, and needs a note', () => {
    const unknown = run(lookedUp('5099999999999', [], 'KN1010-12-WINE'));
    expect(unknown.bench).toEqual({ step: 'scan', unknown: { code: '5099999999999', sku: 'KN1010-12-WINE' } });
    expect(unknown.feedback).toEqual({ tone: 'error', text: 'No shipped order matches 5099999999999. Receive it without an order, or scan another code.' });
    const started = benchReducer(unknown, { type: 'receive-unmatched' });
    expect(entriesOf(started).map((e) => [e.sku, e.order_item_id])).toEqual([['KN1010-12-WINE', null]]);
    const reasoned = benchReducer(started, { type: 'reason', key: entriesOf(started)[0]!.key, reason: 'changed_mind' });
    expect(receiveBody(reasoned.bench)).toBeNull();
    expect(receiveBody(benchReducer(reasoned, { type: 'note', note: 'J. Smith, 4 Mill Lane' }).bench)).toEqual({
      order_id: null,
      scanned: '5099999999999',
      note: 'J. Smith, 4 Mill Lane',
      lines: [{ order_item_id: null, sku: 'KN1010-12-WINE', quantity: 1, reason: 'changed_mind', reason_note: null, grade: 'A' }],
    });
  });

  it('takes units by the SKU the server names; a code that names none is said so', () => {
    const started = run({ type: 'receive-unmatched' });
    const added = benchReducer(started, lookedUp('dr1000-8-beige', [], 'DR1000-8-BEIGE'));
    expect(entriesOf(added).map((e) => [e.sku, e.quantity])).toEqual([['DR1000-8-BEIGE', 1]]);
    expect(benchReducer(added, lookedUp('NOPE', [], null)).feedback?.text).toBe('NOPE is not a SKU or barcode of the catalogue.');
  });

  it("matched later: the order's lines of the same SKUs take the parcel's units, reasons and grades", () => {
    const unmatched = parcel([parcelLine(1, 'DR1000-8-BEIGE', { order_item_id: null, reason: 'too_large', grade: 'B', quantity: 2 })], { status: 'unmatched', order: null });
    const finding = run({ type: 'match-started', id: 12 });
    expect(finding.bench).toEqual({ step: 'find-order', matching: 12 });
    expect(readBenchScan(finding, '#7001', unmatched)).toEqual({ kind: 'lookup', code: '#7001' });
    const matched = benchReducer(finding, lookedUp('#7001', [order], null, unmatched));
    expect(matched.bench).toMatchObject({ step: 'order', matching: 12 });
    expect(receiveBody(matched.bench)).toBeNull();
    expect(matchBody(matched.bench)).toEqual({
      order_id: 7,
      lines: [{ order_item_id: 71, sku: 'DR1000-8-BEIGE', quantity: 2, reason: 'too_large', reason_note: null, grade: 'B' }],
    });
    // A unit the order never shipped keeps the match from being sent until it is taken off.
    const stray = parcel([parcelLine(1, 'KN1010-12-WINE', { order_item_id: null })], { status: 'unmatched', order: null });
    expect(matchBody(benchReducer(finding, lookedUp('#7001', [order], null, stray)).bench)).toBeNull();
    expect(benchReducer(finding, lookedUp('#9999', [], null, stray)).bench).toEqual({ step: 'find-order', matching: 12 });
  });
});

describe('placing a received parcel by scanning', () => {
  const state = run({ type: 'opened', id: 12 });

  it("a location label restocks the first waiting line's units there; a unit's code chooses its line first", () => {
    const p = parcel([parcelLine(1, 'DR1000-8-BEIGE', { grade: 'D', suggestion: { location: 'RETURNS', over_capacity: null } }), parcelLine(2, 'DR1000-10-BEIGE', { waiting: { bench: 2, returns: 0 } })]);
    // The grade D line waits for a manager: a label takes the first line that can be restocked.
    expect(readBenchScan(state, 'b-2-3', p)).toEqual({ kind: 'place', line: p.lines[1], location: 'B-2-3', quantity: 2 });
    expect(readBenchScan(state, 'DR1000-8-BEIGE', p)).toEqual({ kind: 'event', event: { type: 'line-selected', line: 1 } });
    const chosen = benchReducer(state, { type: 'line-selected', line: 1 });
    expect(readBenchScan(chosen, 'RETURNS', p)).toMatchObject({ kind: 'place', line: p.lines[0], location: 'RETURNS', quantity: 1 });
    // Units already in RETURNS are put away from there.
    const waitingInReturns = parcel([parcelLine(1, 'DR1000-8-BEIGE', { waiting: { bench: 0, returns: 3 } })]);
    expect(readBenchScan(state, 'A-1-1', waitingInReturns)).toMatchObject({ kind: 'place', quantity: 3 });
  });

  it('a label scanned once too often sends nothing; an unmatched parcel is not placed; any other code looks up the next parcel', () => {
    const done = parcel([parcelLine(1, 'DR1000-8-BEIGE', { waiting: { bench: 0, returns: 0 }, suggestion: null })], { status: 'done' });
    expect(readBenchScan(state, 'A-1-1', done)).toEqual({ kind: 'event', event: { type: 'refused', text: 'Every unit of Return #12 is placed: scan the next parcel.' } });
    const unmatched = parcel([parcelLine(1, 'DR1000-8-BEIGE')], { status: 'unmatched', order: null });
    expect(readBenchScan(state, 'A-1-1', unmatched)).toMatchObject({ kind: 'event', event: { type: 'refused', text: 'Return #12 has no order yet: match it to its order before placing its units.' } });
    expect(readBenchScan(state, '#7002', done)).toEqual({ kind: 'lookup', code: '#7002' });
    expect(readBenchScan(state, '   ', done)).toBeNull();
  });

  it('says where the next units go once received', () => {
    const p = parcel([parcelLine(1, 'DR1000-8-BEIGE')]);
    expect(nextPlacement(p)).toBe('Scan A-1-1 to put DR1000-8-BEIGE there, or another location.');
    const received = benchReducer(INITIAL_BENCH, { type: 'received', parcel: p, message: 'Return #12 received: 1 unit from #7001.' });
    expect(received.bench).toEqual({ step: 'parcel', id: 12, line: null });
    expect(received.feedback?.text).toBe('Return #12 received: 1 unit from #7001. Scan A-1-1 to put DR1000-8-BEIGE there, or another location.');
    expect(targetLine(parcel([parcelLine(1, 'X', { waiting: { bench: 0, returns: 0 } })]), null)).toBeNull();
    expect(benchHint(received.bench)).toBe('Scan the label of the location to put the units there');
  });
});
