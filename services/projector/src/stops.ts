import { sql, type Kysely, type Transaction } from 'kysely';
import { toStoredEvent, type Database, type EventRow } from '@wh/db';
import { compareStreamPositions, TopicSet, type ReadModelsNotice } from '@wh/contracts';
import { applyEvents, BatchFailed, compactTopics, lockCheckpoint, type Checkpoint, type EventRef } from './batch.ts';
import { faultMessage, systemNotice } from './health.ts';
import type { Projection } from './projection.ts';

// A projection stopped at an event it cannot apply (db/migrations/114): the others go on under the main checkpoint,
// and its row is its own position until it has caught up with them. Written outside the failed batch's transaction.

// SQLSTATE classes and codes after which the same statement may well succeed: the connection or the server
// (08, 57P0x), serialization failures and deadlocks (40), resources (53: disk full, out of memory, too many
// connections), a lock or statement that timed out (55P03, 57014). A projection failing so is retried with the
// back-off, never stopped.
const TRANSIENT_CLASSES = ['08', '40', '53'];
const TRANSIENT_CODES = new Set(['55P03', '57014', '57P01', '57P02', '57P03']);

export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return TRANSIENT_CODES.has(code) || TRANSIENT_CLASSES.includes(code.slice(0, 2));
}

// Loads which projections are stopped, and where each one is.
export async function loadStops(db: Kysely<Database>): Promise<Map<string, Checkpoint>> {
  const rows = await db.selectFrom('projection_stops').select(['projection', sql<string>`last_tx::text`.as('tx'), 'last_pos']).execute();
  return new Map(rows.map((r) => [r.projection, { tx: r.tx, pos: r.last_pos }]));
}

// Records `stopping` as stopped at the event of the batch of one that `failed` (its projection's error), and announces
// it on the system topic, in one statement. A projection already stopped keeps its position; the same event failing
// again counts an attempt. Returns the attempts.
export async function recordStop(
  db: Kysely<Database>,
  stopping: readonly Projection[],
  failed: BatchFailed,
): Promise<number> {
  const e = failed.first;
  const message = faultMessage(failed.projection ? `${failed.projection}: ${failed.message}` : failed.message);
  const names = stopping.map((p) => p.name);
  const types = stopping.map((p) => JSON.stringify([...p.handles]));
  const { rows } = await sql<{ attempts: number }>`
    with saved as (
      insert into projection_stops as s (projection, last_tx, last_pos, event_tx, event_pos, event_type, event_stream, message, event_types)
      select n, ${failed.checkpoint.tx}::xid8, ${failed.checkpoint.pos}::bigint, ${e.tx}::xid8, ${e.pos}::bigint, ${e.type}, ${e.stream},
             ${message}, array(select jsonb_array_elements_text(t::jsonb))
        from unnest(${names}::text[], ${types}::text[]) as x(n, t)
      on conflict (projection) do update
         set attempts   = case when (s.event_tx, s.event_pos) = (excluded.event_tx, excluded.event_pos) then s.attempts + 1 else 1 end,
             stopped_at = case when (s.event_tx, s.event_pos) = (excluded.event_tx, excluded.event_pos) then s.stopped_at else now() end,
             event_tx = excluded.event_tx, event_pos = excluded.event_pos, event_type = excluded.event_type,
             event_stream = excluded.event_stream, message = excluded.message, event_types = excluded.event_types,
             last_attempt_at = now()
      returning attempts)
    select max(attempts) as attempts, pg_notify('read_models', ${systemNotice(failed.checkpoint)}) from saved`.execute(db);
  return rows[0]?.attempts ?? 1;
}

// A failed attempt to catch up that said nothing about the event (a transient error): only the attempt's time.
export async function touchStops(db: Kysely<Database>, names: readonly string[]): Promise<void> {
  await db.updateTable('projection_stops').set({ last_attempt_at: new Date() }).where('projection', 'in', names).execute();
}

export interface CatchUpResult {
  count: number;
  // The projections level with the main checkpoint: their rows are gone and they rejoin the main batch.
  rejoined: string[];
  // None of the group is stopped any more (a rebuild or another projector moved its rows on or removed them).
  gone: boolean;
}

