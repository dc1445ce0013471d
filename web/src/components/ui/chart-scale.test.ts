import { describe, expect, it } from 'vitest';
import { chartMax, labelEvery, niceScale, tickValues } from './chart-scale.ts';

describe('chart scale', () => {
  it('rounds the top up to a step of 1, 2 or 5 times a power of ten', () => {
    expect(niceScale(7)).toEqual({ top: 8, step: 2 });
    expect(niceScale(100)).toEqual({ top: 100, step: 50 });
    expect(niceScale(130)).toEqual({ top: 150, step: 50 });
    expect(niceScale(3)).toEqual({ top: 3, step: 1 });
  });
  it('never steps by less than one unit, so counts get whole ticks', () => {
    expect(niceScale(1)).toEqual({ top: 1, step: 1 });
  });
  it('has an axis of 0 to 4 when there is nothing to show', () => {
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
    expect(niceScale(Number.NaN)).toEqual({ top: 4, step: 1 });
  });
  it('lists ticks from zero to the top', () => {
    expect(tickValues(8, 2)).toEqual([0, 2, 4, 6, 8]);
  });
  it('thins category labels when they would not fit', () => {
    expect(labelEvery(7)).toBe(1);
    expect(labelEvery(31)).toBe(3);
    expect(labelEvery(365, 12)).toBe(31);
  });
  it('measures the tallest bar by the biggest value side by side and by the column sum when stacked', () => {
    const series = [{ values: [1, 5] }, { values: [4, 2] }];
    expect(chartMax(series, 2, false)).toBe(5);
    expect(chartMax(series, 2, true)).toBe(7);
  });
});
