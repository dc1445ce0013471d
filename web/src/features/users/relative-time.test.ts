import { describe, expect, it } from 'vitest';
import { formatDuration, formatLastLogin, initialsOf, lastLoginText } from './relative-time.ts';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('formatLastLogin', () => {
  it('says Never without a login', () => {
    expect(formatLastLogin(null, now)).toEqual({ primary: 'Never' });
    expect(formatLastLogin(undefined, now)).toEqual({ primary: 'Never' });
  });

  it('says Just now under 2 minutes, also for a clock slightly ahead', () => {
    expect(formatLastLogin(ago(0), now).primary).toBe('Just now');
    expect(formatLastLogin(ago(119_000), now).primary).toBe('Just now');
    expect(formatLastLogin(ago(-5_000), now).primary).toBe('Just now');
  });

  it('counts minutes under an hour', () => {
    expect(formatLastLogin(ago(120_000), now).primary).toBe('2m ago');
    expect(formatLastLogin(ago(59 * 60_000), now).primary).toBe('59m ago');
  });

  it('counts hours under a day', () => {
    expect(formatLastLogin(ago(60 * 60_000), now).primary).toBe('1h ago');
    expect(formatLastLogin(ago(23 * 3_600_000 + 59 * 60_000), now).primary).toBe('23h ago');
  });

  it('shows the date plus days ago from a day on', () => {
    expect(formatLastLogin(ago(24 * 3_600_000), now, iso)).toEqual({ primary: '2025-06-14', secondary: '1 day ago' });
    expect(lastLoginText(formatLastLogin(ago(3 * 24 * 3_600_000 + 5), now, iso))).toBe('2025-06-12 (3 days ago)');
  });
});

describe('formatDuration', () => {
  it('formats seconds', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3900)).toBe('1h 5m');
    expect(formatDuration(null)).toBe('-');
  });
});

describe('initialsOf', () => {
  it('uses the full name, else the username', () => {
    expect(initialsOf('Ada Byron Lovelace', 'ada')).toBe('AL');
    expect(initialsOf('Cher', 'cher')).toBe('CH');
    expect(initialsOf(null, 'admin')).toBe('AD');
  });
});
