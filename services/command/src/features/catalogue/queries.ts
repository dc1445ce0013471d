import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { barcodeOf, compareSizes, inCodeOrder, normaliseCode, pagination, type ListStylesQuery, type SkuLookup, type Style, type StyleList } from '@wh/contracts';
import { listStylesQuerySchema } from '@wh/contracts';
import type { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { skuBarcodes, variantsWithStock, whereStyleMatches } from '../../platform/style-reads.ts';
import { STYLE_NOT_FOUND } from '../../domain/decide-style.ts';
import type { ExistingStyle } from '../../domain/style.ts';

type Db = Kysely<Database>;
type StylesQuery = z.output<typeof listStylesQuerySchema>;

export async function listStyles(db: Db, query: StylesQuery): Promise<StyleList> {
  let base = whereStyleMatches(db.selectFrom('rm_styles as s'), query);
  if (query.is_jeans !== undefined) base = base.where('s.is_jeans', '=', query.is_jeans);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('s')
    .orderBy('s.style_code')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const styles = await withVariants(db, rows);
  return { styles, pagination: pagination(query.page, query.limit, Number(total)) };
}

export async function styleById(db: Db, id: number): Promise<Style> {
  const style = await findStyle(db, id);
  if (!style) throw notFound(STYLE_NOT_FOUND);
  return style;
}

async function findStyle(db: Db, id: number): Promise<Style | undefined> {
  const row = await db.selectFrom('rm_styles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withVariants(db, [row]))[0] : undefined;
}

// The style a command's answer carries: as the screens will read it once projected, else from the command's state,
// with each variant's units from the command side's stock, so a command whose projection is late still answers
// with what it did.
export async function styleAfterCommand(db: Db, state: ExistingStyle, projected: boolean | undefined): Promise<Style> {
  const read = projected === false ? undefined : await findStyle(db, state.style_id);
  if (read) return read;
  const skus = state.variants.map((v) => v.sku);
  const held = skus.length === 0
    ? []
    : await db.selectFrom('stock_levels').select(['sku', sql<number>`sum(quantity)::float8`.as('quantity')]).where('sku', 'in', skus).groupBy('sku').execute();
  const units = new Map(held.map((h) => [h.sku, h.quantity]));
  const variants = [...state.variants]
    .sort((a, b) => compareSizes(a.size, b.size) || inCodeOrder(a.color, b.color))
    .map((v) => ({
      sku: v.sku,
      size: v.size,
      color: v.color,
      quantity: units.get(v.sku) ?? 0,
      barcodes: state.barcodes.filter((b) => b.sku === v.sku).map((b) => b.barcode).sort(inCodeOrder),
    }));
  const { style_id: id, style_code, name, is_jeans, images, created_at, updated_at } = state;
  return toStyle({ id, style_code, name, is_jeans, images, created_at: new Date(created_at), updated_at: new Date(updated_at) }, variants);
}

type StyleRow = { id: number; style_code: string; name: string; is_jeans: boolean; images: string[]; created_at: Date; updated_at: Date };

async function withVariants(db: Db, rows: readonly StyleRow[]): Promise<Style[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [variants, barcodes] = await Promise.all([variantsWithStock(db, ids), barcodesOfStyles(db, ids)]);
  return rows.map((r) =>
    toStyle(
      r,
      variants.filter((v) => v.style_id === r.id).map(({ style_id: _s, ...v }) => ({ ...v, barcodes: barcodes.get(v.sku) ?? [] })),
    ),
  );
}

// The barcodes of the styles' SKUs: SKU -> its barcodes in code order.
async function barcodesOfStyles(db: Db, styleIds: readonly number[]): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('rm_barcodes').select(['sku', 'barcode']).where('style_id', 'in', [...styleIds]).orderBy('sku').orderBy(sql`barcode collate "C"`).execute();
  const bySku = new Map<string, string[]>();
  for (const r of rows) bySku.set(r.sku, [...(bySku.get(r.sku) ?? []), r.barcode]);
  return bySku;
}

// The SKU a scanned or typed code names: the SKU itself, or the SKU holding it as a barcode.
export async function lookUpSku(db: Db, code: string): Promise<SkuLookup> {
  const sku = normaliseCode(code);
  const barcode = barcodeOf(code);
  const row = await db
    .selectFrom('rm_variants as v')
    .innerJoin('rm_styles as s', 's.id', 'v.style_id')
    .select([
      'v.sku',
      'v.style_id',
      'v.style_code',
      's.name as style_name',
      'v.size',
      'v.color',
      skuBarcodes('v.sku').as('barcodes'),
    ])
    .where((eb) => eb.or([eb('v.sku', '=', sku), ...(barcode === null ? [] : [eb('v.sku', '=', eb.selectFrom('rm_barcodes').select('sku').where('barcode', '=', barcode))])]))
    .executeTakeFirst();
  if (!row) throw notFound(barcode === null ? `No SKU ${sku} in the catalogue` : `No SKU has barcode ${barcode}`);
  return { ...row, matched: row.sku === sku ? 'sku' : 'barcode' };
}

// A style as the screens show it, its variants in size then colour order.
function toStyle(r: StyleRow, variants: Style['variants']): Style {
  return {
    id: r.id,
    style_code: r.style_code,
    name: r.name,
    is_jeans: r.is_jeans,
    images: r.images,
    sizes: [...new Set(variants.map((v) => v.size))].sort(compareSizes),
    colors: [...new Set(variants.map((v) => v.color))].sort((a, b) => a.localeCompare(b)),
    variants,
    variant_count: variants.length,
    total_stock: variants.reduce((n, v) => n + v.quantity, 0),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export type { ListStylesQuery };
