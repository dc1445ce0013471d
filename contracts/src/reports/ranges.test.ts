import { describe, expect, it } from 'vitest';
import { rangeFirstDay, REPORT_RANGE_LABELS } from './http.ts';

describe('report ranges', () => {
  it('starts month, quarter and year on their calendar first day, today included', () => {
    expect(rangeFirstDay('month', '2026-11-26')).toBe('2026-11-01');
    expect(rangeFirstDay('quarter', '2026-11-26')).toBe('2026-10-01');
    expect(rangeFirstDay('year', '2026-11-26')).toBe('2026-01-01');
    expect(rangeFirstDay('today', '2026-11-26')).toBe('2026-11-26');
  });

  it('on the first day of a month, quarter or year covers that one day', () => {
    expect(rangeFirstDay('month', '2026-03-01')).toBe('2026-03-01');
    expect(rangeFirstDay('quarter', '2026-04-01')).toBe('2026-04-01');
    expect(rangeFirstDay('year', '2027-01-01')).toBe('2027-01-01');
  });

  it('on the last day of a quarter covers the whole quarter', () => {
    expect(['03-31', '06-30', '09-30', '12-31'].map((d) => rangeFirstDay('quarter', `2026-${d}`))).toEqual([
      '2026-01-01',
      '2026-04-01',
      '2026-07-01',
      '2026-10-01',
    ]);
  });

  it('keeps the last 7 days rolling, across a month and a year end', () => {
    expect(rangeFirstDay('week', '2026-03-03')).toBe('2026-02-25');
    expect(rangeFirstDay('week', '2027-01-02')).toBe('2026-12-27');
    expect(REPORT_RANGE_LABELS.week).toBe('Last 7 Days');
  });
});
