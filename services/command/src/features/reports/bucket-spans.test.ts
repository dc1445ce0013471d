import { describe, expect, it } from 'vitest';
import { bucketSpans } from './bucket-spans.ts';

const d = (iso: string) => new Date(iso);
const spans = (start: string, end: string) => bucketSpans(d(start), d(end)).map((s) => [s.grain, s.from.toISOString(), s.to.toISOString()]);

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
});
