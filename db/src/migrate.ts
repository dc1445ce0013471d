import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inCodeOrder } from '@wh/contracts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
const LOCK_KEY = 7_300_001;

export interface MigrateOptions {
  log?: (line: string) => void;
  // Stops after this file (which must exist): a database as it was at an earlier version (the upgrade test).
  until?: string;
}

export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
}

// What an applied migration is checked against: its statements. Line endings, blank lines and whole-line comments are
// left out, so rewording such a comment in an old file does not stop every installation at its next start. Every
// installation stores these checksums: a change to how they are computed would refuse every applied file.
export function migrationChecksum(sql: string): string {
  const statements = sql
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('--'))
    .join('\n');
  return createHash('sha256').update(statements).digest('hex');
}

// Applies every numbered SQL file not yet applied, in name order, each in its own transaction, one runner at a time.
// Migrations are forward-only, and what the database records is checked first, refusing before anything is applied:
// - an applied file whose statements changed since: the change belongs in a new file;
// - an applied name this code has no file for, sorting before its last file: a file deleted or renamed (a renamed
//   file would be applied twice);
// - a file not applied yet that sorts before an applied one: it would run after migrations that were written
//   after it; it needs a number above the last.
// Applied names sorting after every file here are a newer version's (older code on an upgraded database, as in a
// rolling upgrade): nothing to do, and the log says so. Files applied before checksums were recorded take the
// checksum of the file as it is now.
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<string[]> {
  const log = options.log ?? (() => {});
  const files = await migrationFiles();
  if (options.until !== undefined && !files.includes(options.until)) throw new Error(`migrate: no migration file ${options.until}`);
  const wanted = options.until === undefined ? files : files.slice(0, files.indexOf(options.until) + 1);
  const checksums = new Map<string, { sql: string; checksum: string }>();
  for (const file of files) {
    const sql = await readFile(new URL(file, `file://${MIGRATIONS_DIR}`), 'utf8');
    checksums.set(file, { sql, checksum: migrationChecksum(sql) });
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      `create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now(), checksum text);
       alter table schema_migrations add column if not exists checksum text`,
    );
    const recorded = (await client.query<{ name: string; checksum: string | null }>('select name, checksum from schema_migrations')).rows;
    // Compared as the files are sorted (by code unit), not by the database's collation.
    recorded.sort((x, y) => inCodeOrder(x.name, y.name));
    const last = files.at(-1) ?? '';
    const newer: string[] = [];
    for (const row of recorded) {
      const file = checksums.get(row.name);
      if (!file) {
        if (row.name > last) {
          newer.push(row.name);
          continue;
        }
        throw new Error(`migration ${row.name} is applied but has no file: migrations are forward-only, a file is never deleted or renamed`);
      }
      if (row.checksum === null) {
        await client.query('update schema_migrations set checksum = $2 where name = $1', [row.name, file.checksum]);
      } else if (row.checksum !== file.checksum) {
        throw new Error(`migration ${row.name} was changed after it was applied: migrations are forward-only, a change goes in a new file`);
      }
    }
    if (newer.length > 0) log(`applied by a newer version, unknown here (nothing to do): ${newer.join(', ')}`);
    const done = new Set(recorded.map((r) => r.name));
    const newest = recorded.at(-1)?.name ?? '';
    const late = files.filter((f) => !done.has(f) && f < newest);
    if (late.length > 0) {
      throw new Error(`migration ${late.join(', ')} is not applied but sorts before ${newest}, which is: a new migration needs a number above the last`);
    }
    for (const file of wanted) {
      if (done.has(file)) continue;
      const { sql, checksum } = checksums.get(file)!;
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file, checksum]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${file} failed: ${(error as Error).message}`);
      }
      applied.push(file);
      log(`applied ${file}`);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}
