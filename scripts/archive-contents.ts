import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '@wh/db';
import { connection, EXIT, run, shown, ToolError, type Tool } from './database-tools.ts';
import { execText } from './embedded-postgres.ts';

// What `npm run restore` lets a backup hold: the objects this version's migrations create, as they create them. A
// backup is a program: pg_restore runs every definition in it (a check constraint's expression runs on every row
// loaded, a function anything it says), so a file edited, or a database changed before it was backed up, would run
// what it was given. The archive's table of contents is rendered as pg_restore would run it (every entry but the
// table rows) and compared, entry by entry, with that of a database the migrations made for the purpose.

export interface ArchiveContents {
  // "TYPE schema name" (as pg_restore names it) -> the SQL it runs.
  entries: Map<string, string[]>;
  // What runs before the first entry (settings).
  preamble: string;
  // The tables whose rows the archive holds: "schema.name".
  data: string[];
  // The major versions of the server it was dumped from and of its pg_dump (its header).
  fromMajor: number | null;
  byMajor: number | null;
  // Its table of contents (pg_restore --list).
  list: string;
}

// The table of contents to restore: the archive's, less the public schema and its comment (a database has one, made
// by initdb; only its owner may comment on it).
export function restoreList(contents: ArchiveContents): string {
  return `${contents.list
    .split('\n')
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA - public|COMMENT - SCHEMA public)( |$)/.test(line))
    .join('\n')}\n`;
}

const HEADER = /^--\n-- (?:Data for )?Name: (.*); Type: (.*); Schema: (.*); Owner: .*\n--\n/gm;

// Lines pg_restore writes of its own accord: psql's \restrict guard (a random key each time), the dump's versions, and
// the table space and access method it sets before a table (after the entry before it, wherever the entries fall).
const NOISE = /^(\\restrict |\\unrestrict |-- Dumped (from|by) |-- PostgreSQL database dump|SET default_tablespace = '';$|SET default_table_access_method = heap;$|--$|$)/;

// The preamble without its noise; an entry without the noise after it (inside it, every line counts).
function tidy(text: string, where: 'preamble' | 'entry'): string {
  const lines = text.split('\n');
  if (where === 'preamble') return lines.filter((line) => !NOISE.test(line)).join('\n');
  while (lines.length > 0 && NOISE.test(lines.at(-1)!)) lines.pop();
  return lines.join('\n').trim();
}

// A script of pg_restore split into its entries.
export function scriptEntries(script: string): Pick<ArchiveContents, 'entries' | 'preamble'> {
  const entries = new Map<string, string[]>();
  const headers = [...script.matchAll(HEADER)];
  const preamble = tidy(script.slice(0, headers[0]?.index ?? script.length), 'preamble');
  headers.forEach((h, i) => {
    const key = `${h[2]} ${h[3]} ${h[1]}`;
    const body = tidy(script.slice(h.index + h[0].length, headers[i + 1]?.index ?? script.length), 'entry');
    entries.set(key, [...(entries.get(key) ?? []), body]);
  });
  return { entries, preamble };
}

const major = (list: string, label: string) => {
  const m = new RegExp(`^;\\s+${label}: (\\d+)`, 'm').exec(list);
  return m ? Number(m[1]) : null;
};

