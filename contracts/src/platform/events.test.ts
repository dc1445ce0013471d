import { describe, expect, it } from 'vitest';
import { compareStreamPositions } from './events.ts';

describe('stream positions', () => {
  it('order by transaction, then by position, as numbers', () => {
    expect(compareStreamPositions({ tx: '9', pos: '500' }, { tx: '10', pos: '2' })).toBeLessThan(0);
    expect(compareStreamPositions({ tx: '10', pos: '2' }, { tx: '9', pos: '500' })).toBeGreaterThan(0);
    expect(compareStreamPositions({ tx: '10', pos: '9' }, { tx: '10', pos: '10' })).toBeLessThan(0);
    expect(compareStreamPositions({ tx: '10', pos: '10' }, { tx: '10', pos: '10' })).toBe(0);
    expect(compareStreamPositions({ tx: '18446744073709551615', pos: '1' }, { tx: '18446744073709551614', pos: '2' })).toBeGreaterThan(0);
  });
});
