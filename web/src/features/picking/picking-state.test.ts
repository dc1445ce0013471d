import { describe, expect, it } from 'vitest';
import type { BatchLine } from '@wh/contracts/orders/http';
import {
  batchDone,
  INITIAL_PICKING,
  keptLineOf,
  linesShown,
  lookedInCodes,
  pickingReducer,
  batchScanTarget,
  nextUnpicked,
  pickedMessage,
  pickingStats,
  progressPercent,
  readScan,
  scanHint,
  scanMessage,
  scanTarget,
  type ProgressOrder,
  type ScanContext,
  type ScanLine,
  type ScanOrder,
} from './picking-state.ts';

describe('progress', () => {
  const order = (id: number, status: string, items: [number, string, string][]): ProgressOrder => ({
    id,
    status,
    items: items.map(([itemId, sku, itemStatus]) => ({ id: itemId, sku, status: itemStatus })),
  });

  const a = order(1, 'picking', [
    [11, 'KN1010-12-WINE', 'picked'],
    [12, 'TP1007-6-GREEN', 'pending'],
    [13, 'TP1007-6-GREEN', 'pending'],
  ]);
  /** The items with those ids picked, as the answers to their picks say. */
  const picked = <T extends ProgressOrder>(o: T, ids: number[]): T => ({ ...o, items: o.items.map((i) => (ids.includes(i.id) ? { ...i, status: 'picked' } : i)) });
  const b = order(2, 'assigned', [[21, 'DR1012-8-BLUE', 'pending']]);

  describe('picking progress', () => {
    it('rounds picked over all items to whole percent, counting the picks just answered', () => {
      expect(progressPercent(a)).toBe(33);
      expect(progressPercent(picked(a, [12]))).toBe(67);
      expect(progressPercent(picked(a, [12, 13]))).toBe(100);
      expect(progressPercent(order(3, 'assigned', []))).toBe(0);
    });

    it('counts a line recorded short towards completion, not as picked', () => {
      const short = { ...a, items: a.items.map((i) => (i.id === 12 ? { ...i, status: 'short' } : i)) };
      expect(progressPercent(short)).toBe(67);
      expect(progressPercent(picked(short, [13]))).toBe(100);
      expect(pickingStats([short]).itemsPicked).toBe(1);
    });

    it("reads the locations typed as looked in, each once", () => {
      expect(lookedInCodes(' a-1-1, A-1-2  a-1-1,')).toEqual(['A-1-1', 'A-1-2']);
      expect(lookedInCodes('')).toEqual([]);
    });

    it('sums the four stat cards, with 0 average and no orders', () => {
      expect(pickingStats([a, b])).toEqual({ assigned: 2, inProgress: 1, itemsPicked: 1, avgProgress: 17 });
      expect(pickingStats([])).toEqual({ assigned: 0, inProgress: 0, itemsPicked: 0, avgProgress: 0 });
    });
  });

  describe('scanning a SKU', () => {
    it('picks the next unpicked item with that SKU in the selected order, case-insensitively', () => {
      expect(scanTarget('tp1007-6-green', [a, b], 1)).toEqual({ kind: 'pick', orderId: 1, itemId: 12 });
      expect(scanTarget('TP1007-6-GREEN', [picked(a, [12]), b], 1)).toEqual({ kind: 'pick', orderId: 1, itemId: 13 });
    });

    it('says so when every matching item is already picked', () => {
      expect(scanTarget('KN1010-12-WINE', [a, b], 1)).toEqual({ kind: 'all-picked', orderId: 1 });
    });

    it('selects the first order holding the SKU when none is selected or the selected one lacks it', () => {
      expect(scanTarget('DR1012-8-BLUE', [a, b], null)).toEqual({ kind: 'select', orderId: 2, itemId: 21 });
      expect(scanTarget('DR1012-8-BLUE', [a, b], 1)).toEqual({ kind: 'select', orderId: 2, itemId: 21 });
    });

    it('reports an unknown SKU', () => {
      expect(scanTarget('NOPE-1-RED', [a, b], 1)).toEqual({ kind: 'not-found' });
    });
  });

  describe('a batch on the picking screen', () => {
    const lines = [
      { id: 31, order_id: 3, sku: 'JN1009-10-RED', status: 'pending' },
      { id: 41, order_id: 4, sku: 'TP1007-12-GREEN', status: 'pending' },
      { id: 51, order_id: 5, sku: 'TP1007-12-GREEN', status: 'pending' },
    ];
    const pickedLines = (ids: number[]) => lines.map((l) => (ids.includes(l.id) ? { ...l, status: 'picked' } : l));

    it('a scan picks the next unpicked line with that SKU in walk order, on its own order', () => {
      expect(batchScanTarget('tp1007-12-green', lines)).toEqual({ kind: 'pick', orderId: 4, itemId: 41 });
      expect(batchScanTarget('TP1007-12-GREEN', pickedLines([41]))).toEqual({ kind: 'pick', orderId: 5, itemId: 51 });
      expect(batchScanTarget('TP1007-12-GREEN', pickedLines([41, 51]))).toEqual({ kind: 'all-picked', orderId: 4 });
      expect(batchScanTarget('KN1010-12-WINE', lines)).toEqual({ kind: 'not-found' });
    });

    it('counts the picked items with the lines picked since the batch was read', () => {
      expect(batchDone({ picked_items: 2, short_items: 0, lines: pickedLines([31, 51]) })).toEqual({ done: 4, short: 0 });
    });

    it('counts a line recorded short as done, and as short', () => {
      const lines = pickedLines([31]).map((l) => (l.id === 41 ? { ...l, status: 'short' } : l));
      expect(batchDone({ picked_items: 1, short_items: 1, lines })).toEqual({ done: 4, short: 2 });
      expect(batchScanTarget('TP1007-12-GREEN', lines)).toEqual({ kind: 'pick', orderId: 5, itemId: 51 });
    });
  });
});

