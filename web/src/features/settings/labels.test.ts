import { describe, expect, it } from 'vitest';
import { labelOf, labelRangeOf, labelsPrintPath, MAX_LABELS, selectLabelRange } from './labels.ts';
import { location } from './testing.ts';

// A layout as the server lists it: in its location order, receiving and a deactivated bin among them.
const LAYOUT = [
  location({ code: 'A-1-1' }),
  location({ code: 'A-1-2' }),
  location({ code: 'A-1-3', is_active: false }),
  location({ code: 'A-1-10' }),
  location({ code: 'J-1', location_type: 'jean_rack', gender: 'women' }),
  location({ code: 'R-1', location_type: 'rack', capacity: null }),
  location({ code: 'R-2', location_type: 'rack', capacity: null }),
  location({ code: 'RECEIVING', location_type: 'receiving', capacity: null }),
];
const codes = (range: Parameters<typeof selectLabelRange>[1]) => {
  const selected = selectLabelRange(LAYOUT, range);
  return selected.ok ? selected.labels.map((l) => l.code) : selected.message;
};

describe('location labels', () => {
  it('says the code and the type in words', () => {
    expect(labelOf(location({ code: 'A-1-1' }))).toEqual({ code: 'A-1-1', type: 'Bin' });
    expect(labelOf(location({ code: 'R-1', location_type: 'rack' }))).toEqual({ code: 'R-1', type: 'Rack' });
    expect(labelOf(location({ code: 'J-1', location_type: 'jean_rack' }))).toEqual({ code: 'J-1', type: 'Jean rack' });
  });

  it('takes the locations between two codes inclusive, in the layout order, skipping receiving and deactivated ones', () => {
    expect(codes({ from: 'A-1-2', to: 'R-2' })).toEqual(['A-1-2', 'A-1-10', 'J-1', 'R-1', 'R-2']);
    expect(codes({ from: 'A-1-1', to: 'RECEIVING' })).toEqual(['A-1-1', 'A-1-2', 'A-1-10', 'J-1', 'R-1', 'R-2']);
  });

  it('prints one location when both ends are its code, whatever case was typed', () => {
    expect(codes({ from: 'r-1', to: ' R-1 ' })).toEqual(['R-1']);
  });

  it('narrows the range to one type when asked', () => {
    expect(codes({ from: 'A-1-1', to: 'R-2', type: 'rack' })).toEqual(['R-1', 'R-2']);
    expect(codes({ from: 'A-1-1', to: 'R-2', type: 'jean_rack' })).toEqual(['J-1']);
  });

  it('refuses a reversed range, naming both ends', () => {
    expect(codes({ from: 'R-1', to: 'A-1-2' })).toBe('The range is reversed: R-1 comes after A-1-2 in the layout order');
  });

  it('refuses a range with nothing to label', () => {
    expect(codes({ from: 'A-1-1', to: 'A-1-10', type: 'rack' })).toBe('No racks in use from A-1-1 to A-1-10');
    expect(codes({ from: 'A-1-3', to: 'A-1-3' })).toBe('No bins or racks in use from A-1-3 to A-1-3');
    expect(codes({ from: 'RECEIVING', to: 'RECEIVING' })).toBe('No bins or racks in use from RECEIVING to RECEIVING');
  });

  it('refuses a missing or unknown end', () => {
    expect(codes({ from: '', to: 'A-1-2' })).toBe('Enter the first and the last location code of the range');
    expect(codes({ from: 'A-1-1', to: 'Z-9-9' })).toBe('No location Z-9-9 in the layout');
  });

  it('refuses more labels than one print holds', () => {
    const big = Array.from({ length: MAX_LABELS + 1 }, (_, i) => location({ code: `B-1-${i + 1}` }));
    const selected = selectLabelRange(big, { from: 'B-1-1', to: `B-1-${MAX_LABELS + 1}` });
    expect(selected).toEqual({ ok: false, message: `${MAX_LABELS + 1} labels in that range; print at most ${MAX_LABELS} at a time` });
  });

  it('carries the range in the print view address and reads it back', () => {
    const path = labelsPrintPath({ from: 'A-1-1', to: 'A-1-10', type: 'bin' });
    expect(path).toBe('/print/labels?from=A-1-1&to=A-1-10&type=bin');
    expect(labelRangeOf(new URL(path, 'http://x').searchParams)).toEqual({ ok: true, range: { from: 'A-1-1', to: 'A-1-10', type: 'bin' } });
    expect(labelRangeOf(new URLSearchParams('from=R-1&to=R-2'))).toEqual({ ok: true, range: { from: 'R-1', to: 'R-2' } });
    expect(labelRangeOf(new URLSearchParams('from=R-1&to=R-2&type=receiving'))).toEqual({ ok: false, message: 'Type must be bin, rack or jean_rack' });
  });
});
