import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { delimiter, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { clusterHome, execText, startEmbeddedPostgres } from './embedded-postgres.ts';

// What `npm run backup` and `npm run restore` share: the database they work on (DATABASE_URL, else the embedded one
// `npm start` uses), PostgreSQL's own pg_dump and pg_restore of a version that fits its server, and the exit codes.

export const EXIT = {
  // Something failed on the way (the database, pg_dump or pg_restore said why).
  failed: 1,
  // The command line or the file is wrong.
  usage: 2,
  // The target database holds data, or others are connected to it.
  refused: 3,
  // No pg_dump or pg_restore fits the server's version.
  noTool: 4,
} as const;

export class ToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const EMBEDDED_DATABASE = 'warehouse';

// A URL as it may be shown: without its password.
export function shown(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

export interface Target {
  url: string;
  // How it is named to the user, without secrets.
  label: string;
  // Ends what this command started (an embedded cluster that was not running); nothing otherwise.
  release(): Promise<void>;
}

// The database to back up or restore into: DATABASE_URL if set, else the embedded cluster of DATA_DIR (default
// ./.data; as root possibly kept elsewhere: embedded-postgres.ts). A running cluster (the app is up) is used as it
// runs; one that is not is started for the command and stopped after it. `create`: a cluster not made yet is made
// (restore); otherwise its absence is an error (backup).
export async function openTarget(options: { create: boolean }): Promise<Target> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, label: shown(url), release: async () => {} };
  const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
  const home = await clusterHome(dataDir);
  const where = home.startsWith(`${root}/`) ? `./${relative(root, home)}` : home;
  const made = existsSync(join(home, 'pg', 'PG_VERSION'));
  if (!made && !options.create) {
    throw new ToolError(`DATABASE_URL is not set and there is no embedded database under ${where}: nothing to back up (set DATA_DIR if npm start used another).`, EXIT.usage);
  }
  if (made) {
    const running = await runningCluster(home);
    if (running) return { url: running, label: `the embedded database under ${where} (running, port ${new URL(running).port})`, release: async () => {} };
  }
  const started = await startEmbeddedPostgres(dataDir, EMBEDDED_DATABASE);
  return { url: started.url, label: `the embedded database under ${where} (started for this command)`, release: () => started.stop() };
}

// The URL of the embedded cluster kept in `home` if its server is up (postmaster.pid names its port), else null.
async function runningCluster(home: string): Promise<string | null> {
  const pid = await readFile(join(home, 'pg', 'postmaster.pid'), 'utf8').catch(() => null);
  const port = pid?.split('\n')[3]?.trim();
  if (!port || !/^\d+$/.test(port)) return null;
  const password = (await readFile(join(home, 'pg-password'), 'utf8')).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return url;
  } catch {
    // A pid file left by a server that died: the cluster is started like a stopped one.
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface Server {
  // server_version_num's major: 15 for 150018.
  major: number;
  version: string;
}

export async function serverOf(url: string): Promise<Server> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ num: string; version: string }>(`select current_setting('server_version_num') as num, current_setting('server_version') as version`);
    return { major: Math.floor(Number(rows[0]!.num) / 10_000), version: rows[0]!.version };
  } catch (error) {
    throw new ToolError(`Cannot connect to ${shown(url)}: ${(error as Error).message}`, EXIT.failed);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface Tool {
  path: string;
  major: number;
  // What `--version` printed, e.g. "pg_dump (PostgreSQL) 15.18".
  version: string;
}

// Every copy of a PostgreSQL program on this machine, each once: PG_BINDIR if set (then only there), else the
// Debian layout's /usr/lib/postgresql/<major>/bin, `pg_config --bindir` and PATH. (The embedded-postgres package
// ships only initdb, pg_ctl and postgres.)
export async function findTools(name: 'pg_dump' | 'pg_restore'): Promise<Tool[]> {
  const dirs: string[] = [];
  if (process.env.PG_BINDIR) dirs.push(process.env.PG_BINDIR);
  else {
    const debian = '/usr/lib/postgresql';
    for (const major of await readdir(debian).catch(() => [] as string[])) dirs.push(join(debian, major, 'bin'));
    const bindir = await execText('pg_config', ['--bindir']).catch(() => '');
    if (bindir) dirs.push(bindir);
    dirs.push(...(process.env.PATH ?? '').split(delimiter).filter(Boolean));
  }
  const seen = new Set<string>();
  const tools: Tool[] = [];
  for (const dir of dirs) {
    const candidate = join(dir, name);
    if (!existsSync(candidate)) continue;
    const real = await realpath(candidate).catch(() => candidate);
    if (seen.has(real)) continue;
    seen.add(real);
    const version = await execText(candidate, ['--version']).catch(() => '');
    const match = /\)\s+(\d+)(?:\.\d+)?/.exec(version);
    // Debian's /usr/bin/pg_dump is a wrapper running one of /usr/lib/postgresql/*/bin: the same program twice.
    if (match && !tools.some((t) => t.version === version)) tools.push({ path: candidate, major: Number(match[1]), version });
  }
  return tools;
}

// The order to try them in for a server: its own major first, then newer ones from the nearest up (pg_dump dumps
// older servers; pg_restore reads older archives), then older ones from the nearest down (pg_restore only).
export function preferred(tools: readonly Tool[], major: number): Tool[] {
  const rank = (t: Tool) => (t.major === major ? 0 : t.major > major ? t.major - major : 1000 + major - t.major);
  return [...tools].sort((a, b) => rank(a) - rank(b));
}

// The pg_dump for a server: pg_dump refuses a server newer than itself.
export async function dumperFor(server: Server, label: string): Promise<Tool> {
  const tools = await findTools('pg_dump');
  const tool = preferred(tools, server.major).find((t) => t.major >= server.major);
  if (tool) return tool;
  throw new ToolError(
    `No pg_dump of PostgreSQL ${server.major} or newer was found for ${label} (PostgreSQL ${server.version}); found: ${describe(tools)}.\n` +
      `Install PostgreSQL ${server.major}'s client programs (Debian and Ubuntu: postgresql-client-${server.major}, from the PostgreSQL apt repository if the system has none) ` +
      `or set PG_BINDIR to the directory holding its pg_dump.`,
    EXIT.noTool,
  );
}

export function describe(tools: readonly Tool[]): string {
  return tools.length === 0 ? 'none found' : tools.map((t) => `${t.path} (${t.version})`).join(', ');
}

// How a PostgreSQL program reaches the database: the URL without its password (a command line is visible to every
// user of the machine), the password in its environment.
export function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGAPPNAME: 'warehouse-backup' } };
}

// Runs a program with its output passed through; answers its exit code and what it wrote to stderr.
export function run(path: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(path, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise({ code: code ?? (signal ? 128 : 1), stderr }));
  });
}

// A command's main: its errors printed as messages, its exit code kept.
export async function main(body: () => Promise<void>): Promise<void> {
  try {
    await body();
    process.exit(0);
  } catch (error) {
    if (error instanceof ToolError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    console.error(error);
    process.exit(EXIT.failed);
  }
}
