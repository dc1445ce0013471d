import type { StockMovement } from '../platform/stock.ts';

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

export type LocationEvent =
  | {
      type: 'LocationCreated';
      data: { location_id: number; code: string; location_type: LocationType; capacity: number | null; gender: Gender | null; at: string };
    }
  | { type: 'LocationCapacityChanged'; data: { location_id: number; code: string; capacity: number | null; at: string } }
  | { type: 'LocationGenderChanged'; data: { location_id: number; code: string; gender: Gender | null; at: string } }
  | { type: 'LocationDeactivated'; data: { location_id: number; code: string; at: string } }
  | { type: 'LocationReactivated'; data: { location_id: number; code: string; at: string } }
  // The manager's place for the location on the pick path (walk.ts); null: back to the one its code gives.
  | { type: 'LocationWalkSequenceSet'; data: { location_id: number; code: string; walk_sequence: number | null; at: string } };

export type LocationEventType = LocationEvent['type'];
export const LOCATION_EVENT_TYPES: readonly LocationEventType[] = [
  'LocationCreated',
  'LocationCapacityChanged',
  'LocationGenderChanged',
  'LocationDeactivated',
  'LocationReactivated',
  'LocationWalkSequenceSet',
];
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
export type AdjustmentEvent = {
  type: 'InventoryAdjusted';
  data: {
    adjustment_id: number;
    sku: string;
    style_code: string;
    adjustment_type: AdjustmentType;
    quantity: number;
    old_quantity: number;
    new_quantity: number;
    location: string;
    location_type: LocationType;
    reason: AdjustmentReason;
    notes: string | null;
    movements: StockMovement[];
    at: string;
  };
};
export const adjustmentStreamId = (adjustmentId: number) => `adjustment-${adjustmentId}`;
