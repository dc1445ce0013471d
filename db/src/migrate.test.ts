import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrate, migrationChecksum, migrationFiles } from './migrate.ts';
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
    expect(await migrate(db.url, { log: (line) => log.push(line) })).toEqual(files);
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

  it('stops after the file it is told to, and applies the rest on the next run', async () => {
    const db = await fresh();
    const files = await migrationFiles();
    const until = files[4]!;
    expect(await migrate(db.url, { until })).toEqual(files.slice(0, 5));
    expect(await recorded(db.url)).toEqual(files.slice(0, 5));
    expect(await migrate(db.url)).toEqual(files.slice(5));
    await expect(migrate(db.url, { until: '999_none.sql' })).rejects.toThrow('no migration file 999_none.sql');
  });
});

describe('migrate keeps migrations forward-only', () => {
  async function migrated(): Promise<TestDatabase> {
    const db = await fresh();
    await migrate(db.url);
    return db;
  }
  const checksums = async (url: string) =>
    (await queryRows<{ name: string; checksum: string | null }>(url, 'select name, checksum from schema_migrations order by name')).map((r) => `${r.name} ${r.checksum}`);

  it('records each file by the checksum of its statements: comments, blank lines and line endings do not count', () => {
    const sql = 'create table t (\n  a int -- the key\n);\n';
    expect(migrationChecksum(`-- Why t exists.\n${sql}\n\n  -- and more\n`.replace(/\n/g, '\r\n'))).toBe(migrationChecksum(sql));
    expect(migrationChecksum(sql.replace('a int', 'a bigint'))).not.toBe(migrationChecksum(sql));
    expect(migrationChecksum(sql.replace('-- the key', '-- a key'))).not.toBe(migrationChecksum(sql));
  });

  it('refuses to start when an applied file was changed since, applying nothing', async () => {
    const db = await migrated();
    const files = await migrationFiles();
    await queryRows(db.url, `update schema_migrations set checksum = 'edited' where name = '${files[1]}'`);
    await queryRows(db.url, `delete from schema_migrations where name = '${files.at(-1)}'`);
    const before = await checksums(db.url);
    await expect(migrate(db.url)).rejects.toThrow(`migration ${files[1]} was changed after it was applied`);
    expect(await checksums(db.url)).toEqual(before);
  });

  it('takes the checksums of files applied before checksums were recorded from the files as they are', async () => {
    const db = await migrated();
    const full = await checksums(db.url);
    await queryRows(db.url, 'update schema_migrations set checksum = null');
    expect(await migrate(db.url)).toEqual([]);
    expect(await checksums(db.url)).toEqual(full);
  });

  it('refuses an applied migration it has no file for among its own, as a deleted or renamed file', async () => {
    const db = await migrated();
    await queryRows(db.url, `insert into schema_migrations (name, checksum) values ('007_renamed.sql', 'x')`);
    await expect(migrate(db.url)).rejects.toThrow('migration 007_renamed.sql is applied but has no file');
  });

  it('refuses a file not applied that sorts before an applied one, applying nothing', async () => {
    const db = await migrated();
    const files = await migrationFiles();
    await queryRows(db.url, `delete from schema_migrations where name in ('${files[3]}', '${files.at(-1)}')`);
    await expect(migrate(db.url)).rejects.toThrow(`migration ${files[3]} is not applied but sorts before ${files.at(-2)}`);
    expect(await recorded(db.url)).toEqual(files.filter((f) => f !== files[3] && f !== files.at(-1)));
  });

  it('leaves alone, and says so, migrations a newer version applied after its own last file', async () => {
    const db = await migrated();
    await queryRows(db.url, `insert into schema_migrations (name, checksum) values ('999_from_a_newer_version.sql', 'x')`);
    const log: string[] = [];
    expect(await migrate(db.url, { log: (line) => log.push(line) })).toEqual([]);
    expect(log).toEqual(['applied by a newer version, unknown here (nothing to do): 999_from_a_newer_version.sql']);
  });
});
