import { z } from 'zod';
import { paginationSchema, queryBoolean } from '../platform/http.ts';
import { overCapacityListSchema } from '../platform/stock.ts';
import { BIN_CODE_PATTERN, codeInput, LOCATION_CODE_MAX, locationCodeProblem, normaliseCode, RACK_CODE_PATTERN, skuProblem, styleCodeProblem } from '../platform/codes.ts';
import { bodyInt, daysQuery, instant, INSTANT_MESSAGE, limitQuery, MAX_CAPACITY, MAX_QUANTITY, pageQuery, quantityInt, textInt } from '../platform/input.ts';
import { ADJUSTMENT_REASONS, GENDERS, LOCATION_TYPES } from './events.ts';
import { MAX_WALK_SEQUENCE } from './walk.ts';

export const LOW_STOCK_THRESHOLD = 5;

// ---------- Locations (warehouse layout) ----------


const locationType = z.enum(LOCATION_TYPES, { error: 'Location type must be bin, rack or jean_rack' });
const creatableType = z.enum(['bin', 'rack', 'jean_rack'], { error: 'Location type must be bin, rack or jean_rack' });
const gender = z.enum(GENDERS, { error: 'Gender must be women, men or unisex' });
const capacity = z
  .number({ error: 'Capacity must be a whole number of 0 or more' })
  .int('Capacity must be a whole number of 0 or more')
  .min(0, 'Capacity must be a whole number of 0 or more')
  .max(MAX_CAPACITY, `Capacity must be at most ${MAX_CAPACITY}`);
const WALK_SEQUENCE_MESSAGE = `Walk sequence must be a whole number from 0 to ${MAX_WALK_SEQUENCE}`;
const walkSequence = z.number({ error: WALK_SEQUENCE_MESSAGE }).int(WALK_SEQUENCE_MESSAGE).min(0, WALK_SEQUENCE_MESSAGE).max(MAX_WALK_SEQUENCE, WALK_SEQUENCE_MESSAGE);
const locationCode = codeInput(locationCodeProblem, 'Location code is required');
// A location being created: its form is checked against its type (locationRules, the same patterns), which says
// more than the general rule can.
const newLocationCode = z
  .string({ error: 'Location code is required' })
  .transform(normaliseCode)
  .pipe(z.string().min(1, 'Location code is required').max(LOCATION_CODE_MAX, `Location code must be at most ${LOCATION_CODE_MAX} characters`));

export const locationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  location_type: locationType,
  capacity: z.number().int().nullable(),
  gender: gender.nullable(),
  is_active: z.boolean(),
  current_stock: z.number().int(),
  // Percent of capacity in use, one decimal; null without a capacity.
  utilization: z.number().nullable(),
  available_space: z.number().int().nullable(),
  // Style codes held there, most units first.
  styles: z.array(z.string()),
  sku_count: z.number().int(),
  // Its place on the pick path (walk.ts): the manager's walk_sequence_override, else derived from the code.
  walk_sequence: z.number().int(),
  walk_sequence_override: walkSequence.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const listLocationsQuerySchema = z.object({
  type: locationType.optional(),
  search: z.string().trim().max(40).optional(),
  include_inactive: queryBoolean.optional(),
});
export type ListLocationsQuery = z.input<typeof listLocationsQuerySchema>;
export const locationListSchema = z.object({ locations: z.array(locationSchema) });

// Bins need a capacity; jean racks a gender and a capacity; regular racks may go without a capacity.
export const createLocationBodySchema = z
  .object({
    code: newLocationCode,
    location_type: creatableType,
    capacity: capacity.nullable().optional(),
    gender: gender.nullable().optional(),
  })
  .superRefine((b, ctx) => locationRules(b.location_type, b.code, b.capacity, b.gender, ctx));
export type CreateLocationBody = z.input<typeof createLocationBodySchema>;

