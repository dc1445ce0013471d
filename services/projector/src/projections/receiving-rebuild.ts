import type { Insertable } from 'kysely';
import type { Database } from '@wh/db';
import type { ReceiptEvent, StyleEvent } from '@wh/contracts';
import type { Rebuilder } from '../projection.ts';
import { copyLine, linesOf, type RebuildIo } from '../rebuild-io.ts';
import { CATALOGUE_EVENTS, decisionOf, receiptRow } from './receipt-row.ts';

type Row = Insertable<Database['rm_receipts']>;

// A rebuild's rm_receipts: every receipt held in memory over the whole history and COPYed once at the end (the live
// path inserts a receipt, then updates it at its decision and again when the catalogue learns its style or SKU).
// Applied in log order, as the live path applies a batch: a decision changes the columns the live update sets (an
// approval keeps the reject reason, a rejection the approval's columns), and a style or SKU the catalogue creates
// marks the receipts recorded before it, found through the lists of receipts still waiting for each.
export function receivingRebuilder(io: RebuildIo): Rebuilder {
  const receipts = new Map<number, Row>();
  const unknownStyle = new Map<string, Row[]>();
  const unknownSku = new Map<string, Row[]>();
  const wait = (lists: Map<string, Row[]>, key: string, row: Row) => {
    const list = lists.get(key);
    if (list) list.push(row);
    else lists.set(key, [row]);
  };
  return {
    async apply(_trx, events) {
      for (const stored of events) {
        if (CATALOGUE_EVENTS.has(stored.type)) {
          const event = { type: stored.type, data: stored.data } as StyleEvent;
          if (event.type === 'StyleUpdated') continue;
          for (const row of unknownStyle.get(event.data.style_code) ?? []) row.style_known = true;
          unknownStyle.delete(event.data.style_code);
          for (const v of event.data.variants) {
            for (const row of unknownSku.get(v.sku) ?? []) row.variant_known = true;
            unknownSku.delete(v.sku);
          }
          continue;
        }
        const event = { type: stored.type, data: stored.data } as ReceiptEvent;
        if (event.type === 'StockReceiptRecorded') {
          const row: Row = { ...receiptRow(event.data), auto_approved: false };
          receipts.set(event.data.receipt_id, row);
          if (!row.style_known) wait(unknownStyle, row.style_code, row);
          if (!row.variant_known) wait(unknownSku, row.sku, row);
          continue;
        }
        const row = receipts.get(event.data.receipt_id);
        if (!row) continue;
        const d = decisionOf(event);
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
    },
    async finish() {
      await io.copyAll('rm_receipts', COLUMNS, linesOf(receipts.values(), (r) => copyLine(COLUMNS.map((c) => r[c]))));
    },
  };
}

const COLUMNS = [
  'id',
  'status',
  'source',
  'upload_id',
  'filename',
  'row_number',
  'style_code',
  'style_name',
  'sku',
  'color',
  'size',
  'quantity',
  'gatepass_number',
  'received_date',
  'style_known',
  'variant_known',
  'recorded_by',
  'recorded_at',
  'decided_by',
  'decided_at',
  'auto_approved',
  'location',
  'location_type',
  'notes',
  'reject_reason',
] as const satisfies readonly (keyof Row)[];
