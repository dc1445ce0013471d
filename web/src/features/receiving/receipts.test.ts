import { describe, expect, it } from 'vitest';
import { canDecide } from './receipts.ts';

describe('who may decide a receipt', () => {
  it('a known style is for an executive2 or a manager', () => {
    expect(canDecide('executive2', { approver: 'executive2' })).toBe(true);
    expect(canDecide('manager', { approver: 'executive2' })).toBe(true);
  });
  it('an unknown style is for a manager only', () => {
    expect(canDecide('executive2', { approver: 'manager' })).toBe(false);
    expect(canDecide('manager', { approver: 'manager' })).toBe(true);
  });
});
