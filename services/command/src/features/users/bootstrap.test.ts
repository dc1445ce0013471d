import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