describe('scans', () => {
  const order: ScanOrder = {
    id: 1,
    order_number: '#30001',
    status: 'assigned',
    items: [
      { id: 11, sku: 'KN1010-12-WINE', status: 'pending', location: 'A-2-1', no_stock: false },
      { id: 12, sku: 'TP1007-6-GREEN', status: 'pending', location: 'A-10-1', no_stock: false },
      { id: 13, sku: 'BG1005-FS-GREY', status: 'pending', location: null, no_stock: true },
    ],
  };
  const ctx = (patch: Partial<ScanContext> = {}): ScanContext => ({
    orders: [order],
    selectedId: 1,
    batch: null,
    scanLocationFirst: false,
    atLocation: null,
    ...patch,
  });
  const say = (code: string, c: ScanContext) => scanMessage(code, readScan(code, c));
  /** The items with those ids picked, as the answers to their picks say. */
  const picked = <T extends { id: number; status: string }>(items: readonly T[], ids: readonly number[]): T[] =>
    items.map((i) => (ids.includes(i.id) ? { ...i, status: 'picked' } : i));
  const orderWith = (ids: number[]): ScanOrder => ({ ...order, items: picked(order.items, ids) });

  describe('scan flow', () => {
    it('picks the scanned item of the selected order, whatever the case typed', () => {
      expect(readScan('kn1010-12-wine', ctx())).toMatchObject({ kind: 'pick', orderId: 1, item: { id: 11 } });
    });

    it('with the location-first setting, refuses an item scanned before its location, naming it', () => {
      expect(say('KN1010-12-WINE', ctx({ scanLocationFirst: true }))).toEqual({
        tone: 'error',
        text: 'Scan the location first: KN1010-12-WINE is at A-2-1.',
      });
    });

    it('with the location-first setting, refuses an item scanned at another location', () => {
      expect(say('TP1007-6-GREEN', ctx({ scanLocationFirst: true, atLocation: 'A-2-1' }))).toEqual({
        tone: 'error',
        text: 'Wrong location: TP1007-6-GREEN is at A-10-1, not A-2-1. Scan A-10-1 first.',
      });
    });

    it('with the location-first setting, picks once the location is scanned; an item with no location once any location is', () => {
      expect(readScan('KN1010-12-WINE', ctx({ scanLocationFirst: true, atLocation: 'A-2-1' }))).toMatchObject({ kind: 'pick', item: { id: 11 } });
      expect(say('BG1005-FS-GREY', ctx({ scanLocationFirst: true }))).toEqual({
        tone: 'error',
        text: 'Scan the location first: no stock of BG1005-FS-GREY is recorded anywhere; scan the label where you take it from.',
      });
      expect(readScan('BG1005-FS-GREY', ctx({ scanLocationFirst: true, atLocation: 'A-2-1' }))).toMatchObject({ kind: 'pick', item: { id: 13, no_stock: true } });
    });

    it('reads a location label and says whether anything is to be picked there', () => {
      expect(readScan('a-2-1', ctx())).toEqual({ kind: 'location', location: 'A-2-1', pickHere: 1, next: 'A-2-1', batchId: null });
      expect(say('A-2-1', ctx())).toEqual({ tone: 'success', text: 'At A-2-1: scan the item.' });
      expect(say('B-1-1', ctx({ orders: [orderWith([11])] }))).toEqual({ tone: 'info', text: 'At B-1-1: nothing of this order to pick here. Next: A-10-1.' });
    });

    it('says what was not recognised', () => {
      expect(say('ZZ9999', ctx())).toEqual({ tone: 'error', text: 'Not recognised: ZZ9999 is not an item of your orders or a location.' });
    });

    it('selects the order holding a scanned item when none is selected', () => {
      expect(say('TP1007-6-GREEN', ctx({ selectedId: null }))).toEqual({ tone: 'info', text: 'Scanned TP1007-6-GREEN: order #30001 selected. Scan again to pick.' });
    });

    it('the next item to focus after a pick is the first unpicked one in walk order', () => {
      expect(nextUnpicked(picked(order.items, [11]))?.id).toBe(12);
      expect(nextUnpicked(picked(order.items, [11, 12, 13]))).toBeNull();
    });

    it('hints at what to scan', () => {
      expect(scanHint(false)).toBe("Scan an item's barcode or type its SKU and press Enter");
      expect(scanHint(true)).toBe("Scan the location label, then the item's barcode (or type the code and press Enter)");
    });
  });

  describe('scan flow in an open batch', () => {
    // The combined list of two orders in walk order, as the server gives it.
    const lines: ScanLine[] = [
      { id: 21, order_id: 2, sku: 'KN1010-12-WINE', status: 'pending', location: 'A-2-1', no_stock: false },
      { id: 31, order_id: 3, sku: 'KN1010-12-WINE', status: 'pending', location: 'A-2-1', no_stock: false },
      { id: 32, order_id: 3, sku: 'TP1007-6-GREEN', status: 'pending', location: 'A-10-1', no_stock: false },
      { id: 22, order_id: 2, sku: 'BG1005-FS-GREY', status: 'pending', location: null, no_stock: true },
    ];
    const inBatch = (patch: Partial<ScanContext> = {}) => ctx({ selectedId: null, batch: { id: 7, lines }, ...patch });

    it("picks the batch's next unpicked line with the SKU, on the line's own order", () => {
      expect(readScan('KN1010-12-WINE', inBatch())).toMatchObject({ kind: 'pick', orderId: 2, item: { id: 21 } });
      expect(readScan('KN1010-12-WINE', inBatch({ batch: { id: 7, lines: picked(lines, [21]) } }))).toMatchObject({ kind: 'pick', orderId: 3, item: { id: 31 } });
      expect(readScan('BG1005-FS-GREY', inBatch())).toMatchObject({ kind: 'pick', orderId: 2, item: { id: 22, no_stock: true } });
    });

    it('with the location-first setting, asks for the line’s location as for an order’s item', () => {
      expect(say('TP1007-6-GREEN', inBatch({ scanLocationFirst: true }))).toEqual({ tone: 'error', text: 'Scan the location first: TP1007-6-GREEN is at A-10-1.' });
      expect(say('TP1007-6-GREEN', inBatch({ scanLocationFirst: true, atLocation: 'A-2-1' }))).toEqual({
        tone: 'error',
        text: 'Wrong location: TP1007-6-GREEN is at A-10-1, not A-2-1. Scan A-10-1 first.',
      });
      expect(readScan('TP1007-6-GREEN', inBatch({ scanLocationFirst: true, atLocation: 'A-10-1' }))).toMatchObject({ kind: 'pick', item: { id: 32 } });
    });

    it('reads location labels against the batch’s lines and names the batch for an unknown code', () => {
      expect(say('A-2-1', inBatch())).toEqual({ tone: 'success', text: 'At A-2-1: scan the item.' });
      expect(say('B-1-1', inBatch({ batch: { id: 7, lines: picked(lines, [21, 31]) } }))).toEqual({ tone: 'info', text: 'At B-1-1: nothing of this batch to pick here. Next: A-10-1.' });
      expect(say('ZZ9999', inBatch())).toEqual({ tone: 'error', text: 'Not recognised: ZZ9999 is not an item of batch 7 or a location.' });
      // A line done earlier (out of the list to pick, among the batch's done lines) is the batch's, already picked.
      const done = { ...lines[3]!, status: 'picked' };
      expect(say('BG1005-FS-GREY', inBatch({ batch: { id: 7, lines: [...lines.slice(0, 3), done] } }))).toEqual({
        tone: 'info',
        text: 'Scanned BG1005-FS-GREY: every item with this SKU is already picked.',
      });
      // An order's items outside the batch are not picked by a scan while the batch is open.
      expect(readScan('TP1007-6-GREEN', inBatch({ batch: { id: 7, lines: lines.slice(0, 2) } }))).toMatchObject({ kind: 'not-found' });
    });

    it('the next line to focus after a pick is the first unpicked one of the combined list', () => {
      expect(nextUnpicked(picked(lines, [21]))?.id).toBe(31);
    });
  });
});

