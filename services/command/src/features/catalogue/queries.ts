import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { compareSizes, pagination, type ListStylesQuery, type Style, type StyleList } from '@wh/contracts';
import { listStylesQuerySchema } from '@wh/contracts';
import type { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { variantsWithStock, whereStyleMatches } from '../../platform/style-reads.ts';
import { STYLE_NOT_FOUND } from './decide.ts';

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
  const row = await db.selectFrom('rm_styles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(STYLE_NOT_FOUND);
  return (await withVariants(db, [row]))[0]!;
}

type StyleRow = { id: number; style_code: string; name: string; is_jeans: boolean; images: string[]; created_at: Date; updated_at: Date };

async function withVariants(db: Db, rows: readonly StyleRow[]): Promise<Style[]> {
  if (rows.length === 0) return [];
  const variants = await variantsWithStock(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const mine = variants.filter((v) => v.style_id === r.id).map(({ style_id: _s, ...v }) => v);
    return {
      id: r.id,
      style_code: r.style_code,
      name: r.name,
      is_jeans: r.is_jeans,
      images: r.images,
      sizes: [...new Set(mine.map((v) => v.size))].sort(compareSizes),
      colors: [...new Set(mine.map((v) => v.color))].sort((a, b) => a.localeCompare(b)),
      variants: mine,
      variant_count: mine.length,
      total_stock: mine.reduce((n, v) => n + v.quantity, 0),
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

export type { ListStylesQuery };
