import { Kysely, PostgresDialect, type CompiledQuery, type PostgresPool, type PostgresPoolClient } from 'kysely';
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

// Statement texts run as named prepared statements: each connection parses and plans them once, then binds and
// executes. For the statements every command runs (its stream, its append, the order it answers with) planning costs
// PostgreSQL several times what executing them does. Only texts registered here, so a statement whose best plan
// depends on its values (the order list's filters) keeps a custom plan each time, and the set of statements a
// connection holds stays small.
const preparedNames = new Map<string, string>();

export function prepared<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (!preparedNames.has(query.sql)) preparedNames.set(query.sql, `wh_${preparedNames.size + 1}`);
  return query;
}

// A registered statement compiled once a process: Kysely builds and compiles a query's tree on every execution,
// which would be most of the service's own work for the statements every command runs. `key` names one query shape;
// `compile` builds it for these values, and on the first call its parameters must be `values` in that order (a
// shape whose parameters are not just these, in order, is compiled every time).
const compiledOnce = new Map<string, CompiledQuery<unknown> | null>();

export function preparedOnce<R>(key: string, values: readonly unknown[], compile: () => CompiledQuery<R>): CompiledQuery<R> {
  const cached = compiledOnce.get(key) as CompiledQuery<R> | null | undefined;
  if (cached) return { ...cached, parameters: values };
  const compiled = prepared(compile());
  if (cached === undefined) {
    const same = compiled.parameters.length === values.length && compiled.parameters.every((p, i) => p === values[i]);
    compiledOnce.set(key, same ? compiled : null);
  }
  return compiled;
}

// Runs a registered text under its statement name on a client.
function runPrepared(client: pg.PoolClient, text: unknown, values?: unknown[]) {
  const name = typeof text === 'string' ? preparedNames.get(text) : undefined;
  if (name) return client.query({ name, text: text as string, values: values ?? [] });
  return (client.query as (a: unknown, b?: unknown) => unknown)(text, values);
}

// The pool as Kysely sees it: each client's query runs a registered text under its statement name.
function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: unknown, values?: unknown[]) => runPrepared(client, text, values)) as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let out = wrapped.get(client);
      if (!out) wrapped.set(client, (out = wrap(client)));
      return out;
    },
    end: () => pool.end(),
  };
}

// What a standby cancels a statement with when replaying the primary's changes conflicts with it.
const RECOVERY_CONFLICT_CODES = new Set(['40001', '40P01']);

// Reads on a streaming replica (`replica`) that fall back to the primary: a connection the replica cannot give (down,
// restarting, still starting up, misconfigured) is taken from `primary`, and a statement whose replica connection
// breaks, or that the replica cancels for a conflict with recovery, runs again on the primary; so a replica going away
// costs a reader time, never an error. `unavailable` hears of each failure of the replica itself. For single
// statements: a transaction is never moved (its statements would land on two servers). Ending this Kysely ends
// neither pool; their handles own them.
export function readingWithFallback(replica: pg.Pool, primary: pg.Pool, unavailable: (error: unknown) => void): Kysely<Database> {
  const onPrimary = async (text: unknown, values?: unknown[]) => {
    const client = await primary.connect();
    try {
      return await runPrepared(client, text, values);
    } finally {
      client.release();
    }
  };
  const wrap = (client: pg.PoolClient, fromReplica: boolean): PostgresPoolClient => {
    let inTransaction = false;
    return {
      query: (async (text: unknown, values?: unknown[]) => {
        try {
          const result = await runPrepared(client, text, values);
          if (typeof text === 'string' && /^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
          else if (typeof text === 'string' && /^\s*(commit|rollback|end)\b/i.test(text)) inTransaction = false;
          return result;
        } catch (error) {
          if (!fromReplica || inTransaction || typeof text !== 'string') throw error;
          if (isDatabaseUnavailable(error)) unavailable(error);
          // The replica cancelled the statement to replay the primary's changes (a conflict with recovery): the
          // replica is fine, this one statement reads the primary.
          else if (!RECOVERY_CONFLICT_CODES.has((error as { code?: string }).code ?? '')) throw error;
          return onPrimary(text, values);
        }
      }) as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  const pool: PostgresPool = {
    async connect() {
      try {
        return wrap(await replica.connect(), true);
      } catch (error) {
        // Whatever the reason (down, refusing the credentials, the database not there yet), the replica cannot serve.
        unavailable(error);
        return wrap(await primary.connect(), false);
      }
    },
    end: async () => {},
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

// How long any connection to PostgreSQL may take to open, the pool's and the services' own (the live listener, the
// projector's lock): an attempt accepted and never answered, by a database host that is down rather than refusing,
// would otherwise wait until the TCP stack gives up, minutes after the database is back.
export const CONNECT_TIMEOUT_MS = 5000;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

// The database is down or the connection to it broke: the statement said nothing about the data, and trying again
// later may work (the command service answers 503; the projector reports a connection loss, not a failing projection).
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && CONNECTION_CODES.has(e.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message ?? '');
}

export function createDatabase(
  connectionString: string,
  options: { max?: number; application?: string; connectTimeoutMs?: number } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.application ?? 'warehouse',
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its server (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may a checked-out one: between two statements of a transaction it has no listener of the pool's, and its
  // 'error' event would be an uncaught exception. The loss still reaches the caller: the client is ended, so its next
  // statement fails (and the pool drops it on release).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  pools.set(db, pool);
  return {
    pool,
    db,
    async close() {
      await db.destroy();
    },
  };
}
