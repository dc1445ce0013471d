import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { ReadModelsNotice } from '@wh/contracts';
import { caughtUp } from '@wh/projector/testing';
import { startTestApp, type TestApp } from '../testing.ts';
import { createAppContext } from './app-context.ts';
import { SessionCache } from './auth.ts';
import { loadConfig } from './config.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const row = { id: 's1', user_id: 7, created_at: new Date(), last_seen_at: new Date(), username: 'w', role: 'worker', status: 'active' };

describe('SessionCache', () => {
  it('keeps nothing while changes made elsewhere cannot reach this process', () => {
    const cache = new SessionCache(() => false);
    cache.set('k', row);
    expect(cache.get('k')).toBeUndefined();
  });

  it('forgets every session when cleared', () => {
    const cache = new SessionCache();
    cache.set('k', row);
    expect(cache.get('k')).toBe(row);
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps users under the same rules: nothing while deaf to other instances, everything forgotten when cleared', () => {
    const worker = { id: 7, username: 'w', role: 'worker', status: 'active' };
    const deaf = new SessionCache(() => false);
    deaf.setUser(7, worker);
    expect(deaf.getUser(7)).toBeUndefined();
    const cache = new SessionCache();
    cache.setUser(7, worker);
    expect(cache.getUser(7)).toBe(worker);
    cache.clear();
    expect(cache.getUser(7)).toBeUndefined();
  });
});

// Sends a notice as the projector would and resolves once this process's watcher has handed it on.
async function announce(topics: string[]): Promise<void> {
  const marker = `test-notice-${Math.random().toString(16).slice(2)}`;
  const heard = new Promise<void>((resolve) => {
    const stop = t.watcher.onChange((notice) => {
      if (notice.topics.includes(marker)) {
        stop();
        resolve();
      }
    });
  });
  const notice: ReadModelsNotice = { tx: '0', pos: '0', topics: [...topics, marker] };
  await sql`select pg_notify('read_models', ${JSON.stringify(notice)})`.execute(t.database.db);
  await heard;
}

describe('the caches and the * notice (a rebuild: everything may have changed)', () => {
  it("empties the app's session and user cache, which other topics leave alone", async () => {
    // The projector's own notices (the admin's creation names `users`) are all heard before this one's marker.
    await caughtUp(t.database.db);
    await announce([]);
    // The cache's clock stands still: only a clear can empty it here, not its one-second age limit.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const ctx = createAppContext(loadConfig({}), t.database.db, t.watcher, () => new Date(), t.files);
      const worker = { id: 7, username: 'w', role: 'worker', status: 'active' };
      ctx.sessionCache.set('k', row);
      ctx.sessionCache.setUser(7, worker);
      await announce(['inventory', 'order:3']);
      expect(ctx.sessionCache.get('k')).toBe(row);
      expect(ctx.sessionCache.getUser(7)).toBe(worker);
      await announce(['*']);
      expect(ctx.sessionCache.get('k')).toBeUndefined();
      expect(ctx.sessionCache.getUser(7)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a just-used session ended elsewhere as soon as a * notice arrives', async () => {
    const worker = await t.userWithRole('worker');
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    await t.database.db.updateTable('sessions').set({ ended_at: new Date(), end_reason: 'logout' }).where('user_id', '=', worker.id).execute();
    await announce(['*']);
    expect((await worker.get('/api/auth/me')).status).toBe(401);
  });
});

describe('signed-in requests and the session cache', () => {
  it('refuses a just-used session ended by another instance as soon as its users notice arrives', async () => {
    const worker = await t.userWithRole('worker');
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    // Another instance ended the session: its rows changed, and its projector's notice names the users topic.
    await t.database.db.updateTable('sessions').set({ ended_at: new Date(), end_reason: 'logout' }).where('user_id', '=', worker.id).execute();
    const heard = new Promise<void>((resolve) => {
      const stop = t.watcher.onChange((notice) => {
        if (notice.topics.includes('test-users-notice')) {
          stop();
          resolve();
        }
      });
    });
    const notice: ReadModelsNotice = { tx: '0', pos: '0', topics: ['users', `user:${worker.id}`, 'test-users-notice'] };
    await sql`select pg_notify('read_models', ${JSON.stringify(notice)})`.execute(t.database.db);
    await heard;
    const after = await worker.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Token expired or invalid');
  });

  it('refuses a just-used session right after its user is deactivated on this instance', async () => {
    const admin = await t.asAdmin();
    const worker = await t.userWithRole('worker');
    expect((await worker.get('/api/orders')).status).toBe(200);
    expect((await admin.patch(`/api/users/${worker.id}/toggle-status`, {})).status).toBe(200);
    expect((await worker.get('/api/orders')).status).toBe(401);
  });
});
