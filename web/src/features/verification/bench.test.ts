import { describe, expect, it } from 'vitest';
import { benchPayload, benchScan, confirmAll, countLabel, EMPTY_BENCH, expectedUnits, uncounted } from './bench.ts';

const line = (id: number, sku: string, status: 'picked' | 'short' | 'pending', quantity = 1, short_quantity: number | null = null) => ({ id, sku, status, quantity, short_quantity });
const wine = line(11, 'KN1010-12-WINE', 'picked', 2);
const tee = line(12, 'TP1007-6-GREEN', 'short', 3, 1);
const lines = [wine, tee];

describe('the packing bench', () => {
  it('expects the units picked, or those found of a short', () => {
    expect([expectedUnits(wine), expectedUnits(tee), expectedUnits(line(1, 'X', 'pending'))]).toEqual([2, 2, 0]);
  });

  it('counts a scanned unit on its line, case-insensitively, and says how many of how many', () => {
    const one = benchScan(EMPTY_BENCH, ' kn1010-12-wine', lines);
    expect(one.bench.counts).toEqual({ 11: 1 });
    expect(one.feedback).toEqual({ tone: 'success', text: 'KN1010-12-WINE: 1 of 2.' });
    const three = benchScan(benchScan(one.bench, 'KN1010-12-WINE', lines).bench, 'KN1010-12-WINE', lines);
    expect(three.bench.counts).toEqual({ 11: 3 });
    expect(three.feedback).toEqual({ tone: 'error', text: 'KN1010-12-WINE: 3 counted, only 2 picked.' });
  });

  it('fills two lines of one SKU in turn', () => {
    const twice = [line(1, 'A-SKU', 'picked'), line(2, 'A-SKU', 'picked')];
    const after = benchScan(benchScan(EMPTY_BENCH, 'A-SKU', twice).bench, 'A-SKU', twice);
    expect(after.bench.counts).toEqual({ 1: 1, 2: 1 });
  });

  it('keeps a code that is no line of the order as a wrong item, counted', () => {
    const once = benchScan(EMPTY_BENCH, 'dr1012-10-blue', lines);
    expect(once.feedback).toEqual({ tone: 'error', text: 'DR1012-10-BLUE is not in this order: put it aside.' });
    expect(benchScan(once.bench, 'DR1012-10-BLUE', lines).bench.wrongItems).toEqual([{ code: 'DR1012-10-BLUE', quantity: 2 }]);
  });

  it('confirms by hand what is not counted yet, and sends every line', () => {
    const scanned = benchScan(EMPTY_BENCH, 'KN1010-12-WINE', lines).bench;
    expect(uncounted(scanned, lines)).toEqual([tee]);
    expect(countLabel(scanned, tee)).toBe('Not counted');
    const all = confirmAll(scanned, lines);
    expect(uncounted(all, lines)).toEqual([]);
    expect(countLabel(all, wine)).toBe('Counted 1 of 2');
    expect(benchPayload(all, lines)).toEqual({ counts: [{ item_id: 11, counted: 1 }, { item_id: 12, counted: 2 }], wrong_items: [] });
  });
});
