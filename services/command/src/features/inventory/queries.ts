import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  compareVariants,
  inCodeOrder,
  normaliseCode,
  pagination,
  skuSize,
  type AdjustmentRecord,
  type AdjustmentSummary,
  type AsOf,
  type AvailableItems,
  type InventorySearchItem,
  type InventorySearchResult,
  type Ledger,
  type LocationType,
} from '@wh/contracts';
import { escapeLike } from '../../platform/search.ts';
import { sizeOrder, whereStyleMatches } from '../../platform/style-reads.ts';

type Db = Kysely<Database>;
const PARTIAL_LIMIT = 200;
const actorName = sql<string | null>`coalesce(u.full_name, u.username)`;

interface VariantRow {
  sku: string;
  style_code: string;
  size: string;
  color: string;
  style_name: string;
}

function variantsQuery(db: Db) {
  return db
    .selectFrom('rm_variants as v')
    .innerJoin('rm_styles as s', 's.id', 'v.style_id')
    .select(['v.sku', 'v.style_code', 'v.size', 'v.color', 's.name as style_name']);
}

// A style code; a SKU in style-size-colour or style-colour-size order; a style with one size or colour; else part
// of a SKU or style name.
async function matchVariants(db: Db, text: string): Promise<VariantRow[]> {
  const code = normaliseCode(text);
  const [style = '', ...rest] = code.split('-');
  if (rest.length === 0) {
    const exact = await variantsQuery(db).where('v.style_code', '=', style).orderBy('v.sku').execute();
    if (exact.length > 0) return exact;
  } else {
    const skus = [code];
    if (rest.length === 2) skus.push([style, rest[1], rest[0]].join('-'));
    const one = rest.length === 1 ? rest[0]! : null;
    const exact = await variantsQuery(db)
      .where('v.style_code', '=', style)
      .where((eb) =>
        eb.or([
          eb('v.sku', 'in', skus),
          ...(one ? [eb(sql`upper(replace(v.color, ' ', ''))`, '=', one), eb(sql`upper(v.size)`, '=', one), eb(sql`${skuSize(one)}`, '=', sql`case when lower(v.size) = 'free size' then 'FS' else upper(v.size) end`)] : []),
        ]),
      )
      .orderBy('v.sku')
      .execute();
    if (exact.length > 0) return exact;
  }
  // Two index-served lookups (trigram indexes) instead of one OR across both tables, which scans every SKU.
  const like = `%${escapeLike(text.trim())}%`;
  const [bySku, byName] = await Promise.all([
    variantsQuery(db).where('v.sku', 'ilike', like).orderBy('v.sku').limit(PARTIAL_LIMIT).execute(),
    // The first styles by code, each style's variants in turn: a SKU starts with its style code and a hyphen, which
    // sorts (bytewise) below any character a code may hold, so these are the first SKUs too, and the incremental
    // sort stops after a dozen styles instead of sorting the variants of every matching one (a style noun matches
    // hundreds: 3,300 variants read and sorted for 200).
    db
      .selectFrom(
        db.selectFrom('rm_styles').select(['id', 'name', 'style_code']).where('name', 'ilike', like).orderBy(sql`style_code collate "C"`).limit(PARTIAL_LIMIT).as('s'),
      )
      .innerJoinLateral(
        (eb) => eb.selectFrom('rm_variants as v').select(['v.sku', 'v.style_code', 'v.size', 'v.color']).whereRef('v.style_id', '=', 's.id').as('v'),
        (join) => join.onTrue(),
      )
      .select(['v.sku', 'v.style_code', 'v.size', 'v.color', 's.name as style_name'])
      .orderBy(sql`s.style_code collate "C"`)
      .orderBy(sql`v.sku collate "C"`)
      .limit(PARTIAL_LIMIT)
      .execute(),
  ]);
  const merged = new Map([...bySku, ...byName].map((v) => [v.sku, v]));
  return [...merged.values()].sort((a, b) => inCodeOrder(a.sku, b.sku)).slice(0, PARTIAL_LIMIT);
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const sameSize = (a: string, b: string) => sameText(a, b) || skuSize(a) === skuSize(b);

export async function searchInventory(db: Db, query: { style_code: string; color?: string; size?: string }): Promise<InventorySearchResult> {
  // The picking screen splits 'KN1010-12-WINE' as style, colour, size (spec section 5) while SKUs read
  // style-size-colour: the two filters match in either order.
  const matches = (v: VariantRow, color?: string, size?: string) =>
    (!color || sameText(v.color, color)) && (!size || sameSize(v.size, size));
  const variants = (await matchVariants(db, query.style_code))
    .filter((v) => matches(v, query.color, query.size) || matches(v, query.size, query.color))
    .sort(compareVariants);
  if (variants.length === 0) return { items: [], total_quantity: 0 };
  const skus = variants.map((v) => v.sku);
  const stock = await db
    .selectFrom('rm_stock')
    .select(['sku', 'location', 'location_type', 'quantity'])
    .where('sku', 'in', skus)
    .where('quantity', '>', 0)
    .orderBy('quantity', 'desc')
    .orderBy('location')
    .execute();
  const items: InventorySearchItem[] = variants.map((v) => {
    const locations = stock
      .filter((s) => s.sku === v.sku)
      .map((s) => ({ location: s.location, location_type: s.location_type as LocationType, quantity: s.quantity }));
    return { ...v, quantity: locations.reduce((n, l) => n + l.quantity, 0), locations };
  });
  return { items, total_quantity: items.reduce((n, i) => n + i.quantity, 0) };
}

export async function availableItems(
  db: Db,
  query: { search?: string; color?: string; size?: string; page: number; limit: number },
): Promise<AvailableItems> {
  const base = whereStyleMatches(db.selectFrom('rm_styles as s'), query);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      's.style_code',
      's.name as style_name',
      's.is_jeans',
      sql<string[]>`coalesce((select array_agg(d.size order by ${sizeOrder('d.size')}) from (select distinct v.size from rm_variants v where v.style_id = s.id) d), '{}')`.as('available_sizes'),
      sql<string[]>`coalesce((select array_agg(distinct v.color) from rm_variants v where v.style_id = s.id), '{}')`.as('available_colors'),
      sql<number>`(select count(*) from rm_variants v where v.style_id = s.id)::int`.as('variant_count'),
      sql<number>`coalesce((select sum(k.quantity) from rm_sku_stock k where k.style_code = s.style_code), 0)::float8`.as('current_stock'),
    ])
    .orderBy('s.style_code')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { available_items: rows, pagination: pagination(query.page, query.limit, Number(total)) };
}