// A range: bins A-1-1 .. C-4-3 (every zone x aisle x shelf between), or racks R-1 .. R-10, all with one capacity.
export const createLocationRangeBodySchema = z
  .object({
    location_type: creatableType,
    from: newLocationCode,
    to: newLocationCode,
    capacity: capacity.nullable().optional(),
    gender: gender.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    locationRules(b.location_type, b.from, b.capacity, b.gender, ctx, 'from');
    locationRules(b.location_type, b.to, b.capacity, b.gender, ctx, 'to', false);
  });
export type CreateLocationRangeBody = z.input<typeof createLocationRangeBodySchema>;
export const MAX_LOCATIONS_PER_RANGE = 2000;

export const locationCodeParamsSchema = z.object({ code: locationCode });

export const updateLocationBodySchema = z.object({
  capacity: capacity.nullable().optional(),
  gender: gender.nullable().optional(),
  is_active: z.boolean().optional(),
  // null: back to the sequence the code gives.
  walk_sequence: walkSequence.nullable().optional(),
});
export type UpdateLocationBody = z.input<typeof updateLocationBodySchema>;

export const locationRangeResultSchema = z.object({
  created: z.array(z.string()),
  // Codes in the range that already existed, left as they are.
  existing: z.array(z.string()),
});
export type LocationRangeResult = z.infer<typeof locationRangeResultSchema>;

function locationRules(
  type: 'bin' | 'rack' | 'jean_rack',
  code: string,
  cap: number | null | undefined,
  g: string | null | undefined,
  ctx: z.RefinementCtx,
  field = 'code',
  checkFields = true,
) {
  if (type === 'bin' && !BIN_CODE_PATTERN.test(code))
    ctx.addIssue({ code: 'custom', path: [field], message: 'Bin codes look like A-1-1 (zone letter, aisle, shelf)' });
  if (type !== 'bin' && !RACK_CODE_PATTERN.test(code) && !BIN_CODE_PATTERN.test(code))
    ctx.addIssue({ code: 'custom', path: [field], message: 'Rack codes look like R-1 (regular) or J-1 (jeans)' });
  if (!checkFields) return;
  if (type !== 'rack' && (cap === undefined || cap === null))
    ctx.addIssue({ code: 'custom', path: ['capacity'], message: type === 'bin' ? 'A bin needs a capacity' : 'A jean rack needs a capacity' });
  if (type === 'jean_rack' && !g) ctx.addIssue({ code: 'custom', path: ['gender'], message: 'A jean rack needs a gender' });
}

// GET /locations/bins and /locations/racks: the spec's Bin, Regular rack and Jean rack entities.
export const binSchema = z.object({
  id: z.number().int(),
  bin_number: z.string(),
  current_stock: z.number().int(),
  capacity: z.number().int(),
  utilization: z.number(),
  styles: z.array(z.string()),
  is_active: z.boolean(),
});
export type Bin = z.infer<typeof binSchema>;
export const binsSchema = z.object({
  bins: z.array(binSchema),
  total_bins: z.number().int(),
  // Mean of the per-bin percentages.
  average_utilization: z.number(),
});
export type Bins = z.infer<typeof binsSchema>;

export const regularRackSchema = z.object({
  id: z.number().int(),
  rack_number: z.string(),
  current_items: z.number().int(),
  capacity: z.number().int().nullable(),
  utilization: z.number().nullable(),
  styles: z.array(z.string()),
  is_active: z.boolean(),
});
export type RegularRack = z.infer<typeof regularRackSchema>;
export const jeanRackSchema = z.object({
  id: z.number().int(),
  rack_number: z.string(),
  gender: gender.nullable(),
  current_stock: z.number().int(),
  capacity: z.number().int(),
  utilization: z.number(),
  styles: z.array(z.string()),
  is_active: z.boolean(),
});
export type JeanRack = z.infer<typeof jeanRackSchema>;
export const racksSchema = z.object({
  regular_racks: z.array(regularRackSchema),
  jean_racks: z.array(jeanRackSchema),
  // Mean of the per-rack percentages over racks with a capacity.
  average_utilization: z.number(),
});
export type Racks = z.infer<typeof racksSchema>;

