import type { Insertable, Transaction } from 'kysely';
import type { Database } from '@wh/migrations';
import { RECEIPT_EVENT_TYPES, type ReceiptEvent, type StyleEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

const CATALOGUE_EVENTS: ReadonlySet<string> = new Set<StyleEvent['type']>(['StyleCreated', 'StyleVariantsAdded']);

// rm_receipts: the Stock Approval screen's receipts list and its Recent Approvals table. The catalogue's events keep
// style_known / variant_known current: a receipt of a style created since it was recorded no longer needs a manager.
// The stock approvals move reaches rm_stock through the inventory ledger projection, which announces 'inventory'.
export const receivingProjection: Projection = {
  name: 'receiving',
  handles: new Set([...RECEIPT_EVENT_TYPES, ...CATALOGUE_EVENTS]),
  async apply(trx, events, topics) {
    // An upload records thousands of receipts in a row: they are inserted together, and written before any later
    // event of the batch (an approval, a catalogue change) that may touch them.
    const recorded: Insertable<Database['rm_receipts']>[] = [];
    const flush = async () => {
      for (let i = 0; i < recorded.length; i += 1000) await trx.insertInto('rm_receipts').values(recorded.slice(i, i + 1000)).execute();
      recorded.length = 0;
    };
    for (const stored of events) {
      if (CATALOGUE_EVENTS.has(stored.type)) {
        await flush();
        const changed = await applyCatalogueEvent(trx, { type: stored.type, data: stored.data } as StyleEvent);
        if (changed) topics.add('receipts');
        continue;
      }
      topics.add('receipts');
      const event = { type: stored.type, data: stored.data } as ReceiptEvent;
      if (event.type === 'StockReceiptRecorded') {
        recorded.push(receiptRow(event.data));
        continue;
      }
      await flush();
      await applyReceiptDecision(trx, event);
    }
    await flush();
  },
};

async function applyCatalogueEvent(trx: Transaction<Database>, event: StyleEvent): Promise<boolean> {
  if (event.type === 'StyleUpdated') return false;
  const skus = event.data.variants.map((v) => v.sku);
  const styles = await trx
    .updateTable('rm_receipts')
    .set({ style_known: true })
    .where('style_code', '=', event.data.style_code)
    .where('style_known', '=', false)
    .executeTakeFirst();
  const variants =
    skus.length === 0
      ? { numUpdatedRows: 0n }
      : await trx.updateTable('rm_receipts').set({ variant_known: true }).where('sku', 'in', skus).where('variant_known', '=', false).executeTakeFirst();
  return styles.numUpdatedRows + variants.numUpdatedRows > 0n;
}

function receiptRow(d: Extract<ReceiptEvent, { type: 'StockReceiptRecorded' }>['data']): Insertable<Database['rm_receipts']> {
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

async function applyReceiptDecision(
  trx: Transaction<Database>,
  event: Exclude<ReceiptEvent, { type: 'StockReceiptRecorded' }>,
): Promise<void> {
  switch (event.type) {
    case 'StockReceiptApproved': {
      const d = event.data;
      await trx
        .updateTable('rm_receipts')
        .set({
          status: 'approved',
          decided_by: d.approved_by,
          decided_at: d.at,
          auto_approved: d.auto,
          location: d.location,
          location_type: d.location_type,
          notes: d.notes,
        })
        .where('id', '=', d.receipt_id)
        .execute();
      return;
    }
    case 'StockReceiptRejected': {
      const d = event.data;
      await trx
        .updateTable('rm_receipts')
        .set({ status: 'rejected', decided_by: d.rejected_by, decided_at: d.at, reject_reason: d.reason })
        .where('id', '=', d.receipt_id)
        .execute();
      return;
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
