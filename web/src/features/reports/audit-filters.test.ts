import { describe, expect, it } from 'vitest';
import { activeFilterCount, auditFilters, EMPTY_AUDIT_FILTERS, localToIso } from './audit-filters.ts';

const today = new Date(2026, 10, 21, 15, 0);

describe('audit filters', () => {
  it('bounds the log by the date range when no From is chosen', () => {
    expect(auditFilters(EMPTY_AUDIT_FILTERS, 'week', today)).toEqual({ from: '2026-11-15' });
  });
  it('takes a chosen From and To as instants instead', () => {
    const f = auditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2026-11-20T09:30', to: '2026-11-20T17:00' }, 'year', today);
    expect(f.from).toBe(new Date(2026, 10, 20, 9, 30).toISOString());
    expect(f.to).toBe(new Date(2026, 10, 20, 17, 0).toISOString());
  });
  it('trims text and drops blanks; an order number is sent as typed (numbers keep their #)', () => {
    const f = auditFilters({ ...EMPTY_AUDIT_FILTERS, user_id: '7', order_number: ' #10001 ', sku: '  ', location: 'A-1-1' }, 'today', today);
    expect(f).toEqual({ user_id: 7, order_number: '#10001', location: 'A-1-1', from: '2026-11-21' });
  });
  it('ignores a user id that is not a positive whole number', () => {
    expect(auditFilters({ ...EMPTY_AUDIT_FILTERS, user_id: 'x' }, 'today', today).user_id).toBeUndefined();
  });
  it('counts the filters set', () => {
    expect(activeFilterCount(EMPTY_AUDIT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_AUDIT_FILTERS, sku: 'A', to: '2026-11-20T10:00' })).toBe(2);
  });
  it('leaves an empty or unreadable time unset', () => {
    expect(localToIso('')).toBeUndefined();
    expect(localToIso('soon')).toBeUndefined();
  });
});
