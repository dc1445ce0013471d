import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { inSizeOrder, MAX_REPORTED_ROW_ERRORS, normaliseCode, skuProblem, skuSize, styleCodeProblem, styleStreamId, type StyleEvent, type VariantFields } from '@wh/contracts';
import { decideStyle } from '../../domain/decide-style.ts';
import { styleDecider, type StyleState } from '../../domain/style.ts';
import { foldStreams, nextIds } from '../../platform/command.ts';
import { badRequest, DomainError, type ErrorDetail } from '../../platform/errors.ts';
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

// A style's sizes and colours, keyed as a SKU spells them, each as the catalogue shows it.
export interface StyleOptions {
  sizes: ReadonlyMap<string, string>;
  colors: ReadonlyMap<string, string>;
}

const sizeKey = skuSize;
const colorKey = (color: string) => normaliseCode(color).replace(/\s+/g, '');

// The sizes and colours the catalogue has for these styles (variant_registry).
export async function readStyleOptions(db: Executor, styleCodes: readonly string[]): Promise<Map<string, StyleOptions>> {
  const rows = await inChunks(styleCodes, (chunk) =>
    db.selectFrom('variant_registry').select(['style_code', 'size', 'color']).where('style_code', 'in', chunk).orderBy('sku').execute(),
  );
  const options = new Map<string, { sizes: Map<string, string>; colors: Map<string, string> }>();
  for (const r of rows) {
    const o = options.get(r.style_code) ?? { sizes: new Map(), colors: new Map() };
    if (!o.sizes.has(sizeKey(r.size))) o.sizes.set(sizeKey(r.size), r.size);
    if (!o.colors.has(colorKey(r.color))) o.colors.set(colorKey(r.color), r.color);
    options.set(r.style_code, o);
  }
  return options;
}

/** The lines of a known style whose SKU the catalogue lacks: the ones a typed size or colour could have made up. */
export function newVariantLines<T extends Pick<CatalogueNeed, 'style_code' | 'sku'>>(lines: readonly T[], facts: Pick<CatalogueFacts, 'styles' | 'skus'>): T[] {
  return lines.filter((l) => facts.styles.has(l.style_code) && !facts.skus.has(l.sku));
}

// Pure: each row naming a SKU its (known) style does not have yet, in words: the size or colour the style lacks (with
// those it has), or the combination it has not been made in.
export function newVariantProblems(
  rows: readonly (Pick<CatalogueNeed, 'style_code' | 'sku' | 'size' | 'color'> & { row: number })[],
  facts: Pick<CatalogueFacts, 'styles' | 'skus'>,
  options: ReadonlyMap<string, StyleOptions>,
): ErrorDetail[] {
  return newVariantLines(rows, facts).map((r) => {
    const o = options.get(r.style_code) ?? { sizes: new Map<string, string>(), colors: new Map<string, string>() };
    const size = r.size.trim();
    const color = r.color.trim();
    const missing = [
      ...(o.sizes.has(sizeKey(size)) ? [] : [`no size ${size} (sizes ${inSizeOrder([...o.sizes.values()]).join(', ') || 'none'})`]),
      ...(o.colors.has(colorKey(color)) ? [] : [`no colour ${color} (colours ${[...o.colors.values()].join(', ') || 'none'})`]),
    ];
    const what = missing.length > 0 ? missing.join(' and ') : `no size ${size} in ${color}`;
    return { field: `row ${r.row}`, message: `${r.style_code} has ${what}` };
  });
}

// Refusing a file whose rows name sizes or colours their styles do not have (a typo would otherwise become a new SKU
// waiting for approval). Sent again with the addition confirmed, they are recorded and approving adds the SKUs.
export function newVariantsRefusal(problems: readonly ErrorDetail[]): DomainError {
  const n = problems.length;
  const first = problems[0]?.message ?? '';
  const rows = n === 1 ? '1 row names a size or colour its style does not have' : `${n} rows name sizes or colours their styles do not have`;
  return new DomainError(
    'NEW_VARIANTS',
    409,
    `${rows} (${first}${n > 1 ? ', ...' : ''}). Correct the ${n === 1 ? 'row' : 'rows'}, or confirm adding ${n === 1 ? 'it' : 'them'} to the catalogue. Nothing was recorded.`,
    problems.slice(0, MAX_REPORTED_ROW_ERRORS),
  );
}
