import { z } from 'zod';
import { codeInput, locationCodeProblem, normaliseCode } from '../platform/codes.ts';
import { paginationSchema, queryBoolean } from '../platform/http.ts';
import { bodyInt, calendarDate, idText, limitQuery, MAX_INT, MAX_QUANTITY, optionalTextInt, pageQuery, quantityInt } from '../platform/input.ts';
import { heldLineSchema, ORDER_STATUSES, wrongItemSchema, type OrderStatus } from './events.ts';

// Requests and answers of the orders, picking and verification routes. Field names are the spec's (section 3).
//
// Routes (all under /api; answers are successEnvelope(...) unless said otherwise):
//   POST /files/upload/orders             orders:upload  multipart `file` -> OrderUploadResult (200), or 422
//                                                        OrderUploadFailure when nothing could be imported
//   GET  /orders                          orders:view    ListOrdersQuery -> OrderList (summaries, no items; a worker
//                                                        gets only their own orders; another worker's is a 403);
//                                                        include_items=true: each order's items in walk order, up to
//                                                        MAX_LISTED_ITEM_LINES in all, the orders past them with
//                                                        items null
//   GET  /orders/export                   orders:manage  ExportOrdersQuery -> CSV/XLSX file, one row per item
//   GET  /orders/workers                  orders:manage  -> AssignableWorkers (active users with role worker)
//   GET  /orders/{id}                     orders:view    OrderDetailQuery -> Order (a page of items, each with its
//                                                        suggested/picked location)
//   GET  /orders/{id}/history             orders:view    -> OrderHistory
//   POST /orders/{id}/assign-worker       orders:manage  AssignWorkerBody -> Order
//   POST /orders/bulk-assign              orders:manage  BulkAssignBody -> BulkAssignResult (200 even if some fail)
//   POST /orders/{id}/deassign-worker     orders:manage  -> Order
//   POST /orders/{id}/cancel              orders:manage  -> Order
//   POST /orders/{id}/items/{itemId}/pick orders:pick    PickItemBody -> Order (assigned worker or a manager)
//   POST /orders/{id}/items/{itemId}/short orders:pick   ShortPickBody -> Order ("Can't find it"; as pick)
//   POST /orders/{id}/items/{itemId}/undo orders:pick    UndoPickBody -> Order (the assigned worker until the order
//                                                        is completed, a manager until it is verified)
//   POST /orders/{id}/complete            orders:pick    -> Order (assigned worker or a manager; every item picked
//                                                        or short)
//   POST /orders/{id}/verify              orders:verify  VerifyOrderBody -> Order (has verification_notes and
//                                                        discrepancies; verified, or on_hold with `hold`)
//   POST /orders/{id}/send-back           orders:verify  SendBackBody -> Order (a held order's lines to pick again)
//   POST /orders/{id}/resolve             orders:verify  ResolveHoldBody -> Order (a held order resolved, verified)
//   POST /batches                         orders:manage  CreateBatchBody -> BatchDetail (201)
//   GET  /batches                         orders:view    ListBatchesQuery -> BatchList (a worker gets only their own)
//   GET  /batches/{id}                    orders:view    -> BatchDetail (unpicked lines of every order, walk order)
//   POST /batches/{id}/complete           orders:pick    -> BatchDetail (the batch's worker or a manager; every item
//                                                        of every order picked)
// Live topics: 'orders' and 'order:<id>' (managers, executive1, executive2), 'worker:<id>' (that worker); batches
// also 'batches' and 'batch:<id>' (as orders).

// Item lines per order: more than a picker's trolley or a parcel holds. An order file's order past it is refused
// whole with one row error (its first row), and the file's other orders are imported.
export const MAX_ORDER_LINES = 500;
export const orderLinesProblem = (orderNumber: string, lines: number) =>
  `Order ${orderNumber} has ${lines.toLocaleString('en-GB')} lines; an order may have at most ${MAX_ORDER_LINES}`;

export const orderStatusSchema = z.enum(ORDER_STATUSES);