// The archive's contents, read with `tool` (pg_restore); nothing is run against a database.
export async function archiveContents(tool: Tool, file: string): Promise<ArchiveContents> {
  const list = await execText(tool.path, ['--list', file], { maxBuffer: 256 * 1024 * 1024 });
  const data: string[] = [];
  const kept: string[] = [];
  for (const line of list.split('\n')) {
    const rows = /^\d+; \d+ \d+ TABLE DATA (\S+) (\S+)/.exec(line);
    if (rows) data.push(`${rows[1]}.${rows[2]}`);
    else kept.push(line);
  }
  const dir = await mkdtemp(join(tmpdir(), 'warehouse-restore-'));
  try {
    await writeFile(join(dir, 'list'), `${kept.join('\n')}\n`);
    const script = await execText(tool.path, ['--no-owner', '--no-acl', `--use-list=${join(dir, 'list')}`, '--file=-', file], { maxBuffer: 256 * 1024 * 1024 });
    return { ...scriptEntries(script), data, fromMajor: major(list, 'Dumped from database version'), byMajor: major(list, 'Dumped by pg_dump version'), list };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// The contents of a backup of a database made by the migrations `applied` (the backup's schema_migrations): a
// database made for the purpose beside `url`'s (CREATEDB is needed), migrated, dumped without rows, and dropped.
export async function migratedContents(url: string, applied: readonly string[], tools: { dump: Tool; restore: Tool }): Promise<ArchiveContents> {
  const name = `wh_restore_check_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${admin.escapeIdentifier(name)} template template0`).catch((error: Error) => {
      throw new ToolError(
        `Cannot check the backup: it is compared with a database the migrations make for the purpose, and creating one failed (${error.message}). ` +
          'The role restoring needs CREATEDB. Nothing was changed.',
        EXIT.failed,
      );
    });
    try {
      const scratch = new URL(url);
      scratch.pathname = `/${name}`;
      const last = [...applied].sort().at(-1);
      if (last !== undefined) await migrate(scratch.toString(), { until: last });
      return await schemaContents(scratch.toString(), tools);
    } finally {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

// The contents of a database's schema, as a backup of it would hold them.
export async function schemaContents(url: string, tools: { dump: Tool; restore: Tool }): Promise<ArchiveContents> {
  const dir = await mkdtemp(join(tmpdir(), 'warehouse-restore-'));
  try {
    const file = join(dir, 'schema.dump');
    const { dbname, env } = connection(url);
    const { code } = await run(tools.dump.path, ['--format=custom', '--schema-only', '--no-owner', '--no-acl', `--file=${file}`, `--dbname=${dbname}`], env);
    if (code !== 0) throw new ToolError(`Cannot check the backup: pg_dump of ${shown(url)} exited with ${code}.`, EXIT.failed);
    return await archiveContents(tools.restore, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// The public schema as pg_dump writes it when it is not as initdb made it: nothing to run, or made again.
const PUBLIC_SCHEMA: Record<string, (body: string) => boolean> = {
  'SCHEMA - public': (body) => body === '-- *not* creating schema, since initdb creates it' || body === 'CREATE SCHEMA public;',
  'COMMENT - SCHEMA public': (body) => /^COMMENT ON SCHEMA public IS '(standard public schema)?';$/.test(body),
};

const SEQUENCE_SET = /^SELECT pg_catalog\.setval\('public\.([a-z0-9_]+)', \d+, (true|false)\);$/;

// What the backup holds that the migrations do not make, each named; empty when it holds only theirs. Definitions are
// compared when both were dumped from a server and by a pg_dump of the same major versions as the reference (another
// major writes some definitions otherwise; a restored database, dumped here, always is); names always.
export function unexpected(backup: ArchiveContents, reference: ArchiveContents): string[] {
  const definitions = backup.fromMajor === reference.fromMajor && backup.byMajor === reference.byMajor;
  const problems: string[] = [];
  if (definitions && backup.preamble !== reference.preamble) problems.push('settings before its first object that a backup does not have');
  for (const [key, bodies] of backup.entries) {
    if (bodies.length > 1) problems.push(`${key} (${bodies.length} times)`);
    const body = bodies[0]!;
    if (PUBLIC_SCHEMA[key]?.(body)) continue;
    if (key.startsWith('SEQUENCE SET ')) {
      const set = SEQUENCE_SET.exec(body);
      if (!set || `SEQUENCE SET public ${set[1]}` !== key || !reference.entries.has(`SEQUENCE public ${set[1]}`)) problems.push(`${key} (not a sequence of this version, or not only its value)`);
      continue;
    }
    const expected = reference.entries.get(key);
    if (!expected) problems.push(`${key} (not made by this version's migrations)`);
    else if (definitions && expected[0] !== body) problems.push(`${key} (defined otherwise than this version's migrations define it)`);
  }
  for (const table of backup.data) {
    const [schema, name] = table.split('.');
    if (!reference.entries.has(`TABLE ${schema} ${name}`)) problems.push(`rows of ${table} (not a table of this version's migrations)`);
  }
  return problems;
}
