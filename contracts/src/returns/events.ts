import { z } from 'zod';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';
import { numberDomains as n } from '../platform/input.ts';
import { overCapacitySchema, stockMovementSchema } from '../platform/stock.ts';

// What customers send back. One stream per parcel (`return-<id>`): received at the bench, matched to its order (at
// once, or later from the unmatched queue), each line graded, then placed: restocked into a location (A and B to
// sell again, C to SECONDS), left to wait in RETURNS, or written off (D).

// Why a unit came back, as the clerk picks it at the bench.
export const RETURN_REASONS = [
  'too_small',
  'too_large',
  'not_as_pictured',
  'changed_mind',
  'faulty',
  'damaged_in_transit',
  'wrong_item_sent',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  not_as_pictured: 'Not as pictured',
  changed_mind: 'Changed mind',
  faulty: 'Faulty',
  damaged_in_transit: 'Damaged in transit',
  wrong_item_sent: 'Wrong item sent',
  other: 'Other',
};

// The reasons that say how a size fits, and which way: what the buyers' "runs small" and "runs large" flags read.
export const FIT_REASONS: Partial<Record<ReturnReason, 'small' | 'large'>> = { too_small: 'small', too_large: 'large' };

// What can be done with a returned unit: A resell as is, B resell after steaming or repacking, C seconds, D write off.
export const RETURN_GRADES = ['A', 'B', 'C', 'D'] as const;
export type ReturnGrade = (typeof RETURN_GRADES)[number];

export const RETURN_GRADE_LABELS: Record<ReturnGrade, string> = {
  A: 'A: resell as is',
  B: 'B: resell after steaming or repacking',
  C: 'C: seconds',
  D: 'D: write off',
};

// Where returned units wait until they are put away (like RECEIVING), and where seconds go.
export const RETURNS_LOCATION = 'RETURNS';
export const SECONDS_LOCATION = 'SECONDS';
// Neither is picked from for an order: returned units wait in RETURNS on their parcel's lines until put away from the
// bench, and seconds are not sold as new.
export const UNPICKABLE_LOCATIONS: ReadonlySet<string> = new Set([RETURNS_LOCATION, SECONDS_LOCATION]);

const id = n.id;
const at = z.string();

// One line of a parcel: units of one SKU that came back for one reason with one grade. `line` numbers the parcel's
// lines from 1; restocks and write-offs name it. `order_item_id` is the order's line the units were shipped on
// (null while the parcel is unmatched).
export const returnLineSchema = z.object({
  line: z.number().int().min(1).max(1000),
  order_item_id: id.nullable(),
  sku: z.string(),
  style_code: z.string(),
  size: z.string(),
  colour: z.string(),
  quantity: n.quantity,
  reason: z.enum(RETURN_REASONS),
  // Required with 'other', optional with the rest.
  reason_note: z.string().nullable(),
  grade: z.enum(RETURN_GRADES),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

const returnRef = { return_id: id, order_id: id.nullable() };

export const RETURN_EVENTS = {
  // A parcel at the bench. `order_id` null: it matched no order and waits in the unmatched queue; its lines may then
  // be empty (the note says what is in it). `scanned` is the code that opened it (an order number, a pick-list or
  // packing barcode, a unit's SKU or barcode), null when the clerk typed the order.
  ReturnReceived: firstVersion(
    z.object({
      ...returnRef,
      order_number: z.string().nullable(),
      scanned: z.string().nullable(),
      note: z.string().nullable(),
      lines: z.array(returnLineSchema),
      at,
    }),
  ),
  // An unmatched parcel tied to its order: `lines` are the parcel's lines from now on, each on one of the order's lines.
  ReturnMatched: firstVersion(z.object({ return_id: id, order_id: id, order_number: z.string(), lines: z.array(returnLineSchema), at })),
  // Units of one line placed into stock. `from_location` null: straight from the bench (one movement in);
  // RETURNS: put away from where they waited (out of RETURNS, into `location`).
  ReturnRestocked: firstVersion(
    z.object({
      ...returnRef,
      line: z.number().int().min(1).max(1000),
      sku: z.string(),
      style_code: z.string(),
      quantity: n.quantity,
      grade: z.enum(RETURN_GRADES),
      from_location: z.string().nullable(),
      location: z.string(),
      over_capacity: overCapacitySchema.nullable(),
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
  // Units of one line that will not be sold: never back in stock (or, from RETURNS, taken out of it), by a manager.
  ReturnWrittenOff: firstVersion(
    z.object({
      ...returnRef,
      line: z.number().int().min(1).max(1000),
      sku: z.string(),
      style_code: z.string(),
      quantity: n.quantity,
      grade: z.enum(RETURN_GRADES),
      from_location: z.string().nullable(),
      note: z.string().nullable(),
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
} satisfies EventFamily;

export type ReturnEvent = EventsOf<typeof RETURN_EVENTS>;
export type ReturnEventType = ReturnEvent['type'];
export const RETURN_EVENT_TYPES = Object.keys(RETURN_EVENTS) as readonly ReturnEventType[];
export const returnStreamId = (returnId: number) => `return-${returnId}`;
