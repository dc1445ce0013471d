// Which buckets of rm_return_shipped and rm_return_received (db/migrations/170) add up to a range of instants.

// A run of buckets of one grain: those whose start lies in [from, to).
export interface BucketSpan {
  grain: '15m' | 'month';
  from: Date;
  to: Date;
}

const monthStart = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
const nextMonth = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));

/**
 * The buckets that add up to [start, end) exactly (both on 15-minute boundaries, as every local midnight is): the
 * calendar months of UTC that lie wholly inside it, and 15-minute buckets before and after them (or for the whole
 * range when no month fits). A year's range reads a dozen month rows per style size and a month's worth of
 * 15-minute ones at most.
 */
export function bucketSpans(start: Date, end: Date): BucketSpan[] {
  if (!(start < end)) return [];
  const first = monthStart(start).getTime() === start.getTime() ? start : nextMonth(start);
  const last = monthStart(end);
  if (!(first < last)) return [{ grain: '15m', from: start, to: end }];
  const spans: BucketSpan[] = [];
  if (start < first) spans.push({ grain: '15m', from: start, to: first });
  spans.push({ grain: 'month', from: first, to: last });
  if (last < end) spans.push({ grain: '15m', from: last, to: end });
  return spans;
}
