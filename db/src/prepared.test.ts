import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, prepared, preparedOnce, type DatabaseHandle } from './connect.ts';
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

it('compiles a shape once when its parameters are the given values in order, and every time when they are not', async () => {
  let compiles = 0;
  const plus = (n: number) =>
    preparedOnce('connect.test plus', [n], () => {
      compiles++;
      return sql<{ n: number }>`select ${n}::int + 1 as n /* connect.test once */`.compile(handle.db);
    });
  expect([(await handle.db.executeQuery(plus(1))).rows, (await handle.db.executeQuery(plus(5))).rows]).toEqual([[{ n: 2 }], [{ n: 6 }]]);
  expect(compiles).toBe(1);
  // A hidden parameter (the 2 here) would be lost by substituting only `n`: such a shape is never cached.
  const sum = (n: number) =>
    preparedOnce('connect.test sum', [n], () => {
      compiles++;
      return sql<{ n: number }>`select ${n}::int + ${2}::int as n`.compile(handle.db);
    });
  expect([(await handle.db.executeQuery(sum(1))).rows, (await handle.db.executeQuery(sum(5))).rows]).toEqual([[{ n: 3 }], [{ n: 7 }]]);
  expect(compiles).toBe(3);
});
