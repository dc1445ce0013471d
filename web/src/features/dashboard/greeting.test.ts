import { describe, expect, it } from 'vitest';
import { greetingFor, permissionPreview } from './greeting.ts';

describe('greetingFor', () => {
  it('says morning before 12', () => {
    expect(greetingFor(0)).toBe('Good morning');
    expect(greetingFor(11)).toBe('Good morning');
  });
  it('says afternoon from 12 to before 17', () => {
    expect(greetingFor(12)).toBe('Good afternoon');
    expect(greetingFor(16)).toBe('Good afternoon');
  });
  it('says evening from 17', () => {
    expect(greetingFor(17)).toBe('Good evening');
    expect(greetingFor(23)).toBe('Good evening');
  });
});

describe('permissionPreview', () => {
  it('shows three and counts the rest', () => {
    expect(permissionPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: '+2 more' });
  });
  it('has no counter with three or fewer', () => {
    expect(permissionPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: null });
  });
});
