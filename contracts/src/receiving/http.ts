import { z } from 'zod';
import { codeInput, locationCodeProblem, normaliseCode, styleCodeProblem } from '../platform/codes.ts';
import { paginationSchema, queryBoolean } from '../platform/http.ts';
import { overCapacityListSchema } from '../platform/stock.ts';
import { bodyInt, calendarDate, daysQuery, limitQuery, pageQuery, quantityInt } from '../platform/input.ts';
import { stockEntryUploadResultSchema } from '../catalogue/http.ts';
import { RECEIPT_APPROVERS, RECEIPT_SOURCES } from './events.ts';

// ---- Uploads: POST /files/upload/shopify-stock, /files/upload/manual-stock, /files/upload/bin-allocation ----

// The spec's alert: 'Invalid file type. Please upload {accepted} files only.'
export function invalidFileTypeMessage(accept: readonly string[]): string {
  return `Invalid file type. Please upload ${accept.map((e) => `.${e}`).join(', ')} files only.`;
}

export const SHOPIFY_STOCK_ACCEPT = ['csv'] as const;
export const MANUAL_STOCK_ACCEPT = ['xlsx', 'xls'] as const;
// The route also takes the CSV that the Manual Entry table generates (spec section 5, Manual stock save);
// the file panel still offers the manual stock sheet as Excel only.
export const MANUAL_STOCK_ROUTE_ACCEPT = ['xlsx', 'xls', 'csv'] as const;
export const BIN_ALLOCATION_ACCEPT = ['xlsx', 'xls', 'csv'] as const;

// The spec's Stock-entry upload result, plus the units the accepted rows carry.
//  - processed_records: rows accepted (receipts recorded, or allocation rows applied)
//  - new_styles / existing_styles: distinct style codes the catalogue did not / did know
//  - new_variants: distinct SKUs of the accepted rows the catalogue did not know
//  - updated_inventory: rows that moved stock now (auto-approved receipts, allocation rows that changed a count)
//  - pending_approval / auto_approved: receipts waiting for approval / approved as they were recorded
//  - over_capacity: locations the file's stock took past their capacity
export const stockUploadResultSchema = stockEntryUploadResultSchema.extend({
  units: z.number().int(),
  over_capacity: overCapacityListSchema,
});
export type StockUploadResult = z.infer<typeof stockUploadResultSchema>;

// Bin allocation: as above (pending_approval and auto_approved are 0), plus the locations the sheet named.
export const binAllocationResultSchema = stockUploadResultSchema.extend({
  // Distinct locations named by accepted rows.
  locations: z.number().int(),
  // Units counted into locations that RECEIVING did not hold (recorded as found stock).
  found_units: z.number().int(),
});
export type BinAllocationResult = z.infer<typeof binAllocationResultSchema>;

// ---- Receipts: GET /stock-approval/receipts, POST /stock-approval/receipts/{id}/approve|reject, bulk-approve ----

export const RECEIPT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export const receiptSchema = z.object({
  id: z.number().int(),
  status: z.enum(RECEIPT_STATUSES),
  source: z.enum(RECEIPT_SOURCES),
  style_code: z.string(),
  style_name: z.string().nullable(),
  sku: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  gatepass_number: z.string().nullable(),
  // YYYY-MM-DD, from the file; null when the file has none.
  received_date: z.string().nullable(),
  filename: z.string().nullable(),
  row: z.number().int().nullable(),
  style_known: z.boolean(),
  variant_known: z.boolean(),
  // 'manager' when only a manager may approve (unknown style).
  approver: z.enum(RECEIPT_APPROVERS),
  recorded_by: z.string().nullable(),
  recorded_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  // Set once approved.
  location: z.string().nullable(),
  location_type: z.string().nullable(),
  notes: z.string().nullable(),
  // Set once rejected.
  reject_reason: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

// An approved receipt, and the location it took past its capacity, if it did.
export const approvedReceiptSchema = receiptSchema.extend({ over_capacity: overCapacityListSchema });
export type ApprovedReceipt = z.infer<typeof approvedReceiptSchema>;

export const listReceiptsQuerySchema = z.object({
  status: z.enum([...RECEIPT_STATUSES, 'all'], { error: 'Invalid status' }).default('pending'),
  source: z.enum(RECEIPT_SOURCES, { error: 'Invalid source' }).optional(),
  // Matches style code, SKU, colour, gatepass number or file name, partly, case-insensitively.
  search: z.string().trim().max(100).optional(),
  page: pageQuery(),
  limit: limitQuery(200, 50),
});
export type ListReceiptsQuery = z.input<typeof listReceiptsQuerySchema>;

export const receiptListSchema = z.object({
  receipts: z.array(receiptSchema),
  pagination: paginationSchema,
  // Over all receipts, whatever the filters: what the screen's badges show.
  counts: z.object({ pending: z.number().int(), pending_manager: z.number().int() }),
});
export type ReceiptList = z.infer<typeof receiptListSchema>;

const notes = z
  .union([z.string().trim().max(500, 'Notes must be at most 500 characters'), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

// Where approved stock goes: a location id (from GET /stock-approval/locations) or a location code; neither means
// RECEIVING.
const locationChoice = {
  location_id: bodyInt({ min: 1, message: 'Please choose a location' }).optional(),
  location: z
    .string()
    .optional()
    .transform((v) => (v ? normaliseCode(v) || undefined : undefined))
    .pipe(codeInput(locationCodeProblem, 'Location code is required').optional()),
};

export const approveReceiptBodySchema = z.object({ ...locationChoice, notes });
export type ApproveReceiptBody = z.input<typeof approveReceiptBodySchema>;

export const rejectReceiptBodySchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for rejecting' })
    .trim()
    .min(1, 'Please give a reason for rejecting')
    .max(500, 'Reason must be at most 500 characters'),
});
export type RejectReceiptBody = z.input<typeof rejectReceiptBodySchema>;

export const bulkApproveBodySchema = z.object({
  receipt_ids: z
    .array(bodyInt({ min: 1, message: 'Each receipt must be a receipt id' }), { error: 'Select at least one receipt' })
    .min(1, 'Select at least one receipt')
    .max(500, 'At most 500 receipts at once'),
  ...locationChoice,
  notes,
});
export type BulkApproveBody = z.input<typeof bulkApproveBodySchema>;

// Each receipt asked for, in the order asked: approved (and whether that took the location past its capacity) or
// refused and why.
export const bulkApprovalOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ id: z.number().int(), status: z.literal('approved'), over_capacity: overCapacityListSchema }),
  z.object({ id: z.number().int(), status: z.literal('refused'), error: z.string() }),
]);
export type BulkApprovalOutcome = z.infer<typeof bulkApprovalOutcomeSchema>;

