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
    try {
      const outcome = await handle.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await terminate(rows[0]!.pid);
          // Let the socket's end arrive while no statement is running on it.
          await new Promise((r) => setTimeout(r, 300));
          await sql`select 1`.execute(trx);
          return 'committed';
        })
        .catch((e: Error) => e.message);
      expect(outcome).not.toBe('committed');
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
    // The pool dropped the dead connection and serves the next caller.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
