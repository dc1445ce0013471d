import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase, migrate, migrationFiles } from '@wh/db';
import { projections, rebuildReadModels } from '@wh/projector';
import { archiveContents, migratedContents, restoreList, schemaContents, unexpected, type ArchiveContents } from './archive-contents.ts';
import { connection, describe, dumperFor, EXIT, findTools, main, openTarget, preferred, run, serverOf, shown, ToolError, type Tool } from './database-tools.ts';
import { execText } from './embedded-postgres.ts';

// `npm run restore -- <file> [--clean]`: a backup of `npm run backup` into an empty database, then the migrations
// this version has and the backup lacks, then the read models rebuilt from the events: the app is ready to start.
const USAGE = `Usage: npm run restore -- <file> [--clean]
  Restores a backup made by npm run backup into DATABASE_URL, or when it is unset into the embedded database npm start
  uses (under DATA_DIR, default ./.data; made if it does not exist). The database must be empty and the app stopped.
  --clean     first drop everything in the database (every schema, with all its tables and data), then restore
  PG_BINDIR:  the directory of the pg_restore to use (by default one of the server's version is looked for).`;

await main(async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { clean: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) throw new ToolError(USAGE, EXIT.usage);
  const file = resolve(positionals[0]!);
  await checkArchive(file);
  const target = await openTarget({ create: true });
  try {
    const started = Date.now();
    const server = await serverOf(target.url);
    const tool = await restorer(file, server.major);
    const applied = await checkNotNewer(tool, file);
    const tools = { dump: await dumperFor(server, target.label), restore: tool };
    const contents = await checkContents(file, target.url, applied, tools);
    await prepareTarget(target.url, values.clean ?? false);
    console.log(`Restoring ${file} into ${target.label} (PostgreSQL ${server.version}) with ${tool.path} (${tool.version}) ...`);

    const { dbname, env } = connection(target.url);
    const role = await restoringRole(target.url);
    const dir = await mkdtemp(join(tmpdir(), 'warehouse-restore-'));
    let code: number;
    try {
      // Only the entries checked; one transaction: a restore that fails leaves the database as empty as it found it.
      const list = join(dir, 'list');
      await writeFile(list, restoreList(contents.backup));
      const roleArgs = role ? [`--role=${role.name}`] : [];
      ({ code } = await run(tool.path, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-acl', ...roleArgs, `--use-list=${list}`, `--dbname=${dbname}`, file], env));
    } finally {
      await role?.release();
      await rm(dir, { recursive: true, force: true });
    }
    if (code !== 0) throw new ToolError(`The restore failed: pg_restore exited with ${code}; the database was left empty.`, EXIT.failed);
    // The rows' COPY statements were not rendered beforehand: what the restore made is compared once more.
    const made = unexpected(await schemaContents(target.url, tools), contents.reference);
    if (made.length > 0) {
      await emptyDatabase(target.url);
      throw new ToolError(`The restore made what this version's migrations do not make, and was undone:\n${listed(made)}\nThe database was left empty.`, EXIT.usage);
    }
    console.log(`Tables restored in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    try {
      const applied = await migrate(target.url, { log: (line) => console.log(`  migration ${line}`) });
      console.log(applied.length ? `Applied ${applied.length} migration(s) the backup did not have.` : 'The backup is of this version: no migration to apply.');
      await startProjectionOver(target.url);
      const rebuilding = Date.now();
      console.log('Rebuilding the read models from the events ...');
      const handle = createDatabase(target.url, { application: 'warehouse-restore' });
      try {
        const rebuilt = await rebuildReadModels(handle.db, projections);
        const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
        console.log(`Restored in ${seconds(started)} s (the read models rebuilt in ${seconds(rebuilding)} s): ${rebuilt.events} events. Start the app (npm start) on it.`);
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw new ToolError(`The tables were restored, but what follows failed: ${(error as Error).message}\nDo not start the app on this database; run the restore again with --clean.`, EXIT.failed);
    }
  } finally {
    await target.release();
  }
});

// A file pg_restore can read: pg_dump's custom format begins with PGDMP.
async function checkArchive(file: string): Promise<void> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(5);
      await handle.read(head, 0, 5, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new ToolError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`, EXIT.usage);
  }
  if (head.toString('latin1') !== 'PGDMP') {
    throw new ToolError(`${file} is not a backup made by npm run backup (a pg_dump archive in custom format begins with PGDMP). Nothing was changed.`, EXIT.usage);
  }
}

// The pg_restore to use: the server's own version first, else the nearest that reads the file (`--list` reads its
// table of contents: an archive of a newer pg_dump is refused by an older pg_restore).
async function restorer(file: string, major: number): Promise<Tool> {
  const tools = preferred(await findTools('pg_restore'), major);
  const said: string[] = [];
  for (const tool of tools) {
    const listed = await execText(tool.path, ['--list', file], { maxBuffer: 256 * 1024 * 1024 }).then(
      () => ({ ok: true, stderr: '' }),
      (error: { stderr?: string }) => ({ ok: false, stderr: String(error.stderr ?? '').trim() }),
    );
    if (listed.ok) return tool;
    said.push(`${tool.path}: ${listed.stderr}`);
    if (/not appear to be a valid archive|could not read (from )?input file|unexpected end of file|: end of file/i.test(listed.stderr)) {
      throw new ToolError(`${file} cannot be read as a backup: ${listed.stderr}. Nothing was changed.`, EXIT.usage);
    }
  }
  throw new ToolError(
    `No pg_restore here can read ${file} (found: ${describe(tools)}).${said.length ? `\n${said.join('\n')}` : ''}\n` +
      `Install the client programs of the PostgreSQL version that made the backup, or newer, or set PG_BINDIR to the directory holding its pg_restore.`,
    EXIT.noTool,
  );
}

// A backup made by a newer version of the app has migrations this one lacks: its tables are not what this version's
// projections and commands expect. Read from the archive's schema_migrations rows before anything is changed;
// answers the migrations it has.
async function checkNotNewer(tool: Tool, file: string): Promise<string[]> {
  const script = await execText(tool.path, ['--data-only', '--table=schema_migrations', '--file=-', file], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stderr?: string }) => {
      throw new ToolError(`${file} cannot be read as a backup: ${String(error.stderr ?? '').trim()}. Nothing was changed.`, EXIT.usage);
    },
  );
  const lines = script.split('\n');
  const start = lines.findIndex((line) => line.startsWith('COPY public.schema_migrations '));
  const end = lines.indexOf('\\.', start);
  const applied = start === -1 ? [] : lines.slice(start + 1, end).map((line) => line.split('\t')[0]!);
  const known = new Set(await migrationFiles());
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new ToolError(
      `${file} was made by a newer version of the app: its database has migration(s) ${unknown.join(', ')}, which this version lacks. ` +
        'Restore it with that version or a later one. Nothing was changed.',
      EXIT.usage,
    );
  }
  return applied;
}

