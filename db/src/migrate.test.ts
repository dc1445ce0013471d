import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { createTestDatabase, queryRows, type TestDatabase } from './testing.ts';

const databases: TestDatabase[] = [];

async function fresh(): Promise<TestDatabase> {
  const db = await createTestDatabase(inject('pgUrl'), { migrate: false });
  databases.push(db);
  return db;
}

afterEach(async () => {
  while (databases.length > 0) await databases.pop()!.drop();
});

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
}

async function recorded(url: string): Promise<string[]> {
  return (await queryRows<{ name: string }>(url, 'select name from schema_migrations order by name')).map((r) => r.name);
}

describe('migrate', () => {
  it('applies every migration file in order on a fresh database, and none on a second run', async () => {
    const db = await fresh();
    const files = await migrationFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(files[0]).toMatch(/^001_event_store\.sql$/);

    const log: string[] = [];
    expect(await migrate(db.url, (line) => log.push(line))).toEqual(files);
    expect(log).toEqual(files.map((f) => `applied ${f}`));
    expect(await recorded(db.url)).toEqual(files);
    // The schema is really there.
    const tables = (await queryRows<{ t: string }>(db.url, `select tablename as t from pg_tables where schemaname = 'public'`)).map((r) => r.t);
    expect(tables).toEqual(expect.arrayContaining(['events', 'projector_checkpoints', 'schema_migrations']));

    expect(await migrate(db.url)).toEqual([]);
    expect(await recorded(db.url)).toEqual(files);
  });

  it('two concurrent runs on a fresh database both succeed and apply each file exactly once', async () => {
    const db = await fresh();
    const files = await migrationFiles();
    const results = await Promise.allSettled([migrate(db.url), migrate(db.url), migrate(db.url)]);
    for (const r of results) expect(r.status === 'rejected' ? String(r.reason) : 'ok').toBe('ok');
    const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    expect([...applied].sort()).toEqual(files);
    expect(await recorded(db.url)).toEqual(files);
    // The advisory lock is released: nothing is left holding it.
    const held = await queryRows<{ n: number }>(
      db.url,
      `select count(*)::int as n from pg_locks where locktype = 'advisory'
          and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(held[0]!.n).toBe(0);
  });
});
