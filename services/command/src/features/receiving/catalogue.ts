import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { skuProblem, styleCodeProblem, styleStreamId, type StyleEvent, type VariantFields } from '@wh/contracts';
import { badRequest } from '../../platform/errors.ts';
import type { StreamAppend } from '../../platform/event-store.ts';

// Receiving adds to the catalogue in two cases: a manager approves stock of a style it does not know (the approval
// creates the style), or an approval or bin allocation names a colour or size a known style lacks (the SKU is added).
// Written like the catalogue writes: registry rows locked and bumped in the append transaction, events on style-<id>.

export interface CatalogueNeed {
  style_code: string;
  style_name: string | null;
  sku: string;
  size: string;
  color: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

// Bound parameters per query stay well under PostgreSQL's 65535 however large the file.
const LOOKUP_CHUNK = 5000;

export async function inChunks<T>(values: readonly string[], lookup: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const distinct = [...new Set(values)];
  const out: T[] = [];
  for (let i = 0; i < distinct.length; i += LOOKUP_CHUNK) out.push(...(await lookup(distinct.slice(i, i + LOOKUP_CHUNK))));
  return out;
}

// Which style codes and SKUs the catalogue already knows.
export async function catalogueKnows(db: Executor, styleCodes: readonly string[], skus: readonly string[]) {
  const styles = await inChunks(styleCodes, (chunk) => db.selectFrom('style_registry').select('style_code').where('style_code', 'in', chunk).execute());
  const variants = await inChunks(skus, (chunk) => db.selectFrom('variant_registry').select('sku').where('sku', 'in', chunk).execute());
  return { styles: new Set(styles.map((s) => s.style_code)), skus: new Set(variants.map((v) => v.sku)) };
}

// A style first met in a stock file: jeans when its code or name says so (JN codes, "Jean" in the name).
export function looksLikeJeans(styleCode: string, name: string | null): boolean {
  return /^JN/i.test(styleCode) || /\bjeans?\b/i.test(name ?? '');
}

// Codes are held to the catalogue's own rules here too, whatever path brought them (a receipt recorded from a file,
// a direct approval): what POST /styles refuses never enters the catalogue another way.
export function catalogueNeedProblem(need: Pick<CatalogueNeed, 'style_code' | 'sku'>): string | null {
  return styleCodeProblem(need.style_code) ?? skuProblem(need.sku);
}

export async function addToCatalogue(trx: Transaction<Database>, needs: readonly CatalogueNeed[], at: string): Promise<StreamAppend[]> {
  for (const need of needs) {
    const problem = catalogueNeedProblem(need);
    if (problem !== null) throw badRequest(`${need.style_code} cannot be added to the catalogue: ${problem}`);
  }
  const byStyle = new Map<string, CatalogueNeed[]>();
  for (const need of needs) byStyle.set(need.style_code, [...(byStyle.get(need.style_code) ?? []), need]);
  const appends: StreamAppend[] = [];
  // Fixed order: two transactions adding to the same styles never wait on each other in a cycle.
  for (const styleCode of [...byStyle.keys()].sort()) {
    const lines = byStyle.get(styleCode) ?? [];
    const existing = await trx
      .selectFrom('style_registry')
      .select(['id', 'version'])
      .where('style_code', '=', styleCode)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) {
      const name = lines.find((l) => l.style_name)?.style_name ?? styleCode;
      const isJeans = looksLikeJeans(styleCode, name);
      const created = await trx
        .insertInto('style_registry')
        .values({ style_code: styleCode, name, is_jeans: isJeans, version: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const variants = await insertVariants(trx, styleCode, lines);
      const event: StyleEvent = {
        type: 'StyleCreated',
        data: { style_id: created.id, style_code: styleCode, name, is_jeans: isJeans, images: [], variants, source: 'receiving', at },
      };
      appends.push({ streamId: styleStreamId(created.id), expectedVersion: 0, events: [event] });
      continue;
    }
    const variants = await insertVariants(trx, styleCode, lines);
    if (variants.length === 0) continue;
    const event: StyleEvent = { type: 'StyleVariantsAdded', data: { style_id: existing.id, style_code: styleCode, variants, source: 'receiving', at } };
    appends.push({ streamId: styleStreamId(existing.id), expectedVersion: existing.version, events: [event] });
    await trx.updateTable('style_registry').set({ version: existing.version + 1 }).where('id', '=', existing.id).execute();
  }
  return appends;
}

// The SKUs not registered yet; one already there (another style's, or a concurrent add) is left alone.
async function insertVariants(trx: Transaction<Database>, styleCode: string, lines: readonly CatalogueNeed[]): Promise<VariantFields[]> {
  const distinct = [...new Map(lines.map((l) => [l.sku, l])).values()];
  if (distinct.length === 0) return [];
  const inserted = await trx
    .insertInto('variant_registry')
    .values(distinct.map((l) => ({ sku: l.sku, style_code: styleCode, size: l.size, color: l.color })))
    .onConflict((oc) => oc.column('sku').doNothing())
    .returning('sku')
    .execute();
  const added = new Set(inserted.map((r) => r.sku));
  return distinct.filter((l) => added.has(l.sku)).map((l) => ({ sku: l.sku, size: l.size, color: l.color }));
}
