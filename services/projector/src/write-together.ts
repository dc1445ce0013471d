import { sql, type OperationNodeSource, type QueryResult, type RawBuilder, type Transaction } from 'kysely';
import { prepared, type Database } from '@wh/db';

// An insert, update or delete that returns nothing: a `sql` template or a Kysely builder whose text does not depend
// on its values (jsonb or array parameters, not a VALUES list): a batch's statements run as named prepared statements.
export type WriteStatement = OperationNodeSource;

// Rows in slices of `size`: a write statement each (one jsonb parameter per statement, and a backlog's thousands of
// rows split so no statement grows without bound).
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// The where clause of an update from the rows it is given (`update t ... from jsonb_to_recordset(...) u where
// ${matchByKey('t.id', 'u.id', ids)}`). The planner counts 100 rows in any jsonb_to_recordset, so joined on the key alone
// it hashes the whole table for a live batch's few rows once the table holds a few thousand; the key list lets it find
// the rows through the primary key at any size.
export function matchByKey(column: string, rowColumn: string, keys: readonly number[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} = ${sql.ref(rowColumn)} and ${sql.ref(column)} = any(${keys}::int[])`;
}

// A statement of a live batch as a named prepared statement (db/src/connect.ts, prepared): parsed and planned
// once a connection instead of in every batch, on the server's side of each round trip. Only for texts that do not
// depend on the values (no IN or VALUES lists), or every batch would register a new one.
export function executePrepared<R>(trx: Transaction<Database>, statement: OperationNodeSource): Promise<QueryResult<R>> {
  return trx.executeQuery(prepared(sql<R>`${statement}`.compile(trx)));
}

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
  // A backlog's chunks: big statements, few batches; not prepared.
  if (groups.some((g) => g.length > 1)) {
    for (const statement of all) await sql`${statement}`.execute(trx);
    return;
  }
  if (all.length === 1) {
    await executePrepared(trx, all[0]!);
    return;
  }
  const ctes = all.map((statement, i) => sql`${sql.id(`w${i}`)} as (${statement})`);
  await executePrepared(trx, sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
