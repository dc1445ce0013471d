import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { skuProblem, styleCodeProblem, styleStreamId, type StyleEvent, type VariantFields } from '@wh/contracts';
import { decideStyle } from '../../domain/decide-style.ts';
import { styleDecider, type StyleState } from '../../domain/style.ts';
import { foldStreams, nextIds } from '../../platform/command.ts';
import { badRequest } from '../../platform/errors.ts';
import type { StreamAppend } from '../../platform/event-store.ts';

// Receiving adds to the catalogue in two cases: a manager approves stock of a style it does not know (the approval
// creates the style), or an approval or bin allocation names a colour or size a known style lacks (the SKU is added).
// The additions are decided by the style decider the catalogue uses (domain/decide-style.ts, ReceiveStyle) and
// registered with the rest of the command's effects (platform/registries.ts).

export interface CatalogueNeed {
  style_code: string;
  style_name: string | null;
  sku: string;
  size: string;
  color: string;
}

// What the catalogue knows of a command's codes and SKUs.
export interface CatalogueFacts {
  styles: ReadonlyMap<string, { style_id: number }>;
  skus: ReadonlySet<string>;
  // By style code: the known styles the command may add SKUs to, folded (the style decider decides on them).
  folded: ReadonlyMap<string, { version: number; state: StyleState }>;
  // Ids drawn for the unknown styles this command may create.
  newStyleIds: ReadonlyMap<string, number>;
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

// `creatable`: the style codes the command may create when the catalogue lacks them; an id is drawn for each.
// `growing`: the lines whose SKUs the command may add; the known styles of those the catalogue lacks are folded.
export async function readCatalogue(
  db: Executor,
  styleCodes: readonly string[],
  skus: readonly string[],
  creatable: readonly string[] = [],
  growing: readonly Pick<CatalogueNeed, 'style_code' | 'sku'>[] = [],
): Promise<CatalogueFacts> {
  const styles = await inChunks(styleCodes, (chunk) =>
    db.selectFrom('style_registry').select(['style_code', 'id']).where('style_code', 'in', chunk).execute(),
  );
  const variants = await inChunks(skus, (chunk) => db.selectFrom('variant_registry').select('sku').where('sku', 'in', chunk).execute());
  const known = new Map(styles.map((s) => [s.style_code, { style_id: s.id }]));
  const unknown = [...new Set(creatable)].filter((code) => !known.has(code)).sort();
  const ids = await nextIds(db, 'style_registry_id_seq', unknown.length);
  const skuSet = new Set(variants.map((v) => v.sku));
  const grown = [...new Set(growing.filter((l) => known.has(l.style_code) && !skuSet.has(l.sku)).map((l) => l.style_code))];
  const streams = await (grown.length === 0 ? new Map() : foldStreams(db, styleDecider, grown.map((code) => styleStreamId(known.get(code)!.style_id))));
  const folded = new Map(grown.map((code) => [code, streams.get(styleStreamId(known.get(code)!.style_id))!]));
  return { styles: known, skus: skuSet, folded, newStyleIds: new Map(unknown.map((code, i) => [code, ids[i]!])) };
}

// Codes are held to the catalogue's own rules here too, whatever path brought them (a receipt recorded from a file,
// a direct approval): what POST /styles refuses never enters the catalogue another way.
export function catalogueNeedProblem(need: Pick<CatalogueNeed, 'style_code' | 'sku'>): string | null {
  return styleCodeProblem(need.style_code) ?? skuProblem(need.sku);
}

// Pure: a StyleCreated for each needed style the catalogue lacks, a StyleVariantsAdded for each known style that
// lacks SKUs; SKUs the catalogue has (under any style) are left alone.
export function decideCatalogueAdditions(needs: readonly CatalogueNeed[], facts: CatalogueFacts, at: string): StreamAppend<StyleEvent>[] {
  for (const need of needs) {
    const problem = catalogueNeedProblem(need);
    if (problem !== null) throw badRequest(`${need.style_code} cannot be added to the catalogue: ${problem}`);
  }
  const byStyle = new Map<string, CatalogueNeed[]>();
  for (const need of needs) byStyle.set(need.style_code, [...(byStyle.get(need.style_code) ?? []), need]);
  const appends: StreamAppend<StyleEvent>[] = [];
  for (const styleCode of [...byStyle.keys()].sort()) {
    const lines = byStyle.get(styleCode) ?? [];
    const variants: VariantFields[] = [...new Map(lines.filter((l) => !facts.skus.has(l.sku)).map((l) => [l.sku, { sku: l.sku, size: l.size, color: l.color }])).values()];
    const known = facts.styles.get(styleCode);
    if (known && variants.length === 0) continue;
    const styleId = known?.style_id ?? facts.newStyleIds.get(styleCode);
    if (styleId === undefined) throw new Error(`no id was drawn for the new style ${styleCode}`);
    const style = known ? facts.folded.get(styleCode) : { version: 0, state: styleDecider.initialState() };
    if (!style) throw new Error(`the style ${styleCode} was not read before adding SKUs to it`);
    const name = lines.find((l) => l.style_name)?.style_name ?? null;
    const events = decideStyle({ type: 'ReceiveStyle', data: { style_id: styleId, style_code: styleCode, name, variants } }, style.state, new Date(at));
    if (events.length > 0) appends.push({ streamId: styleStreamId(styleId), expectedVersion: style.version, events });
  }
  return appends;
}
