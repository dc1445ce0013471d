import { describe, expect, it } from 'vitest';
import { compareItemsOnWalk, compareWalk, derivedWalkSequence, MAX_WALK_SEQUENCE, walkSequenceOf } from './walk.ts';

const walk = (codes: string[], overrides: Record<string, number> = {}) =>
  codes.map((code) => ({ code, walk_sequence: overrides[code] ?? null })).sort(compareWalk).map((s) => s.code);

describe('walk sequence', () => {
  it('reads a code numerically: zone, aisle, shelf for bins, letter and number for racks', () => {
    expect(derivedWalkSequence('A-2-1')).toBe(1_002_001);
    expect(derivedWalkSequence('A-10-1')).toBe(1_010_001);
    expect(derivedWalkSequence('B-1-1')).toBe(2_001_001);
    expect(derivedWalkSequence('R-12')).toBe(18_000_012);
    expect(derivedWalkSequence('AA-1-1')).toBe(27_001_001);
  });

  it('walks A-2-1 before A-10-1, bins zone by zone, racks by number, the receiving area last', () => {
    expect(walk(['RECEIVING', 'R-10', 'A-10-1', 'B-1-1', 'R-2', 'A-2-1', 'A-2-10', 'A-2-2', 'J-1'])).toEqual([
      'A-2-1',
      'A-2-2',
      'A-2-10',
      'A-10-1',
      'B-1-1',
      'J-1',
      'R-2',
      'R-10',
      'RECEIVING',
    ]);
  });

  it("a manager's sequence replaces the derived one; a tie goes by code", () => {
    expect(walkSequenceOf({ code: 'B-1-1', walk_sequence: 5 })).toBe(5);
    expect(walk(['A-1-1', 'A-2-1', 'B-1-1'], { 'B-1-1': 5 })).toEqual(['B-1-1', 'A-1-1', 'A-2-1']);
    expect(walk(['A-10-1', 'A-2-1'], { 'A-10-1': 9, 'A-2-1': 9 })).toEqual(['A-2-1', 'A-10-1']);
    expect(walk(['RECEIVING', 'A-1-1'], { 'A-1-1': MAX_WALK_SEQUENCE })).toEqual(['A-1-1', 'RECEIVING']);
  });

  it('items with no location come after every located item, in the order they had', () => {
    const items = [
      { id: 1, location: null, walk_sequence: null },
      { id: 2, location: 'A-10-1', walk_sequence: null },
      { id: 3, location: null, walk_sequence: null },
      { id: 4, location: 'A-2-1', walk_sequence: null },
      { id: 5, location: 'RECEIVING', walk_sequence: null },
    ];
    expect([...items].sort(compareItemsOnWalk).map((i) => i.id)).toEqual([4, 2, 5, 1, 3]);
  });
});
