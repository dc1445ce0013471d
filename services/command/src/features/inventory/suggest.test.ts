import { describe, expect, it } from 'vitest';
import type { LocationSummary } from './location-queries.ts';
import { rankLocations } from './suggest.ts';

const at = new Date('2026-11-21T09:00:00.000Z');
let id = 0;
const location = (code: string, over: Partial<LocationSummary> = {}): LocationSummary => ({
  id: ++id,
  code,
  location_type: 'bin',
  capacity: 40,
  gender: null,
  is_active: true,
  current_stock: 0,
  styles: [],
  sku_count: 0,
  walk_sequence_override: null,
  created_at: at,
  updated_at: at,
  ...over,
});

const codes = (list: readonly { location: string }[]) => list.map((s) => s.location);

describe('location suggestions', () => {
  it('never propose a full location, not even one already holding the style, nor one past its capacity', () => {
    const locations = [
      location('A-1-1', { current_stock: 40, styles: ['DR1000'] }),
      location('A-1-2', { current_stock: 47, styles: ['DR1000'] }),
      location('A-1-3', { current_stock: 12, capacity: 12 }),
      location('A-1-4', { current_stock: 0, capacity: 0 }),
      location('A-1-5', { current_stock: 30 }),
    ];
    const suggested = rankLocations(locations, { style_code: 'DR1000', quantity: 5 }, false);
    expect(codes(suggested)).toEqual(['A-1-5']);
    // Not even as a place to split the stock across.
    expect(codes(rankLocations(locations, { style_code: 'DR1000', quantity: 500 }, false))).toEqual(['A-1-5']);
  });

  it('a full jean rack is not proposed for jeans; a regular rack without a capacity is never full', () => {
    const locations = [
      location('J-1', { location_type: 'jean_rack', current_stock: 40 }),
      location('R-1', { location_type: 'rack', capacity: null, current_stock: 900 }),
    ];
    const suggested = rankLocations(locations, { style_code: 'JN1003', quantity: 5 }, true);
    expect(suggested.map((s) => [s.location, s.reason])).toEqual([['R-1', 'Regular rack without a set capacity']]);
  });
});
