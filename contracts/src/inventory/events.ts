import { z } from 'zod';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';
import { overCapacitySchema, RECEIVING_LOCATION, stockMovementSchema } from '../platform/stock.ts';
import { numberDomains as n } from '../platform/input.ts';
import { MAX_WALK_SEQUENCE } from './walk.ts';

// Warehouse layout: one stream per location (`location-<code>`).
export const LOCATION_TYPES = ['bin', 'rack', 'jean_rack', 'receiving'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

// A location type as every screen and export shows it.
export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  bin: 'Bin',
  rack: 'Rack',
  jean_rack: 'Jean rack',
  receiving: 'Receiving',
};

/** The type in words; a value outside the list (a field that may be blank) is shown as it is. */
export function locationTypeLabel(type: string): string {
  return (LOCATION_TYPES as readonly string[]).includes(type) ? LOCATION_TYPE_LABELS[type as LocationType] : type;
}

export const GENDERS = ['women', 'men', 'unisex'] as const;
export type Gender = (typeof GENDERS)[number];

const id = n.id;
const at = z.string();
const locationRef = { location_id: id, code: z.string() };

export const LOCATION_EVENTS = {
  LocationCreated: firstVersion(
    z.object({ ...locationRef, location_type: z.enum(LOCATION_TYPES), capacity: n.capacity.nullable(), gender: z.enum(GENDERS).nullable(), at }),
  ),
  LocationCapacityChanged: firstVersion(z.object({ ...locationRef, capacity: n.capacity.nullable(), at })),
  LocationGenderChanged: firstVersion(z.object({ ...locationRef, gender: z.enum(GENDERS).nullable(), at })),
  LocationDeactivated: firstVersion(z.object({ ...locationRef, at })),
  LocationReactivated: firstVersion(z.object({ ...locationRef, at })),
  // The manager's place for the location on the pick path (walk.ts); null: back to the one its code gives.
  LocationWalkSequenceSet: firstVersion(z.object({ ...locationRef, walk_sequence: z.number().int().min(0).max(MAX_WALK_SEQUENCE).nullable(), at })),
} satisfies EventFamily;

export type LocationEvent = EventsOf<typeof LOCATION_EVENTS>;
export type LocationEventType = LocationEvent['type'];
export const LOCATION_EVENT_TYPES = Object.keys(LOCATION_EVENTS) as readonly LocationEventType[];
export const locationStreamId = (code: string) => `location-${code}`;

export const ADJUSTMENT_REASONS = [
  'Physical count discrepancy',
  'Damaged goods',
  'Lost items',
  'Found items',
  'Return to vendor',
  'System error correction',
  'Transfer correction',
  'Other',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export type AdjustmentType = 'increase' | 'decrease';

// One stream per adjustment (`adjustment-<id>`); the never-below-zero rule lives in stock_levels, not in a stream.
export const ADJUSTMENT_EVENTS = {
  InventoryAdjusted: firstVersion(
    z.object({
      adjustment_id: id,
      sku: z.string(),
      style_code: z.string(),
      adjustment_type: z.enum(['increase', 'decrease']),
      quantity: n.quantity,
      old_quantity: n.stock,
      new_quantity: n.stock,
      location: z.string(),
      location_type: z.enum(LOCATION_TYPES),
      reason: z.enum(ADJUSTMENT_REASONS),
      notes: z.string().nullable(),
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
} satisfies EventFamily;
export type AdjustmentEvent = EventsOf<typeof ADJUSTMENT_EVENTS>;
export const adjustmentStreamId = (adjustmentId: number) => `adjustment-${adjustmentId}`;

// One stream per move (`move-<id>`): units of one SKU taken out of one location and put into another, in one event
// whose `movements` hold both sides (the source's decrease first), so the ledger shows where they went and where
// from. A put-away is a move out of RECEIVING.
export const MOVE_EVENTS = {
  StockMoved: firstVersion(
    z.object({
      move_id: id,
      sku: z.string(),
      style_code: z.string(),
      quantity: n.quantity,
      from_location: z.string(),
      to_location: z.string(),
      // The destination past its capacity once the units are in, as the mover was told before confirming; null when
      // the move kept within it.
      over_capacity: overCapacitySchema.nullable(),
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
} satisfies EventFamily;
export type MoveEvent = EventsOf<typeof MOVE_EVENTS>;
export const stockMoveStreamId = (moveId: number) => `move-${moveId}`;

/** A move in words, as the ledger and the screens say it: 'Moved from A-1-1 to B-2-3', 'Put away from RECEIVING to A-1-1'. */
export function stockMoveReason(move: { from_location: string; to_location: string }): string {
  return `${move.from_location === RECEIVING_LOCATION ? 'Put away' : 'Moved'} from ${move.from_location} to ${move.to_location}`;
}
