import { describe, expect, it } from 'vitest';
import { firstWithMore, moreLabel } from './lists.ts';

describe('shortened lists', () => {
  it('shows the first three styles of a bin and counts the rest', () => {
    const { shown, more } = firstWithMore(['DR1000', 'TP1001', 'SK1002', 'JN1003', 'KN1004'], 3);
    expect(shown).toEqual(['DR1000', 'TP1001', 'SK1002']);
    expect(more).toBe(2);
    expect(moreLabel(more)).toBe('+2');
  });

  it('shows no counter when everything fits', () => {
    const { shown, more } = firstWithMore(['DR1000', 'TP1001', 'SK1002', 'JN1003'], 4);
    expect(shown).toHaveLength(4);
    expect(more).toBe(0);
    expect(moreLabel(more)).toBeNull();
  });

  it('words the low-stock overflow', () => {
    const alerts = Array.from({ length: 13 }, (_, i) => i);
    const { shown, more } = firstWithMore(alerts, 10);
    expect(shown).toHaveLength(10);
    expect(moreLabel(more, 'more alerts')).toBe('+3 more alerts');
  });

  it('counts against a total the server gives when it sent only part of the list', () => {
    expect(firstWithMore([1, 2, 3], 10, 25).more).toBe(22);
  });
});
