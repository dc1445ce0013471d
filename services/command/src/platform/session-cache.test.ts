import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ReadModelsNotice } from '@wh/contracts';
import { startTestApp, type TestApp } from '../testing.ts';
import { SessionCache } from './auth.ts';

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
