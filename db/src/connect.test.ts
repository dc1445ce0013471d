import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './connect.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase(inject('pgUrl'), { migrate: false });
  handle = createDatabase(database.url, { max: 2 });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe('createDatabase', () => {
  it('survives losing the server of a connection held between two statements: the next statement fails, the process does not', async () => {
    // A checked-out pg client has no 'error' listener of the pool's, so without one of ours the server going away
    // between a transaction's statements (a database restart while the projector applies a batch) is an uncaught
    // exception that ends the whole service.
    const uncaught: unknown[] = [];
    const record = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', record);
    // Each checked-out connection's end, by its server process: the socket's end is what the transaction waits for.
    const ends = new Map<number, Promise<void>>();
    const onAcquire = (client: pg.PoolClient) => {
      const pid = (client as unknown as { processID: number }).processID;
      if (!ends.has(pid)) ends.set(pid, new Promise((resolve) => client.once('end', () => resolve())));
    };
    handle.pool.on('acquire', onAcquire);
    try {
      const outcome = await handle.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await terminate(rows[0]!.pid);
          // The socket's end arrives while no statement is running on it.
          await ends.get(rows[0]!.pid);
          await sql`select 1`.execute(trx);
          return 'committed';
        })
        .catch((e: Error) => e.message);
      expect(outcome).not.toBe('committed');
      expect(uncaught).toEqual([]);
    } finally {
      handle.pool.off('acquire', onAcquire);
      process.off('uncaughtException', record);
    }
    // The pool dropped the dead connection and serves the next caller.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