function adjustmentsSince(db: Db, days: number | undefined, now: Date) {
  let q = db.selectFrom('rm_adjustments as a').leftJoin('rm_users as u', 'u.id', 'a.adjusted_by_id');
  if (days !== undefined) q = q.where('a.adjusted_at', '>=', new Date(now.getTime() - days * 86_400_000));
  return q;
}

export async function recentAdjustments(
  db: Db,
  query: { limit: number; days?: number; sku?: string; location?: string },
  now: Date,
): Promise<AdjustmentRecord[]> {
  let q = adjustmentsSince(db, query.days, now);
  if (query.sku) q = q.where('a.sku', '=', query.sku);
  if (query.location) q = q.where('a.location', '=', query.location);
  const rows = await q
    .select([
      'a.id',
      'a.sku',
      'a.style_code',
      'a.adjustment_type',
      'a.old_quantity',
      'a.new_quantity',
      'a.quantity',
      'a.location',
      'a.location_type',
      'a.reason',
      'a.notes',
      'a.adjusted_by_id',
      actorName.as('adjusted_by'),
      'a.adjusted_at',
    ])
    .orderBy('a.adjusted_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map(({ quantity, adjusted_at, ...r }) => ({
    ...r,
    adjustment_type: r.adjustment_type === 'decrease' ? 'decrease' : 'increase',
    location_type: r.location_type as LocationType,
    adjustment_quantity: quantity,
    adjusted_at: adjusted_at.toISOString(),
  }));
}

