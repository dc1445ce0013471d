import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, prepared, type DatabaseHandle } from './connect.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'), { migrate: false });
  // One connection, so the statements below and the look at pg_prepared_statements share it.
  handle = createDatabase(testDb.url, { max: 1 });
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const statements = async () =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map((r) => r.statement);

it('runs a registered statement as a named prepared statement on the connection, with fresh values each time', async () => {
  const query = (n: number) => prepared(sql<{ n: number }>`select ${n}::int + 1 as n /* connect.test prepared */`.compile(handle.db));
  expect((await handle.db.executeQuery(query(1))).rows).toEqual([{ n: 2 }]);
  expect((await handle.db.executeQuery(query(41))).rows).toEqual([{ n: 42 }]);
  await handle.db.transaction().execute(async (trx) => expect((await trx.executeQuery(query(9))).rows).toEqual([{ n: 10 }]));
  expect((await statements()).filter((s) => s.includes('connect.test prepared'))).toHaveLength(1);
});

it('leaves every other statement unprepared', async () => {
  await sql`select ${1}::int as n /* connect.test plain */`.execute(handle.db);
  expect((await statements()).filter((s) => s.includes('connect.test plain'))).toEqual([]);
});
