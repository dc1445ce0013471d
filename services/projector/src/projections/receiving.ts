import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { RECEIPT_EVENT_TYPES, type ReceiptEvent, type StyleEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';
import { receivingRebuilder } from './receiving-rebuild.ts';
import { CATALOGUE_EVENTS, decisionOf, receiptRow, type Decision } from './receipt-row.ts';
import { matchByKey } from '../write-together.ts';

// rm_receipts: the Stock Approval screen's receipts list and its Recent Approvals table. The catalogue's events keep
// style_known / variant_known current: a receipt of a style created since it was recorded no longer needs a manager.
// The stock approvals move reaches rm_stock through the inventory ledger projection, which announces 'inventory'.
export const receivingProjection: Projection = {
  name: 'receiving',
  handles: new Set([...RECEIPT_EVENT_TYPES, ...CATALOGUE_EVENTS]),
  async apply(trx, events, topics) {
    // An upload records thousands of receipts in a row and approvals come in runs too: recorded receipts are inserted
    // together, a decision on a receipt still waiting to be inserted is folded into its row, and the other decisions
    // are written together. Everything pending is written before a catalogue event, which may touch those rows.
    const recorded = new Map<number, Insertable<Database['rm_receipts']>>();
    const decisions = new Map<number, Decision>();
    const flush = async () => {
      const rows = [...recorded.values()];
      for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('rm_receipts').values(rows.slice(i, i + 1000)).execute();
      recorded.clear();
      await writeDecisions(trx, [...decisions.values()]);
      decisions.clear();
    };
    // A run of catalogue events only sets flags, so it is applied as one: after the receipts before it, before the
    // receipts after it.
    const styles = new Set<string>();
    const skus = new Set<string>();
    const flushCatalogue = async () => {
      if (styles.size + skus.size === 0) return;
      if (await markKnown(trx, [...styles], [...skus])) topics.add({ kind: 'receipts' });
      styles.clear();
      skus.clear();
    };
    for (const stored of events) {
      if (CATALOGUE_EVENTS.has(stored.type)) {
        await flush();
        const event = { type: stored.type, data: stored.data } as StyleEvent;
        if (event.type === 'StyleUpdated') continue;
        styles.add(event.data.style_code);
        for (const v of event.data.variants) skus.add(v.sku);
        continue;
      }
      await flushCatalogue();
      topics.add({ kind: 'receipts' });
      const event = { type: stored.type, data: stored.data } as ReceiptEvent;
      if (event.type === 'StockReceiptRecorded') {
        recorded.set(event.data.receipt_id, receiptRow(event.data));
        continue;
      }
      const decision = decisionOf(event);
      const row = recorded.get(decision.id);
      if (row) Object.assign(row, decision);
      else decisions.set(decision.id, decision);
    }
    await flush();
    await flushCatalogue();
  },
  rebuilder: (io) => receivingRebuilder(io),
};

// One statement per thousands of decisions instead of one per receipt.
async function writeDecisions(trx: Transaction<Database>, decisions: readonly Decision[]): Promise<void> {
  for (let i = 0; i < decisions.length; i += 5000) {
    const chunk = decisions.slice(i, i + 5000);
    await sql`
      update rm_receipts r
         set status = u.status, decided_by = u.decided_by, decided_at = u.decided_at,
             auto_approved = case when u.status = 'approved' then u.auto_approved else r.auto_approved end,
             location = case when u.status = 'approved' then u.location else r.location end,
             location_type = case when u.status = 'approved' then u.location_type else r.location_type end,
             notes = case when u.status = 'approved' then u.notes else r.notes end,
             reject_reason = case when u.status = 'rejected' then u.reject_reason else r.reject_reason end
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             as u(id int, status text, decided_by int, decided_at timestamptz, auto_approved boolean, location text,
                  location_type text, notes text, reject_reason text)
       where ${matchByKey('r.id', 'u.id', chunk.map((d) => d.id))}`.execute(trx);
  }
}

async function markKnown(trx: Transaction<Database>, styles: readonly string[], skus: readonly string[]): Promise<boolean> {
  const byStyle = await trx
    .updateTable('rm_receipts')
    .set({ style_known: true })
    .where('style_code', '=', sql<string>`any(${styles}::text[])`)
    .where('style_known', '=', false)
    .executeTakeFirst();
  const bySku =
    skus.length === 0
      ? { numUpdatedRows: 0n }
      : await trx
          .updateTable('rm_receipts')
          .set({ variant_known: true })
          .where('sku', '=', sql<string>`any(${skus}::text[])`)
          .where('variant_known', '=', false)
          .executeTakeFirst();
  return byStyle.numUpdatedRows + bySku.numUpdatedRows > 0n;
}