// A backup holds only what the migrations it has applied make (archive-contents.ts): anything else is refused by
// name before anything is changed.
async function checkContents(
  file: string,
  url: string,
  applied: readonly string[],
  tools: { dump: Tool; restore: Tool },
): Promise<{ backup: ArchiveContents; reference: ArchiveContents }> {
  const [backup, reference] = await Promise.all([archiveContents(tools.restore, file), migratedContents(url, applied, tools)]);
  const problems = unexpected(backup, reference);
  if (problems.length === 0) return { backup, reference };
  throw new ToolError(
    `${file} holds what this version's migrations do not make, so it was not made by npm run backup or was changed since:\n${listed(problems)}\n` +
      'Restoring it would run what it holds. Nothing was changed.',
    EXIT.usage,
  );
}

function listed(problems: readonly string[]): string {
  const lines = problems.slice(0, 20).map((p) => `  ${p}`);
  if (problems.length > 20) lines.push(`  and ${problems.length - 20} more`);
  return lines.join('\n');
}

// pg_restore runs what the backup defines as the role it acts as. A superuser may run programs on the server (COPY ...
// TO PROGRAM) and read and write its files, so a superuser's restore acts as a role made for it that may only create
// objects in this database and the public schema; what it made is then handed to the connecting user and the role
// dropped. A connecting user that is not a superuser restores as itself. Null: no role needed.
async function restoringRole(url: string): Promise<{ name: string; release(): Promise<void> } | null> {
  const name = `wh_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const inDatabase = async (statements: (role: string) => string[]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ superuser: boolean }>('select rolsuper as superuser from pg_roles where rolname = current_user');
      if (!rows[0]?.superuser) return false;
      for (const statement of statements(client.escapeIdentifier(name))) await client.query(statement);
      return true;
    } finally {
      await client.end();
    }
  };
  const made = await inDatabase((role) => [
    'begin',
    `create role ${role} nologin nosuperuser nocreatedb nocreaterole noinherit`,
    `do $$ begin execute format('grant create on database %I to %I', current_database(), '${name}'); end $$`,
    `grant usage, create on schema public to ${role}`,
    'commit',
  ]);
  if (!made) return null;
  return {
    name,
    release: async () => {
      await inDatabase((role) => [`reassign owned by ${role} to current_user`, `drop owned by ${role}`, `drop role ${role}`]);
    },
  };
}

// A restore goes into an empty database nobody else uses: refused otherwise, with nothing changed, unless `clean`
// (then every schema of the database is dropped first, with everything in it, and public made again).
async function prepareTarget(url: string, clean: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const n = others.rows[0]!.n;
    if (n > 0) throw new ToolError(`${shown(url)} has ${n} other connection(s): is the app running on it? Stop it first. Nothing was changed.`, EXIT.refused);
    const held = await client.query<{ relations: number; events: boolean }>(
      `select count(*)::int as relations, bool_or(c.relname = 'events' and n.nspname = 'public') as events
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`,
    );
    const { relations, events } = held.rows[0]!;
    if (relations === 0) return;
    if (!clean) {
      const count = events ? (await client.query<{ n: string }>('select count(*)::text as n from events')).rows[0]!.n : null;
      throw new ToolError(
        `${shown(url)} is not empty: it holds ${relations} tables, sequences or views${count === null ? '' : `, and ${count} events`}. Nothing was changed.\n` +
          'Restore into an empty database (createdb, or a new DATA_DIR), or pass --clean to drop everything in this one first.',
        EXIT.refused,
      );
    }
    const schemas = await emptyDatabase(url);
    console.log(`--clean: dropped everything in ${shown(url)} (schemas ${schemas.join(', ')}).`);
  } finally {
    await client.end();
  }
}

// Drops every schema of the database with everything in it, and makes public again; answers the schemas dropped.
async function emptyDatabase(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schemas = await client.query<{ name: string }>(`select nspname as name from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%'`);
    await client.query('begin');
    for (const { name } of schemas.rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
    return schemas.rows.map((s) => s.name);
  } finally {
    await client.end();
  }
}

