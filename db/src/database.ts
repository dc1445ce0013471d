import type { ColumnType, Generated } from 'kysely';

// One Database interface for every table: command side, event store and read models.
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface EventsTable {
  global_position: ColumnType<string, never, never>;
  stream_id: string;
  stream_version: number;
  event_type: string;
  // The version of the type's shape `data` was written at (1 unless the writer says otherwise).
  schema_version: ColumnType<number, number | undefined, never>;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<unknown, string, never>;
  transaction_id: ColumnType<string, never, never>;
  recorded_at: ColumnType<Date, never, never>;
}

export interface ProjectorCheckpointsTable {
  name: string;
  last_tx: ColumnType<string, string, string>;
  last_pos: ColumnType<string, string | number, string | number>;
  updated_at: Timestamp;
}

// A projection's failure on an event, while the projector has not got past it (db/migrations/100).
export interface ProjectorFaultsTable {
  name: string;
  event_tx: ColumnType<string, string, string>;
  event_pos: ColumnType<string, string | number, string | number>;
  event_type: string;
  projection: string | null;
  message: string;
  attempts: Generated<number>;
  first_failed_at: Generated<Date>;
  last_failed_at: Generated<Date>;
}

// A projection stopped at an event it cannot apply, and its own position (db/migrations/114).
export interface ProjectionStopsTable {
  projection: string;
  last_tx: ColumnType<string, string, string>;
  last_pos: ColumnType<string, string | number, string | number>;
  event_tx: ColumnType<string | null, string | null, string | null>;
  event_pos: ColumnType<string | null, string | number | null, string | number | null>;
  event_type: string | null;
  event_stream: string | null;
  message: string | null;
  event_types: string[];
  attempts: Generated<number>;
  stopped_at: Generated<Date>;
  last_attempt_at: Generated<Date>;
}

export interface UserRegistryTable {
  id: number;
  username: string;
  role: string;
  status: 'active' | 'inactive' | 'deleted';
}

export interface CredentialsTable {
  user_id: number;
  password_hash: string;
  changed_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  token_hash: Buffer;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: Buffer;
  request_id: string;
  head_position: ColumnType<string, string | number, string | number>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  status: number | null;
  response: string | null;
  // The caller's role when the key was claimed.
  role: string;
}

export interface StockFileUploadsTable {
  route: string;
  sha256: Buffer;
  upload_id: string;
  filename: string;
  user_id: number | null;
  uploaded_at: Timestamp;
}

// Sign-in attempts not (yet) successful, within the sign-in limits' window.
export interface SignInFailuresTable {
  id: ColumnType<string, never, never>;
  address: string;
  username: string;
  failed_at: Timestamp;
}

