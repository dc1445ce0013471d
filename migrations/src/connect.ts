import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

// bigint (int8) as string: positions and counts can pass 2^53; callers convert where they need numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Kysely<Database>;
  close(): Promise<void>;
}

// The pool behind each Kysely this module made: the projection rebuild needs raw clients from it (COPY, and a second
// connection sharing its snapshot), which Kysely does not expose.
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function poolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}

export function createDatabase(connectionString: string, options: { max?: number; application?: string } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.application ?? 'warehouse',
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its server (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may a checked-out one: between two statements of a transaction it has no listener of the pool's, and its
  // 'error' event would be an uncaught exception. The loss still reaches the caller: the client is ended, so its next
  // statement fails (and the pool drops it on release).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return {
    pool,
    db,
    async close() {
      await db.destroy();
    },
  };
}
