import { describe, expect, it } from 'vitest';
import { fillDays } from './login-activity.ts';

describe('fillDays', () => {
  it('gives one bar per day of the period, zero where nobody signed in', () => {
    const bars = fillDays([{ date: '2025-03-02', logins: 3, unique_users: 2 }], 3, '2025-03-03');
    expect(bars).toEqual([
      { date: '2025-03-01', logins: 0, uniqueUsers: 0 },
      { date: '2025-03-02', logins: 3, uniqueUsers: 2 },
      { date: '2025-03-03', logins: 0, uniqueUsers: 0 },
    ]);
  });

  it('crosses month ends and keeps a listed day just outside the window', () => {
    const bars = fillDays([{ date: '2025-02-26', logins: 1, unique_users: 1 }], 3, '2025-03-01');
    expect(bars.map((b) => b.date)).toEqual(['2025-02-26', '2025-02-27', '2025-02-28', '2025-03-01']);
  });

  it('is a row of zeros when there were no sign-ins', () => {
    expect(fillDays([], 7, '2025-03-07').every((b) => b.logins === 0)).toBe(true);
    expect(fillDays([], 7, '2025-03-07')).toHaveLength(7);
  });
});
