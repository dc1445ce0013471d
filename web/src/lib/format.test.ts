import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.ts';

describe('durations', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(600)).toBe('10m');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3h 05m');
    expect(formatDuration(2 * 86400 + 4 * 3600)).toBe('2d 4h');
  });
  it('shows a dash when nothing was measured', () => {
    expect(formatDuration(null)).toBe('-');
  });
});