export const bulkApproveResultSchema = z.object({
  approved: z.number().int(),
  refused: z.number().int(),
  // Where the approved stock went.
  location: z.string(),
  results: z.array(bulkApprovalOutcomeSchema),
  // The location past its capacity once every approval is in: what it holds then.
  over_capacity: overCapacityListSchema,
});
export type BulkApproveResult = z.infer<typeof bulkApproveResultSchema>;

// ---- Direct approval: GET /stock-approval/available-skus, POST /stock-approval/manual-approve, GET /stock-approval/recent ----

export const availableSkusQuerySchema = z.object({
  // Matches style code or name, partly, case-insensitively.
  search: z.string().trim().max(100).optional(),
  limit: limitQuery(200, 20),
});
export type AvailableSkusQuery = z.input<typeof availableSkusQuerySchema>;

// The spec's Available item, plus the style's SKUs so the form can offer colours and sizes that exist.
export const approvableItemSchema = z.object({
  style_code: z.string(),
  style_name: z.string(),
  is_jeans: z.boolean(),
  available_sizes: z.array(z.string()),
  available_colors: z.array(z.string()),
  variant_count: z.number().int(),
  current_stock: z.number().int(),
  skus: z.array(z.object({ sku: z.string(), size: z.string(), color: z.string(), quantity: z.number().int() })),
});
export type ApprovableItem = z.infer<typeof approvableItemSchema>;

export const availableSkusSchema = z.object({ available_items: z.array(approvableItemSchema) });
export type AvailableSkus = z.infer<typeof availableSkusSchema>;

// POST /files/upload/manual-stock?add_variants=true: the sizes and colours the file names that its styles lack are
// confirmed additions (without it such rows refuse the file, 409 NEW_VARIANTS).
export const manualStockQuerySchema = z.object({ add_variants: queryBoolean.optional() });
export type ManualStockQuery = z.input<typeof manualStockQuerySchema>;

// The spec's Stock approval request. Messages follow section 5 (Direct stock approval).
export const manualApproveBodySchema = z.object({
  style_code: codeInput(styleCodeProblem, 'Please select a style'),
  color: z
    .string({ error: 'Please select a colour' })
    .trim()
    .min(1, 'Please select a colour')
    .max(40, 'Colour must be at most 40 characters'),
  // Empty means Free Size.
  size: z
    .union([z.string().trim().max(40, 'Size must be at most 40 characters'), z.null()])
    .optional()
    .transform((v) => (v ? v : 'Free Size')),
  quantity: quantityInt(),
  // 'rack' also matches a jean rack.
  location_type: z.enum(['bin', 'rack', 'jean_rack'], { error: 'Please choose a location' }),
  location_id: bodyInt({ min: 1, message: 'Please choose a location' }),
  gatepass_number: z
    .union([z.string().trim().max(60, 'Gatepass number must be at most 60 characters'), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  notes,
  // The day the stock arrived; today (warehouse time) when absent.
  date: z
    .union([calendarDate(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ManualApproveBody = z.input<typeof manualApproveBodySchema>;

// The spec's Recent approval, plus who approved and when.
export const recentApprovalSchema = z.object({
  id: z.number().int(),
  // The day the stock arrived (YYYY-MM-DD), else the day it was approved.
  date: z.string(),
  style_code: z.string(),
  sku: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  location_type: z.string(),
  location: z.string(),
  gatepass_number: z.string().nullable(),
  source: z.enum(RECEIPT_SOURCES),
  notes: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string(),
});
export type RecentApproval = z.infer<typeof recentApprovalSchema>;

// A direct approval's answer: the approval, and the location it took past its capacity, if it did.
export const directApprovalSchema = recentApprovalSchema.extend({ over_capacity: overCapacityListSchema });
export type DirectApproval = z.infer<typeof directApprovalSchema>;

export const recentApprovalsQuerySchema = z.object({
  limit: limitQuery(500, 50),
  days: daysQuery().default(7),
});
export type RecentApprovalsQuery = z.input<typeof recentApprovalsQuerySchema>;

export const recentApprovalsSchema = z.object({ approvals: z.array(recentApprovalSchema) });
export type RecentApprovals = z.infer<typeof recentApprovalsSchema>;
