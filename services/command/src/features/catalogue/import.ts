import { styleStreamId, type StyleEvent } from '@wh/contracts';
import { foldStreams, nextIds, runCommand, type Command, type CommandHandler, type Decision, type Executor } from '../../platform/command.ts';
import { isUniqueViolation, type StreamAppend } from '../../platform/event-store.ts';
import { registerStyleEvents } from '../../platform/registries.ts';
import { decideStyle } from '../../domain/decide-style.ts';
import type { ImportedStyle } from './shopify-products.ts';
import { styleDecider, type StyleState } from '../../domain/style.ts';

export interface ImportOutcome {
  new_styles: number;
  existing_styles: number;
  new_variants: number;
}

const CHUNK = 5000;
const chunks = <T>(list: readonly T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

// Creates or updates many styles as one command: one multi-stream append, all or nothing.
export const importStyles: CommandHandler<readonly ImportedStyle[], ImportOutcome> = (ctx, styles, metadata) =>
  runCommand(ctx.db, importCommand(styles, ctx.now()), metadata);

export interface ImportFacts {
  // Every style of the file by code: its id (a new one drawn for a code the catalogue lacks), and its stream folded.
  styles: Map<string, { style_id: number; version: number; state: StyleState }>;
}

function importCommand(styles: readonly ImportedStyle[], now: Date): Command<ImportFacts, ImportOutcome, StyleEvent> {
  return {
    locks: true,
    // A style another upload created meanwhile: read and decide again against what it wrote.
    retryOn: (error) => isUniqueViolation(error, 'style_registry_pkey'),
    read: (trx) => readImportFacts(trx, styles.map((s) => s.style_code)),
    decide: (facts) => decideImport(styles, facts, now),
    appendWith: ({ appends }) => ({
      effects: async (trx) => {
        for (const a of appends) await registerStyleEvents(trx, a.events);
      },
    }),
  };
}

async function readImportFacts(db: Executor, codes: readonly string[]): Promise<ImportFacts> {
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
  return { styles };
}

// Pure: each style of the file decided on its stream.
export function decideImport(styles: readonly ImportedStyle[], facts: ImportFacts, now: Date): Decision<ImportOutcome, StyleEvent> {
  const appends: StreamAppend<StyleEvent>[] = [];
  const outcome = { new_styles: 0, existing_styles: 0, new_variants: 0 };
  for (const style of styles) {
    const known = facts.styles.get(style.style_code)!;
    if (known.state.status === 'absent') outcome.new_styles++;
    else outcome.existing_styles++;
    const { row: _row, ...fields } = style;
    const events = decideStyle({ type: 'ImportStyle', data: { ...fields, style_id: known.style_id } }, known.state, now);
    for (const e of events) if (e.type !== 'StyleUpdated') outcome.new_variants += e.data.variants.length;
    if (events.length > 0) appends.push({ streamId: styleStreamId(known.style_id), expectedVersion: known.version, events });
  }
  return { appends, result: outcome };
}
