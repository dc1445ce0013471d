import type { StockMovement } from '../platform/stock.ts';

// Receiving: stock arriving in the warehouse. One stream per receipt (`receipt-<id>`); a bin-allocation upload is one
// stream (`bin-allocation-<upload id>`) holding one event per row that changed a count.

// Where a receipt came from: an online-shop inventory export, a manual stock sheet (or the Manual Entry table,
// which is sent as a generated sheet), or a direct approval on the Stock Approval screen.
export const RECEIPT_SOURCES = ['shopify_stock', 'manual_stock', 'direct'] as const;
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];

// Who may approve: a receipt of a known style waits for executive2 or a manager; an unknown style for a manager.
export const RECEIPT_APPROVERS = ['executive2', 'manager'] as const;
export type ReceiptApprover = (typeof RECEIPT_APPROVERS)[number];

export interface ReceiptLine {
  style_code: string;
  // The name the file gave (online-shop Title); null when the file has none. Used when approval creates the style.
  style_name: string | null;
  sku: string;
  color: string;
  // 'Free Size' when the file left it empty; the SKU then carries FS.
  size: string;
  quantity: number;
}

export type ReceiptEvent =
  | {
      type: 'StockReceiptRecorded';
      data: ReceiptLine & {
        receipt_id: number;
        source: ReceiptSource;
        // One id per uploaded file (the request's correlation id); null for a direct approval.
        upload_id: string | null;
        filename: string | null;
        // Spreadsheet row number (header is row 1); null for a direct approval.
        row: number | null;
        gatepass_number: string | null;
        // The date the stock arrived (sheet DATE or the approval form's date), YYYY-MM-DD; null when the file has none.
        received_date: string | null;
        // What the registries said when the receipt was recorded.
        style_known: boolean;
        variant_known: boolean;
        approver: ReceiptApprover;
        recorded_by: number | null;
        at: string;
      };
    }
  | {
      type: 'StockReceiptApproved';
      data: {
        receipt_id: number;
        style_code: string;
        sku: string;
        color: string;
        size: string;
        quantity: number;
        // A location code (A-1-1, a rack, or RECEIVING) and its type.
        location: string;
        location_type: string;
        notes: string | null;
        gatepass_number: string | null;
        received_date: string | null;
        approved_by: number | null;
        // True when a manager's own upload of a known style was approved as it was recorded.
        auto: boolean;
        // True when this approval created the style (or, for a known style, added this SKU to it).
        style_created: boolean;
        variant_created: boolean;
        // The ledger's why for the movement.
        reason: string;
        at: string;
        movements: StockMovement[];
      };
    }
  | { type: 'StockReceiptRejected'; data: { receipt_id: number; reason: string; rejected_by: number | null; at: string } };

export type ReceiptEventType = ReceiptEvent['type'];
export const RECEIPT_EVENT_TYPES: readonly ReceiptEventType[] = ['StockReceiptRecorded', 'StockReceiptApproved', 'StockReceiptRejected'];
export const receiptStreamId = (receiptId: number) => `receipt-${receiptId}`;

// One bin-allocation row that changed a count: units moved between RECEIVING and the location to reach `quantity`.
// Units RECEIVING did not hold are recorded as found (`found` > 0); units taken out of a bin go back to RECEIVING.
export type BinAllocationEvent = {
  type: 'BinStockCounted';
  data: {
    upload_id: string;
    filename: string;
    row: number;
    location: string;
    location_type: string;
    style_code: string;
    sku: string;
    color: string;
    size: string;
    previous_quantity: number;
    quantity: number;
    // Units taken from RECEIVING (negative: returned to RECEIVING).
    from_receiving: number;
    // Units RECEIVING did not hold, counted into the location as found stock.
    found: number;
    // The sheet's Last Updated date, YYYY-MM-DD, or null.
    as_of: string | null;
    counted_by: number | null;
    // The ledger's why for the movements.
    reason: string;
    at: string;
    movements: StockMovement[];
  };
};

export const binAllocationStreamId = (uploadId: string) => `bin-allocation-${uploadId}`;

// Event types of this feature that move stock (added to STOCK_MOVEMENT_EVENT_TYPES).
export const RECEIVING_STOCK_EVENT_TYPES = ['StockReceiptApproved', 'BinStockCounted'] as const;
