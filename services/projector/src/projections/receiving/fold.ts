import type { Insertable, Selectable } from 'kysely';
import type { Database } from '@wh/db';
import type { ReceiptEvent, StyleEvent } from '@wh/contracts';

// The receipts read model's one fold: a receipt's rm_receipts row as its events make it, in memory. The live path
// (projection.ts, `apply`) folds over the batch's new rows and the decided receipts' rows read from the table; the
// rebuild (projection.ts, `rebuilder`) over every receipt of the history. The catalogue's events set style_known and
// variant_known on the receipts still waiting for the style or SKU (markKnown below, on a row or a whole table).

export const CATALOGUE_EVENTS: ReadonlySet<string> = new Set<StyleEvent['type']>(['StyleCreated', 'StyleVariantsAdded']);

export type Decision = {
  id: number;
  status: 'approved' | 'rejected';
  decided_by: number | null;
  decided_at: string;
  auto_approved: boolean;
  location: string | null;
  location_type: string | null;
  notes: string | null;
  reject_reason: string | null;
};

export function decisionOf(event: Exclude<ReceiptEvent, { type: 'StockReceiptRecorded' }>): Decision {
  switch (event.type) {
    case 'StockReceiptApproved': {
      const d = event.data;
      return {
        id: d.receipt_id,
        status: 'approved',
        decided_by: d.approved_by,
        decided_at: d.at,
        auto_approved: d.auto,
        location: d.location,
        location_type: d.location_type,
        notes: d.notes,
        reject_reason: null,
      };
    }
    case 'StockReceiptRejected': {
      const d = event.data;
      // A receipt is decided once: the approval's columns keep a pending receipt's values.
      return {
        id: d.receipt_id,
        status: 'rejected',
        decided_by: d.rejected_by,
        decided_at: d.at,
        auto_approved: false,
        location: null,
        location_type: null,
        notes: null,
        reject_reason: d.reason,
      };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function receiptRow(d: Extract<ReceiptEvent, { type: 'StockReceiptRecorded' }>['data']): Insertable<Database['rm_receipts']> {
  return {
    id: d.receipt_id,
    status: 'pending',
    source: d.source,
    upload_id: d.upload_id,
    filename: d.filename,
    row_number: d.row,
    style_code: d.style_code,
    style_name: d.style_name,
    sku: d.sku,
    color: d.color,
    size: d.size,
    quantity: d.quantity,
    gatepass_number: d.gatepass_number,
    received_date: d.received_date,
    style_known: d.style_known,
    variant_known: d.variant_known,
    recorded_by: d.recorded_by,
    recorded_at: d.at,
  };
}

export type ReceiptRow = Insertable<Database['rm_receipts']>;

// The columns a decision sets.
export const DECISION_COLUMNS = [
  'status',
  'decided_by',
  'decided_at',
  'auto_approved',
  'location',
  'location_type',
  'notes',
  'reject_reason',
] as const satisfies readonly (keyof Decision)[];
export type DecidedRow = Pick<Selectable<Database['rm_receipts']>, 'id' | (typeof DECISION_COLUMNS)[number]>;

// A decision over its receipt's row: an approval keeps the reject reason, a rejection the approval's columns.
export function decide(row: ReceiptRow | DecidedRow, d: Decision): void {
  row.status = d.status;
  row.decided_by = d.decided_by;
  row.decided_at = d.decided_at;
  if (d.status === 'approved') {
    row.auto_approved = d.auto_approved;
    row.location = d.location;
    row.location_type = d.location_type;
    row.notes = d.notes;
  } else {
    row.reject_reason = d.reject_reason;
  }
}
