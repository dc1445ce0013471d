import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, statementCounter, type TestDatabase } from '@wh/db/testing';
import { writeTogether } from './write-together.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'write-together-test' });
  await sql`create table wt_counts (k text primary key, n int not null)`.execute(handle.db);
  await sql`create table wt_log (k text not null, n int not null)`.execute(handle.db);
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const add = (k: string, n: number) => sql`insert into wt_counts (k, n) values (${k}, ${n}) on conflict (k) do update set n = wt_counts.n + excluded.n`;
const log = (k: string, n: number) => sql`insert into wt_log (k, n) values (${k}, ${n})`;

async function tables() {
  const counts = await sql<{ k: string; n: number }>`select k, n from wt_counts order by k`.execute(handle.db);
  const logged = await sql<{ k: string; n: number }>`select k, n from wt_log order by k, n`.execute(handle.db);
  return { counts: counts.rows, log: logged.rows };
}

describe('writeTogether', () => {
  it("sends one statement for every table's write, and each is applied", async () => {
    const counter = statementCounter();
    await handle.db.transaction().execute(async (trx) => {
      const tx = trx.withPlugin(counter);
      await writeTogether(tx, [[add('a', 1)], [log('a', 1)], [], [tx.insertInto('wt_log' as never).values({ k: 'b', n: 2 } as never)]]);
    });
    expect(counter.count).toBe(1);
    expect(await tables()).toEqual({ counts: [{ k: 'a', n: 1 }], log: [{ k: 'a', n: 1 }, { k: 'b', n: 2 }] });
  });

  it('sends each statement on its own, in order, when a table has more than one (they may touch the same rows)', async () => {
    const counter = statementCounter();
    await handle.db.transaction().execute(async (trx) => {
      await writeTogether(trx.withPlugin(counter), [[add('a', 10), add('a', 100)], [log('c', 3)]]);
    });
    expect(counter.count).toBe(3);
    expect((await tables()).counts).toEqual([{ k: 'a', n: 111 }]);
  });

  it('sends nothing when there is nothing to write', async () => {
    const counter = statementCounter();
    await handle.db.transaction().execute((trx) => writeTogether(trx.withPlugin(counter), [[], []]));
    expect(counter.count).toBe(0);
  });
});