// ---------- Inventory search and browsing ----------

export const inventorySearchQuerySchema = z.object({
  // A style code, a SKU (style-size-colour or style-colour-size), or part of a style name or SKU.
  style_code: z
    .string({ error: 'Style code is required' })
    .trim()
    .min(1, 'Style code is required')
    .max(100, 'Style code must be at most 100 characters'),
  color: z.string().trim().max(40).optional(),
  size: z.string().trim().max(40).optional(),
});
export type InventorySearchQuery = z.input<typeof inventorySearchQuerySchema>;

export const stockAtLocationSchema = z.object({ location: z.string(), location_type: locationType, quantity: z.number().int() });
export const inventorySearchItemSchema = z.object({
  sku: z.string(),
  style_name: z.string(),
  style_code: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  locations: z.array(stockAtLocationSchema),
});
export type InventorySearchItem = z.infer<typeof inventorySearchItemSchema>;
export const inventorySearchResultSchema = z.object({ items: z.array(inventorySearchItemSchema), total_quantity: z.number().int() });
export type InventorySearchResult = z.infer<typeof inventorySearchResultSchema>;

export const availableItemsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  color: z.string().trim().max(40).optional(),
  size: z.string().trim().max(40).optional(),
  page: pageQuery(),
  limit: limitQuery(200, 50),
});
export type AvailableItemsQuery = z.input<typeof availableItemsQuerySchema>;
export const availableItemSchema = z.object({
  style_code: z.string(),
  style_name: z.string(),
  is_jeans: z.boolean(),
  available_sizes: z.array(z.string()),
  available_colors: z.array(z.string()),
  variant_count: z.number().int(),
  current_stock: z.number().int(),
});
export type AvailableItem = z.infer<typeof availableItemSchema>;
export const availableItemsSchema = z.object({ available_items: z.array(availableItemSchema), pagination: paginationSchema });
export type AvailableItems = z.infer<typeof availableItemsSchema>;

// ---------- Status (Reports tab; /reports/inventory-status has the same shape) ----------

export const lowStockAlertSchema = z.object({
  sku: z.string(),
  style_code: z.string(),
  size: z.string(),
  color: z.string(),
  style_name: z.string(),
  current_quantity: z.number().int(),
  threshold: z.number().int(),
});
export type LowStockAlert = z.infer<typeof lowStockAlertSchema>;
export const inventoryStatusSchema = z.object({
  total_stock: z.number().int(),
  total_styles: z.number().int(),
  total_skus: z.number().int(),
  // Percent, mean of per-location percentages (bins; racks with a capacity).
  bin_utilization: z.number(),
  rack_utilization: z.number(),
  low_stock_count: z.number().int(),
  out_of_stock_count: z.number().int(),
  // Lowest first: out of stock, then fewest units.
  low_stock_alerts: z.array(lowStockAlertSchema),
});
export type InventoryStatus = z.infer<typeof inventoryStatusSchema>;
export const inventoryStatusQuerySchema = z.object({
  threshold: textInt({ min: 0, max: 100_000 }).default(LOW_STOCK_THRESHOLD),
  limit: limitQuery(1000, 100),
});

// ---------- Adjustments ----------

export const adjustInventoryBodySchema = z.object({
  sku: codeInput(skuProblem, 'Please select an item'),
  adjustment_type: z.enum(['increase', 'decrease'], { error: 'Adjustment type must be increase or decrease' }),
  // The screen turns non-numeric input into 1 before sending; the server takes JSON numbers only.
  quantity: quantityInt(),
  reason: z.enum(ADJUSTMENT_REASONS, { error: 'Please select a reason' }),
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional().nullable(),
  location: locationCode,
  // Informational: the location's own type is recorded.
  location_type: locationType.default('bin'),
});
export type AdjustInventoryBody = z.input<typeof adjustInventoryBodySchema>;