// The restored events are projected from the start, as if new: the read models were left out of the backup.
// Their transaction ids are the old server's; the projector reads only events below the current snapshot's xmin, in
// (transaction_id, global_position) order, and appends on this server take this server's ids. So where the old ids are
// not all below this server's, each is replaced by its rank among them (the order the old server's projector read
// them in), this server's counter first moved past the highest rank if need be.
async function startProjectionOver(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ highest: string | null; transactions: string; xmin: string }>(
      `select max(transaction_id)::text as highest, count(distinct transaction_id)::text as transactions,
              pg_snapshot_xmin(pg_current_snapshot())::text as xmin from events`,
    );
    const { highest, transactions, xmin } = rows[0]!;
    if (highest !== null && BigInt(highest) >= BigInt(xmin)) {
      // Ranks 1.. become ids 3.. (0 to 2 are reserved); all must lie below every later snapshot's xmin.
      const needed = BigInt(transactions) + 3n;
      await client.query(`set synchronous_commit = off`);
      for (;;) {
        const current = BigInt((await client.query<{ id: string }>('select pg_current_xact_id()::text as id')).rows[0]!.id);
        if (current > needed) break;
        const burn = Math.min(Number(needed - current) + 1, 1_000_000);
        console.log(`Moving this server's transaction counter past the backup's ${transactions} transactions (${burn} to go) ...`);
        await client.query(`do $$ begin for i in 1..${burn} loop perform pg_current_xact_id(); commit; end loop; end $$`);
      }
      await client.query('begin');
      await client.query('lock table events in access exclusive mode');
      // The append-only trigger refuses updates: this one rewrites history's bookkeeping, not its content.
      await client.query('alter table events disable trigger user');
      await client.query(`
        update events e set transaction_id = (r.rank + 2)::text::xid8
          from (select transaction_id, dense_rank() over (order by transaction_id) as rank from (select distinct transaction_id from events) d) r
         where e.transaction_id = r.transaction_id`);
      await client.query('alter table events enable trigger user');
      await client.query('commit');
    }
    await client.query(`update projector_checkpoints set last_tx = '0', last_pos = 0, updated_at = now()`);
    await client.query('delete from projector_faults');
    await client.query('delete from projection_stops');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
