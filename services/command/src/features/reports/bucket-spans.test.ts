import { describe, expect, it } from 'vitest';
import { bucketSpans } from './bucket-spans.ts';

const d = (iso: string) => new Date(iso);
// `now` long after the range: the buckets add up to it exactly.
const LATER = '2100-01-01T00:00:00Z';
const spans = (start: string, end: string, now = LATER) =>
  bucketSpans(d(start), d(end), d(now)).map((s) => [s.grain, s.from.toISOString(), s.to.toISOString()]);

describe('the buckets that add up to a range', () => {
  it('a year to date in London: the whole months of UTC, then 15-minute buckets for the month so far', () => {
    expect(spans('2025-01-01T00:00:00Z', '2025-12-18T00:00:00Z')).toEqual([
      ['month', '2025-01-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z'],
      ['15m', '2025-12-01T00:00:00.000Z', '2025-12-18T00:00:00.000Z'],
    ]);
  });

  it('a month starting at a local midnight before UTC midnight (summer time): its first hour in 15-minute buckets', () => {
    // 1 June 2025 00:00 in London is 31 May 23:00 UTC; the range ends at local midnight after 30 June.
    expect(spans('2025-05-31T23:00:00Z', '2025-06-30T23:00:00Z')).toEqual([['15m', '2025-05-31T23:00:00.000Z', '2025-06-30T23:00:00.000Z']]);
    // Through the next day: June is whole.
    expect(spans('2025-05-31T23:00:00Z', '2025-07-01T23:00:00Z')).toEqual([
      ['15m', '2025-05-31T23:00:00.000Z', '2025-06-01T00:00:00.000Z'],
      ['month', '2025-06-01T00:00:00.000Z', '2025-07-01T00:00:00.000Z'],
      ['15m', '2025-07-01T00:00:00.000Z', '2025-07-01T23:00:00.000Z'],
    ]);
  });

  it('a zone west of UTC: the first day starts after UTC midnight; a quarter-hour offset is exact too', () => {
    expect(spans('2025-01-01T05:00:00Z', '2025-04-01T04:00:00Z')).toEqual([
      ['15m', '2025-01-01T05:00:00.000Z', '2025-02-01T00:00:00.000Z'],
      ['month', '2025-02-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z'],
      ['15m', '2025-04-01T00:00:00.000Z', '2025-04-01T04:00:00.000Z'],
    ]);
    // Kathmandu, UTC+5:45.
    expect(spans('2024-12-31T18:15:00Z', '2025-01-07T18:15:00Z')).toEqual([['15m', '2024-12-31T18:15:00.000Z', '2025-01-07T18:15:00.000Z']]);
  });

  it('a range of whole months is months only; an empty range is nothing', () => {
    expect(spans('2025-01-01T00:00:00Z', '2025-04-01T00:00:00Z')).toEqual([['month', '2025-01-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z']]);
    expect(spans('2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')).toEqual([]);
  });

  it('whole years of UTC as years, the months and quarter hours beside them', () => {
    expect(spans('2023-11-15T00:00:00Z', '2025-02-10T00:00:00Z')).toEqual([
      ['15m', '2023-11-15T00:00:00.000Z', '2023-12-01T00:00:00.000Z'],
      ['month', '2023-12-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'],
      ['year', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
      ['month', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'],
      ['15m', '2025-02-01T00:00:00.000Z', '2025-02-10T00:00:00.000Z'],
    ]);
  });

  it('a range reaching now reads the year or month holding now whole: nothing is counted after now', () => {
    const now = '2025-12-02T21:00:00Z';
    // This Year (to the end of today): the year's one bucket.
    expect(spans('2025-01-01T00:00:00Z', '2025-12-03T00:00:00Z', now)).toEqual([['year', '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']]);
    // This Month: the month's one bucket.
    expect(spans('2025-12-01T00:00:00Z', '2025-12-03T00:00:00Z', now)).toEqual([['month', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']]);
    // The last 30 days: November's quarter hours from the start, then December whole.
    expect(spans('2025-11-03T00:00:00Z', '2025-12-03T00:00:00Z', now)).toEqual([
      ['15m', '2025-11-03T00:00:00.000Z', '2025-12-01T00:00:00.000Z'],
      ['month', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ]);
    // Today in Kathmandu, started before the month: quarter hours to the end of the range.
    expect(spans('2025-11-30T18:15:00Z', '2025-12-03T18:15:00Z', '2025-11-30T20:00:00Z')).toEqual([['15m', '2025-11-30T18:15:00.000Z', '2025-12-03T18:15:00.000Z']]);
    // A range that ends before now is read exactly.
    expect(spans('2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z', now)).toEqual([['month', '2025-01-01T00:00:00.000Z', '2025-07-01T00:00:00.000Z']]);
  });
});
