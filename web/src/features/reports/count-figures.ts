import type { CountAccuracyWeek } from '@wh/contracts/reports/http';
import { formatRate } from './report-options.ts';

// How the count accuracy report's weeks read: fixed English day names, so a week reads the same in every browser.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A local day (YYYY-MM-DD) as '9 Mar'. */
export function shortDay(day: string): string {
  const [, month = '1', date = '1'] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month}`;
}

export interface CountWeekRow {
  id: string;
  label: string;
  // The days of the week the period covers: all seven, or the part at either end of it.
  days: string;
  counted: number;
  matched: number;
  accuracy: string;
}

/** Each ISO week of the report as a table row, oldest first. */
export function countWeekRows(weeks: readonly CountAccuracyWeek[]): CountWeekRow[] {
  return weeks.map((w) => ({
    id: w.week,
    label: `Week of ${shortDay(w.week)}`,
    days: w.from === w.to ? shortDay(w.from) : `${shortDay(w.from)} to ${shortDay(w.to)}`,
    counted: w.counted,
    matched: w.matched,
    accuracy: formatRate(w.accuracy),
  }));
}

/** The Overdue card's note: what overdue means under the counts' settings. */
export function overdueNote(everyDays: number): string {
  return `bins and racks not counted in ${everyDays} ${everyDays === 1 ? 'day' : 'days'}`;
}
