import { describe, expect, it } from 'vitest';
import { batchPicked, batchScanTarget, pickingStats, progressPercent, scanTarget, type ProgressOrder } from './picking-progress.ts';

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
    expect(batchPicked({ picked_items: 2, lines: pickedLines([31, 51]) })).toBe(4);
  });
});