// Who did something: shown as full_name, else username.
export const userRefSchema = z.object({ id: z.number().int(), username: z.string(), full_name: z.string().nullable() });
export type UserRef = z.infer<typeof userRefSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  style_code: z.string(),
  style_name: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  value: z.number().nullable(),
  // short: the picker could not find all of its units ("Can't find it"); short_quantity says how many were missing.
  status: z.enum(['pending', 'picked', 'short']),
  // Picked or recorded short: when and by whom.
  picked_at: z.string().nullable(),
  picked_by: userRefSchema.nullable(),
  short_quantity: z.number().int().nullable(),
  // Where the picker looked before recording it short (empty otherwise).
  looked_in: z.array(z.string()),
  // Picked: where it was taken from. Not picked: the suggested location (the one holding most of the SKU), or
  // null when no location holds it ('Location not assigned').
  location: z.string().nullable(),
  location_type: z.string().nullable(),
  // True while `location` is only a suggestion (the item is not picked yet).
  location_suggested: z.boolean(),
  // Units at the suggested location (null once picked or without a suggestion).
  location_quantity: z.number().int().nullable(),
  // Picked while no location held the SKU: no stock was taken.
  unstocked: z.boolean(),
  // Not picked and no location holds the SKU (no stock recorded anywhere): listed after every located item, and the
  // picking screen asks before picking it.
  no_stock: z.boolean(),
  notes: z.string().nullable(),
  // The SKU's barcodes (canonical): a scan of any of them is a scan of the SKU (catalogue/barcodes.ts, matchesScan),
  // so a screen resolves a scan without asking the server.
  barcodes: z.array(z.string()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const discrepancySchema = z.object({
  item_id: z.number().int(),
  sku: z.string(),
  issue: z.string(),
  resolution: z.string(),
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

export const orderBatchSchema = z.object({ id: z.number().int(), tote: z.number().int() });
export type OrderBatch = z.infer<typeof orderBatchSchema>;

// An order as lists show it: everything but its items, which come with the order's own answer (orderSchema), a page
// at a time, so that a list's size does not grow with the size of its orders.
export const orderSummarySchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: orderStatusSchema,
  priority: z.number().int(),
  // Item lines; total_quantity counts units (differs only when the file had a quantity column).
  total_items: z.number().int(),
  total_quantity: z.number().int(),
  picked_items: z.number().int(),
  // Lines recorded short ("Can't find it"): an order is completed once every line is picked or short.
  short_items: z.number().int(),
  // Lines picked or short over all lines, whole percent.
  progress: z.number().int(),
  order_date: z.string(),
  created_at: z.string(),
  assigned_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  verification_notes: z.string().nullable(),
  discrepancies: z.array(discrepancySchema),
  // While on hold: what stopped it at verification, by whom and when (null otherwise).
  hold: z
    .object({
      held_by: userRefSchema.nullable(),
      held_at: z.string(),
      lines: z.array(heldLineSchema),
      wrong_items: z.array(wrongItemSchema),
      discrepancies: z.array(discrepancySchema),
      verification_notes: z.string().nullable(),
    })
    .nullable(),
  assigned_worker: userRefSchema.nullable(),
  assigned_worker_id: z.number().int().nullable(),
  // full_name, else username; null when unassigned.
  assigned_worker_name: z.string().nullable(),
  // Same as assigned_worker_id (the spec names both).
  worker_id: z.number().int().nullable(),
  // The worker who completed the order, and the verifier.
  completed_by: userRefSchema.nullable(),
  verified_by: userRefSchema.nullable(),
  source_file: z.string().nullable(),
  // The first two distinct style codes of its items, in file order (the orders table's Items column).
  style_codes: z.array(z.string()),
  // The batch the order is picked in and its tote, numbered as printed: an order leaving a batch leaves its tote
  // empty, and no other order takes its number. Null when the order is in no batch (or left it).
  batch: orderBatchSchema.nullable(),
  // Open orders (pending, assigned, picking): unpicked items whose SKU no location holds, no stock recorded anywhere
  // (each such item is no_stock in the order's answer); 0 otherwise. The list's no_stock filter takes those above 0.
  no_stock_items: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

// Items per page of an order's answer: every order the import accepts fits in one.
export const ORDER_ITEMS_PAGE_SIZE = MAX_ORDER_LINES;

// An order with a page of its items in walk order (items_page, default the first); items_pagination says how many
// there are.
export const orderSchema = orderSummarySchema.extend({
  items: z.array(orderItemSchema),
  items_pagination: paginationSchema,
});
export type Order = z.infer<typeof orderSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

// status: one status or a comma list ('assigned,picking'); empty means all.
const statusFilter = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parts = (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== '' && s !== 'all');
    for (const p of parts) {
      if (!(ORDER_STATUSES as readonly string[]).includes(p)) {
        ctx.addIssue({ code: 'custom', message: 'Invalid status' });
        return z.NEVER;
      }
    }
    return parts.length > 0 ? (parts as OrderStatus[]) : undefined;
  });

// worker_id: a user id, or 'unassigned'.
const workerFilter = z
  .string()
  .optional()
  .transform((v, ctx): number | 'unassigned' | undefined => {
    const t = (v ?? '').trim().toLowerCase();
    if (t === '' || t === 'all') return undefined;
    if (t === 'unassigned') return 'unassigned';
    if (/^\d{1,10}$/.test(t) && Number(t) > 0 && Number(t) <= MAX_INT) return Number(t);
    ctx.addIssue({ code: 'custom', message: 'Worker must be a user id or unassigned' });
    return z.NEVER;
  });

// date: YYYY-MM-DD, a day in the warehouse's time zone.
const dateFilter = z
  .string()
  .optional()
  .transform((v) => {
    const t = (v ?? '').trim();
    return t === '' ? undefined : t;
  })
  .pipe(calendarDate().optional());

export const orderFiltersSchema = z.object({
  // Order number, SKU or style name; case-insensitive substring.
  search: optionalText(100),
  status: statusFilter,
  worker_id: workerFilter,
  date: dateFilter,
  // Only open orders with items no location holds.
  no_stock: queryBoolean.optional(),
});
export type OrderFilters = z.output<typeof orderFiltersSchema>;

export const ORDER_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_ORDER_LIMIT = 20;
// A search's matches are counted exactly up to this many; beyond it the list says '1000+' (pagination.total_capped).
export const ORDER_SEARCH_COUNT_CAP = 1000;
export const MAX_ORDER_LIMIT = 100;

export const listOrdersQuerySchema = orderFiltersSchema.extend({
  page: pageQuery(),
  limit: limitQuery(MAX_ORDER_LIMIT, DEFAULT_ORDER_LIMIT),
  // The picking screen's list: it matches a scanned SKU across all of it, so it carries the items (listedOrderSchema).
  include_items: queryBoolean.optional(),
});
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>;

// Item lines one list answer carries at most (include_items): the page's first orders whose lines fit, whole, so an
// answer stays bounded whatever the page size; a full page of typical orders fits.
export const MAX_LISTED_ITEM_LINES = 2000;

export const listedOrderSchema = orderSummarySchema.extend({
  // Only with include_items: the order's items in walk order (as its own answer gives them), or null for an order
  // past MAX_LISTED_ITEM_LINES, whose items its own answer gives.
  items: z.array(orderItemSchema).nullable().optional(),
});
export type ListedOrder = z.infer<typeof listedOrderSchema>;

export const orderListSchema = z.object({ orders: z.array(listedOrderSchema), pagination: paginationSchema });
export type OrderList = z.infer<typeof orderListSchema>;

export const orderDetailQuerySchema = z.object({
  items_page: pageQuery(),
  items_limit: limitQuery(ORDER_ITEMS_PAGE_SIZE, ORDER_ITEMS_PAGE_SIZE),
});
export type OrderDetailQuery = z.input<typeof orderDetailQuerySchema>;

// Every item of every matching order, one row each.
export const exportOrdersQuerySchema = orderFiltersSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).default('csv'),
});
export type ExportOrdersQuery = z.input<typeof exportOrdersQuerySchema>;
export const MAX_EXPORT_ROWS = 100_000;

