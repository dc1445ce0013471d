import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../testing.ts';
import { SIGN_IN_WINDOW_MS, waitText } from './sign-in-limits.ts';

// The limits as shipped: 10 failures per address and username, 50 per address, in 15 minutes.
const LIMITS = { LOGIN_RATE_LIMIT: 10, LOGIN_ADDRESS_RATE_LIMIT: 50 };

let t: TestApp;
let clock = new Date('2026-11-21T08:00:00Z');
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await startTestApp({ config: LIMITS, now: () => clock });
});
afterAll(() => t.stop());

// Each test signs in from an address of its own, so the per-address ceiling of one does not touch another.
function signIn(address: string, username: string, password: string, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: address });
}

async function statuses(count: number, attempt: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await attempt()).statusCode);
  return out;
}

const times = (n: number, status: number) => Array<number>(n).fill(status);

describe('sign-in limits', () => {
  it('lets a user sign in again and again: successful sign-ins never count', async () => {
    const worker = await t.userWithRole('worker');
    expect(await statuses(12, () => signIn('10.0.1.1', worker.username, 'password1'))).toEqual(times(12, 200));
  });

  it('refuses the attempt after 10 failures, the right password too, until the oldest failure leaves the window', async () => {
    const worker = await t.userWithRole('worker');
    const start = clock.getTime();
    const failures = await statuses(10, async () => {
      const res = await signIn('10.0.2.1', worker.username, 'wrong-password');
      later(60_000);
      return res;
    });
    expect(failures).toEqual(times(10, 401));
    // Ten failures, one a minute: the first leaves the window 15 minutes after it, 5 minutes from now.
    const blocked = await signIn('10.0.2.1', worker.username, 'password1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      message: 'Too many sign-in attempts. Please wait 5 minutes and try again.',
      error: { code: 'RATE_LIMITED' },
    });
    expect(blocked.headers['retry-after']).toBe('300');
    // Refused attempts are not counted: asking again and again does not push the end further away.
    expect(await statuses(5, () => signIn('10.0.2.1', worker.username, 'password1'))).toEqual(times(5, 429));
    clock = new Date(start + SIGN_IN_WINDOW_MS + 1000);
    expect((await signIn('10.0.2.1', worker.username, 'password1')).statusCode).toBe(200);
  });

  it('clears the failures of an address and username when that username signs in from there', async () => {
    const worker = await t.userWithRole('worker');
    const attempt = (password: string) => signIn('10.0.3.1', worker.username, password);
    expect(await statuses(9, () => attempt('wrong-password'))).toEqual(times(9, 401));
    expect((await attempt('password1')).statusCode).toBe(200);
    // The count starts again: ten more failures before the refusal.
    expect(await statuses(10, () => attempt('wrong-password'))).toEqual(times(10, 401));
    expect((await attempt('password1')).statusCode).toBe(429);
  });

  it('counts an unknown username like a wrong password', async () => {
    expect(await statuses(10, () => signIn('10.0.4.1', 'nobody-here', 'wrong-password'))).toEqual(times(10, 401));
    expect((await signIn('10.0.4.1', 'NOBODY-HERE', 'wrong-password')).statusCode).toBe(429);
    // Another name from the same address is still let through.
    expect((await signIn('10.0.4.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('stops guessing across usernames from one address at 50 failures, and leaves other addresses alone', async () => {
    const worker = await t.userWithRole('worker');
    const spray = await statuses(50, async () => signIn('10.0.5.1', `guess-${Math.random().toString(36).slice(2)}`, 'wrong-password'));
    expect(spray).toEqual(times(50, 401));
    const blocked = await signIn('10.0.5.1', worker.username, 'password1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect((await signIn('10.0.5.2', worker.username, 'password1')).statusCode).toBe(200);
  });

  it('lets exactly 10 guesses through when many arrive at once', async () => {
    const worker = await t.userWithRole('worker');
    const burst = await Promise.all(Array.from({ length: 25 }, () => signIn('10.0.6.1', worker.username, 'wrong-password')));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([...times(10, 401), ...times(15, 429)]);
  });

  it('is shared by every command instance on the database', async () => {
    const other: RunningServer = await startServer({
      config: { ...loadConfig({}), ...LIMITS, DATABASE_URL: t.db.url, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PORT: 0 },
      withProjector: false,
      listen: false,
      logger: false,
      now: () => clock,
    });
    try {
      const worker = await t.userWithRole('worker');
      expect(await statuses(10, () => signIn('10.0.7.1', worker.username, 'wrong-password'))).toEqual(times(10, 401));
      expect((await signIn('10.0.7.1', worker.username, 'password1', other.app)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('forgets failures older than the window', async () => {
    later(SIGN_IN_WINDOW_MS + 1000);
    expect((await signIn('10.0.8.1', 'nobody-here', 'wrong-password')).statusCode).toBe(401);
    const left = await t.database.db.selectFrom('sign_in_failures').select(['address', 'failed_at']).execute();
    expect(left).toEqual([{ address: '10.0.8.1', failed_at: clock }]);
  });
});

describe('the wait in the refusal', () => {
  it('is said in whole seconds under a minute and whole minutes above, rounded up', () => {
    expect(waitText(200)).toBe('1 second');
    expect(waitText(42_100)).toBe('43 seconds');
    expect(waitText(60_000)).toBe('1 minute');
    expect(waitText(60_001)).toBe('2 minutes');
    expect(waitText(SIGN_IN_WINDOW_MS)).toBe('15 minutes');
  });
});
