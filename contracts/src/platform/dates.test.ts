import { describe, expect, it } from 'vitest';
import { localDay, parseSheetDate, settleDateOrder } from './dates.ts';

describe('the warehouse-local day', () => {
  it('is the calendar day in the warehouse time zone, whatever the UTC date', () => {
    const lateEvening = new Date('2026-03-31T23:30:00Z');
    expect(localDay(lateEvening, 'UTC')).toBe('2026-03-31');
    expect(localDay(lateEvening, 'Europe/London')).toBe('2026-04-01');
    expect(localDay(lateEvening, 'America/New_York')).toBe('2026-03-31');
  });
});

describe('sheet dates', () => {
  it('settles DD/MM against MM/DD per file, defaulting to DD/MM', () => {
    expect(settleDateOrder(['03/04/2026', '25/04/2026'])).toBe('DMY');
    expect(settleDateOrder(['03/04/2026', '04/25/2026'])).toBe('MDY');
    expect(settleDateOrder(['03/04/2026', '2026-01-01'])).toBe('DMY');
    expect(parseSheetDate('03/04/2026', 'DMY')).toBe('2026-04-03');
    expect(parseSheetDate('03/04/2026', 'MDY')).toBe('2026-03-04');
    expect(parseSheetDate('2026-11-03', 'MDY')).toBe('2026-11-03');
    expect(parseSheetDate('31/02/2026', 'DMY')).toBeNull();
    // Outside the years every date input has.
    expect(parseSheetDate('01/01/1999', 'DMY')).toBeNull();
    expect(parseSheetDate('9999-12-31', 'DMY')).toBeNull();
    expect(parseSheetDate('01/01/2100', 'DMY')).toBe('2100-01-01');
    expect(parseSheetDate('soon', 'DMY')).toBeNull();
  });
});
