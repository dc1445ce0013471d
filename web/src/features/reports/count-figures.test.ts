import { describe, expect, it } from 'vitest';
import { countWeekRows, overdueNote, shortDay } from './count-figures.ts';

describe('count accuracy figures', () => {
  it('names each ISO week by its Monday, with the days of it the period covers', () => {
    expect(shortDay('2026-03-09')).toBe('9 Mar');
    expect(
      countWeekRows([
        { week: '2026-02-23', from: '2026-03-01', to: '2026-03-01', counted: 0, matched: 0, accuracy: null },
        { week: '2026-03-02', from: '2026-03-02', to: '2026-03-08', counted: 3, matched: 2, accuracy: 2 / 3 },
      ]),
    ).toEqual([
      { id: '2026-02-23', label: 'Week of 23 Feb', days: '1 Mar', counted: 0, matched: 0, accuracy: '-' },
      { id: '2026-03-02', label: 'Week of 2 Mar', days: '2 Mar to 8 Mar', counted: 3, matched: 2, accuracy: '66.7%' },
    ]);
  });

  it('says what overdue means under the settings', () => {
    expect(overdueNote(30)).toBe('bins and racks not counted in 30 days');
    expect(overdueNote(1)).toBe('bins and racks not counted in 1 day');
  });
});
