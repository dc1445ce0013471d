import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME_FIXED } from '@wh/contracts';
import { ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from '../../testing.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.stop());

describe('POST /api/auth/login', () => {
  it('returns a token and the user with the permissions of the role', async () => {
    const res = await t.anonymous.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.data.user).toMatchObject({ id: 1, username: 'admin', role: 'manager', is_active: true });
    expect(res.body.data.user.permissions).toContain('users:manage');
    expect(res.body.data.user.last_login_at).not.toBeNull();
  });

  it('accepts the username in any case and with spaces around it', async () => {
    const res = await t.anonymous.post('/api/auth/login', { username: '  ADMIN ', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await t.anonymous.post('/api/auth/login', { username: 'admin', password: 'nope-nope' });
    const unknown = await t.anonymous.post('/api/auth/login', { username: 'nobody', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    expect(unknown.body.message).toBe('Invalid username or password');
  });

  it('refuses blank fields with the spec wording', async () => {
    const res = await t.anonymous.post('/api/auth/login', { username: '   ', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Username is required', error: { code: 'VALIDATION_FAILED' } });
    const noPassword = await t.anonymous.post('/api/auth/login', { username: 'admin', password: '  ' });
    expect(noPassword.body.message).toBe('Password is required');
  });

  it('refuses a password longer than any password can be set to, with the same limit', async () => {
    const res = await t.anonymous.post('/api/auth/login', { username: 'admin', password: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at most 200 characters');
  });
});

describe('POST /api/auth/logout and GET /api/auth/me', () => {
  it('ends the session: the token stops working at once', async () => {
    const me = await t.login('admin', ADMIN_PASSWORD);
    expect((await me.get('/api/auth/me')).body.data.username).toBe('admin');
    const out = await me.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logged out successfully');
    const after = await me.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Token expired or invalid');
  });

  it('asks for authentication without a token', async () => {
    const res = await t.anonymous.get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Authentication required');
  });
});

describe('POST /api/users', () => {
  it('creates a user, defaulting to an active worker', async () => {
    const res = await admin.post('/api/users', { username: 'dana', password: 'secret1', email: 'Dana@Example.com', full_name: 'Dana Doe' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ username: 'dana', role: 'worker', is_active: true, email: 'dana@example.com', full_name: 'Dana Doe' });
    expect(res.body.projected).toBe(true);
    const listed = await admin.get('/api/users?search=dana');
    expect(listed.body.data.users.map((u: { username: string }) => u.username)).toEqual(['dana']);
  });

  it.each([
    [{ password: 'secret1' }, 'Username is required'],
    [{ username: '', password: 'secret1' }, 'Username is required'],
    [{ username: 'ab', password: 'secret1' }, 'Username must be at least 3 characters'],
    [{ username: 'abc' }, 'Password is required'],
    [{ username: 'abc', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'abc', password: '        ' }, 'Password is required'],
    [{ username: 'abc', password: '\u200b'.repeat(6) }, 'Password is required'],
    [{ username: 'abc', password: '\ufeff\u200c\u200d\u2060\u00ad\u3164 \u200e' }, 'Password is required'],
    [{ username: 'abc', password: 'abc\u200b\u200b\u200b' }, 'Password must be at least 6 characters'],
    [{ username: 'abc', password: 'secret1', email: 'not-an-email' }, 'Invalid email format'],
    [{ username: 'abc', password: 'secret1', role: 'boss' }, 'Invalid role'],
    [{ username: 'abc', password: 'secret1', role: '' }, 'Role is required'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await admin.post('/api/users', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error.details.map((d: { message: string }) => d.message)).toContain(message);
  });

  it('keeps spaces around a password as part of it: the user signs in with them, not without', async () => {
    expect((await admin.post('/api/users', { username: 'spacey', password: ' pass word ' })).status).toBe(201);
    expect((await t.anonymous.post('/api/auth/login', { username: 'spacey', password: ' pass word ' })).status).toBe(200);
    expect((await t.anonymous.post('/api/auth/login', { username: 'spacey', password: 'pass word' })).status).toBe(401);
  });

  it("answers 409 'Username already exists' for a taken username, whatever its case", async () => {
    await admin.post('/api/users', { username: 'taken', password: 'secret1' });
    const again = await admin.post('/api/users', { username: 'TAKEN', password: 'secret1' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Username already exists');
  });
});

describe('GET /api/users', () => {
  beforeAll(async () => {
    await admin.post('/api/users', { username: 'exec_one', password: 'secret1', role: 'executive1', full_name: 'Erin Exec' });
    await admin.post('/api/users', { username: 'exec_two', password: 'secret1', role: 'executive2', email: 'two@example.com' });
    const off = await admin.post('/api/users', { username: 'sleepy', password: 'secret1', role: 'worker' });
    await admin.patch(`/api/users/${off.body.data.id}/toggle-status`);
    const gone = await admin.post('/api/users', { username: 'gone', password: 'secret1', role: 'worker' });
    await admin.delete(`/api/users/${gone.body.data.id}`);
  });

  it('pages with a default limit of 50 and the pagination object', async () => {
    const res = await admin.get('/api/users');
    expect(res.body.data.pagination).toMatchObject({ current_page: 1, per_page: 50 });
    const paged = await admin.get('/api/users?limit=2&page=2');
    expect(paged.body.data.users).toHaveLength(2);
    expect(paged.body.data.pagination).toMatchObject({ current_page: 2, per_page: 2 });
    expect(paged.body.data.pagination.total_pages).toBe(Math.ceil(paged.body.data.pagination.total_records / 2));
  });

  it('filters by role, status and search over name, e-mail and username', async () => {
    const names = async (q: string) => (await admin.get(`/api/users?${q}`)).body.data.users.map((u: { username: string }) => u.username);
    expect(await names('role=executive1')).toEqual(['exec_one']);
    expect(await names('is_active=false')).toEqual(['sleepy']);
    expect(await names('search=erin')).toEqual(['exec_one']);
    expect(await names('search=two@')).toEqual(['exec_two']);
    expect(await names('search=100%25')).toEqual([]);
  });

  it('leaves deleted users out unless include_deleted is true', async () => {
    const without = await admin.get('/api/users?search=gone');
    expect(without.body.data.users).toEqual([]);
    const withDeleted = await admin.get('/api/users?search=gone&include_deleted=true');
    expect(withDeleted.body.data.users[0]).toMatchObject({ username: 'gone', is_deleted: true });
  });

  it('refuses a role that does not exist', async () => {
    const res = await admin.get('/api/users?role=boss');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid role');
  });
});

describe('GET, PUT and DELETE /api/users/{id}', () => {
  it('returns user details with login stats and recent sessions', async () => {
    const worker = await t.userWithRole('worker');
    await worker.post('/api/auth/logout');
    await t.login(worker.username, 'password1');
    const res = await admin.get(`/api/users/${worker.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe(worker.username);
    expect(res.body.data.login_stats).toMatchObject({ total_sessions: 2, last_30_days: 2 });
    expect(res.body.data.login_stats.average_session_duration).toBeGreaterThanOrEqual(0);
    const [open, closed] = res.body.data.recent_sessions;
    expect(open).toMatchObject({ session_duration: null, logout_time: null });
    expect(closed).toMatchObject({ end_reason: 'logout', login_ip: '127.0.0.1', user_agent: 'lightMyRequest' });
    expect(closed.session_duration).toBeGreaterThanOrEqual(0);
  });

  it('refuses an id that is not a number with a readable message', async () => {
    const res = await admin.get('/api/users/abc');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The id must be a positive whole number');
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.get('/api/users/9999');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found');
  });

  it('updates the fields sent and leaves the rest', async () => {
    const created = await admin.post('/api/users', { username: 'edit_me', password: 'secret1', email: 'e@example.com', full_name: 'Ed' });
    const res = await admin.put(`/api/users/${created.body.data.id}`, { full_name: 'Edward', role: 'executive2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: 'edit_me', email: 'e@example.com', full_name: 'Edward', role: 'executive2' });
    expect(res.body.data.permissions).toContain('orders:verify');
  });

  it('refuses renaming to a taken username', async () => {
    const a = await admin.post('/api/users', { username: 'rename_a', password: 'secret1' });
    await admin.post('/api/users', { username: 'rename_b', password: 'secret1' });
    const res = await admin.put(`/api/users/${a.body.data.id}`, { username: 'rename_b' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username already exists');
  });

  it("never renames user 1, so `admin` stays the administrator's and cannot be taken", async () => {
    const other = await t.userWithRole('manager');
    for (const [who, username] of [[admin, 'root'], [other, 'root'], [admin, 'ADMIN']] as const) {
      const res = await who.put('/api/users/1', { username, full_name: 'Renamed' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ADMIN_USERNAME_FIXED);
    }
    expect((await admin.get('/api/users/1')).body.data.user).toMatchObject({ username: 'admin', full_name: 'Administrator' });
    const taken = await admin.post('/api/users', { username: 'admin', password: 'secret1' });
    expect(taken.status).toBe(409);
    expect((await t.anonymous.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const same = await admin.put('/api/users/1', { username: 'admin', full_name: 'Head Office' });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ username: 'admin', full_name: 'Head Office' });
  });

  it('soft-deletes, and a deleted user can neither sign in nor keep their session', async () => {
    const worker = await t.userWithRole('worker');
    const res = await admin.delete(`/api/users/${worker.id}`);
    expect(res.status).toBe(200);
    expect((await worker.get('/api/auth/me')).status).toBe(401);
    const login = await t.anonymous.post('/api/auth/login', { username: worker.username, password: 'password1' });
    expect(login.status).toBe(401);
  });

  it('never deletes user 1 nor the caller', async () => {
    const other = await t.userWithRole('manager');
    const one = await other.delete('/api/users/1');
    expect(one.status).toBe(403);
    expect(one.body.message).toBe('Cannot delete this user');
    const self = await other.delete(`/api/users/${other.id}`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Cannot delete your own account');
  });
});

describe('PATCH toggle-status, change-password and restore', () => {
  it('deactivating ends open sessions at once and blocks sign-in; activating lets them back', async () => {
    const worker = await t.userWithRole('worker');
    const off = await admin.patch(`/api/users/${worker.id}/toggle-status`);
    expect(off.body.data.is_active).toBe(false);
    expect(off.body.message).toBe('User deactivated successfully');
    expect((await worker.get('/api/auth/me')).status).toBe(401);
    const refused = await t.anonymous.post('/api/auth/login', { username: worker.username, password: 'password1' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your account is deactivated. Please contact a manager.');
    const on = await admin.patch(`/api/users/${worker.id}/toggle-status`);
    expect(on.body.data.is_active).toBe(true);
    expect((await t.anonymous.post('/api/auth/login', { username: worker.username, password: 'password1' })).status).toBe(200);
  });

  it('never deactivates user 1', async () => {
    const res = await admin.patch('/api/users/1/toggle-status');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cannot deactivate this user');
  });

  it('changes the password: the old one stops working, the new one works', async () => {
    const worker = await t.userWithRole('worker');
    const res = await admin.patch(`/api/users/${worker.id}/change-password`, { new_password: 'fresh-pass', confirm_password: 'fresh-pass' });
    expect(res.status).toBe(200);
    expect((await t.anonymous.post('/api/auth/login', { username: worker.username, password: 'password1' })).status).toBe(401);
    expect((await t.anonymous.post('/api/auth/login', { username: worker.username, password: 'fresh-pass' })).status).toBe(200);
    expect((await worker.get('/api/auth/me')).status).toBe(401);
    const plain = await admin.patch(`/api/users/${worker.id}/change-password`, { password: 'other-pass' });
    expect(plain.status).toBe(200);
  });

  it.each([
    [{}, 'New password is required'],
    [{ new_password: '123' , confirm_password: '123' }, 'Password must be at least 6 characters'],
    [{ new_password: '123456' }, 'Please confirm the password'],
    [{ new_password: '123456', confirm_password: '654321' }, 'Passwords must match'],
    [{ new_password: '        ', confirm_password: '        ' }, 'New password is required'],
    [{ password: ' \t      ' }, 'New password is required'],
    [{ new_password: '\u200b'.repeat(6), confirm_password: '\u200b'.repeat(6) }, 'New password is required'],
    [{ password: '\u2800\u200b\ufeff\u180e\u200b\u200b' }, 'New password is required'],
    [{ password: 'pass\u200d\u200d' }, 'Password must be at least 6 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await admin.patch('/api/users/1/change-password', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a password longer than 200 characters, as creating a user does and as signing in would', async () => {
    const long = 'x'.repeat(250);
    const messages = await Promise.all([
      admin.patch('/api/users/1/change-password', { new_password: long, confirm_password: long }),
      admin.patch('/api/users/1/change-password', { password: long }),
      admin.post('/api/users', { username: 'longpass', password: long }),
    ]);
    expect(messages.map((r) => [r.status, r.body.message])).toEqual(Array(3).fill([400, 'Password must be at most 200 characters']));
  });

  it('accepts a password of the longest length, which then signs in', async () => {
    const worker = await t.userWithRole('worker');
    const longest = 'p'.repeat(200);
    const res = await admin.patch(`/api/users/${worker.id}/change-password`, { new_password: longest, confirm_password: longest });
    expect(res.status).toBe(200);
    expect((await t.anonymous.post('/api/auth/login', { username: worker.username, password: longest })).status).toBe(200);
  });

  it('restores a soft-deleted user, who can sign in again', async () => {
    const worker = await t.userWithRole('worker');
    await admin.delete(`/api/users/${worker.id}`);
    const res = await admin.patch(`/api/users/${worker.id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_deleted: false, is_active: true });
    expect((await t.anonymous.post('/api/auth/login', { username: worker.username, password: 'password1' })).status).toBe(200);
    const again = await admin.patch(`/api/users/${worker.id}/restore`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User is not deleted');
  });
});

describe('GET /api/users/stats/overview and /api/users/activity/login-summary', () => {
  it('counts users by state and role', async () => {
    const fresh = await startTestApp();
    try {
      const boss = await fresh.asAdmin();
      await fresh.userWithRole('worker');
      const off = await fresh.userWithRole('worker');
      await boss.patch(`/api/users/${off.id}/toggle-status`);
      const gone = await fresh.userWithRole('executive1');
      await boss.delete(`/api/users/${gone.id}`);
      const res = await boss.get('/api/users/stats/overview');
      expect(res.body.data).toEqual({
        total: 3,
        active: 2,
        inactive: 1,
        deleted: 1,
        by_role: { manager: 1, executive1: 0, executive2: 0, worker: 2 },
        active_by_role: { manager: 1, executive1: 0, executive2: 0, worker: 1 },
      });
      const summary = await boss.get('/api/users/activity/login-summary?days=7&role=worker');
      expect(summary.status).toBe(200);
      expect(summary.body.data).toMatchObject({ days: 7, role: 'worker', total_logins: 2, unique_users: 2 });
      expect(summary.body.data.by_user.every((u: { role: string }) => u.role === 'worker')).toBe(true);
      expect(summary.body.data.daily).toHaveLength(1);
      const all = await boss.get('/api/users/activity/login-summary');
      expect(all.body.data).toMatchObject({ days: 30, role: null, total_logins: 4 });
    } finally {
      await fresh.stop();
    }
  });
});
