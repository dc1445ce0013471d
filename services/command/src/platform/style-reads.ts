import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '@wh/db';
import { escapeLike } from './search.ts';

// Reads of the catalogue read model (rm_styles, rm_variants, rm_sku_stock) shared by the style list, the inventory
// screens and stock approval.

type Db = Kysely<Database>;

// The barcodes of the SKU in `skuColumn` (a qualified column, e.g. 'i.sku'), in code order: what scans as the item
// besides its SKU (contracts' matchesScan), for every screen that reads scans on the phone.
export function skuBarcodes(skuColumn: string) {
  return sql<string[]>`array(select b.barcode from rm_barcodes b where b.sku = ${sql.ref(skuColumn)} order by b.barcode collate "C")`;
}

// Styles whose code or name contains the text, and that have a variant of the colour and of the size asked for.
type StylesAsS = Database & { s: Database['rm_styles'] };

export function whereStyleMatches<O>(
  base: SelectQueryBuilder<StylesAsS, 's', O>,
  filter: { search?: string | undefined; color?: string | undefined; size?: string | undefined },
): SelectQueryBuilder<StylesAsS, 's', O> {
  let query = base;
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    query = query.where((eb) => eb.or([eb('s.style_code', 'ilike', like), eb('s.name', 'ilike', like)]));
  }
  for (const [field, value] of [['color', filter.color], ['size', filter.size]] as const) {
    if (!value) continue;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('rm_variants as v')
          .select(sql`1`.as('one'))
          .whereRef('v.style_id', '=', 's.id')
          .where(sql`lower(${sql.ref(`v.${field}`)})`, '=', value.toLowerCase()),
      ),
    );
  }
  return query;
}

export interface VariantStock {
  style_id: number;
  sku: string;
  size: string;
  color: string;
  quantity: number;
}

// An `order by` list putting sizes in garment order, as contracts' compareSizes does: the rank, then the text.
export const sizeOrder = (column: string) => sql`garment_size_rank(${sql.ref(column)}), ${sql.ref(column)} collate "C"`;

// The variants of the given styles with the units held of each: each style's by size (garment order), then colour.
export async function variantsWithStock(db: Db, styleIds: readonly number[]): Promise<VariantStock[]> {
  if (styleIds.length === 0) return [];
  return db
    .selectFrom('rm_variants as v')
    .leftJoin('rm_sku_stock as k', 'k.sku', 'v.sku')
    .select(['v.style_id', 'v.sku', 'v.size', 'v.color', sql<number>`coalesce(k.quantity, 0)::float8`.as('quantity')])
    .where('v.style_id', 'in', [...styleIds])
    .orderBy('v.style_id')
    .orderBy(sizeOrder('v.size'))
    .orderBy(sql`v.color collate "C"`)
    .execute();
}
