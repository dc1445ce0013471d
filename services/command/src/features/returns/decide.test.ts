import { describe, it } from 'vitest';
import { RETURN_MESSAGES as M, type ReturnEvent, type ReturnLine } from '@wh/contracts';
import { deciderSpec } from '../../platform/decider-spec.ts';
import { decideReturn, returnDecider, type DestinationFacts, type LineInput, type OrderFacts, type ReturnCommand, type ReturnState, type Variant } from './decide.ts';

const NOW = new Date('2026-12-02T09:00:00.000Z');
const at = NOW.toISOString();
const spec = deciderSpec<ReturnState, ReturnEvent, ReturnCommand>(returnDecider, decideReturn, NOW);

// Order #5001 shipped 2 of the beige dress (1 already returned by an earlier parcel) and 1 tee.
const DRESS = { sku: 'DR1000-8-BEIGE', style_code: 'DR1000', size: '8', colour: 'Beige' };
const TEE = { sku: 'TS2000-M-WHITE', style_code: 'TS2000', size: 'M', colour: 'White' };
const order: OrderFacts = {
  id: 41,
  order_number: '#5001',
  shipped: true,
  lines: [
    { order_item_id: 101, ...DRESS, shipped: 3, returned: 1 },
    { order_item_id: 102, ...TEE, shipped: 1, returned: 0 },
  ],
};
const input = (over: Partial<LineInput> = {}): LineInput => ({
  order_item_id: 101,
  sku: DRESS.sku,
  quantity: 1,
  reason: 'too_small',
  reason_note: null,
  grade: 'A',
  ...over,
});
const variants: ReadonlyMap<string, Variant> = new Map([[DRESS.sku, DRESS]]);
const receive = (over: Partial<Extract<ReturnCommand, { type: 'ReceiveReturn' }>> = {}): ReturnCommand => ({
  type: 'ReceiveReturn',
  return_id: 12,
  order,
  order_missing: false,
  scanned: '#5001',
  note: null,
  lines: [input()],
  variants,
  ...over,
});
const dressLine = (over: Partial<ReturnLine> = {}): ReturnLine => ({
  line: 1,
  order_item_id: 101,
  ...DRESS,
  quantity: 1,
  reason: 'too_small',
  reason_note: null,
  grade: 'A',
  ...over,
});
const received = (lines: ReturnLine[] = [dressLine()]): ReturnEvent => ({
  type: 'ReturnReceived',
  data: { return_id: 12, order_id: 41, order_number: '#5001', scanned: '#5001', note: null, lines, at },
});
const unmatched = (lines: ReturnLine[] = []): ReturnEvent => ({
  type: 'ReturnReceived',
  data: { return_id: 12, order_id: null, order_number: null, scanned: null, note: 'A beige dress, no slip', lines, at },
});
const bin: DestinationFacts = { code: 'A-1-1', is_active: true, load: { capacity: 10, quantity: 4 } };
const returnsBin: DestinationFacts = { code: 'RETURNS', is_active: true, load: null };
const restock = (over: Partial<Extract<ReturnCommand, { type: 'RestockReturn' }>> = {}): ReturnCommand => ({
  type: 'RestockReturn',
  return_id: 12,
  line: 1,
  location: 'A-1-1',
  destination: bin,
  quantity: 1,
  ...over,
});
const writeOff = (quantity = 1): ReturnCommand => ({ type: 'WriteOffReturn', return_id: 12, line: 1, quantity, note: 'Torn seam' });
const restocked = (over: Partial<Extract<ReturnEvent, { type: 'ReturnRestocked' }>['data']> = {}): ReturnEvent => ({
  type: 'ReturnRestocked',
  data: {
    return_id: 12,
    order_id: 41,
    line: 1,
    sku: DRESS.sku,
    style_code: 'DR1000',
    quantity: 1,
    grade: 'A',
    from_location: null,
    location: 'A-1-1',
    over_capacity: null,
    movements: [{ sku: DRESS.sku, style_code: 'DR1000', location: 'A-1-1', delta: 1 }],
    at,
    ...over,
  },
});
const leftInReturns = (quantity = 1, grade: 'A' | 'D' = 'A') =>
  restocked({ quantity, grade, location: 'RETURNS', movements: [{ sku: DRESS.sku, style_code: 'DR1000', location: 'RETURNS', delta: quantity }] });

