import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { localDay, MAX_RANGE_DAYS, rangeFirstDay, type ReportPeriod, type ReportRange } from '@wh/contracts';

// A run of local days in the warehouse's time zone and the instants that bound it.
export interface Period {
  // YYYY-MM-DD, both included.
  from: string;
  to: string;
  // [start, end): local midnight of `from` to local midnight after `to`.
  start: Date;
  end: Date;
  days: string[];
  timeZone: string;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

// Local midnights come from PostgreSQL's zone rules (a day may be 23 or 25 hours long).
export async function periodOf(db: Kysely<Database>, from: string, to: string, timeZone: string): Promise<Period> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    select (${from}::date)::timestamp at time zone ${timeZone} as start,
           ((${to}::date + 1)::timestamp) at time zone ${timeZone} as "end"`.execute(db);
  return { from, to, start: rows[0]!.start, end: rows[0]!.end, days: daysFrom(from, to), timeZone };
}

// A period's day list is bounded by the longest range whatever a request asks.
const MAX_PERIOD_DAYS = MAX_RANGE_DAYS;

// Every day from `from` to `to`, both included, counted first so the loop's length never depends on how the dates
// compare as text.
export function daysFrom(from: string, to: string): string[] {
  const count = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PERIOD_DAYS) {
    throw new RangeError(`A period runs from 1 to ${MAX_PERIOD_DAYS} days: ${from} to ${to}`);
  }
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

// A report range ends today in the warehouse's time zone and starts on the range's first day (rangeFirstDay).
export async function rangePeriod(db: Kysely<Database>, range: ReportRange, now: Date, timeZone: string): Promise<Period> {
  const to = localDay(now, timeZone);
  return periodOf(db, rangeFirstDay(range, to), to, timeZone);
}

export function describePeriod(range: ReportRange, p: Period): ReportPeriod {
  return { range, from: p.from, to: p.to, time_zone: p.timeZone };
}
