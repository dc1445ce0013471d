import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { styleStreamId, type NewEvent, type StyleEvent, type StoredEvent } from '@wh/contracts';
import { appendToStreams, ConcurrencyError, type AppendResult, type EventMetadata } from '../../platform/event-store.ts';
import { foldStream, transactWithRetry } from '../../platform/command.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { toStoredEvent } from '@wh/db';
import { decideStyle } from './decide.ts';
import type { ImportedStyle } from './shopify-products.ts';
import { registerStyleEvents } from './register.ts';
import { styleDecider, type StyleState } from './style.ts';

export interface ImportOutcome {
  new_styles: number;
  existing_styles: number;
  new_variants: number;
  append: AppendResult | null;
}

const CHUNK = 5000;
const chunks = <T>(list: readonly T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

// Creates or updates many styles in one transaction: registry rows locked, streams folded in bulk, one multi-stream append.
export async function importStyles(ctx: AppContext, styles: readonly ImportedStyle[], metadata: EventMetadata): Promise<ImportOutcome> {
  return transactWithRetry(ctx.db, (trx) => importOnce(trx, styles, metadata, ctx.now()));
}

async function importOnce(trx: Transaction<Database>, styles: readonly ImportedStyle[], metadata: EventMetadata, now: Date): Promise<ImportOutcome> {
  const ids = new Map<string, number>();
  for (const part of chunks(styles)) {
    const codes = part.map((s) => s.style_code);
    const known = await trx.selectFrom('style_registry').select(['style_code', 'id']).where('style_code', 'in', codes).orderBy('style_code').forUpdate().execute();
    for (const k of known) ids.set(k.style_code, k.id);
  }
  const fresh = styles.filter((s) => !ids.has(s.style_code));
  for (const part of chunks(fresh)) {
    const inserted = await trx
      .insertInto('style_registry')
      .values(part.map((s) => ({ style_code: s.style_code, name: s.name, is_jeans: s.is_jeans })))
      .onConflict((oc) => oc.column('style_code').doNothing())
      .returning(['style_code', 'id'])
      .execute();
    // Another upload created one of them meanwhile: decide again against what it wrote.
    if (inserted.length < part.length) throw new ConcurrencyError('style_registry');
    for (const i of inserted) ids.set(i.style_code, i.id);
  }
  const histories = await readStreams<StyleEvent>(trx, styles.map((s) => styleStreamId(ids.get(s.style_code)!)));
  const appends: { streamId: string; expectedVersion: number; events: StyleEvent[] }[] = [];
  const outcome = { new_styles: 0, existing_styles: 0, new_variants: 0 };
  for (const style of styles) {
    const styleId = ids.get(style.style_code)!;
    const history = histories.get(styleStreamId(styleId)) ?? [];
    const before: StyleState = foldStream(styleDecider, history);
    if (before.status === 'absent') outcome.new_styles++;
    else outcome.existing_styles++;
    const { row: _row, ...fields } = style;
    const events = decideStyle({ type: 'ImportStyle', data: { ...fields, style_id: styleId } }, before, now);
    for (const e of events) if (e.type !== 'StyleUpdated') outcome.new_variants += e.data.variants.length;
    if (events.length > 0) appends.push({ streamId: styleStreamId(styleId), expectedVersion: history.length, events });
  }
  for (const a of appends) await registerStyleEvents(trx, a.events);
  const append = await appendToStreams(trx, appends, metadata);
  return { ...outcome, append };
}

export async function readStreams<E extends NewEvent>(trx: Transaction<Database>, streamIds: readonly string[]): Promise<Map<string, StoredEvent<E>[]>> {
  const byStream = new Map<string, StoredEvent<E>[]>();
  for (const part of chunks(streamIds)) {
    if (part.length === 0) continue;
    const rows = await trx
      .selectFrom('events')
      .select(['event_type', 'data', 'stream_id', 'stream_version', 'global_position', 'transaction_id', 'metadata', 'recorded_at'])
      .where('stream_id', 'in', part)
      .orderBy('stream_id')
      .orderBy('stream_version')
      .execute();
    for (const row of rows) {
      const list = byStream.get(row.stream_id) ?? [];
      list.push(toStoredEvent<E>(row));
      byStream.set(row.stream_id, list);
    }
  }
  return byStream;
}
