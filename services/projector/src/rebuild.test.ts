import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { ADMIN_PASSWORD, startTestApp, type Answer, type TestApp } from '@wh/command/testing';
import { projections } from './projections/index.ts';
import { rebuildReadModels } from './rebuild.ts';
import { caughtUp, snapshot, tableOids, tablesKept } from './testing.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await journey();
  await caughtUp(app.database.db);
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

function ok<T>(answer: Answer<T>, status = 200): Answer<T> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer;
}

// Users and sessions through the HTTP API: every kind of user event, several users, sessions ended every way.
async function journey() {
  const admin = await app.asAdmin();
  const ids: Record<string, number> = {};
  for (const [username, role] of [
    ['alice', 'worker'],
    ['bob', 'executive1'],
    ['carol', 'executive2'],
    ['dave', 'manager'],
    ['erin', 'worker'],
  ] as const) {
    const created = ok(await admin.post('/api/users', { username, password: 'password1', role, full_name: `${username} Test` }), 201);
    ids[username] = created.body.data.id;
  }
  ok(await admin.put(`/api/users/${ids.alice}`, { full_name: 'Alice Liddell', email: 'alice@example.com' }));
  ok(await admin.put(`/api/users/${ids.bob}`, { role: 'executive2', username: 'bobby' }));
  ok(await admin.patch(`/api/users/${ids.carol}/toggle-status`));
  ok(await admin.patch(`/api/users/${ids.carol}/toggle-status`));
  ok(await admin.put(`/api/users/${ids.erin}`, { is_active: false }));

  const alice1 = await app.login('alice', 'password1');
  await app.login('alice', 'password1');
  const bob = await app.login('bobby', 'password1');
  const dave = await app.login('dave', 'password1');
  ok(await dave.post('/api/auth/logout'));
  // Ends alice's other sessions (password_changed), keeps none of the admin's.
  ok(await admin.patch(`/api/users/${ids.alice}/change-password`, { password: 'password2' }));
  expect((await alice1.get('/api/auth/me')).status).toBe(401);
  const alice2 = await app.login('alice', 'password2');
  ok(await alice2.post('/api/auth/logout'));
  expect((await bob.get('/api/auth/me')).status).toBe(200);
  ok(await admin.delete(`/api/users/${ids.bob}`)); // ends bob's session (deleted)
  ok(await admin.patch(`/api/users/${ids.bob}/restore`));
  await app.login('bobby', 'password1');
  ok(await admin.delete(`/api/users/${ids.dave}`));
  ok(await admin.patch(`/api/users/${ids.carol}/change-password`, { password: 'password3' }));
  await app.login('carol', 'password3');
  await app.login('admin', ADMIN_PASSWORD);
}


async function eventCount(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(db);
  return rows[0]!.n;
}

describe('rebuilding the read models', () => {
  it('rebuildReadModels reproduces exactly what the live projector built', async () => {
    const db = app.database.db;
    const live = await snapshot(db);
    // The journey produced something worth comparing.
    expect(live.rm_users!.length).toBeGreaterThanOrEqual(6);
    expect(live.rm_user_sessions!.length).toBeGreaterThanOrEqual(7);
    const reasons = new Set((live.rm_user_sessions as { end_reason: string | null }[]).map((s) => s.end_reason));
    expect(reasons).toEqual(new Set([null, 'logout', 'password_changed', 'deleted']));

    const result = await rebuildReadModels(db, projections);
    expect(result.events).toBe(await eventCount(db));
    const { rows } = await sql<{ tx: string; pos: string }>`
      select transaction_id::text as tx, global_position::text as pos from events
       order by transaction_id desc, global_position desc limit 1`.execute(db);
    expect(result.checkpoint).toEqual(rows[0]);

    expect(await snapshot(db)).toEqual(live);
  });

  it('rebuildReadModels leaves every read-model index as it found it, including those it builds once the rows are in', async () => {
    const db = app.database.db;
    const indexes = async () =>
      (
        await sql<{ def: string }>`
          select indexdef as def from pg_indexes
           where schemaname = current_schema() and tablename like 'rm\\_%' order by indexname`.execute(db)
      ).rows.map((r) => r.def);
    const before = await indexes();
    // The trigram and GIN indexes are among those built once the rows are in.
    expect(before.some((d) => / using (gin|gist) /i.test(d))).toBe(true);
    await rebuildReadModels(db, projections);
    expect(await indexes()).toEqual(before);
  });

  it('npm run projections:rebuild exits 0 and leaves the tables equal to the live ones', async () => {
    const db = app.database.db;
    await caughtUp(db);
    const live = await snapshot(db);
    const oids = await tableOids(db);

    const { stdout } = await run('npm', ['run', '--silent', 'projections:rebuild'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: app.db.url },
      timeout: 60_000,
    });
    expect(stdout).toContain(`rebuilt read models from ${await eventCount(db)} events`);
    expect(await snapshot(db)).toEqual(live);
    // New tables, built from the events: not the live ones left as they were.
    expect(await tablesKept(db, oids)).toEqual([]);
  }, 300_000);
});
