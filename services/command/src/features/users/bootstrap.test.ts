import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '@wh/db/testing';
import { startServer } from '../../server.ts';
import { createAppContext } from '../../platform/app-context.ts';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../testing.ts';
import { ensureAdmin } from './bootstrap.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const context = () => createAppContext(loadConfig({}), t.database.db, t.watcher, () => new Date(), t.files);
const signIn = (password: string) => t.anonymous.post('/api/auth/login', { username: 'admin', password });

describe('the administrator password from ADMIN_PASSWORD', () => {
  it.each([
    ['only spaces', '        ', 'ADMIN_PASSWORD must not be blank'],
    ['six zero-width spaces', '\u200b'.repeat(6), 'ADMIN_PASSWORD must not be blank'],
    ['250 characters', 'x'.repeat(250), 'ADMIN_PASSWORD must be at most 200 characters'],
  ])('refuses %s and leaves the password as it was', async (_, password, message) => {
    const refused = ensureAdmin(context(), password);
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(ensureAdmin(context(), password)).rejects.toThrow(message);
    expect((await signIn(ADMIN_PASSWORD)).status).toBe(200);
  });

  it('takes a password with spaces around it as it is', async () => {
    expect(await ensureAdmin(context(), '  admin pass  ')).toMatchObject({ passwordReset: true });
    expect((await signIn('  admin pass  ')).status).toBe(200);
    expect((await signIn('admin pass')).status).toBe(401);
    expect(await ensureAdmin(context(), ADMIN_PASSWORD)).toMatchObject({ passwordReset: true });
  });
});

describe('the administrator on a new database', () => {
  it('is created once when several instances start together, and every one of them starts', async () => {
    const fresh = await createTestDatabase(inject('pgUrl'));
    try {
      const config = { ...loadConfig({}), DATABASE_URL: fresh.url, ADMIN_PASSWORD, LOG_LEVEL: 'silent' as const, PORT: 0 };
      const started = await Promise.allSettled(
        Array.from({ length: 3 }, () => startServer({ config, withProjector: false, listen: false, logger: false })),
      );
      const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      await Promise.all(servers.map((s) => s.close()));
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
      expect(servers.filter((s) => s.admin.created)).toHaveLength(1);
    } finally {
      await fresh.drop();
    }
  });
});
