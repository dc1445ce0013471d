import type { OrderAnalyticsDay, OrderDayCounts } from '@wh/contracts/reports/http';

export const ORDER_SERIES = [
  { id: 'received', label: 'Received' },
  { id: 'assigned', label: 'Assigned' },
  { id: 'completed', label: 'Completed' },
  { id: 'verified', label: 'Verified' },
  { id: 'cancelled', label: 'Cancelled' },
] as const satisfies readonly { id: keyof OrderDayCounts; label: string }[];
export type OrderSeries = (typeof ORDER_SERIES)[number]['id'];

export interface OrderBucket extends OrderDayCounts {
  /** The first day of the bucket, YYYY-MM-DD. */
  start: string;
  label: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1] ?? ''}`;
const monthLabel = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1] ?? ''} ${iso.slice(0, 4)}`;

function add(into: OrderDayCounts, day: OrderDayCounts) {
  for (const s of ORDER_SERIES) into[s.id] += day[s.id];
}

/**
 * The days of a period as bars a person can read: one bar a day up to a month, a week (7 days from the
 * period's first day) up to a quarter, a calendar month beyond. Sums are kept exactly.
 */
export function orderBuckets(days: readonly OrderAnalyticsDay[]): { unit: 'day' | 'week' | 'month'; buckets: OrderBucket[] } {
  const unit = days.length <= 31 ? 'day' : days.length <= 100 ? 'week' : 'month';
  const buckets: OrderBucket[] = [];
  let lastKey: string | null = null;
  days.forEach((day, i) => {
    const key = unit === 'day' ? day.date : unit === 'week' ? String(Math.floor(i / 7)) : day.date.slice(0, 7);
    if (key !== lastKey) {
      buckets.push({
        start: day.date,
        label: unit === 'month' ? monthLabel(day.date) : unit === 'week' ? `w/c ${dayLabel(day.date)}` : dayLabel(day.date),
        received: 0,
        assigned: 0,
        completed: 0,
        verified: 0,
        cancelled: 0,
      });
      lastKey = key;
    }
    const last = buckets[buckets.length - 1];
    if (last) add(last, day);
  });
  return { unit, buckets };
}
