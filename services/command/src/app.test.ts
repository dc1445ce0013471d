import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_PUBLIC_BODY_BYTES } from '@wh/contracts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './testing.ts';

describe('the command service platform', () => {
  let t: TestApp;
  let clock = new Date('2026-11-21T08:00:00Z');
  beforeAll(async () => {
    t = await startTestApp({ config: { LOGIN_RATE_LIMIT: 3 }, now: () => clock });
  });
  afterAll(() => t.stop());

  it('rate-limits sign-in per address and username with a clear 429', async () => {
    const attempt = (username: string) => t.anonymous.post('/api/auth/login', { username, password: 'wrong-password' });
    for (let i = 0; i < 3; i++) expect((await attempt('limited')).status).toBe(401);
    const blocked = await attempt('limited');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(blocked.body.message).toMatch(/^Too many sign-in attempts\. Please wait .+ and try again\.$/);
    expect((await attempt('someone-else')).status).toBe(401);
  });

  it('does not let a client escape the limit by claiming another address in X-Forwarded-For', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': ip },
        payload: { username: 'spoofer', password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(`10.0.0.${i}`)).statusCode).toBe(401);
    expect((await attempt('10.0.0.99')).statusCode).toBe(429);
  });

  it('ends a session idle for longer than 12 hours and records why', async () => {
    const worker = await t.userWithRole('worker');
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    clock = new Date(clock.getTime() + 11 * 3600_000);
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    clock = new Date(clock.getTime() + 12 * 3600_000 + 60_000);
    const expired = await worker.get('/api/auth/me');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Token expired or invalid');
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const details = await admin.get(`/api/users/${worker.id}`);
    expect(details.body.data.recent_sessions[0]).toMatchObject({ end_reason: 'expired' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it("lets the page reach only its own host, for sockets and fetches and for images", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('img-src')).toBe("img-src 'self' data:");
  });

  it('marks every API answer no-store: success, refusal, error, unknown path and download', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      t.app.inject({ method: 'POST', url: '/api/users', headers: { authorization: `Bearer ${admin.token}` }, payload: { username: 'x' } }),
      t.app.inject({ method: 'GET', url: '/api/users?limit=1', headers: { authorization: `Bearer ${admin.token}` } }),
      t.app.inject({ method: 'GET', url: '/api/audit/events/export?format=csv', headers: { authorization: `Bearer ${admin.token}` } }),
      t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 200, 200, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/users', '/api/auth/login', '/api/users/{id}/toggle-status']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('reports health and readiness with the projector lag', async () => {
    expect((await t.anonymous.get('/api/health')).body.data.status).toBe('ok');
    const ready = await t.anonymous.get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ready', database: 'reachable' });
    expect(ready.body.data.projector.lag_events).toBeGreaterThanOrEqual(0);
    expect(ready.body.data.last_event_at).not.toBeNull();
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await t.anonymous.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Not found', error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('takes a JSON content type with an empty body as no body', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('reads at most a small body on sign-in, and refuses a deeply nested one before parsing it, with the event loop free', async () => {
    const nested = (bytes: number) => `{"username":${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}}`;
    const login = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const big = await Promise.all(Array.from({ length: 6 }, () => login(nested(1_000_000))));
    delay.disable();
    for (const res of big) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, message: `The request body is too large: at most ${MAX_PUBLIC_BODY_BYTES / 1024} KB` });
    }
    // Generous: the machine is shared; parsing these bodies held the loop for most of a second each.
    expect(delay.max / 1e6).toBeLessThan(500);
    const deep = await login(nested(MAX_PUBLIC_BODY_BYTES - 100));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(`The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels`);
    // Depth is counted outside strings only.
    const inString = await login(JSON.stringify({ username: 'nested', password: '[[[['.repeat(40) }));
    expect(inString.statusCode).toBe(401);
  });

  it('refuses a deeply nested body on a signed-in route too', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/bulk-assign',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: `{"order_ids":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels`);
  });

  it('refuses a body that is not JSON with a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  });
});
