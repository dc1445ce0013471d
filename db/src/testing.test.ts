import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationFiles } from './migrate.ts';
import { createTestDatabase, queryRows, type TestDatabase } from './testing.ts';

const made: TestDatabase[] = [];
afterAll(async () => {
  for (const d of made.reverse()) await d.drop();
});

describe('createTestDatabase', () => {
  it('with a template, gives a copy of it that changes on its own (the commands benchmark on a generated history)', async () => {
    const template = await createTestDatabase(inject('pgUrl'), { migrate: false });
    made.push(template);
    await queryRows(template.url, `create table history (n int); insert into history select generate_series(1, 1000)`);
    const copy = await createTestDatabase(inject('pgUrl'), { migrate: false, template: template.name });
    made.push(copy);
    expect(copy.name).not.toBe(template.name);
    expect(await queryRows<{ n: number }>(copy.url, 'select count(*)::int as n from history')).toEqual([{ n: 1000 }]);
    await queryRows(copy.url, 'delete from history');
    expect(await queryRows<{ n: number }>(template.url, 'select count(*)::int as n from history')).toEqual([{ n: 1000 }]);
  });

  it("is a copy of the run's migrated template, which no one can connect to and change", async () => {
    const db = await createTestDatabase(inject('pgUrl'));
    made.push(db);
    const applied = await queryRows<{ name: string }>(db.url, 'select name from schema_migrations order by name');
    expect(applied.map((r) => r.name)).toEqual(await migrationFiles());
    const [source] = await queryRows<{ allowed: boolean }>(inject('pgUrl'), `select datallowconn as allowed from pg_database where datname = '${inject('pgTemplate')}'`);
    expect(source).toEqual({ allowed: false });
  });

  it('without a server (the unit tier provides none) refuses at once rather than finding one of its own', async () => {
    await expect(createTestDatabase('')).rejects.toThrow('no PostgreSQL for this test');
  });
});