describe('scanning a garment\'s own barcode', () => {
  // The UPC-A 036000291452 and an internal code on the wine dress; a scanner may send the UPC-A as 13 digits.
  const lines: ScanLine[] = [
    { id: 21, order_id: 2, sku: 'KN1010-12-WINE', status: 'pending', location: 'A-2-1', no_stock: false, barcodes: ['036000291452', 'INT00042'] },
    { id: 31, order_id: 3, sku: 'KN1010-12-WINE', status: 'pending', location: 'A-2-1', no_stock: false, barcodes: ['036000291452', 'INT00042'] },
    { id: 32, order_id: 3, sku: 'TP1007-6-GREEN', status: 'pending', location: 'A-10-1', no_stock: false, barcodes: ['4006381333931'] },
  ];
  const inBatch = (patch: Partial<ScanContext> = {}): ScanContext => ({
    orders: [],
    selectedId: null,
    batch: { id: 7, lines },
    scanLocationFirst: false,
    atLocation: null,
    ...patch,
  });

  it('picks the next unpicked line of the SKU, as its SKU would', () => {
    expect(readScan('036000291452', inBatch())).toMatchObject({ kind: 'pick', orderId: 2, item: { id: 21 } });
    expect(readScan('0036000291452', inBatch())).toMatchObject({ kind: 'pick', orderId: 2, item: { id: 21 } });
    expect(readScan('int00042', inBatch())).toMatchObject({ kind: 'pick', orderId: 2, item: { id: 21 } });
    expect(batchScanTarget('4006381333931', lines)).toEqual({ kind: 'pick', orderId: 3, itemId: 32 });
    const done = lines.map((l) => (l.sku === 'KN1010-12-WINE' ? { ...l, status: 'picked' } : l));
    expect(batchScanTarget('036000291452', done)).toEqual({ kind: 'all-picked', orderId: 2 });
  });

  it('picks an order\'s item by its barcode, or selects the order holding it', () => {
    const order: ScanOrder = { id: 1, order_number: '#30001', status: 'assigned', items: lines.map((l) => ({ ...l, order_id: 1 })) };
    expect(scanTarget('4006381333931', [order], 1)).toEqual({ kind: 'pick', orderId: 1, itemId: 32 });
    expect(readScan('4006381333931', inBatch({ batch: null, orders: [order] }))).toMatchObject({ kind: 'select', orderId: 1 });
  });

  it('with the location-first setting, a barcode asks for the location as the SKU does', () => {
    expect(scanMessage('4006381333931', readScan('4006381333931', inBatch({ scanLocationFirst: true })))).toEqual({
      tone: 'error',
      text: 'Scan the location first: TP1007-6-GREEN is at A-10-1.',
    });
  });

  it('a barcode of no line, or with a misread check digit, is not recognised', () => {
    expect(scanMessage('5012345678900', readScan('5012345678900', inBatch()))).toEqual({
      tone: 'error',
      text: 'Not recognised: 5012345678900 is not an item of batch 7 or a location.',
    });
    expect(readScan('036000291453', inBatch())).toMatchObject({ kind: 'not-found' });
  });
});

