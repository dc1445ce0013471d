import { z } from 'zod';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';
import { numberDomains as n } from '../platform/input.ts';
import { stockMovementSchema } from '../platform/stock.ts';

// Cycle counts. One stream per count task (`count-<id>`): created for some locations (by a manager, by the daily plan,
// or by itself after a short pick or a verification discrepancy), assigned, then each location counted blind: the
// counter says what is there, the count records the stock the location held at that instant as expected. A variance
// over the threshold asks for a recount by someone else; a count within it, or two counts by different people with the
// same variance, settle the location. A manager approves settled locations (their variances post as stock movements,
// reason "Cycle count") or sends them back to be counted again. Nothing changes stock until it is approved.

export const COUNT_SOURCES = ['manual', 'plan', 'short_pick', 'discrepancy', 'pick_refused'] as const;
export type CountSource = (typeof COUNT_SOURCES)[number];
export const COUNT_SOURCE_LABELS: Record<CountSource, string> = {
  manual: 'Created by a manager',
  plan: 'Daily plan',
  short_pick: 'After a short pick',
  discrepancy: 'After a verification discrepancy',
  pick_refused: 'After a pick refused for lack of stock',
};

// The reason every approved count's movements carry in the ledger and the audit.
export const CYCLE_COUNT_REASON = 'Cycle count';

const id = n.id;
const at = z.string();
const location = z.string().min(1).max(50);
const units = n.stock;
const variance = n.stockDelta;

// What set off an automatic count: the event's global position (text: a bigint), and what it names.
export const countTriggerSchema = z.object({
  position: z.string(),
  order_id: id.nullable(),
  order_number: z.string().nullable(),
  sku: z.string().nullable(),
});
export type CountTrigger = z.infer<typeof countTriggerSchema>;

// One SKU at a counted location: what the counter found, and what the location held at that instant.
export const countedLineSchema = z.object({ sku: z.string(), style_code: z.string(), counted: units, expected: units });
export type CountedLine = z.infer<typeof countedLineSchema>;

export const varianceLineSchema = z.object({ sku: z.string(), style_code: z.string(), variance });
export type VarianceLine = z.infer<typeof varianceLineSchema>;

export const COUNT_EVENTS = {
  CountTaskCreated: firstVersion(
    z.object({
      count_id: id,
      source: z.enum(COUNT_SOURCES),
      // Why, in words: the manager's note, or what set it off ("Short pick: 2 units of DR1000-8-BEIGE not found ...").
      reason: z.string().nullable(),
      locations: z.array(location).min(1),
      assignee_id: id.nullable(),
      // The local day it is due, YYYY-MM-DD; null when it is not.
      due: z.string().nullable(),
      trigger: countTriggerSchema.nullable(),
      at,
    }),
  ),
  CountTaskAssigned: firstVersion(z.object({ count_id: id, assignee_id: id.nullable(), previous_assignee_id: id.nullable(), at })),
  // A location counted once (`round` 1 the first count, 2 its recount...). `lines`: every SKU counted or held there at
  // that instant. `settled`: the round settles the location (the variance it settles on is `lines`' counted less
  // expected); else a recount is asked of someone other than `counted_by`.
  LocationCounted: firstVersion(
    z.object({
      count_id: id,
      location,
      round: z.number().int().min(1).max(1000),
      counted_by: id,
      empty: z.boolean(),
      lines: z.array(countedLineSchema),
      settled: z.boolean(),
      // Settled by agreeing with this earlier round (two people, the same variance); null otherwise.
      agrees_with: z.number().int().min(1).max(1000).nullable(),
      at,
    }),
  ),
  // Settled locations approved: their variances posted as `movements`, reason CYCLE_COUNT_REASON.
  CountApproved: firstVersion(
    z.object({
      count_id: id,
      locations: z.array(z.object({ location, lines: z.array(varianceLineSchema) })).min(1),
      movements: z.array(stockMovementSchema),
      reason: z.literal(CYCLE_COUNT_REASON),
      at,
    }),
  ),
  // Settled locations sent back to be counted again from a fresh first round.
  CountSentBack: firstVersion(z.object({ count_id: id, locations: z.array(location).min(1), note: z.string().nullable(), at })),
} satisfies EventFamily;

export type CountEvent = EventsOf<typeof COUNT_EVENTS>;
export type CountEventType = CountEvent['type'];
export const COUNT_EVENT_TYPES = Object.keys(COUNT_EVENTS) as readonly CountEventType[];
export const countStreamId = (countId: number) => `count-${countId}`;

// The variance a counted location settles on: counted less expected, SKUs that match left out.
export function varianceOf(lines: readonly CountedLine[]): VarianceLine[] {
  return lines.filter((l) => l.counted !== l.expected).map((l) => ({ sku: l.sku, style_code: l.style_code, variance: l.counted - l.expected }));
}
