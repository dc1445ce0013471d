import { styleStreamId, type StyleEvent, type UploadRowError } from '@wh/contracts';
import { foldStreams, nextIds, runCommand, type Command, type CommandHandler, type Decision, type Executor } from '../../platform/command.ts';
import { isUniqueViolation, type StreamAppend } from '../../platform/event-store.ts';
import { BARCODE_REGISTRY_KEY, registerStyleEvents } from '../../platform/registries.ts';
import { decideStyle } from '../../domain/decide-style.ts';
import type { ImportedStyle } from './shopify-products.ts';
import { styleDecider, type StyleState } from '../../domain/style.ts';
import { addBarcodes, barcodeTaken } from './decide-barcodes.ts';

export interface ImportOutcome {
  new_styles: number;
  existing_styles: number;
  new_variants: number;
  new_barcodes: number;
  // Rows refused for their barcode: a SKU in the catalogue holds it (the row is not imported), or its SKU carries
  // as many barcodes as it may (the SKU is, without that barcode).
  errors: UploadRowError[];
  // Of those, the rows not imported.
  refused_rows: number;
}

const CHUNK = 5000;
const chunks = <T>(list: readonly T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

// Creates or updates many styles as one command: one multi-stream append, all or nothing.
export const importStyles: CommandHandler<readonly ImportedStyle[], ImportOutcome> = (ctx, styles, metadata) =>
  runCommand(ctx.db, importCommand(styles, ctx.now()), metadata);

export interface ImportFacts {
  // Every style of the file by code: its id (a new one drawn for a code the catalogue lacks), and its stream folded.
  styles: Map<string, { style_id: number; version: number; state: StyleState }>;
  // The file's barcodes that SKUs in the catalogue hold: barcode -> SKU.
  holders: Map<string, string>;
}

function importCommand(styles: readonly ImportedStyle[], now: Date): Command<ImportFacts, ImportOutcome, StyleEvent> {
  return {
    locks: true,
    // A style another upload created meanwhile: read and decide again against what it wrote.
    retryOn: (error) => isUniqueViolation(error, 'style_registry_pkey') || isUniqueViolation(error, BARCODE_REGISTRY_KEY),
    read: (trx) => readImportFacts(trx, styles),
    decide: (facts) => decideImport(styles, facts, now),
    appendWith: ({ appends }) => ({
      effects: async (trx) => {
        for (const a of appends) await registerStyleEvents(trx, a.events);
      },
    }),
  };
}

async function readImportFacts(db: Executor, imported: readonly ImportedStyle[]): Promise<ImportFacts> {
  const codes = imported.map((s) => s.style_code);
  const ids = new Map<string, number>();
  for (const part of chunks([...new Set(codes)])) {
    const known = await db.selectFrom('style_registry').select(['style_code', 'id']).where('style_code', 'in', part).execute();
    for (const k of known) ids.set(k.style_code, k.id);
  }
  // Only the known styles have streams to read; a new style's stream starts empty.
  const folded = await foldStreams(db, styleDecider, [...ids.values()].map(styleStreamId));
  const fresh = [...new Set(codes)].filter((c) => !ids.has(c));
  const drawn = await nextIds(db, 'style_registry_id_seq', fresh.length);
  fresh.forEach((code, i) => {
    ids.set(code, drawn[i]!);
    folded.set(styleStreamId(drawn[i]!), { version: 0, state: styleDecider.initialState() });
  });
  const styles = new Map<string, { style_id: number; version: number; state: StyleState }>();
  for (const [code, id] of ids) styles.set(code, { style_id: id, ...folded.get(styleStreamId(id))! });
  const holders = new Map<string, string>();
  for (const part of chunks([...new Set(imported.flatMap((s) => s.barcodes.map((b) => b.barcode.code)))])) {
    const held = await db.selectFrom('barcode_registry').select(['barcode', 'sku']).where('barcode', 'in', part).execute();
    for (const h of held) holders.set(h.barcode, h.sku);
  }
  return { styles, holders };
}

// Pure: each style of the file decided on its stream. A row whose barcode a SKU of the catalogue holds (another SKU
// than the row's) is a bad row: its SKU is not imported from this file; a style left with no rows is not touched.
export function decideImport(styles: readonly ImportedStyle[], facts: ImportFacts, now: Date): Decision<ImportOutcome, StyleEvent> {
  const appends: StreamAppend<StyleEvent>[] = [];
  const outcome: ImportOutcome = { new_styles: 0, existing_styles: 0, new_variants: 0, new_barcodes: 0, errors: [], refused_rows: 0 };
  for (const style of styles) {
    const known = facts.styles.get(style.style_code)!;
    const taken = style.barcodes.filter((b) => (facts.holders.get(b.barcode.code) ?? b.sku) !== b.sku);
    for (const b of taken) outcome.errors.push({ row: b.row, error: barcodeTaken(b.barcode.code, facts.holders.get(b.barcode.code)!) });
    outcome.refused_rows += taken.length;
    const refused = new Set(taken.map((b) => b.sku));
    const variants = style.variants.filter((v) => !refused.has(v.sku));
    if (variants.length === 0) continue;
    if (known.state.status === 'absent') outcome.new_styles++;
    else outcome.existing_styles++;
    const { row: _row, barcodes, ...fields } = style;
    const events = decideStyle({ type: 'ImportStyle', data: { ...fields, variants, style_id: known.style_id } }, known.state, now);
    for (const e of events) if (e.type === 'StyleCreated' || e.type === 'StyleVariantsAdded') outcome.new_variants += e.data.variants.length;
    const after = events.reduce(styleDecider.evolve, known.state);
    if (after.status === 'existing') {
      const wanted = barcodes.filter((b) => !refused.has(b.sku));
      const added = addBarcodes(after, wanted, facts.holders, 'shopify_upload', now.toISOString());
      events.push(...added.events);
      for (const e of added.events) if (e.type === 'SkuBarcodesAdded') outcome.new_barcodes += e.data.barcodes.length;
      for (const r of added.refused) outcome.errors.push({ row: r.wanted.row, error: r.error.message });
    }
    if (events.length > 0) appends.push({ streamId: styleStreamId(known.style_id), expectedVersion: known.version, events });
  }
  outcome.errors.sort((a, b) => a.row - b.row);
  return { appends, result: outcome };
}
