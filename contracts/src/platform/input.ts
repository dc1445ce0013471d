import { z } from 'zod';

// The domain of every value that enters through a request, in one place (DESIGN.md section 4): numbers in JSON are
// JSON numbers, numbers in a query or a path are decimal digits within the column's range, dates lie in the years
// the warehouse can mean, and text holds nothing PostgreSQL cannot store.

// Ids and counts are PostgreSQL `integer` columns.
export const MAX_INT = 2_147_483_647;

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

// NUL cannot be stored in PostgreSQL text; a lone UTF-16 surrogate cannot be encoded as UTF-8 at all.
// eslint-disable-next-line no-control-regex -- NUL is one of the characters this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text may not contain NUL characters or broken Unicode. Please retype it.';

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

// The first place (a dotted path) in a parsed body, query or params where text cannot be stored, or null.
// Keys count too: a JSON object's keys end up in jsonb.
export function findUnstorableText(value: unknown, path = ''): string | null {
  // Bounded by the body's own size (1 MB) and nesting; a stack of objects rather than recursion.
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return at;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, at === '' ? String(i) : `${at}.${i}`]));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        const here = at === '' ? key : `${at}.${key}`;
        if (!isStorableText(key)) return here;
        stack.push([item, here]);
      }
    }
  }
  return null;
}

interface IntOptions {
  min?: number;
  max?: number;
  // One message for every way the value can be wrong: the user needs to know what is wanted, not which rule broke.
  message?: string;
}

function intMessage(min: number, max: number): string {
  return max === MAX_INT ? `Must be a whole number of at least ${min}` : `Must be a whole number from ${min} to ${max}`;
}

// A JSON number that is a whole number within [min, max]. No coercion: "0x10", "1e2", true and [3] are refused.
export function bodyInt({ min = 0, max = MAX_INT, message }: IntOptions = {}) {
  const m = message ?? intMessage(min, max);
  return z.number({ error: m }).int(m).min(min, m).max(max, m);
}

// A whole number in a query string or a path: decimal digits only (no sign, point, exponent, hex or spaces), within
// [min, max]. Ten digits at most, so the text never reaches Number() past the int range.
export function textInt({ min = 0, max = MAX_INT, message }: IntOptions = {}) {
  const m = message ?? intMessage(min, max);
  return z
    .string({ error: m })
    .regex(/^\d{1,10}$/, m)
    .transform(Number)
    .pipe(z.number().int().min(min, m).max(max, m));
}

// An optional query filter: absent or empty ('' from an empty select) means no filter.
export function optionalTextInt(options: IntOptions = {}) {
  return z.preprocess((v) => (v === '' ? undefined : v), textInt(options).optional());
}

export const ID_MESSAGE = 'The id must be a positive whole number';
export const idText = (message = ID_MESSAGE) => textInt({ min: 1, message });

export const DATE_MESSAGE = `Date must be a valid date (YYYY-MM-DD) between ${FIRST_YEAR} and ${LAST_YEAR}`;

// YYYY-MM-DD, a real calendar day within the years the warehouse can mean.
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < FIRST_YEAR || y > LAST_YEAR) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCDate() === d && date.getUTCMonth() === mo - 1;
}

export const calendarDate = (message = DATE_MESSAGE) => z.string({ error: message }).refine(isCalendarDate, message);

export const INSTANT_MESSAGE = `Must be an ISO date and time between ${FIRST_YEAR} and ${LAST_YEAR}, e.g. 2026-05-01T17:00:00Z`;

// An ISO 8601 instant with a zone (Z or an offset) within the same years.
export function isInstant(text: string): boolean {
  if (!z.iso.datetime({ offset: true }).safeParse(text).success) return false;
  const t = Date.parse(text);
  return Number.isFinite(t) && t >= Date.UTC(FIRST_YEAR, 0, 1) && t < Date.UTC(LAST_YEAR + 1, 0, 1);
}

export const instant = (message = INSTANT_MESSAGE) => z.string({ error: message }).refine(isInstant, message);

// page and limit of every paginated list.
export const pageQuery = () => textInt({ min: 1, message: 'Page must be a whole number of at least 1' }).default(1);
export const limitQuery = (max: number, fallback: number) =>
  textInt({ min: 1, max, message: `Limit must be between 1 and ${max}` }).default(fallback);

// A quantity of units in a body: a JSON whole number from 1 to max, with the spec's message (section 5).
export function quantityInt(max: number) {
  return z
    .number({ error: 'Quantity must be at least 1' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(max, `Quantity must be at most ${max}`);
}

// The longest span a `days` query may ask for: the longest report range (a year).
export const MAX_SPAN_DAYS = 365;
export const daysQuery = () => textInt({ min: 1, max: MAX_SPAN_DAYS, message: `Days must be a whole number from 1 to ${MAX_SPAN_DAYS}` });
