import { sql, type Kysely } from 'kysely';
import { expect, vi } from 'vitest';
import { READ_MODEL_TABLES, type Database } from '@wh/db';
import type { BatchResult } from './batch.ts';
import type { Projection } from './projection.ts';

// Waits until the projector has applied every committed event (its checkpoint is past the last one).
export async function caughtUp(db: Kysely<Database>, timeout = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from events e, projector_checkpoints c
         where c.name = 'main' and (e.transaction_id, e.global_position) > (c.last_tx, c.last_pos)`.execute(db);
      expect(rows[0]!.n).toBe(0);
    },
    { timeout, interval: 50 },
  );
}

// Every read-model table (or the tables given), each ordered by its primary key.
export async function snapshot(db: Kysely<Database>, tables: readonly string[] = READ_MODEL_TABLES): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows: keys } = await sql<{ column: string }>`
      select a.attname as column
        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = ${table}::regclass and i.indisprimary
       order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
    expect(keys.length, `${table} has a primary key`).toBeGreaterThan(0);
    const orderBy = sql.join(keys.map((k) => sql.ref(k.column)));
    const { rows } = await sql`select * from ${sql.table(table)} order by ${orderBy}`.execute(db);
    out[table] = rows;
  }
  return out;
}

// The projections with the orders rebuilder failing at its `batch`th batch: a rebuild that fails half-way.
export function failingAtBatch(projections: readonly Projection[], batch: number): Projection[] {
  let batches = 0;
  return projections.map((p) =>
    p.name !== 'orders'
      ? p
      : {
          ...p,
          rebuilder: () => ({
            async apply() {
              if (++batches === batch) throw new Error('projection failed');
            },
            async finish() {},
          }),
        },
  );
}

// The next batch that finds events: another database's open transaction on the shared server can hold them back for
// a moment, and the batch is tried again until it does not. A batch that fails is not tried again: its failure is
// the answer.
export async function untilApplied(batch: () => Promise<BatchResult>, timeout = 20_000): Promise<BatchResult> {
  const outcome = await vi.waitFor(
    async () => {
      const attempt = await batch().then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if ('result' in attempt && attempt.result.heldBack) throw new Error('events held back by an open transaction on the server');
      return attempt;
    },
    { timeout, interval: 10 },
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}

// Batch after batch until one finds nothing left to apply; the batches that applied events.
export async function projectAll(batch: () => Promise<BatchResult>): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  for (;;) {
    const result = await untilApplied(batch);
    if (result.count === 0) return results;
    results.push(result);
  }
}

// Each read-model table's oid: a rebuild swaps in tables it built from the events, under new oids.
export async function tableOids(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; oid: number }>`
    select c.relname as name, c.oid::int as oid from pg_class c
     where c.relnamespace = current_schema()::regnamespace and c.relname = any(${READ_MODEL_TABLES as readonly string[]}::text[])`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.oid]));
}

// The read-model tables still under the oids of `before`: those a rebuild since did not replace.
export async function tablesKept(db: Kysely<Database>, before: Record<string, number>): Promise<string[]> {
  const now = await tableOids(db);
  return READ_MODEL_TABLES.filter((table) => now[table] === before[table]);
}
