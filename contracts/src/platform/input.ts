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

// ---------- Number domains ----------
// Every number an event carries has one domain, defined here and used by the request schemas, the upload readers and
// the event schemas (checked on every append), so whatever the command side accepts fits every column it reaches
// (db/migrations) and every figure a projection keeps of it. A figure summed over an unbounded number of events or
// rows (stock per SKU, per location, per location and style; units picked per worker) is a bigint column instead:
// no per-event bound keeps such a sum within an int (docs/decisions.md, "Number domains").

// Units of one order line, receipt, adjustment, pick, location suggestion or bin-allocation row.
export const MAX_QUANTITY = 1_000_000;
// Units of one SKU at one location (stock_levels.quantity, rm_stock.quantity, a ledger row's balance): a command that
// would take a location past it is refused.
export const MAX_STOCK = MAX_INT;
// Units of one order in all (rm_orders.total_quantity, OrderVerified's unit_count).
export const MAX_ORDER_UNITS = MAX_INT;
// A location's capacity in units.
export const MAX_CAPACITY = 1_000_000;
// An order line's Value: numeric(12, 2) in rm_order_items.
export const MAX_MONEY = 9_999_999_999.99;
export const MONEY_MESSAGE = 'Value must be an amount from 0 to 9,999,999,999.99 with at most 2 decimals';

const hasCents = (n: number) => Math.round(n * 100) / 100 === n;

// The event-side shapes of those domains: whole numbers within their columns.
export const numberDomains = {
  // Ids come from sequences and identity columns (int).
  id: z.number().int().min(1).max(MAX_INT),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  // A bin-allocation row's count: 0 empties the bin of the SKU.
  count: z.number().int().min(0).max(MAX_QUANTITY),
  stock: z.number().int().min(0).max(MAX_STOCK),
  // A movement: units in (positive) or out (negative) of one location.
  stockDelta: z.number().int().min(-MAX_STOCK).max(MAX_STOCK),
  orderUnits: z.number().int().min(0).max(MAX_ORDER_UNITS),
  // Lines of an order, spreadsheet rows, priorities, slots: counts held in int columns.
  count32: z.number().int().min(0).max(MAX_INT),
  capacity: z.number().int().min(0).max(MAX_CAPACITY),
  money: z.number().min(0).max(MAX_MONEY).refine(hasCents, 'at most 2 decimals'),
};

export const QUANTITY_MAX_MESSAGE = `Quantity must be at most ${MAX_QUANTITY}`;

// A quantity of units in a body: a JSON whole number from 1 to MAX_QUANTITY, with the spec's message (section 5).
export function quantityInt() {
  return z
    .number({ error: 'Quantity must be at least 1' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, QUANTITY_MAX_MESSAGE);
}

// A whole-number cell of an uploaded sheet: digits, optionally signed, with thousands commas and a zero fraction
// (Excel may write 20 as "20" or "20.0"); else null. The text is checked before Number() reads it, so "1e3", "0x10"
// and 400 digits are refused, not read. The caller checks the number against its domain.
export function wholeNumberCell(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  return /^-?\d{1,15}(\.0+)?$/.test(t) ? Number(t) : null;
}

// A Value cell: a plain amount of money, optionally after a currency sign and with thousands commas, at most 2
// decimals, from 0 to MAX_MONEY; else null. Exponents, signs and text are refused rather than guessed at. A
// spreadsheet's computed cell arrives as the double it holds ("36.300000000000004"): more decimals that are only that
// binary error count as the cents they stand for, while a third decimal someone typed ("12.345") is refused.
export function moneyCell(text: string): number | null {
  const t = text.trim().replace(/^[£$€]\s*/, '');
  const m = /^(?:\d{1,3}(?:,\d{3})+|\d{1,15})(\.\d+)?$/.exec(t);
  if (!m) return null;
  const n = Number(t.replace(/,/g, ''));
  const cents = Math.round(n * 100);
  if ((m[1]?.length ?? 0) > 3 && Math.abs(n * 100 - cents) > 1e-6) return null;
  return cents / 100 <= MAX_MONEY ? cents / 100 : null;
}

// The longest span a `days` query may ask for: the longest report range (a year).
export const MAX_SPAN_DAYS = 365;
export const daysQuery = () => textInt({ min: 1, max: MAX_SPAN_DAYS, message: `Days must be a whole number from 1 to ${MAX_SPAN_DAYS}` });
