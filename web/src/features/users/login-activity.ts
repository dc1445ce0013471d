// Helpers for the Login Activity panel (spec section 3, Login activity summary).
import type { LoginSummary } from '@wh/contracts/users/http';

export interface DayBar {
  date: string;
  logins: number;
  uniqueUsers: number;
}

const DAY_MS = 86_400_000;

const toUtcMs = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
};
const fromUtcMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The local calendar date of `now` as 'YYYY-MM-DD'. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * One bar per calendar day: the last `days` days up to today, zero where nobody signed in.
 * The server lists only days with sign-ins (in warehouse time), so any listed day outside that
 * window (a clock or time-zone edge) widens it rather than being dropped.
 */
export function fillDays(daily: LoginSummary['daily'], days: number, today: string): DayBar[] {
  const byDate = new Map(daily.map((d) => [d.date, d]));
  const dates = daily.map((d) => d.date).sort();
  const end = Math.max(toUtcMs(today), dates.length ? toUtcMs(dates[dates.length - 1]!) : -Infinity);
  const start = Math.min(end - (days - 1) * DAY_MS, dates.length ? toUtcMs(dates[0]!) : Infinity);
  const bars: DayBar[] = [];
  for (let ms = start; ms <= end; ms += DAY_MS) {
    const date = fromUtcMs(ms);
    const day = byDate.get(date);
    bars.push({ date, logins: day?.logins ?? 0, uniqueUsers: day?.unique_users ?? 0 });
  }
  return bars;
}

/** 'Mar 3' for '2025-03-03', whatever the browser's time zone. */
export function shortDate(isoDate: string): string {
  return new Date(toUtcMs(isoDate)).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
