import { describe, expect, it } from 'vitest';
import { fitLabel, gradeRows, mainReasons, returnRows, waitingText } from './return-figures.ts';

const none = { too_small: 0, too_large: 0, not_as_pictured: 0, changed_mind: 0, faulty: 0, damaged_in_transit: 0, wrong_item_sent: 0, other: 0 };

describe('returns figures', () => {
  it('names the main reasons, most units first', () => {
    expect(mainReasons({ ...none, too_large: 1, too_small: 21, faulty: 3 })).toBe('Too small 21, Faulty 3');
    expect(mainReasons(none)).toBe('-');
    expect(fitLabel('runs_small')).toBe('Runs small');
    expect(fitLabel(null)).toBe('');
  });

  it('lists each style with all its sizes first, then each size', () => {
    const figures = { shipped: 3, returned: 1, rate: 0.3333, reasons: none, flag: null };
    const rows = returnRows([{ style_code: 'DR1', style_name: 'Dress', ...figures, sizes: [{ size: '8', ...figures }] }]);
    expect(rows.map((r) => [r.id, r.size, r.whole])).toEqual([
      ['DR1', 'All sizes', true],
      ['DR1 8', '8', false],
    ]);
  });

  it('says what waits and since when, by the server clock', () => {
    const open = { units: 5, parcels: 3, unmatched: 2, oldest_received_at: '2026-03-08T10:00:00Z', as_of: '2026-03-10T10:00:00Z', ages: [] };
    expect(waitingText(open)).toBe('5 units in 3 parcels wait, 2 of them unmatched; the oldest was received 2d 0h ago.');
    expect(waitingText({ ...open, units: 0, parcels: 0, unmatched: 0, oldest_received_at: null })).toBe('Nothing waits at the returns bench.');
  });

  it('gives each grade its share of the units received', () => {
    expect(gradeRows({ received: 4, grades: { A: 2, B: 1, C: 1, D: 0 } }).map((g) => [g.grade, g.units, g.share])).toEqual([
      ['A', 2, 0.5],
      ['B', 1, 0.25],
      ['C', 1, 0.25],
      ['D', 0, 0],
    ]);
  });
});
