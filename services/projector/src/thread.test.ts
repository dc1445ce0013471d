import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/migrations';
import { createTestDatabase, type TestDatabase } from '@wh/migrations/testing';
import { Projector } from './runner.ts';
import { projections } from './projections/index.ts';
import { ProjectorThread } from './thread.ts';

const WAIT = { timeout: 30_000, interval: 50 };

let testDb: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'thread-test' });
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const checkpoint = async () =>
  (await handle.db.selectFrom('projector_checkpoints').select('last_pos').where('name', '=', 'main').executeTakeFirstOrThrow()).last_pos;

describe('the projector in a worker thread', () => {
  it('projects what is appended, reports its state, and hands over to another projector once stopped', async () => {
    const thread = new ProjectorThread({ databaseUrl: testDb.url, pollMs: 100 });
    thread.start();
    await thread.whenActive();
    expect(thread.state).toBe('active');
    const user = { user_id: 4343, username: 'threaded', email: null, full_name: null, role: 'worker', is_active: true, at: '2024-01-01T00:00:00.000Z' };
    await sql`insert into events (stream_id, stream_version, event_type, data, metadata)
              values ('user-4343', 1, 'UserCreated', ${JSON.stringify(user)}::jsonb, '{}'::jsonb)`.execute(handle.db);
    const { position } = await handle.db.selectFrom('events').select((eb) => eb.fn.max('global_position').as('position')).executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect(BigInt(await checkpoint())).toBeGreaterThanOrEqual(BigInt(String(position))), WAIT);
    const row = await handle.db.selectFrom('rm_users').select('username').where('id', '=', 4343).executeTakeFirst();
    expect(row?.username).toBe('threaded');

    // One active projector per database: a second waits while the thread holds the lock, and takes over after stop.
    const other = new Projector({ databaseUrl: testDb.url, db: handle.db, projections, pollMs: 50 });
    other.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(other.state).toBe('standby');
    await thread.stop();
    expect(thread.state).toBe('stopped');
    await vi.waitFor(() => expect(other.state).toBe('active'), WAIT);
    await other.stop();
  }, 60_000);
});
