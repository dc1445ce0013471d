import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { poolOf, READ_MODEL_TABLES, type Database } from '@wh/db';
import { TOPIC_EVERYTHING, type StoredEvent } from '@wh/contracts';
import { applyEvents, lockCheckpoint, saveAndNotify, type Checkpoint } from './batch.ts';
import type { Projection } from './projection.ts';
import { BACKLOG, copyInto, readEventsInSnapshot } from './rebuild-io.ts';

// Events a batch: applied as one, their rows copied while the next batch is applied. Fewer, larger batches spare
// each projection's per-batch statements (order search's above all) (docs/performance.md, "Rebuild").
export const REBUILD_BATCH_SIZE = 20_000;

// Rebuilds every read model from the events in one transaction: a failed rebuild rolls back to the old tables, and a
// live projector waits on the checkpoint row, then carries on from where the rebuild ended. While it runs, readers of
// the read models wait too (the truncation and the dropped indexes lock the tables until commit).
export async function rebuildReadModels(
  db: Kysely<Database>,
  projections: readonly Projection[],
  options: { batchSize?: number; onProgress?: (applied: number) => void; onPhases?: (seconds: RebuildPhases) => void } = {},
): Promise<{ events: number; checkpoint: Checkpoint }> {
  const pool = poolOf(db);
  if (!pool) throw new Error('rebuildReadModels needs a database made by createDatabase: it takes raw connections from its pool');
  // The rebuild's transaction on a client of its own, so the rebuilders can COPY on the same connection (Kysely does
  // not expose its clients); its statements queue behind the COPYs. Kysely releases it to the pool when the
  // transaction ends.
  const client = await pool.connect();
  const io = copyInto(client);
  const own = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => ({ query: io.query, release: () => client.release() }),
        end: async () => {},
      },
    }),
  });
  return own.transaction().execute(async (trx) => {
    await lockCheckpoint(trx);
    // Nothing waits on this commit but the operator; the index builds at the end sort millions of entries.
    await sql`set local synchronous_commit = off`.execute(trx);
    await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
    await sql`truncate ${sql.join(READ_MODEL_TABLES.map((t) => sql.table(t)))}`.execute(trx);
    const secondary = await dropSecondaryIndexes(trx);
    const rebuilders = projections.map((p) => ({ ...p, ...(p.rebuilder?.(io) ?? { finish: async () => {} }) }));
    // The events to apply are those below this snapshot's xmin, read by a second connection that imports it; the
    // next batch streams in while this one is applied.
    const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
    const reader = readEventsInSnapshot(pool, rows[0]!.snapshot, options.batchSize ?? REBUILD_BATCH_SIZE);
    let cp: Checkpoint = { tx: '0', pos: '0' };
    let total = 0;
    const phases: RebuildPhases = { waitingForEvents: 0, applying: 0, finishing: 0, indexing: 0 };
    let t = performance.now();
    const lap = (phase: keyof RebuildPhases) => {
      const now = performance.now();
      phases[phase] += (now - t) / 1000;
      t = now;
    };
    try {
      let next = prefetch(reader);
      for (;;) {
        const batch = await next;
        lap('waitingForEvents');
        if (batch.done) break;
        next = prefetch(reader);
        const events = batch.value;
        await applyEvents(trx, rebuilders, events, new Set());
        // The rows this batch gathered are written while the next batch is applied; a backlog past the limit (the
        // server slower than this process) is waited for, so memory stays bounded. Waiting for a macrotask lets the
        // socket take the rows sent so far and the reader's stream fill.
        await io.backlog(BACKLOG);
        await new Promise(setImmediate);
        lap('applying');
        const last = events[events.length - 1]!;
        cp = { tx: last.transaction_id, pos: last.global_position };
        total += events.length;
        options.onProgress?.(total);
      }
      io.flush();
      for (const r of rebuilders) {
        await r.finish(trx);
        io.flush();
      }
      await io.settled();
      lap('finishing');
      for (const index of secondary) await sql.raw(index.definition).execute(trx);
      lap('indexing');
    } catch (e) {
      // A failed COPY aborts the transaction: the statements after it fail only for that reason.
      throw io.failure ?? e;
    } finally {
      await reader.return(undefined);
    }
    options.onPhases?.(phases);
    await saveAndNotify(trx, cp, [TOPIC_EVERYTHING]);
    return { events: total, checkpoint: cp };
  });
}

// The read models' indexes that no write needs (not a primary key, unique or constraint index, which the upserts'
// ON CONFLICT and the constraints rely on): maintaining them row by row (trigram and GIN entries above all) costs
// more than building each once from the finished table. Their definitions come from the catalogue, so an index a
// later migration adds is covered; DDL is transactional, so a failed rebuild gets them back with the old rows.
async function dropSecondaryIndexes(trx: Transaction<Database>): Promise<{ definition: string }[]> {
  const { rows } = await sql<{ schema: string; name: string; definition: string }>`
    select n.nspname as schema, c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = current_schema()
       and t.relname = any(${[...READ_MODEL_TABLES]}::text[])
       and not i.indisunique and not i.indisprimary and not i.indisexclusion
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
     order by c.relname`.execute(trx);
  for (const index of rows) await sql`drop index ${sql.id(index.schema, index.name)}`.execute(trx);
  return rows;
}

// Where a rebuild's time went: waiting for the reader (time the apply loop did not hide), the batches, the rebuilders'
// final writes, the index builds.
export interface RebuildPhases {
  waitingForEvents: number;
  applying: number;
  finishing: number;
  indexing: number;
}

// The reader's next batch, asked for now so it streams in meanwhile; a failure surfaces where it is awaited.
function prefetch(reader: AsyncGenerator<StoredEvent[]>): Promise<IteratorResult<StoredEvent[]>> {
  const next = reader.next();
  next.catch(() => {});
  return next;
}
