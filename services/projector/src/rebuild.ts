import { sql, type Kysely } from 'kysely';
import { READ_MODEL_TABLES, type Database } from '@wh/migrations';
import { applyEvents, lockCheckpoint, notifyReadModels, readAfter, saveCheckpoint, type Checkpoint } from './batch.ts';
import type { Projection } from './projection.ts';

// Rebuilds every read model from the events in one transaction: readers see the old tables until it
// commits, and a live projector waits on the checkpoint row, then carries on from where the rebuild ended.
export async function rebuildReadModels(
  db: Kysely<Database>,
  projections: readonly Projection[],
  options: { batchSize?: number; onProgress?: (applied: number) => void } = {},
): Promise<{ events: number; checkpoint: Checkpoint }> {
  return db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx);
    for (const table of READ_MODEL_TABLES) await sql`delete from ${sql.table(table)}`.execute(trx);
    let cp: Checkpoint = { tx: '0', pos: '0' };
    let total = 0;
    for (;;) {
      const events = await readAfter(trx, cp, options.batchSize ?? 5000);
      if (events.length === 0) break;
      await applyEvents(trx, projections, events, new Set());
      const last = events[events.length - 1]!;
      cp = { tx: last.transaction_id, pos: last.global_position };
      total += events.length;
      options.onProgress?.(total);
    }
    await saveCheckpoint(trx, cp);
    await notifyReadModels(trx, cp, ['*']);
    return { events: total, checkpoint: cp };
  });
}
