import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { DEFAULT_COUNT_SETTINGS, type CountAccuracy, type CountAccuracyFigures, type CountAccuracyNow, type CountAccuracyWeek, type CountSummary, type ReportRange } from '@wh/contracts';
import { addDays, describePeriod, periodOf, rangePeriod, type Period } from './period.ts';

// Cycle count accuracy: how often a location's first count in a task found what it held (rm_count_locations, which
// the counts projection keeps), by ISO week, and what the counts leave open now.

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

// Unrounded: the screen and the export round it once, to the percent they show.
const accuracyOf = (matched: number, counted: number) => (counted > 0 ? matched / counted : null);

/** The Monday (YYYY-MM-DD) of a local day's ISO week. */
export function mondayOf(day: string): string {
  // getUTCDay: Sunday 0; an ISO week starts on Monday.
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The ISO weeks a period touches, oldest first, each with the days of it the period covers. */
export function weeksOf(days: readonly string[]): { week: string; from: string; to: string }[] {
  const weeks = new Map<string, { week: string; from: string; to: string }>();
  for (const day of days) {
    const week = mondayOf(day);
    const known = weeks.get(week);
    if (known) known.to = day;
    else weeks.set(week, { week, from: day, to: day });
  }
  return [...weeks.values()];
}

type FirstCounts = { total: CountAccuracyFigures; byWeek: Map<string, CountAccuracyFigures> };

/**
 * The first counts made in the period, per distinct location: over the whole period and per ISO week, a location
 * counted first in several tasks goes by the earliest of them (so the figures are of locations, not of tasks).
 */
async function firstCounts(db: Db, p: Period): Promise<FirstCounts> {
  const { rows } = await sql<{ week: string | null; counted: number; matched: number }>`
    with f as (
      select c.location, c.first_matched, c.first_counted_at,
             to_char(date_trunc('week', c.first_counted_at at time zone ${p.timeZone}), 'YYYY-MM-DD') as week
        from rm_count_locations c
       where c.first_counted_at >= ${p.start} and c.first_counted_at < ${p.end}),
    by_week as (select distinct on (location, week) week, first_matched from f order by location, week, first_counted_at),
    by_period as (select distinct on (location) first_matched from f order by location, first_counted_at)
    select week, count(*)::int as counted, (count(*) filter (where first_matched))::int as matched from by_week group by week
    union all
    select null, count(*)::int, (count(*) filter (where first_matched))::int from by_period`.execute(db);
  const figures = (r: { counted: number; matched: number }) => ({ counted: r.counted, matched: r.matched, accuracy: accuracyOf(r.matched, r.counted) });
  const total = rows.find((r) => r.week === null) ?? { counted: 0, matched: 0 };
  return { total: figures(total), byWeek: new Map(rows.filter((r) => r.week !== null).map((r) => [r.week!, figures(r)])) };
}

/** How often every location is to be counted: the counts' setting, its default until a manager sets it. */
async function everyDays(db: Db): Promise<number> {
  const row = await db.selectFrom('rm_warehouse_settings').select('count_every_days').where('id', '=', 1).executeTakeFirst();
  return row?.count_every_days ?? DEFAULT_COUNT_SETTINGS.every_days;
}

/** What the counts leave now: locations to count or recount, to approve, and bins and racks overdue for a count. */
export async function countsNow(db: Db, now: Date): Promise<CountAccuracyNow> {
  const every_days = await everyDays(db);
  const since = new Date(now.getTime() - every_days * DAY_MS);
  // From the tasks' counts per location status: a done task holds none of these, and the status index skips them.
  const statusQuery = db
    .selectFrom('rm_count_tasks')
    .select([
      sql<number>`coalesce(sum(to_count + recount), 0)::int`.as('open'),
      sql<number>`coalesce(sum(settled), 0)::int`.as('settled'),
    ])
    .where('status', 'in', ['open', 'settled'])
    .executeTakeFirstOrThrow();
  // The locations counts take (counts' countable: active, not RECEIVING), as the plan and "not counted for N days" see them.
  const overdueQuery = db
    .selectFrom('location_registry as l')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('l.is_active', '=', true)
    .where('l.type', '!=', 'receiving')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('rm_count_locations as c').select('c.location').whereRef('c.location', '=', 'l.code').where('c.counted_at', '>=', since))))
    .executeTakeFirstOrThrow();
  const [status, overdue] = await Promise.all([statusQuery, overdueQuery]);
  return { open_locations: status.open, to_approve: status.settled, overdue: Number(overdue.n), every_days };
}

export async function countAccuracy(db: Db, range: ReportRange, now: Date, timeZone: string): Promise<CountAccuracy> {
  const p = await rangePeriod(db, range, now, timeZone);
  const [firsts, open] = await Promise.all([firstCounts(db, p), countsNow(db, now)]);
  const none = { counted: 0, matched: 0, accuracy: null };
  const weeks: CountAccuracyWeek[] = weeksOf(p.days).map((w) => ({ ...w, ...(firsts.byWeek.get(w.week) ?? none) }));
  return {
    period: describePeriod(range, p),
    totals: { locations_counted: firsts.total.counted, first_count_matched: firsts.total.matched, accuracy: firsts.total.accuracy },
    weeks,
    now: open,
  };
}

/** The dashboard's card: the accuracy of the day's ISO week up to the day, and what is open and overdue now. */
export async function countSummary(db: Db, day: Period, now: Date): Promise<CountSummary> {
  const week = await periodOf(db, mondayOf(day.from), day.from, day.timeZone);
  const [firsts, open] = await Promise.all([firstCounts(db, week), countsNow(db, now)]);
  return { week: firsts.total, open_locations: open.open_locations, overdue: open.overdue };
}
