import { isCalendarDate } from './input.ts';

// The warehouse-local calendar day of an instant, YYYY-MM-DD.
export function localDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// Dates as people write them in uploaded sheets: YYYY-MM-DD, or DD/MM/YYYY or MM/DD/YYYY (slashes, dots or hyphens;
// two-digit years are this century).
export type DateOrder = 'DMY' | 'MDY';

// DD/MM or MM/DD is settled per file by any value whose first or second part is above 12; else DD/MM.
export function settleDateOrder(values: readonly string[]): DateOrder {
  for (const v of values) {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}/.exec(v.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'DMY';
    if (Number(m[2]) > 12) return 'MDY';
  }
  return 'DMY';
}

// A sheet date as YYYY-MM-DD, or null if it is not a date.
export function parseSheetDate(value: string, order: DateOrder): string | null {
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(v);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  let year = Number(m[3]);
  if (year < 100) year += 2000;
  return order === 'DMY' ? validDate(year, b, a) : validDate(year, a, b);
}

// A real calendar day within the years every date input has (2000-2100), or null.
function validDate(y: number, m: number, d: number): string | null {
  const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isCalendarDate(text) ? text : null;
}
