import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { canSeeWireTopic, type ReadModelsNotice } from '@wh/contracts';
import { startServer, type RunningServer } from '../server.ts';
import { ADMIN_PASSWORD, readinessOf, startTestApp, type TestApp } from '../testing.ts';
import { loadConfig } from './config.ts';

const WAIT = { timeout: 30_000, interval: 100 };

let t: TestApp;
// A second command instance on the same database, without a projector of its own.
let other: RunningServer;

beforeAll(async () => {
  t = await startTestApp({ config: { READ_YOUR_WRITES_TIMEOUT_MS: 200 } });
  other = await startServer({
    config: { ...loadConfig({}), DATABASE_URL: t.db.url, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1' },
    withProjector: false,
    listen: false,
    logger: false,
  });
});
afterAll(async () => {
  await other?.close();
  await t?.stop();
});

const readiness = (app = t.app) => readinessOf(app);

describe('GET /api/ready and a projection that fails for a passing cause', () => {
  it('reports the projector failing with the event and the error on every instance, and clears it once the projector is past it', async () => {
    const healthy = await readiness();
    expect(healthy.projector).toMatchObject({ status: 'ok', failure: null });

    // The users read model's table refuses one username with a serialization failure, a cause that may pass: the
    // projector retries the event (a projection that cannot apply an event stops instead: projection-stops.test.ts).
    await sql`
      create function refuse_faulty() returns trigger language plpgsql as $$
      begin
        if new.username = 'faulty' then raise exception using message = 'rm_users refuses ' || new.username, errcode = 'serialization_failure'; end if;
        return new;
      end $$`.execute(t.database.db);
    await sql`create trigger refuse_faulty before insert on rm_users for each row execute function refuse_faulty()`.execute(t.database.db);
    const notices: ReadModelsNotice[] = [];
    const unsubscribe = t.watcher.onChange((n) => notices.push(n));

    const admin = await t.asAdmin();
    const created = await admin.post('/api/users', { username: 'faulty', password: 'password1', role: 'worker', full_name: 'Faulty' });
    expect(created.status).toBe(201);
    expect(created.body.projected).toBe(false);
    const position = created.body.position as string;

    await vi.waitFor(async () => expect((await readiness()).projector.status).toBe('failing'), WAIT);
    for (const app of [t.app, other.app]) {
      const ready = await readiness(app);
      expect(ready.status).toBe('ready');
      expect(ready.projector.failure).toMatchObject({
        position,
        transaction_id: expect.stringMatching(/^\d+$/),
        event_type: 'UserCreated',
        projection: 'users',
        message: 'rm_users refuses faulty',
        attempts: expect.any(Number),
      });
      expect(BigInt(ready.projector.checkpoint_position)).toBeLessThan(BigInt(position));
      expect(ready.projector.lag_events).toBeGreaterThan(0);
    }
    // Announced, so a dashboard hears of it at once rather than at its next poll.
    await vi.waitFor(() => expect(notices.some((n) => n.topics.includes('system'))).toBe(true), WAIT);
    for (const role of ['manager', 'executive1', 'executive2', 'worker'] as const) expect(canSeeWireTopic({ id: 9, role }, 'system')).toBe(true);

    await sql`drop trigger refuse_faulty on rm_users`.execute(t.database.db);
    await vi.waitFor(async () => expect((await readiness()).projector).toMatchObject({ status: 'ok', failure: null, lag_events: 0 }), WAIT);
    expect((await readiness(other.app)).projector).toMatchObject({ status: 'ok', failure: null });
    const listed = await admin.get('/api/users?search=faulty');
    expect(listed.body.data.users.map((u: { username: string }) => u.username)).toContain('faulty');
    unsubscribe();
  });
});

describe('without a read replica (DATABASE_READ_URL unset)', () => {
  it('reads the primary: ready says no replica, answers carry no read_after, and a malformed X-Read-After is still a 400', async () => {
    expect((await readiness()).replica).toEqual({ configured: false, reachable: null, replay_position: null, lag_bytes: null, lag_seconds: null });
    const admin = await t.asAdmin();
    const created = await admin.post('/api/users', { username: 'no_replica', password: 'password1', role: 'worker', full_name: 'No Replica' });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('read_after');
    const read = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${admin.token}`, 'x-read-after': '0/16B3748' } });
    expect(read.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${admin.token}`, 'x-read-after': 'latest' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('X-Read-After');
  });
});
