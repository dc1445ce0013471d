import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE_UNAUTHORIZED } from '@wh/contracts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../testing.ts';

// A lifetime shorter than the idle time (6 hours against 12), so a session in steady use still reaches its end.
const LIFETIME_MS = 6 * 3600_000;

let t: TestApp;
let clock = new Date('2026-11-21T06:00:00Z');
const at = (ms: number) => {
  clock = new Date(ms);
};

beforeAll(async () => {
  t = await startTestApp({ listen: true, now: () => clock, config: { SESSION_MAX_DAYS: 0.25, SESSION_IDLE_HOURS: 12 } });
});
afterAll(() => t.stop());

// A socket that has authenticated: resolves with the code it is closed with.
async function liveSocket(token: string | null): Promise<{ ready: Promise<void>; closed: Promise<number> }> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live`);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const ready = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      if (JSON.parse(raw.toString()).type === 'ready') resolve();
    }),
  );
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  return { ready, closed };
}

// Signs the administrator in afresh each time: the clock moves past the lifetime of earlier sessions.
const admin = () => t.login('admin', ADMIN_PASSWORD);

let counter = 0;
async function signedInWorker() {
  const username = `lifetime_${++counter}`;
  const created = await (await admin()).post('/api/users', { username, password: 'password1', role: 'worker' });
  return Object.assign(await t.login(username, 'password1'), { id: created.body.data.id as number });
}

async function endReasonOf(userId: number): Promise<string | null> {
  return (await (await admin()).get(`/api/users/${userId}`)).body.data.recent_sessions[0]?.end_reason ?? null;
}

describe('the absolute session lifetime (SESSION_MAX_DAYS)', () => {
  it('says in the sign-in answer when an unused session ends: the shorter of the idle time and the lifetime', async () => {
    const res = await t.anonymous.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.body.data.expires_in).toBe(LIFETIME_MS / 1000);
  });

  it('refuses a session in steady use once it is older than the lifetime, cached or not, and records why', async () => {
    const worker = await signedInWorker();
    const start = clock.getTime();
    for (let hour = 1; hour < 6; hour++) {
      at(start + hour * 3600_000);
      expect((await worker.get('/api/auth/me')).status).toBe(200);
    }
    at(start + LIFETIME_MS - 1000);
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    // Two seconds later by the clock, at once by the process: the session row may come from the cache.
    at(start + LIFETIME_MS + 1000);
    const refused = await worker.get('/api/auth/me');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Token expired or invalid');
    await vi.waitFor(async () => expect(await endReasonOf(worker.id)).toBe('expired'));
    const ended = await t.database.db
      .selectFrom('events')
      .select('metadata')
      .where('stream_id', '=', `user-${worker.id}`)
      .where('event_type', '=', 'UserSignedOut')
      .executeTakeFirstOrThrow();
    expect(ended.metadata).toMatchObject({ actor_role: 'system', causation_id: 'session-lifetime' });
  });

  it('closes a live socket whose session outlives the lifetime, and refuses the token on a new one', async () => {
    const worker = await signedInWorker();
    const other = await signedInWorker();
    const open = await liveSocket(worker.token);
    await open.ready;
    const start = clock.getTime();
    at(start + 5 * 3600_000);
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(200);
    at(start + LIFETIME_MS + 1000);
    // A new socket with a token past its lifetime is refused at once.
    expect(await (await liveSocket(other.token)).closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
    // The open one is checked again when its user changes (or at the next heartbeat).
    expect((await (await admin()).put(`/api/users/${worker.id}`, { full_name: 'Renamed' })).status).toBe(200);
    expect(await open.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
    await vi.waitFor(async () => expect(await endReasonOf(worker.id)).toBe('expired'));
    await vi.waitFor(async () => expect(await endReasonOf(other.id)).toBe('expired'));
  });
});
