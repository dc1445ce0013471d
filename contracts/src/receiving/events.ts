import { z } from 'zod';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';
import { stockMovementSchema } from '../platform/stock.ts';
import { numberDomains as n } from '../platform/input.ts';

// Receiving: stock arriving in the warehouse. One stream per receipt (`receipt-<id>`); a bin-allocation upload is one
// stream (`bin-allocation-<upload id>`) holding one event per row that changed a count.

// Where a receipt came from: an online-shop inventory export, a manual stock sheet (or the Manual Entry table,
// which is sent as a generated sheet), or a direct approval on the Stock Approval screen.
export const RECEIPT_SOURCES = ['shopify_stock', 'manual_stock', 'direct'] as const;
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];

// Who may approve: a receipt of a known style waits for executive2 or a manager; an unknown style for a manager.
export const RECEIPT_APPROVERS = ['executive2', 'manager'] as const;
export type ReceiptApprover = (typeof RECEIPT_APPROVERS)[number];

const id = n.id;
const at = z.string();

export const receiptLineSchema = z.object({
  style_code: z.string(),
  // The name the file gave (online-shop Title); null when the file has none. Used when approval creates the style.
  style_name: z.string().nullable(),
  sku: z.string(),
  color: z.string(),
  // 'Free Size' when the file left it empty; the SKU then carries FS.
  size: z.string(),
  quantity: n.quantity,
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const RECEIPT_EVENTS = {
  StockReceiptRecorded: firstVersion(
    receiptLineSchema.extend({
      receipt_id: id,
      source: z.enum(RECEIPT_SOURCES),
      // One id per uploaded file (the request's correlation id); null for a direct approval.
      upload_id: z.string().nullable(),
      filename: z.string().nullable(),
      // Spreadsheet row number (header is row 1); null for a direct approval.
      row: n.count32.nullable(),
      gatepass_number: z.string().nullable(),
      // The date the stock arrived (sheet DATE or the approval form's date), YYYY-MM-DD; null when the file has none.
      received_date: z.string().nullable(),
      // What the registries said when the receipt was recorded.
      style_known: z.boolean(),
      variant_known: z.boolean(),
      approver: z.enum(RECEIPT_APPROVERS),
      recorded_by: id.nullable(),
      at,
    }),
  ),
  StockReceiptApproved: firstVersion(
    z.object({
      receipt_id: id,
      style_code: z.string(),
      sku: z.string(),
      color: z.string(),
      size: z.string(),
      quantity: n.quantity,
      // A location code (A-1-1, a rack, or RECEIVING) and its type.
      location: z.string(),
      location_type: z.string(),
      notes: z.string().nullable(),
      gatepass_number: z.string().nullable(),
      received_date: z.string().nullable(),
      approved_by: id.nullable(),
      // True when a manager's own upload of a known style was approved as it was recorded.
      auto: z.boolean(),
      // True when this approval created the style (or, for a known style, added this SKU to it).
      style_created: z.boolean(),
      variant_created: z.boolean(),
      // The ledger's why for the movement.
      reason: z.string(),
      at,
      movements: z.array(stockMovementSchema),
    }),
  ),
  StockReceiptRejected: firstVersion(z.object({ receipt_id: id, reason: z.string(), rejected_by: id.nullable(), at })),
} satisfies EventFamily;

export type ReceiptEvent = EventsOf<typeof RECEIPT_EVENTS>;
export type ReceiptEventType = ReceiptEvent['type'];
export const RECEIPT_EVENT_TYPES = Object.keys(RECEIPT_EVENTS) as readonly ReceiptEventType[];
export const receiptStreamId = (receiptId: number) => `receipt-${receiptId}`;

// One bin-allocation row that changed a count: units moved between RECEIVING and the location to reach `quantity`.
// Units RECEIVING did not hold are recorded as found (`found` > 0); units taken out of a bin go back to RECEIVING.
export const BIN_ALLOCATION_EVENTS = {
  BinStockCounted: firstVersion(
    z.object({
      upload_id: z.string(),
      filename: z.string(),
      row: n.count32,
      location: z.string(),
      location_type: z.string(),
      style_code: z.string(),
      sku: z.string(),
      color: z.string(),
      size: z.string(),
      previous_quantity: n.stock,
      quantity: n.count,
      // Units taken from RECEIVING (negative: returned to RECEIVING).
      from_receiving: n.stockDelta,
      // Units RECEIVING did not hold, counted into the location as found stock.
      found: n.count,
      // The sheet's Last Updated date, YYYY-MM-DD, or null.
      as_of: z.string().nullable(),
      counted_by: id.nullable(),
      // The ledger's why for the movements.
      reason: z.string(),
      at,
      movements: z.array(stockMovementSchema),
    }),
  ),
} satisfies EventFamily;
export type BinAllocationEvent = EventsOf<typeof BIN_ALLOCATION_EVENTS>;

export const binAllocationStreamId = (uploadId: string) => `bin-allocation-${uploadId}`;

// Event types of this feature that move stock (added to STOCK_MOVEMENT_EVENT_TYPES).
export const RECEIVING_STOCK_EVENT_TYPES = ['StockReceiptApproved', 'BinStockCounted'] as const;
