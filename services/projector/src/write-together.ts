import { sql, type OperationNodeSource, type Transaction } from 'kysely';
import type { Database } from '@wh/migrations';

// An insert, update or delete that returns nothing: a Kysely builder or a `sql` template.
export type WriteStatement = OperationNodeSource;

// A projection's writes to different tables sent as one statement, each a data-modifying CTE (`with w0 as (...),
// w1 as (...) select 1`; PostgreSQL runs every one to completion whether the final select reads it or not): each
// round trip of a batch is part of a command's read-your-writes wait (batch.ts, lockAndRead), and a command's batch
// wrote its tables one statement after another. The CTEs share one snapshot and none sees another's changes, so
// each group is one table's statements, no two groups may write the same rows, and none may read what another
// writes. A table with more than one statement (a backlog's chunks) makes every statement go on its own, in the
// order given: one statement must not write a table twice.
export async function writeTogether(trx: Transaction<Database>, groups: readonly (readonly WriteStatement[])[]): Promise<void> {
  const all = groups.flat();
  if (all.length === 0) return;
  if (all.length === 1 || groups.some((g) => g.length > 1)) {
    for (const statement of all) await sql`${statement}`.execute(trx);
    return;
  }
  const ctes = all.map((statement, i) => sql`${sql.id(`w${i}`)} as (${statement})`);
  await sql`with ${sql.join(ctes, sql`, `)} select 1`.execute(trx);
}
