import { sql, type Kysely } from 'kysely';
import { expect, vi } from 'vitest';
import { READ_MODEL_TABLES, type Database } from '@wh/db';
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