export interface RmUsersTable {
  id: number;
  username: string;
  email: string | null;
  full_name: string | null;
  role: string;
  is_active: boolean;
  is_deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface RmUserSessionsTable {
  session_id: string;
  user_id: number;
  login_time: Timestamp;
  logout_time: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  end_reason: string | null;
}

export interface StockLevelsTable {
  sku: string;
  location: string;
  quantity: number;
}

export interface RmStockTable {
  sku: string;
  location: string;
  location_type: string;
  style_code: string;
  quantity: number;
  updated_at: Timestamp;
}

export interface StyleRegistryTable {
  style_code: string;
  name: string;
  is_jeans: Generated<boolean>;
  // Stream style-<id>, at this version.
  id: Generated<number>;
  version: Generated<number>;
}

export interface VariantRegistryTable {
  sku: string;
  style_code: string;
  size: string;
  color: string;
}

export interface BarcodeRegistryTable {
  barcode: string;
  sku: string;
}

export type LocationType = 'bin' | 'rack' | 'jean_rack' | 'receiving';

export interface LocationRegistryTable {
  code: string;
  type: LocationType;
  capacity: number | null;
  gender: string | null;
  is_active: Generated<boolean>;
  // Stream location-<code>, at this version.
  id: Generated<number>;
  version: Generated<number>;
}

export interface RmStylesTable {
  id: number;
  style_code: string;
  name: string;
  is_jeans: boolean;
  images: ColumnType<string[], string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RmVariantsTable {
  sku: string;
  style_id: number;
  style_code: string;
  size: string;
  color: string;
}

export interface RmBarcodesTable {
  barcode: string;
  sku: string;
  kind: string;
  style_id: number;
  added_at: Timestamp;
}

export interface RmLocationsTable {
  id: number;
  code: string;
  location_type: LocationType;
  capacity: number | null;
  gender: string | null;
  is_active: boolean;
  // bigint: read as text (connect.ts); written as a number.
  walk_sequence: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RmWarehouseSettingsTable {
  id: number;
  scan_location_first: boolean;
  updated_at: Timestamp;
  count_daily_plan: boolean | null;
  count_every_days: number | null;
  count_daily_cap: number | null;
  count_recount_over_units: number | null;
}

export interface CountOpenLocationsTable {
  location: string;
  count_id: number;
}

export interface CountTriggerClaimsTable {
  position: string;
  count_id: number | null;
}

export interface CountPlanDaysTable {
  day: string;
  count_id: number | null;
}

export interface RmCountTasksTable {
  id: number;
  status: 'open' | 'settled' | 'done';
  source: string;
  reason: string | null;
  assignee_id: number | null;
  due: string | null;
  created_at: Timestamp;
  created_by: number | null;
  locations: number;
  to_count: number;
  recount: number;
  settled: number;
  approved: number;
  updated_at: Timestamp;
}

// rounds and variance as counts/http.ts reads them (JSONB).
export interface RmCountLocationsTable {
  count_id: number;
  location: string;
  status: 'to_count' | 'recount' | 'settled' | 'approved';
  last_counted_by: number | null;
  rounds: ColumnType<CountRoundRow[], string, string>;
  variance: ColumnType<{ sku: string; style_code: string; variance: number }[], string, string>;
  first_matched: boolean | null;
  first_counted_at: Timestamp | null;
  counted_at: Timestamp | null;
  approved_at: Timestamp | null;
}

export interface CountRoundRow {
  round: number;
  counted_by: number;
  at: string;
  empty: boolean;
  lines: { sku: string; counted: number; expected: number }[];
}

export interface RmSkuStockTable {
  sku: string;
  style_code: string;
  // bigint: a sum over every movement (docs/decisions.md, "Number domains").
  quantity: ColumnType<string, number, number>;
}

export interface RmLocationStockTable {
  location: string;
  // bigint: a sum over every movement (docs/decisions.md, "Number domains").
  quantity: ColumnType<string, number, number>;
}

export interface RmLocationStylesTable {
  location: string;
  style_code: string;
  // bigint: a sum over every movement (docs/decisions.md, "Number domains").
  quantity: ColumnType<string, number, number>;
}

export interface RmStockMovementsTable {
  position: ColumnType<string, string, string>;
  seq: number;
  sku: string;
  style_code: string;
  location: string;
  delta: number;
  balance_after: number;
  event_type: string;
  reason: string | null;
  actor_id: number | null;
  recorded_at: Timestamp;
}

export interface RmAdjustmentsTable {
  id: number;
  sku: string;
  style_code: string;
  adjustment_type: string;
  quantity: number;
  old_quantity: number;
  new_quantity: number;
  location: string;
  location_type: string;
  reason: string;
  notes: string | null;
  adjusted_by_id: number | null;
  adjusted_at: Timestamp;
}

export interface RmReceiptsTable {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  source: 'shopify_stock' | 'manual_stock' | 'direct';
  upload_id: string | null;
  filename: string | null;
  row_number: number | null;
  style_code: string;
  style_name: string | null;
  sku: string;
  color: string;
  size: string;
  quantity: number;
  gatepass_number: string | null;
  // YYYY-MM-DD.
  received_date: string | null;
  style_known: boolean;
  variant_known: boolean;
  recorded_by: number | null;
  recorded_at: Timestamp;
  decided_by: number | null;
  decided_at: Timestamp | null;
  auto_approved: Generated<boolean>;
  location: string | null;
  location_type: string | null;
  notes: string | null;
  reject_reason: string | null;
}

export interface OrderRegistryTable {
  number_key: string;
  order_id: number;
}

export interface RmOrdersTable {
  id: number;
  order_number: string;
  status: string;
  priority: number;
  // A date column: read back as YYYY-MM-DD text (see the pg type parser in connect.ts) or Date.
  order_date: ColumnType<Date | string, string, string>;
  total_items: number;
  total_quantity: number;
  picked_items: number;
  short_items: Generated<number>;
  assigned_worker_id: number | null;
  assigned_at: Timestamp | null;
  completed_by: number | null;
  completed_at: Timestamp | null;
  verified_by: number | null;
  verified_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  verification_notes: string | null;
  discrepancies: ColumnType<unknown, string, string>;
  // While on hold (migration 141): held_by, held_at, lines, wrong_items, discrepancies, verification_notes.
  hold: ColumnType<unknown, string | null, string | null>;
  source_file: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Open orders: unpicked items whose SKU no location holds (migration 150); 0 once completed or cancelled.
  no_stock_items: Generated<number>;
}

// The orders projection's own count of each SKU's units (migration 150), as rm_sku_stock.
export interface RmOrderSkuStockTable {
  sku: string;
  // bigint, as rm_sku_stock's.
  quantity: ColumnType<string, number, number>;
}

export interface RmBatchesTable {
  id: number;
  worker_id: number;
  status: string;
  created_by: number | null;
  created_at: Timestamp;
  completed_by: number | null;
  completed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface RmBatchOrdersTable {
  batch_id: number;
  order_id: number;
  order_number: string;
  slot: number;
  left_at: Timestamp | null;
}

export interface RmOrderItemsTable {
  id: number;
  order_id: number;
  position: number;
  sku: string;
  style_code: string;
  style_name: string;
  size: string;
  color: string;
  quantity: number;
  // numeric: read back as text.
  value: ColumnType<string | null, number | null, number | null>;
  status: string;
  picked_at: Timestamp | null;
  picked_by: number | null;
  location: string | null;
  location_type: string | null;
  unstocked: boolean;
  notes: string | null;
  // A line recorded short: the units not found, and where the picker looked.
  short_quantity: number | null;
  looked_in: Generated<string[]>;
}

// A location flagged for a count (migration 140): one row per location and order line recorded short there.
export interface RmCountFlagsTable {
  location: string;
  item_id: number;
  sku: string;
  order_id: number;
  order_number: string;
  reason: string;
  flagged_by: number | null;
  flagged_at: Timestamp;
}

// Each distinct upper-cased SKU and style name of the imported orders (the list's search), written once.
export interface RmSearchTermsTable {
  id: number;
  term: string;
}

// An order's SKU and style-name terms (ids in rm_search_terms, ascending), written once at import.
export interface RmOrderTermsTable {
  order_id: number;
  term_ids: number[];
}

export interface RmOrderStatusCountsTable {
  status: string;
  unassigned: boolean;
  count: ColumnType<string, number, number>;
}

// Reports and audit (040_reports.sql).
export interface RmReportBucketsTable {
  bucket: Timestamp;
  received: number;
  assigned: number;
  completed: number;
  verified: number;
  cancelled: number;
  shorted: Generated<number>;
}

export interface RmReportWorkerBucketsTable {
  bucket: Timestamp;
  worker_id: number;
  items_picked: number;
  // bigint: a sum over every pick of the bucket.
  units_picked: ColumnType<string, number, number>;
}

export interface RmOrderTimingsTable {
  order_id: number;
  order_number: string;
  status: string;
  total_items: number;
  picked_items: Generated<number>;
  imported_at: Timestamp;
  worker_id: number | null;
  assigned_at: Timestamp | null;
  first_pick_at: Timestamp | null;
  last_pick_at: Timestamp | null;
  completed_at: Timestamp | null;
  completed_worker_id: number | null;
  verified_at: Timestamp | null;
  verified_by: number | null;
  picked_by: number | null;
  discrepancy_count: Generated<number>;
  cancelled_at: Timestamp | null;
  last_activity_at: Timestamp;
}

export interface RmReportPicksTable {
  position: ColumnType<string, string, string>;
  order_id: number;
  order_number: string;
  item_id: number;
  sku: string;
  style_code: string;
  quantity: number;
  picked_by: number;
  worker_id: number;
  unstocked: boolean;
  picked_at: Timestamp;
}

export interface RmAuditTable {
  position: ColumnType<string, string, string>;
  event_type: string;
  stream_id: string;
  occurred_at: Timestamp;
  actor_id: number | null;
  actor_role: string | null;
  user_ids: number[];
  order_key: string | null;
  order_number: string | null;
  skus: string[];
  locations: string[];
  summary: string;
}

// The buyers' returns reports and the dashboard's returns waiting (170_returns_reports.sql, the year grain 210).
type Grain = '15m' | 'month' | 'year';
type Sum = ColumnType<string, number, number>;
export interface RmReturnShippedTable {
  style_code: string;
  size: string;
  grain: Grain;
  bucket: Timestamp;
  units: Sum;
}

export interface RmReturnShippedTotalTable {
  grain: Grain;
  bucket: Timestamp;
  units: Sum;
}

export interface RmReturnReceivedTable {
  grain: Grain;
  bucket: Timestamp;
  style_code: string;
  size: string;
  // bigint sums, read back as text.
  units: Sum;
  too_small: Sum;
  too_large: Sum;
  not_as_pictured: Sum;
  changed_mind: Sum;
  faulty: Sum;
  damaged_in_transit: Sum;
  wrong_item_sent: Sum;
  other: Sum;
  grade_a: Sum;
  grade_b: Sum;
  grade_c: Sum;
  grade_d: Sum;
}

export interface RmReturnRestockTimesTable {
  grain: Grain;
  bucket: Timestamp;
  seconds: number;
  units: Sum;
}

export interface RmReturnsOpenTable {
  return_id: number;
  order_id: number | null;
  order_number: string | null;
  received_at: Timestamp;
  // The parcel's lines: { line, style_code, size, quantity, reason, grade }[].
  lines: ColumnType<unknown, string, string>;
  units: number;
  waiting: number;
}

// The returns bench's parcels (returns-bench projection, db/migrations/190).
export interface RmReturnParcelsTable {
  id: number;
  status: 'unmatched' | 'waiting' | 'done';
  order_id: number | null;
  order_number: string | null;
  scanned: string | null;
  note: string | null;
  received_at: Timestamp;
  received_by: number | null;
  units: number;
  waiting: number;
  in_returns: number;
  updated_at: Timestamp;
}

export interface RmReturnLinesTable {
  return_id: number;
  line: number;
  order_item_id: number | null;
  sku: string;
  style_code: string;
  size: string;
  colour: string;
  quantity: number;
  reason: string;
  reason_note: string | null;
  grade: string;
  bench: number;
  in_returns: number;
  written_off: number;
  // [{ location, quantity }], summed per location.
  restocked: ColumnType<{ location: string; quantity: number }[], string, string>;
}

export interface Database {
  events: EventsTable;
  projector_checkpoints: ProjectorCheckpointsTable;
  projector_faults: ProjectorFaultsTable;
  projection_stops: ProjectionStopsTable;
  user_registry: UserRegistryTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  stock_file_uploads: StockFileUploadsTable;
  sign_in_failures: SignInFailuresTable;
  rm_users: RmUsersTable;
  rm_user_sessions: RmUserSessionsTable;
  stock_levels: StockLevelsTable;
  rm_stock: RmStockTable;
  style_registry: StyleRegistryTable;
  variant_registry: VariantRegistryTable;
  barcode_registry: BarcodeRegistryTable;
  location_registry: LocationRegistryTable;
  rm_styles: RmStylesTable;
  rm_variants: RmVariantsTable;
  rm_barcodes: RmBarcodesTable;
  rm_locations: RmLocationsTable;
  rm_warehouse_settings: RmWarehouseSettingsTable;
  rm_sku_stock: RmSkuStockTable;
  rm_location_stock: RmLocationStockTable;
  rm_location_styles: RmLocationStylesTable;
  rm_stock_movements: RmStockMovementsTable;
  rm_adjustments: RmAdjustmentsTable;
  rm_receipts: RmReceiptsTable;
  order_registry: OrderRegistryTable;
  rm_orders: RmOrdersTable;
  rm_order_sku_stock: RmOrderSkuStockTable;
  rm_order_items: RmOrderItemsTable;
  rm_order_status_counts: RmOrderStatusCountsTable;
  rm_batches: RmBatchesTable;
  rm_batch_orders: RmBatchOrdersTable;
  rm_report_buckets: RmReportBucketsTable;
  rm_report_worker_buckets: RmReportWorkerBucketsTable;
  rm_order_timings: RmOrderTimingsTable;
  rm_report_picks: RmReportPicksTable;
  rm_audit: RmAuditTable;
  rm_search_terms: RmSearchTermsTable;
  rm_order_terms: RmOrderTermsTable;
  rm_count_flags: RmCountFlagsTable;
  rm_return_shipped: RmReturnShippedTable;
  rm_return_shipped_total: RmReturnShippedTotalTable;
  rm_return_received: RmReturnReceivedTable;
  rm_return_restock_times: RmReturnRestockTimesTable;
  rm_returns_open: RmReturnsOpenTable;
  rm_return_parcels: RmReturnParcelsTable;
  rm_count_tasks: RmCountTasksTable;
  rm_count_locations: RmCountLocationsTable;
  count_open_locations: CountOpenLocationsTable;
  count_trigger_claims: CountTriggerClaimsTable;
  count_plan_days: CountPlanDaysTable;
  rm_return_lines: RmReturnLinesTable;
}

// Tables the projector owns; a rebuild empties exactly these.
export const READ_MODEL_TABLES = [
  'rm_users',
  'rm_user_sessions',
  'rm_stock',
  'rm_styles',
  'rm_variants',
  'rm_barcodes',
  'rm_locations',
  'rm_warehouse_settings',
  'rm_sku_stock',
  'rm_location_stock',
  'rm_location_styles',
  'rm_stock_movements',
  'rm_adjustments',
  'rm_receipts',
  'rm_orders',
  'rm_order_items',
  'rm_order_status_counts',
  'rm_order_sku_stock',
  'rm_batches',
  'rm_batch_orders',
  'rm_report_buckets',
  'rm_report_worker_buckets',
  'rm_order_timings',
  'rm_report_picks',
  'rm_audit',
  'rm_search_terms',
  'rm_order_terms',
  'rm_count_flags',
  'rm_return_shipped',
  'rm_return_shipped_total',
  'rm_return_received',
  'rm_return_restock_times',
  'rm_returns_open',
  'rm_return_parcels',
  'rm_count_tasks',
  'rm_count_locations',
  'rm_return_lines',
] as const satisfies readonly (keyof Database)[];
