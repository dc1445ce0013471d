import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, queryRows } from '@wh/db/testing';
import { snapshot } from '@wh/projector/testing';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../services/command/src/testing.ts';
import { makeEveryKindHistory } from '../test/every-kind.ts';
import { runScript } from '../test/run-script.ts';
import { findTools } from './database-tools.ts';
import { clusterHome, embeddedMajor, startEmbeddedPostgres } from './embedded-postgres.ts';

// Backup and restore with DATABASE_URL unset: the embedded cluster of DATA_DIR, started for the command when it is
// not running and stopped after, used as it runs when the app is up. A fresh cluster's transaction counter starts far
// below the one the backup was taken on.

let original: TestApp;
let dir: string;

beforeAll(async () => {
  original = await startTestApp({ listen: true });
  // The original's transaction ids well above a new cluster's, wherever the test server's counter stands.
  await queryRows(original.db.url, `do $$ begin for i in 1..3000 loop perform pg_current_xact_id(); commit; end loop; end $$`);
  await makeEveryKindHistory(original.url, { username: 'admin', password: ADMIN_PASSWORD });
  // More transactions with events than a new cluster has used transaction ids: their ranks do not fit below its
  // counter until it has moved on.
  const admin = await original.asAdmin();
  const sku = ((await admin.get(`/api/inventory/as-of?location=A-1-1&at=${encodeURIComponent(new Date().toISOString())}`)).body.data.stock[0] as { sku: string }).sku;
  for (let i = 0; i < 800; i++) {
    const res = await admin.post('/api/inventory/adjust', { sku, adjustment_type: i % 2 ? 'decrease' : 'increase', quantity: 1, reason: 'Physical count discrepancy', location: 'A-1-1' });
    expect(res.status).toBe(201);
  }
  dir = await mkdtemp(join(tmpdir(), 'warehouse-embedded-backup-'));
}, 300_000);

afterAll(async () => {
  await original?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('restores into a new embedded cluster made for it, where the app then runs with every read model as the original, and backs it up running or stopped', async () => {
    const file = join(dir, 'warehouse.dump');
    const backup = await runScript('backup.ts', [file], { DATABASE_URL: original.db.url });
    expect(backup.code, backup.out).toBe(0);
    // Password hashes and sessions are in it: only its owner may read it.
    expect((await stat(file)).mode & 0o077).toBe(0);

    const dataDir = join(dir, 'data');
    const embedded = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    const restore = await runScript('restore.ts', [file], embedded);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/into the embedded database under \S+ \(started for this command\)/);
    expect(restore.out).toMatch(/Moving this server's transaction counter past the backup's \d+ transactions/);
    const home = await clusterHome(dataDir);
    // A pg_dump of the embedded server's major version or newer: the backup of the embedded database needs one.
    const major = await embeddedMajor();
    const fits = (await findTools('pg_dump')).some((t) => t.major >= major);
    expect(restore.out).not.toContain((await readFile(join(home, 'pg-password'), 'utf8')).trim());
    // Stopped again: the command started it only for itself.
    expect(existsSync(join(home, 'pg', 'postmaster.pid'))).toBe(false);

    const cluster = await startEmbeddedPostgres(dataDir, 'warehouse');
    let app: TestApp | null = null;
    try {
      // The restored history lies below every snapshot of the new cluster, in the order the original read it.
      const order = `select max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()) as below,
                            array_agg(global_position order by transaction_id, global_position)::text as read_order from events`;
      const [restored] = await queryRows<{ below: boolean; read_order: string }>(cluster.url, order);
      const [before] = await queryRows<{ read_order: string }>(original.db.url, order);
      expect(restored!.below).toBe(true);
      expect(restored!.read_order).toBe(before!.read_order);
      app = await startTestApp({ database: { url: cluster.url, name: 'warehouse', drop: async () => {} } });
      expect(await snapshot(app.database.db)).toEqual(await snapshot(original.database.db));
      // New commands take the new cluster's transaction ids, after the history's, and are projected.
      const admin = await app.login('admin', ADMIN_PASSWORD);
      const created = await admin.post('/api/users', { username: 'after.restore', password: 'password1', role: 'worker', full_name: 'After Restore' });
      expect(created.status).toBe(201);
      expect((await admin.get('/api/users?search=after.restore')).body.data.users).toHaveLength(1);

      // The app running: the backup uses its cluster as it runs; a restore into it is refused.
      const running = await runScript('backup.ts', [join(dir, 'running.dump')], embedded);
      if (fits) {
        expect(running.code, running.out).toBe(0);
        expect(running.out).toMatch(/Backing up the embedded database under \S+ \(running, port \d+\)/);
      } else {
        // No pg_dump here is recent enough for the embedded PostgreSQL: said so, with what to install.
        expect(running.code, running.out).toBe(4);
        expect(running.out).toMatch(/No pg_dump of PostgreSQL \d+ or newer was found for the embedded database under \S+ \(running, port \d+\)/);
        expect(running.out).toContain('PG_BINDIR');
      }
      const refused = await runScript('restore.ts', [file], embedded);
      expect(refused.code, refused.out).toBe(3);
    } finally {
      await app?.close();
      await cluster.stop();
    }

    // The app stopped: the backup starts the cluster for itself and stops it after.
    const stopped = await runScript('backup.ts', [join(dir, 'stopped.dump')], embedded);
    expect(stopped.code, stopped.out).toBe(fits ? 0 : 4);
    expect(stopped.out).toMatch(/the embedded database under \S+ \(started for this command\)/);
    expect(existsSync(join(home, 'pg', 'postmaster.pid'))).toBe(false);
    if (!fits) return;
    // What the embedded database's backup holds comes back on a server: the same events and users.
    const elsewhere = await createTestDatabase(inject('pgUrl'), { migrate: false });
    try {
      const restored = await runScript('restore.ts', [join(dir, 'stopped.dump')], { DATABASE_URL: elsewhere.url });
      expect(restored.code, restored.out).toBe(0);
      const held = `select (select count(*) from events)::int as events, (select string_agg(username, ',' order by id) from user_registry) as users`;
      const cluster = await startEmbeddedPostgres(dataDir);
      try {
        expect(await queryRows(elsewhere.url, held)).toEqual(await queryRows(cluster.url, held));
      } finally {
        await cluster.stop();
      }
    } finally {
      await elsewhere.drop();
    }
  }, 300_000);

  it('says there is nothing to back up when DATA_DIR holds no embedded database', async () => {
    const none = await runScript('backup.ts', [join(dir, 'none.dump')], { DATABASE_URL: undefined, DATA_DIR: join(dir, 'nothing-here') });
    expect(none.code).toBe(2);
    expect(none.out).toContain('there is no embedded database under');
  });
});