export const orderItemParamsSchema = z.object({
  id: idText(),
  itemId: idText('The item id must be a positive whole number'),
});

const workerId = bodyInt({ min: 1, message: 'A worker must be chosen' });

export const assignWorkerBodySchema = z.object({ worker_id: workerId });
export type AssignWorkerBody = z.input<typeof assignWorkerBodySchema>;

export const MAX_BULK_ORDERS = 500;
const ORDER_ID_MESSAGE = 'Each order must be an order id';

// The spec names this call two ways: {order_ids, worker_id} and {orderIds, workerId}; both are accepted.
export const bulkAssignBodySchema = z
  .object({
    order_ids: z.array(bodyInt({ min: 1, message: ORDER_ID_MESSAGE })).optional(),
    orderIds: z.array(bodyInt({ min: 1, message: ORDER_ID_MESSAGE })).optional(),
    worker_id: z.unknown().optional(),
    workerId: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const ids = body.order_ids ?? body.orderIds ?? [];
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['order_ids'], message: 'Select at least one order' });
      return z.NEVER;
    }
    if (ids.length > MAX_BULK_ORDERS) {
      ctx.addIssue({ code: 'custom', path: ['order_ids'], message: `At most ${MAX_BULK_ORDERS} orders at a time` });
      return z.NEVER;
    }
    const worker = workerId.safeParse(body.worker_id ?? body.workerId);
    if (!worker.success) {
      ctx.addIssue({ code: 'custom', path: ['worker_id'], message: 'A worker must be chosen' });
      return z.NEVER;
    }
    return { order_ids: [...new Set(ids)], worker_id: worker.data };
  });
