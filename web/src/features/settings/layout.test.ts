import { describe, expect, it } from 'vitest';
import { deactivateBlockedReason, groupLocations, rangeSize } from './layout.ts';
import { location } from './testing.ts';

describe('warehouse layout', () => {
  it('groups bins, regular racks, jean racks and the receiving area, keeping the server order', () => {
    const groups = groupLocations([
      location({ code: 'A-1-1' }),
      location({ code: 'R-2', location_type: 'rack' }),
      location({ code: 'RECEIVING', location_type: 'receiving' }),
      location({ code: 'A-1-2' }),
      location({ code: 'J-1', location_type: 'jean_rack' }),
    ]);
    expect(groups.bin.map((l) => l.code)).toEqual(['A-1-1', 'A-1-2']);
    expect(groups.rack.map((l) => l.code)).toEqual(['R-2']);
    expect(groups.jean_rack.map((l) => l.code)).toEqual(['J-1']);
    expect(groups.receiving.map((l) => l.code)).toEqual(['RECEIVING']);
  });

  it('offers deactivation only for an empty location other than receiving', () => {
    expect(deactivateBlockedReason(location({}))).toBeNull();
    expect(deactivateBlockedReason(location({ current_stock: 4 }))).toBe('Holds 4 units; move or adjust them first');
    expect(deactivateBlockedReason(location({ code: 'RECEIVING', location_type: 'receiving' }))).not.toBeNull();
  });

  it('counts the locations of a range: zones x aisles x shelves for bins', () => {
    expect(rangeSize('bin', 'A-1-1', 'C-4-3')).toBe(36);
    expect(rangeSize('bin', 'a-1-1', 'a-1-1')).toBe(1);
    expect(rangeSize('rack', 'R-1', 'R-10')).toBe(10);
  });

  it('does not count a backwards or malformed range', () => {
    expect(rangeSize('bin', 'C-1-1', 'A-1-1')).toBeNull();
    expect(rangeSize('bin', 'A-1', 'A-1-3')).toBeNull();
    expect(rangeSize('rack', 'R-1', 'J-3')).toBeNull();
  });
});