describe('the pick confirmation', () => {
  const dress = { sku: 'DR1012-10-RED', style_name: 'Wrap Dress', size: '10', color: 'Red' };

  it('names the location, and in a batch the tote the item goes into', () => {
    expect(pickedMessage(dress, 'A-2-3')).toBe('Picked DR1012-10-RED (Wrap Dress, 10 Red) from A-2-3.');
    expect(pickedMessage(dress, 'A-2-3', 2)).toBe('Picked DR1012-10-RED (Wrap Dress, 10 Red) from A-2-3 into Tote 2.');
    expect(pickedMessage(dress, null, 1)).toBe('Picked DR1012-10-RED (Wrap Dress, 10 Red) without a location into Tote 1.');
  });
});

describe('a batch line just picked stays in sight until the next scan or pick', () => {
  const line = (id: number, slot: number): BatchLine => ({
    id, sku: `SKU-${id}`, style_code: 'S', style_name: 'Style', size: '8', color: 'Blue', quantity: 1, value: null, status: 'pending',
    picked_at: null, picked_by: null, location: 'A-1-1', location_type: 'bin', location_suggested: true, location_quantity: 1,
    unstocked: false, no_stock: false, notes: null, barcodes: [], short_quantity: null, looked_in: [], order_id: slot, order_number: `#${slot}`, slot,
  });
  const [a, b, c] = [line(1, 1), line(2, 2), line(3, 1)] as const;
  const ids = (lines: readonly BatchLine[]) => lines.map((l) => `${l.id}:${l.status}`);

  it('goes back, picked, just before the line that followed it once the server leaves it out', () => {
    const kept = keptLineOf(b, [a, b, c]);
    expect(ids(linesShown([a, c], kept))).toEqual(['1:pending', '2:picked', '3:pending']);
    // The first line, when the one after it is gone too; the last, when none followed it.
    expect(ids(linesShown([a], kept))).toEqual(['2:picked', '1:pending']);
    expect(ids(linesShown([a, b], keptLineOf(c, [a, b, c])))).toEqual(['1:pending', '2:pending', '3:picked']);
  });

  it('is not listed twice while the server still lists it, and leaves the counts to the batch', () => {
    const picked = { ...b, status: 'picked' as const };
    expect(ids(linesShown([a, picked, c], keptLineOf(b, [a, b, c])))).toEqual(['1:pending', '2:picked', '3:pending']);
    expect(batchDone({ picked_items: 1, short_items: 0, lines: [a, c] }).done).toBe(1);
  });

  it('goes with the next scan or pick, another selection or a completion', () => {
    const kept = keptLineOf(a, [a, b]);
    const picked = pickingReducer(INITIAL_PICKING, { type: 'feedback', feedback: { tone: 'success', text: 'Picked' }, kept });
    expect(picked.keptLine).toEqual(kept);
    expect(pickingReducer(picked, { type: 'feedback', feedback: { tone: 'info', text: 'Picking SKU-2...' } }).keptLine).toBeNull();
    expect(pickingReducer(picked, { type: 'selected', selection: { kind: 'batch', id: 2 } }).keptLine).toBeNull();
    expect(pickingReducer(picked, { type: 'completed', notice: 'Batch 1 completed' }).keptLine).toBeNull();
  });
});