export type BulkAssignBody = z.input<typeof bulkAssignBodySchema>;

export const bulkOrderResultSchema = z.object({
  order_id: z.number().int(),
  // null when no order has that id.
  order_number: z.string().nullable(),
  success: z.boolean(),
  message: z.string(),
  // Assigned: its unpicked items no location holds (OrderSummary.no_stock_items), so the answer can say so.
  no_stock_items: z.number().int().optional(),
});
export type BulkOrderResult = z.infer<typeof bulkOrderResultSchema>;

export const bulkAssignResultSchema = z.object({
  worker_id: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(bulkOrderResultSchema),
});
export type BulkAssignResult = z.infer<typeof bulkAssignResultSchema>;

const pickNotes = z
  .union([z.string().trim().max(500, 'Notes must be at most 500 characters'), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined));

// Mark-picked payload: location (default: the suggested one) and notes, both optional.
export const pickItemBodySchema = z.object({
  location: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ? normaliseCode(v) || undefined : undefined))
    .pipe(codeInput(locationCodeProblem, 'Location code is required').optional()),
  notes: pickNotes,
});
export type PickItemBody = z.input<typeof pickItemBodySchema>;

// Locations a picker names as looked in for one line ("Can't find it").
export const MAX_LOOKED_IN = 5;

// "Can't find it": the units not found (default: all of the line's), where the picker looked (the first is where the
// units found, if any, came from), and a note.
export const shortPickBodySchema = z.object({
  short_quantity: bodyInt({ min: 1, max: MAX_QUANTITY, message: 'Units not found must be a whole number of at least 1' }).optional(),
  looked_in: z
    .array(codeInput(locationCodeProblem, 'Location code is required'), { error: 'Locations looked in must be a list of location codes' })
    .max(MAX_LOOKED_IN, `At most ${MAX_LOOKED_IN} locations looked in`)
    .default([]),
  notes: pickNotes,
});
export type ShortPickBody = z.input<typeof shortPickBodySchema>;

// Undoing a pick or a short: why, in words (recorded with the undo and shown in the order's history and the ledger).
export const undoPickBodySchema = z.object({
  reason: z
    .string({ error: 'Say why the pick is undone' })
    .trim()
    .min(1, 'Say why the pick is undone')
    .max(500, 'The reason must be at most 500 characters'),
});
export type UndoPickBody = z.input<typeof undoPickBodySchema>;

