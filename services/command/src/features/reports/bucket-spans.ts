// Which buckets of rm_return_shipped and rm_return_received (db/migrations/170, 210) add up to a range of instants.

export type Grain = '15m' | 'month' | 'year';

// A run of buckets of one grain: those whose start lies in [from, to).
export interface BucketSpan {
  grain: Grain;
  from: Date;
  to: Date;
}

const monthStart = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
const nextMonth = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));
const yearStart = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
const nextYear = (t: Date) => new Date(Date.UTC(t.getUTCFullYear() + 1, 0, 1));

// Where a range that reaches `now` may end instead: nothing is counted after now (every change is stamped by the
// clock that answers), so the month or year bucket holding now adds up to the same as the finer buckets of its part
// before now, in fewer rows (at most one per style size). The coarsest bucket of now that starts inside the range.
function endAt(start: Date, end: Date, now: Date): Date {
  if (end < now) return end;
  if (yearStart(now) >= start) return nextYear(now);
  if (monthStart(now) >= start) return nextMonth(now);
  return end;
}

/**
 * The buckets that add up to [start, end) exactly (both on 15-minute boundaries, as every local midnight is), as
 * coarse as they fit: the calendar years of UTC that lie wholly inside it, the months beside them, and 15-minute
 * buckets before and after those. A range that reaches `now` reads the bucket holding now whole (endAt): This Year
 * is one year row per style size, This Month one month row.
 */
export function bucketSpans(start: Date, end: Date, now: Date): BucketSpan[] {
  if (!(start < end)) return [];
  const to = endAt(start, end, now);
  const spans: BucketSpan[] = [];
  const push = (grain: Grain, from: Date, until: Date) => {
    if (from < until) spans.push({ grain, from, to: until });
  };
  const firstMonth = monthStart(start).getTime() === start.getTime() ? start : nextMonth(start);
  const lastMonth = monthStart(to);
  if (!(firstMonth < lastMonth)) {
    push('15m', start, to);
    return spans;
  }
  const firstYear = yearStart(firstMonth).getTime() === firstMonth.getTime() ? firstMonth : nextYear(firstMonth);
  const lastYear = yearStart(lastMonth);
  push('15m', start, firstMonth);
  if (firstYear < lastYear) {
    push('month', firstMonth, firstYear);
    push('year', firstYear, lastYear);
    push('month', lastYear, lastMonth);
  } else {
    push('month', firstMonth, lastMonth);
  }
  push('15m', lastMonth, to);
  return spans;
}