// The next events past the stopped `group`'s own position, up to the main checkpoint, applied to the group alone; at
// most `limit` of the types it handles. With the main checkpoint's row locked, as a batch does: serialised with the
// main batch, another projector and a rebuild. Once it has applied every event up to the main checkpoint its rows go
// and the change is announced with the group's topics. A failure throws BatchFailed from the group's position. Stopped
// together, a group shares one position; members at different ones (a release that groups them differently) go from
// the lowest, the others joining it once it reaches theirs, so no event is applied twice.
export async function catchUpBatch(trx: Transaction<Database>, group: readonly Projection[], limit: number): Promise<CatchUpResult> {
  await sql`set local synchronous_commit = off`.execute(trx);
  const main = await lockCheckpoint(trx);
  const rows = await trx
    .selectFrom('projection_stops')
    .select(['projection', sql<string>`last_tx::text`.as('tx'), 'last_pos'])
    .where('projection', 'in', group.map((p) => p.name))
    .forUpdate()
    .execute();
  if (rows.length === 0) return { count: 0, rejoined: [], gone: true };
  const positions = rows.map((r) => ({ tx: r.tx, pos: r.last_pos }));
  const from = positions.reduce((a, b) => (compareStreamPositions(a, b) <= 0 ? a : b));
  const names = rows.filter((_, i) => compareStreamPositions(positions[i]!, from) === 0).map((r) => r.projection);
  const behind = group.filter((p) => names.includes(p.name));
  const types = [...new Set(behind.flatMap((p) => [...p.handles]))];
  // Up to the next member's position, or the main checkpoint.
  const ahead = positions.filter((p) => compareStreamPositions(p, from) > 0);
  const to = ahead.length > 0 ? ahead.reduce((a, b) => (compareStreamPositions(a, b) <= 0 ? a : b)) : main;
  const { rows: found } = await sql<EventRow>`
    select event_type, schema_version, data, stream_id, stream_version, global_position, transaction_id::text as transaction_id,
           metadata, recorded_at
      from events
     where (transaction_id, global_position) > (${from.tx}::xid8, ${from.pos}::bigint)
       and (transaction_id, global_position) <= (${to.tx}::xid8, ${to.pos}::bigint)
       and event_type = any(${types}::text[])
     order by transaction_id, global_position
     limit ${limit}`.execute(trx);
  const refs: EventRef[] = found.map((r) => ({ tx: r.transaction_id, pos: r.global_position, type: r.event_type, stream: r.stream_id }));
  const topics = new TopicSet();
  try {
    await applyEvents(trx, behind, found.map(toStoredEvent), topics);
  } catch (error) {
    throw new BatchFailed(from, refs, error);
  }
  const level = found.length < limit;
  if (level && to === main) {
    await sql`
      with gone as (delete from projection_stops where projection = any(${names}::text[]) returning 1)
      select pg_notify('read_models', ${systemNotice(main, compactTopics([...topics]))}) from gone limit 1`.execute(trx);
    return { count: found.length, rejoined: names, gone: false };
  }
  // Moved on, and what it changed announced: its screens read again as it catches up.
  const next = level ? to : { tx: refs[refs.length - 1]!.tx, pos: refs[refs.length - 1]!.pos };
  const notice = JSON.stringify({ tx: main.tx, pos: main.pos, topics: compactTopics([...topics]) } satisfies ReadModelsNotice);
  await sql`
    with moved as (
      update projection_stops set last_tx = ${next.tx}::xid8, last_pos = ${next.pos}::bigint, last_attempt_at = now()
       where projection = any(${names}::text[])
      returning 1)
    select pg_notify('read_models', ${notice}) from moved where ${topics.size > 0} limit 1`.execute(trx);
  return { count: found.length, rejoined: [], gone: false };
}

// A rebuild has applied every event up to `cp` to every projection: a stopped one is past its event and only has to
// catch up from there. The runner hears it on NOTIFY projection_stops and catches it up at once.
export async function rebuiltPastStops(trx: Transaction<Database>, cp: Checkpoint): Promise<void> {
  await sql`
    with moved as (
      update projection_stops
         set last_tx = ${cp.tx}::xid8, last_pos = ${cp.pos}::bigint,
             event_tx = null, event_pos = null, event_type = null, event_stream = null, message = null
      returning 1)
    select pg_notify('projection_stops', '') from moved limit 1`.execute(trx);
}
