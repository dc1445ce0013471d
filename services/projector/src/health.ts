import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { TOPIC_SYSTEM, type ReadModelsNotice } from '@wh/contracts';
import { CHECKPOINT, type BatchFailed, type Checkpoint } from './batch.ts';

// A fault's message as /api/ready shows it: one line, this long at most (the log has the whole error).
export const FAULT_MESSAGE_MAX = 300;

export function faultMessage(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim() || 'Unknown error';
  return line.length <= FAULT_MESSAGE_MAX ? line : `${line.slice(0, FAULT_MESSAGE_MAX - 1)}…`;
}

// A notice on the system topic at `cp` (the main checkpoint, which it does not move).
export const systemNotice = (cp: Checkpoint, topics: Iterable<string> = []): string =>
  JSON.stringify({ tx: cp.tx, pos: cp.pos, topics: [TOPIC_SYSTEM, ...topics] } satisfies ReadModelsNotice);

// Records that the batch of one event `failed` (outside its rolled-back transaction) and announces it, in one statement.
// The same event failing again counts an attempt; another event starts afresh. Returns the attempts so far.
export async function recordFault(db: Kysely<Database>, failed: BatchFailed): Promise<number> {
  const { rows } = await sql<{ attempts: number }>`
    with saved as (
      insert into projector_faults as f (name, event_tx, event_pos, event_type, projection, message)
      values (${CHECKPOINT}, ${failed.first.tx}::xid8, ${failed.first.pos}::bigint, ${failed.first.type},
              ${failed.projection}, ${faultMessage(failed.message)})
      on conflict (name) do update
         set attempts        = case when (f.event_tx, f.event_pos) = (excluded.event_tx, excluded.event_pos) then f.attempts + 1 else 1 end,
             first_failed_at = case when (f.event_tx, f.event_pos) = (excluded.event_tx, excluded.event_pos) then f.first_failed_at else now() end,
             event_tx = excluded.event_tx, event_pos = excluded.event_pos, event_type = excluded.event_type,
             projection = excluded.projection, message = excluded.message, last_failed_at = now()
      returning attempts)
    select attempts, pg_notify('read_models', ${systemNotice(failed.checkpoint)}) from saved`.execute(db);
  return rows[0]?.attempts ?? 1;
}

// The projector has got past whatever failed: the record goes, and the change is announced if there was one.
export async function clearFault(db: Kysely<Database>, cp: Checkpoint): Promise<void> {
  await sql`
    with gone as (delete from projector_faults where name = ${CHECKPOINT} returning 1)
    select pg_notify('read_models', ${systemNotice(cp)}) from gone`.execute(db);
}