// Verification payload: nothing is required (spec section 5); item_id is parsed as an integer.
export const verifyOrderBodySchema = z.object({
  verification_notes: z
    .union([z.string().trim().max(2000, 'Verification notes must be at most 2000 characters'), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  discrepancies: z
    .array(
      z.object({
        item_id: bodyInt({ min: 1, message: 'Discrepancy item must be an item of the order' }),
        issue: z.string().trim().max(500, 'Issue must be at most 500 characters').default(''),
        resolution: z.string().trim().max(500, 'Resolution must be at most 500 characters').default(''),
      }),
    )
    .max(100, 'At most 100 discrepancies')
    .default([]),
  // Units counted at the bench, every line once (scanned or confirmed by hand); absent: every line confirmed as
  // picked (the spec's call). A count that differs from what was picked holds the order, as do wrong items and
  // discrepancies.
  counts: z
    .array(
      z.object({
        item_id: bodyInt({ min: 1, message: 'Counted item must be an item of the order' }),
        counted: bodyInt({ min: 0, max: MAX_QUANTITY, message: `Units counted must be a whole number from 0 to ${MAX_QUANTITY}` }),
      }),
      { error: 'Counts must be a list of lines and units counted' },
    )
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} counted lines`)
    .optional(),
  // Codes scanned at the bench that are no line of the order.
  wrong_items: z
    .array(
      z.object({
        code: z.string().trim().min(1, 'A wrong item needs its code').max(100, 'A wrong item code must be at most 100 characters').transform(normaliseCode),
        quantity: quantityInt(),
      }),
      { error: 'Wrong items must be a list of codes and quantities' },
    )
    .max(100, 'At most 100 wrong items')
    .default([]),
});
export type VerifyOrderBody = z.input<typeof verifyOrderBodySchema>;

const reasonText = (required: string) => z.string({ error: required }).trim().min(1, required).max(500, 'The reason must be at most 500 characters');

// A held order's lines back to its picker (default: the held ones), and why.
export const sendBackBodySchema = z.object({
  item_ids: z
    .array(bodyInt({ min: 1, message: 'Each line must be an item of the order' }), { error: 'Lines must be a list of item ids' })
    .min(1, 'Choose the lines to pick again')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`)
    .optional(),
  reason: reasonText('Say why the order goes back to its picker'),
});
export type SendBackBody = z.input<typeof sendBackBodySchema>;

// Every held line with the units shipped, and how they were resolved; the order is verified with it.
export const resolveHoldBodySchema = z.object({
  lines: z
    .array(
      z.object({
        item_id: bodyInt({ min: 1, message: 'Each line must be an item of the order' }),
        shipped: bodyInt({ min: 0, max: MAX_QUANTITY, message: `Units shipped must be a whole number from 0 to ${MAX_QUANTITY}` }),
      }),
      { error: 'Lines must be a list of items and units shipped' },
    )
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
  reason: reasonText('Say how the held lines are resolved'),
});
export type ResolveHoldBody = z.input<typeof resolveHoldBodySchema>;

export const orderHistoryEntrySchema = z.object({
  // The event's global position: unique, increasing.
  id: z.string(),
  event_type: z.string(),
  at: z.string(),
  // Who did it (null for the system) and the role they acted in.
  actor: userRefSchema.nullable(),
  role: z.string().nullable(),
  description: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderHistorySchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  history: z.array(orderHistoryEntrySchema),
});
export type OrderHistory = z.infer<typeof orderHistorySchema>;

// Active users with role worker, for the assign pick lists (executive1 may not list users).
export const assignableWorkersSchema = z.object({ workers: z.array(userRefSchema) });
export type AssignableWorkers = z.infer<typeof assignableWorkersSchema>;

export const MAX_REPORTED_ROW_ERRORS = 500;
export const MAX_REPORTED_EXISTING_ORDERS = 100;
export const MAX_REPORTED_NO_STOCK_ORDERS = 100;

export const rowErrorSchema = z.object({ row: z.number().int(), error: z.string() });
export type RowError = z.infer<typeof rowErrorSchema>;

