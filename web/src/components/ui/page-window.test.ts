import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.ts';

describe('page window', () => {
  it('lists every page without a limit', () => {
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps the current page in the middle of at most five', () => {
    expect(pageWindow(6, 12, 5)).toEqual([4, 5, 6, 7, 8]);
  });
  it('starts at page 1 near the start and ends at the last page near the end', () => {
    expect(pageWindow(2, 12, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 12, 5)).toEqual([8, 9, 10, 11, 12]);
  });
  it('shows fewer buttons when there are fewer pages', () => {
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
  });
});