describe('receiving a parcel', () => {
  it('given nothing, receiving against a shipped order records the parcel with its lines numbered from 1', () => {
    spec
      .given([])
      .when(receive({ lines: [input({ quantity: 2 }), input({ order_item_id: 102, sku: TEE.sku, reason: 'other', reason_note: 'Stained', grade: 'B' })] }))
      .then([
        {
          type: 'ReturnReceived',
          data: {
            return_id: 12,
            order_id: 41,
            order_number: '#5001',
            scanned: '#5001',
            note: null,
            lines: [
              dressLine({ quantity: 2 }),
              { line: 2, order_item_id: 102, ...TEE, quantity: 1, reason: 'other', reason_note: 'Stained', grade: 'B' },
            ],
            at,
          },
        },
      ]);
  });

  it('finds the order line by SKU when the scan named no line', () => {
    spec.given([]).when(receive({ lines: [input({ order_item_id: null })] })).then([received()]);
  });

  it('receives a parcel that matches no order, with its note, into the unmatched queue (lines optional, by SKU)', () => {
    spec.given([]).when(receive({ order: null, note: 'A beige dress, no slip', scanned: null, lines: [] })).then([unmatched()]);
    spec
      .given([])
      .when(receive({ order: null, note: 'A beige dress, no slip', scanned: null, lines: [input({ order_item_id: null })] }))
      .then([unmatched([dressLine({ order_item_id: null })])]);
  });

  it('refuses returning more than was shipped and not yet returned, on one line or spread over two', () => {
    spec.given([]).when(receive({ lines: [input({ quantity: 3 })] })).thenFails(409, 'Only 2 units of DR1000-8-BEIGE were shipped on #5001 and not yet returned.');
    spec.given([]).when(receive({ lines: [input(), input({ quantity: 2 })] })).thenFails(409, 'Only 1 unit of DR1000-8-BEIGE was shipped on #5001 and not yet returned.');
  });

  it('refuses a SKU not shipped on the order, and a line of the order that is not that SKU', () => {
    spec.given([]).when(receive({ lines: [input({ order_item_id: null, sku: 'KN1-S-RED' })] })).thenFails(400, 'KN1-S-RED was not shipped on #5001.');
    spec.given([]).when(receive({ lines: [input({ order_item_id: 102 })] })).thenFails(400, 'DR1000-8-BEIGE was not shipped on #5001.');
    spec.given([]).when(receive({ lines: [input({ order_item_id: 999 })] })).thenFails(400, 'DR1000-8-BEIGE was not shipped on #5001.');
  });

  it("refuses 'Other' without a note, an unmatched parcel without a note, an order without lines, an unknown SKU", () => {
    spec.given([]).when(receive({ lines: [input({ reason: 'other' })] })).thenFails(400, M.otherNeedsNote(DRESS.sku));
    spec.given([]).when(receive({ order: null, lines: [] })).thenFails(400, M.noteRequired);
    spec.given([]).when(receive({ lines: [] })).thenFails(400, M.linesRequired);
    spec.given([]).when(receive({ order: null, note: 'x', lines: [input({ order_item_id: null, sku: 'NOPE-1' })] })).thenFails(404, M.skuNotFound('NOPE-1'));
  });

  it('refuses an order that is not found or not shipped, and receiving the same parcel twice', () => {
    spec.given([]).when(receive({ order: null, order_missing: true })).thenFails(404, M.orderNotFound);
    spec.given([]).when(receive({ order: { ...order, shipped: false } })).thenFails(409, M.orderNotShipped('#5001'));
    spec.given([received()]).when(receive()).thenFails(409, M.alreadyReceived(12));
  });
});

describe('matching an unmatched parcel', () => {
  const match = (lines: LineInput[] = [input()]): ReturnCommand => ({ type: 'MatchReturn', return_id: 12, order, lines });

  it('given an unmatched parcel, matching ties it to the order with its lines on the shipped lines', () => {
    spec
      .given([unmatched()])
      .when(match())
      .then([{ type: 'ReturnMatched', data: { return_id: 12, order_id: 41, order_number: '#5001', lines: [dressLine()], at } }]);
  });

  it('matches only unmatched parcels, to shipped lines, within what remains', () => {
    spec.given([received()]).when(match()).thenFails(409, M.alreadyMatched(12, '#5001'));
    spec.given([]).when(match()).thenFails(404, M.notFound(12));
    spec.given([unmatched()]).when(match([input({ sku: 'KN1-S-RED', order_item_id: null })])).thenFails(400, 'KN1-S-RED was not shipped on #5001.');
    spec.given([unmatched()]).when(match([input({ quantity: 5 })])).thenFails(409, 'Only 2 units of DR1000-8-BEIGE were shipped on #5001 and not yet returned.');
    spec.given([unmatched()]).when({ type: 'MatchReturn', return_id: 12, order: { ...order, shipped: false }, lines: [input()] }).thenFails(409, M.orderNotShipped('#5001'));
  });

  it('places no units of an unmatched parcel before it is matched', () => {
    spec.given([unmatched([dressLine({ order_item_id: null })])]).when(restock()).thenFails(409, M.unmatchedNotPlaced(12));
    spec.given([unmatched([dressLine({ order_item_id: null })])]).when(writeOff()).thenFails(409, M.unmatchedNotPlaced(12));
  });
});