// Order upload result (spec section 3) plus what else was skipped.
export const orderUploadResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  // Orders and item lines imported by this upload.
  total_orders: z.number().int(),
  total_items: z.number().int(),
  // Units (equals total_items unless the file had a quantity column).
  total_units: z.number().int(),
  // Rows reported in errors (all of them; `errors` lists at most MAX_REPORTED_ROW_ERRORS).
  invalid_items: z.number().int(),
  skipped_gift_vouchers: z.number().int(),
  // Rows whose is Fulfilled was true.
  skipped_fulfilled: z.number().int(),
  // Orders whose number was already imported: skipped whole, never duplicated.
  skipped_existing_orders: z.number().int(),
  skipped_existing_order_numbers: z.array(z.string()),
  errors: z.array(rowErrorSchema),
  // Imported orders with items whose SKU no location holds (no stock anywhere): how many, and the first
  // MAX_REPORTED_NO_STOCK_ORDERS of them with those SKUs.
  no_stock_orders: z.number().int(),
  no_stock: z.array(z.object({ order_number: z.string(), skus: z.array(z.string()) })),
});
export type OrderUploadResult = z.infer<typeof orderUploadResultSchema>;

// A file with nothing to import answers 422 with this body, so the panel can still show the row errors. A file
// that cannot be read at all (password, not a spreadsheet) answers 422 without `data`.
export const orderUploadFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ code: z.string(), message: z.string() }),
  data: orderUploadResultSchema.optional(),
});
export type OrderUploadFailure = z.infer<typeof orderUploadFailureSchema>;

export const ORDER_UPLOAD_ACCEPT = ['xlsx', 'xls', 'csv'] as const;
export const ORDER_UPLOAD_INVALID_TYPE = 'Please select a valid Excel file (.xlsx, .xls) or CSV file (.csv)';

// ---------- Batch picking ----------

export const BATCH_STATUSES = ['open', 'completed', 'emptied'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

// How many orders and which the batch decider settles (2 to MAX_BATCH_ORDERS, each once); here only the shape.
export const createBatchBodySchema = z.object({
  order_ids: z.array(bodyInt({ min: 1, message: ORDER_ID_MESSAGE }), { error: 'Select the orders for the batch' }).max(MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders at a time`),
  worker_id: workerId,
});
export type CreateBatchBody = z.input<typeof createBatchBodySchema>;

export const batchOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  // Tote or slot on the cart.
  slot: z.number().int(),
  status: orderStatusSchema,
  total_items: z.number().int(),
  picked_items: z.number().int(),
  short_items: z.number().int(),
});
export type BatchOrder = z.infer<typeof batchOrderSchema>;

export const batchSchema = z.object({
  id: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  worker: userRefSchema,
  created_by: userRefSchema.nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  // The orders in the batch by slot (an order deassigned, reassigned or cancelled has left it).
  orders: z.array(batchOrderSchema),
  total_items: z.number().int(),
  picked_items: z.number().int(),
  short_items: z.number().int(),
});
export type Batch = z.infer<typeof batchSchema>;

// An item still to pick (or just picked or recorded short, until the batch is read again) of one of the batch's orders, saying which order and tote it goes to.
export const batchLineSchema = orderItemSchema.extend({ order_id: z.number().int(), order_number: z.string(), slot: z.number().int() });
export type BatchLine = z.infer<typeof batchLineSchema>;

// lines: to pick, in walk order; done_lines: picked or recorded short, in walk order, which the picker may still
// undo (until the batch, and its orders with it, is completed). Both empty once the batch is no longer open.
export const batchDetailSchema = batchSchema.extend({ lines: z.array(batchLineSchema), done_lines: z.array(batchLineSchema) });
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const listBatchesQuerySchema = z.object({
  // Default: the open batches.
  status: z.enum([...BATCH_STATUSES, 'all'], { error: 'Status must be open, completed, emptied or all' }).default('open'),
  worker_id: optionalTextInt({ min: 1, message: 'Worker must be a user id' }),
  page: pageQuery(),
  limit: limitQuery(MAX_ORDER_LIMIT, DEFAULT_ORDER_LIMIT),
});
export type ListBatchesQuery = z.input<typeof listBatchesQuerySchema>;

export const batchListSchema = z.object({ batches: z.array(batchSchema), pagination: paginationSchema });
export type BatchList = z.infer<typeof batchListSchema>;