export async function adjustmentSummary(db: Db, days: number, now: Date, timeZone: string): Promise<AdjustmentSummary> {
  const since = adjustmentsSince(db, days, now);
  const unitsIn = sql<number>`coalesce(sum(a.quantity) filter (where a.adjustment_type = 'increase'), 0)::float8`;
  const unitsOut = sql<number>`coalesce(sum(a.quantity) filter (where a.adjustment_type = 'decrease'), 0)::float8`;
  const totals = await since
    .select([
      sql<number>`count(*)::int`.as('total_adjustments'),
      sql<number>`(count(*) filter (where a.adjustment_type = 'increase'))::int`.as('increases'),
      sql<number>`(count(*) filter (where a.adjustment_type = 'decrease'))::int`.as('decreases'),
      unitsIn.as('units_in'),
      unitsOut.as('units_out'),
    ])
    .executeTakeFirstOrThrow();
  const byReason = await since
    .select(['a.reason', sql<number>`count(*)::int`.as('count'), unitsIn.as('units_in'), unitsOut.as('units_out')])
    .groupBy('a.reason')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('a.reason')
    .execute();
  const day = sql<string>`to_char(a.adjusted_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const byDay = await since
    .select([day.as('date'), sql<number>`count(*)::int`.as('count'), unitsIn.as('units_in'), unitsOut.as('units_out')])
    // By position: the zone is a parameter, and two parameters are two expressions to PostgreSQL.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return { days, ...totals, net_change: totals.units_in - totals.units_out, by_reason: byReason, by_day: byDay };
}

// Who adjusted stock and why is manager information (spec section 6: adjustments and their history are the
// manager's): for anyone who may not adjust, an adjustment shows as a movement without its reason and actor.
export async function ledger(
  db: Db,
  query: { sku?: string; location?: string; page: number; limit: number },
  viewer: { seesAdjustmentDetails: boolean },
): Promise<Ledger> {
  let filtered = db.selectFrom('rm_stock_movements as m');
  if (query.sku) filtered = filtered.where('m.sku', '=', query.sku);
  if (query.location) filtered = filtered.where('m.location', '=', query.location);
  const { total } = await filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const withRunning = filtered.select([
    'm.position',
    'm.seq',
    'm.sku',
    'm.style_code',
    'm.location',
    'm.delta',
    'm.balance_after',
    'm.event_type',
    'm.reason',
    'm.actor_id',
    'm.recorded_at',
    sql<number>`(sum(m.delta) over (order by m.position, m.seq))::float8`.as('running_balance'),
  ]);
  const rows = await db
    .selectFrom(withRunning.as('r'))
    .leftJoin('rm_users as u', 'u.id', 'r.actor_id')
    .selectAll('r')
    .select(actorName.as('actor_name'))
    .orderBy('r.position', 'desc')
    .orderBy('r.seq', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    movements: rows.map(({ seq: _seq, recorded_at, ...r }) => ({
      ...r,
      ...(r.event_type === 'InventoryAdjusted' && !viewer.seesAdjustmentDetails ? { reason: null, actor_id: null, actor_name: null } : {}),
      position: String(r.position),
      recorded_at: recorded_at.toISOString(),
    })),
    pagination: pagination(query.page, query.limit, Number(total)),
  };
}

export async function stockAsOf(db: Db, query: { at: string; sku?: string; location?: string }): Promise<AsOf> {
  let q = db
    .selectFrom('rm_stock_movements')
    .select(['sku', 'location', sql<number>`sum(delta)::int`.as('quantity')])
    .where('recorded_at', '<=', new Date(query.at));
  if (query.sku) q = q.where('sku', '=', query.sku);
  if (query.location) q = q.where('location', '=', query.location);
  const rows = await q.groupBy(['sku', 'location']).having(sql`sum(delta)`, '<>', 0).orderBy('sku').orderBy('location').execute();
  return {
    at: new Date(query.at).toISOString(),
    sku: query.sku ?? null,
    location: query.location ?? null,
    total_quantity: rows.reduce((n, r) => n + r.quantity, 0),
    stock: rows,
  };
}
