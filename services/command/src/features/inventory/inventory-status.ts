import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import type { InventoryStatus } from '@wh/contracts';
import { bins, racks } from './location-queries.ts';

type Db = Kysely<Database>;

// The spec's Inventory status entity: GET /inventory/status and GET /reports/inventory-status answer with it, and the
// dashboard reads its low-stock count. Reports gets this query from the app (app.ts), not by importing it.
export async function inventoryStatus(db: Db, threshold: number, limit: number): Promise<InventoryStatus> {
  const totals = await db
    .selectNoFrom([
      sql<number>`(select coalesce(sum(quantity), 0) from rm_sku_stock)::float8`.as('total_stock'),
      sql<number>`(select count(*) from rm_styles)::int`.as('total_styles'),
      sql<number>`(select count(*) from rm_variants)::int`.as('total_skus'),
    ])
    .executeTakeFirstOrThrow();
  const low = db
    .selectFrom('rm_variants as v')
    .innerJoin('rm_styles as s', 's.id', 'v.style_id')
    .leftJoin('rm_sku_stock as k', 'k.sku', 'v.sku')
    .where(sql`coalesce(k.quantity, 0)`, '<=', threshold);
  const counts = await low
    .select([
      sql<number>`count(*)::int`.as('low'),
      sql<number>`count(*) filter (where coalesce(k.quantity, 0) = 0)::int`.as('out'),
    ])
    .executeTakeFirstOrThrow();
  const alerts = await low
    .select(['v.sku', 'v.style_code', 'v.size', 'v.color', 's.name as style_name', sql<number>`coalesce(k.quantity, 0)::float8`.as('current_quantity')])
    .orderBy(sql`coalesce(k.quantity, 0)`)
    .orderBy('v.sku')
    .limit(limit)
    .execute();
  const [b, r] = [await bins(db), await racks(db)];
  return {
    ...totals,
    bin_utilization: b.average_utilization,
    rack_utilization: r.average_utilization,
    low_stock_count: counts.low,
    out_of_stock_count: counts.out,
    low_stock_alerts: alerts.map((a) => ({ ...a, threshold })),
  };
}
