import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { READ_MODEL_TABLES } from '@wh/db';
import { connection, dumperFor, EXIT, main, openTarget, run, serverOf, ToolError } from './database-tools.ts';

// `npm run backup -- <file>`: a consistent copy of the whole database (pg_dump's custom format, one snapshot) while
// the app keeps running. The read models' rows are left out: `npm run restore` rebuilds them from the events.
const USAGE = `Usage: npm run backup -- <file>
  Backs up DATABASE_URL, or when it is unset the embedded database npm start uses (under DATA_DIR, default ./.data),
  into <file> with PostgreSQL's pg_dump (custom format). The app may keep running meanwhile.
  PG_BINDIR: the directory of the pg_dump to use (by default one of the server's version is looked for).`;

// Left out as well: the schemas a projection rebuild builds in and retires to (rebuild.ts), if one is running.
const REBUILD_SCHEMAS = ['wh_rebuild', 'wh_retired'];

await main(async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) throw new ToolError(USAGE, EXIT.usage);
  const file = resolve(positionals[0]!);
  const target = await openTarget({ create: false });
  try {
    const server = await serverOf(target.url);
    const tool = await dumperFor(server, target.label);
    console.log(`Backing up ${target.label} (PostgreSQL ${server.version}) with ${tool.path} (${tool.version}) into ${file} ...`);
    const { dbname, env } = connection(target.url);
    // Written beside the file and renamed when complete: a backup cut short never looks like a whole one.
    const partial = `${file}.partial`;
    // It holds password hashes and sessions: made readable by its owner only before pg_dump writes into it.
    await rm(partial, { force: true });
    await writeFile(partial, '', { mode: 0o600 });
    const started = Date.now();
    const { code, stderr } = await run(
      tool.path,
      [
        '--format=custom',
        '--no-owner',
        '--no-acl',
        `--file=${partial}`,
        ...READ_MODEL_TABLES.map((table) => `--exclude-table-data=public.${table}`),
        ...REBUILD_SCHEMAS.map((schema) => `--exclude-schema=${schema}`),
        `--dbname=${dbname}`,
      ],
      env,
    );
    if (code !== 0) {
      await rm(partial, { force: true });
      throw new ToolError(`The backup failed: pg_dump exited with ${code}${stderr.trim() ? '' : ' and said nothing'}. Nothing was written to ${file}.`, EXIT.failed);
    }
    await rename(partial, file);
    const { size } = await stat(file);
    console.log(`Backed up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file} (${(size / 1024 / 1024).toFixed(1)} MB). Restore it with: npm run restore -- ${file}`);
  } finally {
    await target.release();
  }
});
