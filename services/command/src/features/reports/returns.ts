import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@wh/db';
import {
  compareSizes,
  FIT_FLAGGED_SHOWN,
  FIT_FLAG_MIN_UNITS,
  flagOf,
  RETURN_AGES,
  RETURN_GRADES,
  RETURN_REASONS,
  RETURN_STYLES_SHOWN,
  type FitFlagged,
  type ReasonCounts,
  type ReportRange,
  type ReturnAgeRow,
  type ReturnFigures,
  type ReturnsProcessing,
  type ReturnsReport,
  type ReturnStyle,
  type ReturnsWaiting,
} from '@wh/contracts';
import { bucketSpans, type BucketSpan } from './bucket-spans.ts';
import { describePeriod, rangePeriod } from './period.ts';

type Db = Kysely<Database>;

function inSpans(spans: readonly BucketSpan[]): RawBuilder<boolean> {
  if (spans.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    spans.map((s) => sql`(b.grain = ${s.grain} and b.bucket >= ${s.from} and b.bucket < ${s.to})`),
    sql` or `,
  )})`;
}

// ---------- Return rate, reasons and fit flags by style and size ----------

const REASON_SUMS = sql.join(RETURN_REASONS.map((r) => sql`sum(b.${sql.id(r)})::float8 as ${sql.id(r)}`));
const REASONS_OR_NONE = sql.join(RETURN_REASONS.map((r) => sql`coalesce(r.${sql.id(r)}, 0) as ${sql.id(r)}`));

type SizeRow = { style_code: string; size: string; shipped: number; returned: number } & ReasonCounts;

// Unrounded: the screen and the export round it once, to the percent they show.
const rateOf = (returned: number, shipped: number) => (shipped > 0 ? returned / shipped : null);

function figures(rows: readonly SizeRow[]): ReturnFigures {
  const reasons = Object.fromEntries(RETURN_REASONS.map((r) => [r, rows.reduce((n, x) => n + x[r], 0)])) as ReasonCounts;
  const shipped = rows.reduce((n, x) => n + x.shipped, 0);
  const returned = rows.reduce((n, x) => n + x.returned, 0);
  return { shipped, returned, rate: rateOf(returned, shipped), reasons, flag: flagOf(reasons) };
}

// The range's units shipped and returned per style size (of one style, when asked): every one, for the export.
function styleSizeSums(spans: readonly BucketSpan[], style: string | undefined): RawBuilder<SizeRow> {
  const where = sql`${inSpans(spans)} ${style === undefined ? sql`` : sql`and b.style_code = ${style}`}`;
  return sql<SizeRow>`
    select style_code, size, coalesce(s.units, 0) as shipped, coalesce(r.units, 0) as returned, ${REASONS_OR_NONE}
      from (select b.style_code, b.size, sum(b.units)::float8 as units from rm_return_shipped b where ${where} group by 1, 2) s
      full join (
        select b.style_code, b.size, sum(b.units)::float8 as units, ${REASON_SUMS} from rm_return_received b where ${where} group by 1, 2
      ) r using (style_code, size)`;
}

type Received = { style_code: string; size: string; returned: number } & ReasonCounts;

const byCode = (a: { style_code: string }, b: { style_code: string }) => (a.style_code < b.style_code ? -1 : a.style_code > b.style_code ? 1 : 0);

/**
 * Per style and size over the range: the styles with most units returned (or the one asked for) with their sizes,
 * the totals, and every style size whose fit returns lean one way. The returns are summed per style size once (their
 * buckets are a quarter of the shipments'), then read for the styles shown, for the sizes whose fit returns could
 * raise a flag (fitFlag decides which do) and for the totals; the shipments only for the styles and sizes shown, by
 * their key, and in all from their totals.
 */
export async function returnsReport(db: Db, range: ReportRange, style: string | undefined, now: Date, timeZone: string): Promise<ReturnsReport> {
  const p = await rangePeriod(db, range, now, timeZone);
  const spans = bucketSpans(p.start, p.end, now);
  const ofStyle = style === undefined ? sql`` : sql`and b.style_code = ${style}`;
  const receivedQuery = sql<Received & { kind: 'size' | 'fit' | 'total'; styles: number }>`
    with r as materialized (
      select b.style_code, b.size, sum(b.units)::float8 as returned, ${REASON_SUMS}
        from rm_return_received b where ${inSpans(spans)} ${ofStyle}
       group by b.style_code, b.size),
    shown as (select style_code from r group by style_code order by sum(returned) desc, style_code limit ${RETURN_STYLES_SHOWN})
    select 'size' as kind, 0 as styles, r.* from r where r.style_code in (select style_code from shown)
    union all
    select 'fit', 0, r.* from r where r.too_small + r.too_large >= ${FIT_FLAG_MIN_UNITS}
    union all
    select 'total', (select count(distinct style_code)::int from r), null, null, coalesce(sum(returned), 0),
           ${sql.join(RETURN_REASONS.map((r) => sql`coalesce(sum(${sql.id(r)}), 0)`))}
      from r`.execute(db);
  const shippedTotalQuery = sql<{ units: number }>`
    select coalesce(sum(b.units), 0)::float8 as units
      from ${style === undefined ? sql`rm_return_shipped_total` : sql`rm_return_shipped`} b where ${inSpans(spans)} ${ofStyle}`.execute(db);
  const [{ rows }, shippedTotal] = await Promise.all([receivedQuery, shippedTotalQuery]);

  const sized = rows.filter((r) => r.kind === 'size');
  const total = rows.find((r) => r.kind === 'total');
  const shownStyles = [...new Set([...sized.map((r) => r.style_code), ...(style === undefined ? [] : [style])])];
  const candidates = rows.filter((r) => r.kind === 'fit' && flagOf(r) !== null);
  candidates.sort((a, b) => b.too_small + b.too_large - (a.too_small + a.too_large) || byCode(a, b) || compareSizes(a.size, b.size));
  const fitShown = candidates.slice(0, FIT_FLAGGED_SHOWN);

  const [shipped, names] = await Promise.all([shippedOf(db, spans, shownStyles, fitShown), styleNames(db, [...shownStyles, ...fitShown.map((r) => r.style_code)])]);
  const shippedOfSize = (r: StyleSize) => shipped.get(sizeKey(r)) ?? 0;

  // A shown style's sizes: those returned, and those only shipped (a size nobody sent back is worth seeing too).
  const bySize = new Map<string, SizeRow>();
  for (const r of sized) bySize.set(sizeKey(r), { ...r, shipped: shippedOfSize(r) });
  for (const [key, units] of shipped) {
    const [code = '', size = ''] = key.split('\u0000');
    if (shownStyles.includes(code) && !bySize.has(key)) bySize.set(key, { style_code: code, size, shipped: units, returned: 0, ...noReasons() });
  }
  const byStyle = new Map<string, SizeRow[]>();
  for (const r of bySize.values()) {
    let list = byStyle.get(r.style_code);
    if (!list) byStyle.set(r.style_code, (list = []));
    list.push(r);
  }
  const styles: ReturnStyle[] = [...byStyle].map(([code, list]) => ({
    style_code: code,
    style_name: names.get(code) ?? null,
    ...figures(list),
    sizes: [...list].sort((a, b) => compareSizes(a.size, b.size)).map((r) => ({ size: r.size, ...figures([r]) })),
  }));
  styles.sort((a, b) => b.returned - a.returned || byCode(a, b));

  const flagged: FitFlagged[] = fitShown.map((r) => ({
    style_code: r.style_code,
    style_name: names.get(r.style_code) ?? null,
    size: r.size,
    flag: flagOf(r)!,
    too_small: r.too_small,
    too_large: r.too_large,
    returned: r.returned,
    shipped: shippedOfSize(r),
  }));

  return {
    period: describePeriod(range, p),
    style: style ?? null,
    // A flag is a size's (or a style's), not the warehouse's.
    totals: { ...figures(total ? [{ ...total, shipped: shippedTotal.rows[0]!.units }] : []), flag: null },
    styles,
    style_count: total?.styles ?? 0,
    flagged,
  };
}

type StyleSize = { style_code: string; size: string };
const sizeKey = (r: StyleSize) => `${r.style_code}\u0000${r.size}`;
const noReasons = () => Object.fromEntries(RETURN_REASONS.map((r) => [r, 0])) as ReasonCounts;

// Units shipped in the spans of every size of the styles, and of the style sizes, by sizeKey.
async function shippedOf(db: Db, spans: readonly BucketSpan[], styles: readonly string[], sizes: readonly StyleSize[]): Promise<Map<string, number>> {
  if (styles.length === 0 && sizes.length === 0) return new Map();
  // Two index scans by the key's leading columns, their rows (unique by bucket) taken once.
  const { rows } = await sql<StyleSize & { units: number }>`
    select style_code, size, sum(units)::float8 as units
      from (select b.style_code, b.size, b.grain, b.bucket, b.units
              from rm_return_shipped b where b.style_code = any(${styles}::text[]) and ${inSpans(spans)}
            union
            select b.style_code, b.size, b.grain, b.bucket, b.units
              from unnest(${sizes.map((s) => s.style_code)}::text[], ${sizes.map((s) => s.size)}::text[]) as f(style_code, size)
              join rm_return_shipped b on b.style_code = f.style_code and b.size = f.size
             where ${inSpans(spans)}) x
     group by style_code, size`.execute(db);
  return new Map(rows.map((r) => [sizeKey(r), r.units]));
}

export type ReturnSizeRow = ReturnFigures & { style_code: string; style_name: string | null; size: string };

/** Every style size of the range and their totals (the report's export): by style code, sizes in garment order. */
export async function returnsReportRows(
  db: Db,
  range: ReportRange,
  style: string | undefined,
  now: Date,
  timeZone: string,
): Promise<{ rows: ReturnSizeRow[]; totals: ReturnFigures }> {
  const p = await rangePeriod(db, range, now, timeZone);
  const { rows } = await sql<SizeRow>`${styleSizeSums(bucketSpans(p.start, p.end, now), style)}`.execute(db);
  const names = await styleNames(db, rows.map((r) => r.style_code));
  rows.sort((a, b) => (a.style_code < b.style_code ? -1 : a.style_code > b.style_code ? 1 : compareSizes(a.size, b.size)));
  return {
    rows: rows.map((r) => ({ style_code: r.style_code, style_name: names.get(r.style_code) ?? null, size: r.size, ...figures([r]) })),
    totals: figures(rows),
  };
}

async function styleNames(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('rm_styles').select(['style_code', 'name']).where('style_code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((r) => [r.style_code, r.name]));
}

// ---------- Grades, receipt to restock, open returns ----------

const GRADE_SUMS = sql.join(RETURN_GRADES.map((g) => sql`coalesce(sum(b.${sql.id(`grade_${g.toLowerCase()}`)}), 0)::float8 as ${sql.id(g)}`));

/** What waits now: the open parcels (rm_returns_open), the Returns screen's count. */
export async function returnsWaiting(db: Db): Promise<ReturnsWaiting> {
  const row = await db
    .selectFrom('rm_returns_open')
    .select([
      sql<number>`coalesce(sum(waiting), 0)::float8`.as('units'),
      sql<number>`count(*)::int`.as('parcels'),
      sql<number>`(count(*) filter (where order_id is null))::int`.as('unmatched'),
      sql<Date | null>`min(received_at)`.as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return { units: row.units, parcels: row.parcels, unmatched: row.unmatched, oldest_received_at: row.oldest?.toISOString() ?? null };
}

const DAY_SECONDS = 86_400;

/** The open parcels by how long they have waited since their receipt, in RETURN_AGES. */
async function openByAge(db: Db, now: Date): Promise<ReturnAgeRow[]> {
  const { rows } = await sql<{ days: number; units: number; parcels: number; unmatched: number }>`
    select floor(extract(epoch from (${now}::timestamptz - received_at)) / ${DAY_SECONDS})::float8 as days,
           sum(waiting)::float8 as units, count(*)::int as parcels, (count(*) filter (where order_id is null))::int as unmatched
      from rm_returns_open
     group by 1`.execute(db);
  const ages = RETURN_AGES.map((a): ReturnAgeRow => ({ age: a.id, label: a.label, units: 0, parcels: 0, unmatched: 0 }));
  for (const r of rows) {
    const i = RETURN_AGES.findIndex((a) => a.under_days === null || r.days < a.under_days);
    const age = ages[i]!;
    age.units += r.units;
    age.parcels += r.parcels;
    age.unmatched += r.unmatched;
  }
  return ages;
}

export async function returnsProcessing(db: Db, range: ReportRange, now: Date, timeZone: string): Promise<ReturnsProcessing> {
  const p = await rangePeriod(db, range, now, timeZone);
  const spans = bucketSpans(p.start, p.end, now);
  const gradesQuery = sql<Record<(typeof RETURN_GRADES)[number], number> & { received: number }>`
    select coalesce(sum(b.units), 0)::float8 as received, ${GRADE_SUMS}
      from rm_return_received b where ${inSpans(spans)}`.execute(db);
  // Weighted by units: the shortest time (to its bin, fold.ts restockBin) by which half (95%) of the units restocked in
  // the range were restocked.
  const restockQuery = sql<{ units: number; p50: number | null; p95: number | null }>`
    with r as (select b.seconds, sum(b.units)::float8 as units from rm_return_restock_times b where ${inSpans(spans)} group by 1),
    c as (select seconds, sum(units) over (order by seconds) as upto, sum(units) over () as total from r)
    select coalesce(max(total), 0)::float8 as units,
           min(seconds) filter (where upto >= 0.5 * total) as p50,
           min(seconds) filter (where upto >= 0.95 * total) as p95
      from c`.execute(db);
  const [grades, restock, waiting, ages] = await Promise.all([gradesQuery, restockQuery, returnsWaiting(db), openByAge(db, now)]);
  const g = grades.rows[0]!;
  const r = restock.rows[0]!;
  return {
    period: describePeriod(range, p),
    received: g.received,
    grades: { A: g.A, B: g.B, C: g.C, D: g.D },
    restock_time: { units: r.units, p50_seconds: r.p50, p95_seconds: r.p95 },
    open: { ...waiting, as_of: now.toISOString(), ages },
  };
}