export const adjustmentRecordSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  style_code: z.string(),
  adjustment_type: z.enum(['increase', 'decrease']),
  old_quantity: z.number().int(),
  new_quantity: z.number().int(),
  adjustment_quantity: z.number().int(),
  location: z.string(),
  location_type: locationType,
  reason: z.string(),
  notes: z.string().nullable(),
  adjusted_by: z.string().nullable(),
  adjusted_by_id: z.number().int().nullable(),
  adjusted_at: z.string(),
});
export type AdjustmentRecord = z.infer<typeof adjustmentRecordSchema>;

// An adjustment's answer: the record, and the location an increase took past its capacity, if it did.
export const adjustmentResultSchema = adjustmentRecordSchema.extend({ over_capacity: overCapacityListSchema });
export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;

export const recentAdjustmentsQuerySchema = z.object({
  limit: limitQuery(500, 50),
  days: daysQuery().optional(),
  sku: codeInput(skuProblem, 'SKU is required').optional(),
  location: codeInput(locationCodeProblem, 'Location code is required').optional(),
});
export type RecentAdjustmentsQuery = z.input<typeof recentAdjustmentsQuerySchema>;
export const recentAdjustmentsSchema = z.object({ adjustments: z.array(adjustmentRecordSchema) });

export const adjustmentSummaryQuerySchema = z.object({ days: daysQuery().default(30) });
export const adjustmentSummarySchema = z.object({
  days: z.number().int(),
  total_adjustments: z.number().int(),
  increases: z.number().int(),
  decreases: z.number().int(),
  units_in: z.number().int(),
  units_out: z.number().int(),
  net_change: z.number().int(),
  by_reason: z.array(z.object({ reason: z.string(), count: z.number().int(), units_in: z.number().int(), units_out: z.number().int() })),
  by_day: z.array(z.object({ date: z.string(), count: z.number().int(), units_in: z.number().int(), units_out: z.number().int() })),
});
export type AdjustmentSummary = z.infer<typeof adjustmentSummarySchema>;

// ---------- Ledger and time travel ----------

const skuOrLocation = {
  sku: codeInput(skuProblem, 'SKU is required').optional(),
  location: codeInput(locationCodeProblem, 'Location code is required').optional(),
};
const needsSkuOrLocation = (q: { sku?: string; location?: string }) => q.sku !== undefined || q.location !== undefined;
const SKU_OR_LOCATION = 'Give a sku or a location';

export const ledgerQuerySchema = z
  .object({
    ...skuOrLocation,
    page: pageQuery(),
    limit: limitQuery(500, 50),
  })
  .refine(needsSkuOrLocation, { message: SKU_OR_LOCATION, path: ['sku'] });
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