describe('placing units', () => {
  it('restocks from the bench: one movement into the location', () => {
    spec.given([received()]).when(restock()).then([restocked()]);
  });

  it('says when the restock takes the location past its capacity, and restocks anyway', () => {
    spec
      .given([received()])
      .when(restock({ destination: { ...bin, load: { capacity: 4, quantity: 4 } } }))
      .then([restocked({ over_capacity: { location: 'A-1-1', capacity: 4, quantity_after: 5 } })]);
  });

  it('leaves units in RETURNS, then puts them away from there: out of RETURNS, into the location', () => {
    spec.given([received()]).when(restock({ location: 'RETURNS', destination: returnsBin })).then([leftInReturns()]);
    spec
      .given([received(), leftInReturns()])
      .when(restock())
      .then([
        restocked({
          from_location: 'RETURNS',
          movements: [
            { sku: DRESS.sku, style_code: 'DR1000', location: 'RETURNS', delta: -1 },
            { sku: DRESS.sku, style_code: 'DR1000', location: 'A-1-1', delta: 1 },
          ],
        }),
      ]);
    spec.given([received(), leftInReturns()]).when(restock({ location: 'RETURNS', destination: returnsBin })).thenFails(409, M.alreadyInReturns(DRESS.sku));
  });

  it('refuses more than is waiting, and the same restock repeated once it is done', () => {
    spec.given([received()]).when(restock({ quantity: 2 })).thenFails(409, 'Only 1 unit of DR1000-8-BEIGE is waiting to be placed.');
    spec.given([received(), restocked()]).when(restock()).thenFails(409, 'No units of DR1000-8-BEIGE are waiting to be placed.');
    spec.given([received(), leftInReturns(), restocked({ from_location: 'RETURNS' })]).when(restock()).thenFails(409, 'No units of DR1000-8-BEIGE are waiting to be placed.');
  });

  it('refuses an unknown line, an unknown or inactive location, and RECEIVING', () => {
    spec.given([received()]).when(restock({ line: 2 })).thenFails(404, M.lineNotFound(12, 2));
    spec.given([received()]).when(restock({ location: 'Z-9-9', destination: null })).thenFails(404, 'Location Z-9-9 not found');
    spec.given([received()]).when(restock({ destination: { ...bin, is_active: false } })).thenFails(409, M.locationInactive('A-1-1'));
    spec.given([received()]).when(restock({ location: 'RECEIVING', destination: { code: 'RECEIVING', is_active: true, load: null } })).thenFails(400, M.notToReceiving);
  });

  it('sends C to SECONDS only, keeps SECONDS for C, and never restocks D (it waits in RETURNS)', () => {
    const seconds: DestinationFacts = { code: 'SECONDS', is_active: true, load: null };
    spec.given([received([dressLine({ grade: 'C' })])]).when(restock()).thenFails(409, M.gradeCToSeconds(DRESS.sku));
    spec
      .given([received([dressLine({ grade: 'C' })])])
      .when(restock({ location: 'SECONDS', destination: seconds }))
      .then([restocked({ grade: 'C', location: 'SECONDS', movements: [{ sku: DRESS.sku, style_code: 'DR1000', location: 'SECONDS', delta: 1 }] })]);
    spec.given([received()]).when(restock({ location: 'SECONDS', destination: seconds })).thenFails(409, M.notSecondsGrade('A'));
    spec.given([received([dressLine({ grade: 'D' })])]).when(restock()).thenFails(409, M.gradeDNotRestocked(DRESS.sku));
    spec.given([received([dressLine({ grade: 'D' })])]).when(restock({ location: 'RETURNS', destination: returnsBin })).then([leftInReturns(1, 'D')]);
  });

  it('writes off from the bench (no movement) and from RETURNS (out of RETURNS); never more than waits', () => {
    const writtenOff = (from: string | null): ReturnEvent => ({
      type: 'ReturnWrittenOff',
      data: {
        return_id: 12,
        order_id: 41,
        line: 1,
        sku: DRESS.sku,
        style_code: 'DR1000',
        quantity: 1,
        grade: 'D',
        from_location: from,
        note: 'Torn seam',
        movements: from === null ? [] : [{ sku: DRESS.sku, style_code: 'DR1000', location: 'RETURNS', delta: -1 }],
        at,
      },
    });
    const d = received([dressLine({ grade: 'D' })]);
    spec.given([d]).when(writeOff()).then([writtenOff(null)]);
    spec.given([d, leftInReturns(1, 'D')]).when(writeOff()).then([writtenOff('RETURNS')]);
    spec.given([d, writtenOff(null)]).when(writeOff()).thenFails(409, 'No units of DR1000-8-BEIGE are waiting to be placed.');
    spec.given([d]).when(writeOff(2)).thenFails(409, 'Only 1 unit of DR1000-8-BEIGE is waiting to be placed.');
    spec.given([]).when(writeOff()).thenFails(404, M.notFound(12));
  });
});
