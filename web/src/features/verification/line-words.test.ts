import { describe, expect, it } from 'vitest';
import { itemStatusLabel, shortWords } from './line-words.ts';

describe('a line on the verification screen', () => {
  const line = { status: 'short' as const, quantity: 2, short_quantity: 1, looked_in: ['A-2-1', 'B-1-1'] };
  it('says picked, not picked or short', () => {
    expect(itemStatusLabel({ ...line, status: 'picked' })).toBe('Picked');
    expect(itemStatusLabel({ ...line, status: 'pending' })).toBe('Not picked');
    expect(itemStatusLabel(line)).toBe('Short');
  });
  it('says in words what was short, where the picker looked and what they found', () => {
    expect(shortWords(line)).toBe('Short: 1 of 2 units not found at A-2-1, B-1-1; 1 unit picked.');
    expect(shortWords({ ...line, quantity: 1, short_quantity: 1, looked_in: [] })).toBe('Short: 1 of 1 unit not found.');
  });
});