export const ledgerMovementSchema = z.object({
  position: z.string(),
  sku: z.string(),
  style_code: z.string(),
  location: z.string(),
  delta: z.number().int(),
  // Units of this SKU at this location right after the movement.
  balance_after: z.number().int(),
  // Running total over what the query selects (the SKU everywhere, or the location across SKUs), newest first.
  running_balance: z.number().int(),
  event_type: z.string(),
  reason: z.string().nullable(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  recorded_at: z.string(),
});
export type LedgerMovement = z.infer<typeof ledgerMovementSchema>;
export const ledgerSchema = z.object({ movements: z.array(ledgerMovementSchema), pagination: paginationSchema });
export type Ledger = z.infer<typeof ledgerSchema>;

export const asOfQuerySchema = z
  .object({
    at: instant(`at ${INSTANT_MESSAGE.charAt(0).toLowerCase()}${INSTANT_MESSAGE.slice(1)}`),
    ...skuOrLocation,
  })
  .refine(needsSkuOrLocation, { message: SKU_OR_LOCATION, path: ['sku'] });
export type AsOfQuery = z.input<typeof asOfQuerySchema>;
export const asOfSchema = z.object({
  at: z.string(),
  sku: z.string().nullable(),
  location: z.string().nullable(),
  total_quantity: z.number().int(),
  stock: z.array(z.object({ sku: z.string(), location: z.string(), quantity: z.number().int() })),
});
export type AsOf = z.infer<typeof asOfSchema>;

// ---------- Location suggestion and selectable locations ----------

export const suggestLocationBodySchema = z.object({
  style_code: codeInput(styleCodeProblem, 'Style code is required'),
  quantity: bodyInt({ min: 1, max: MAX_QUANTITY, message: 'Quantity must be greater than 0' }),
  size: z.string().trim().max(40).optional().nullable(),
  color: z.string().trim().max(40).optional().nullable(),
  item_type: z.enum(['regular', 'jeans'], { error: 'Item type must be regular or jeans' }).optional(),
});
export type SuggestLocationBody = z.input<typeof suggestLocationBodySchema>;
export const locationSuggestionSchema = z.object({
  location: z.string(),
  location_id: z.number().int(),
  // bin, or rack (jean racks say jean_rack in location_type).
  type: z.enum(['bin', 'rack']),
  location_type: locationType,
  available_space: z.number().int().nullable(),
  current_capacity: z.number().int(),
  capacity: z.number().int().nullable(),
  reason: z.string(),
});
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;
export const locationSuggestionsSchema = z.object({ suggested_locations: z.array(locationSuggestionSchema) });
export type LocationSuggestions = z.infer<typeof locationSuggestionsSchema>;

export const selectableLocationsQuerySchema = z.object({
  type: z.enum(['bin', 'rack', 'jean_rack', 'all']).optional(),
  search: z.string().trim().max(40).optional(),
});
export type SelectableLocationsQuery = z.input<typeof selectableLocationsQuerySchema>;
export const selectableLocationSchema = z.object({
  id: z.number().int(),
  type: z.enum(['bin', 'rack', 'jean_rack']),
  location: z.string(),
  capacity: z.number().int().nullable(),
  available_space: z.number().int().nullable(),
  current_stock: z.number().int(),
  gender: gender.nullable(),
});
export type SelectableLocation = z.infer<typeof selectableLocationSchema>;
// Racks holds regular and jean racks.
export const selectableLocationsSchema = z.object({ bins: z.array(selectableLocationSchema), racks: z.array(selectableLocationSchema) });
export type SelectableLocations = z.infer<typeof selectableLocationsSchema>;

// ---------- Moves (and put-away, a move out of RECEIVING) ----------

export const moveStockBodySchema = z.object({
  sku: codeInput(skuProblem, 'Please select an item'),
  from_location: codeInput(locationCodeProblem, 'Please choose the location to move from'),
  to_location: codeInput(locationCodeProblem, 'Please choose the location to move to'),
  quantity: quantityInt(),
  // The mover has been told that the destination goes over its capacity, and moves anyway.
  confirm_over_capacity: z.boolean({ error: 'confirm_over_capacity must be true or false' }).optional(),
});
export type MoveStockBody = z.input<typeof moveStockBodySchema>;

export const stockMoveSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  style_code: z.string(),
  quantity: z.number().int(),
  from_location: z.string(),
  to_location: z.string(),
  // Units of the SKU at each end once moved.
  from_quantity_after: z.number().int(),
  to_quantity_after: z.number().int(),
  // 'Moved from A-1-1 to B-2-3' (stockMoveReason).
  reason: z.string(),
  moved_by: z.string().nullable(),
  moved_at: z.string(),
  // The destination, when the move took it past its capacity (confirmed).
  over_capacity: overCapacityListSchema,
});
export type StockMove = z.infer<typeof stockMoveSchema>;

// What a location holds now, SKU by SKU: the Move Stock screen's list once the from-location's label is scanned.
export const locationStockSchema = z.object({
  location: locationSchema,
  stock: z.array(
    z.object({
      sku: z.string(),
      style_code: z.string(),
      style_name: z.string().nullable(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      quantity: z.number().int(),
      // What scans as the SKU besides its code.
      barcodes: z.array(z.string()),
    }),
  ),
});
export type LocationStock = z.infer<typeof locationStockSchema>;
