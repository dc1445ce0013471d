import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { RECEIPT_EVENT_TYPES, type ReceiptEvent, type StyleEvent } from '@wh/contracts';
import type { Projection, Rebuilder } from '../../projection.ts';
import { copyLine, linesOf, type RebuildIo } from '../../rebuild-io.ts';
import { CATALOGUE_EVENTS, decide, decisionOf, DECISION_COLUMNS, receiptRow, type Decision, type DecidedRow, type ReceiptRow } from './fold.ts';
import { executePrepared, matchByKey } from '../../write-together.ts';

// rm_receipts: the Stock Approval screen's receipts list and its Recent Approvals table; announces 'receipts'. The
// catalogue's events keep style_known / variant_known current: a receipt of a style created since it was recorded no
// longer needs a manager. The stock approvals move reaches rm_stock through the inventory ledger projection, which
// announces 'inventory'. One fold (fold.ts), two ways to hold its rows:
// - live (`apply`): the batch's new receipts inserted together, its decisions folded over those and over the decided
//   receipts' rows read from the table, written together; a run of catalogue events one update per flag;
// - rebuild (`rebuilder`): every receipt held in memory over the whole history and COPYed once at the end (the live
//   path inserts a receipt, then updates it at its decision and again when the catalogue learns its style or SKU).
export const receivingProjection: Projection = {
  name: 'receiving',
  handles: new Set([...RECEIPT_EVENT_TYPES, ...CATALOGUE_EVENTS]),
  async apply(trx, events, topics) {
    // An upload records thousands of receipts in a row and approvals come in runs too: recorded receipts are inserted
    // together, a decision on a receipt still waiting to be inserted is folded into its row, and the other decisions
    // are written together. Everything pending is written before a catalogue event, which may touch those rows.
    const recorded = new Map<number, ReceiptRow>();
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
        if (event.type !== 'StyleCreated' && event.type !== 'StyleVariantsAdded') continue;
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
      if (row) decide(row, decision);
      else decisions.set(decision.id, decision);
    }
    await flush();
    await flushCatalogue();
  },
  rebuilder: (io) => receivingRebuilder(io),
};

// Decisions on receipts recorded before the batch: their rows read, folded and written back, one statement per
// thousands of receipts instead of one per receipt. A decision on a receipt the table does not hold changes nothing.
async function writeDecisions(trx: Transaction<Database>, decisions: readonly Decision[]): Promise<void> {
  for (let i = 0; i < decisions.length; i += 5000) {
    const chunk = decisions.slice(i, i + 5000);
    const { rows } = await executePrepared<DecidedRow>(
      trx,
      trx
        .selectFrom('rm_receipts')
        .select(['id', ...DECISION_COLUMNS])
        .where('id', '=', sql<number>`any(${chunk.map((d) => d.id)}::int[])`),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const d of chunk) {
      const row = byId.get(d.id);
      if (row) decide(row, d);
    }
    if (rows.length === 0) continue;
    await sql`
      update rm_receipts r
         set status = u.status, decided_by = u.decided_by, decided_at = u.decided_at, auto_approved = u.auto_approved,
             location = u.location, location_type = u.location_type, notes = u.notes, reject_reason = u.reject_reason
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as u(id int, status text, decided_by int, decided_at timestamptz, auto_approved boolean, location text,
                  location_type text, notes text, reject_reason text)
       where ${matchByKey('r.id', 'u.id', rows.map((r) => r.id))}`.execute(trx);
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

// The rebuild's way: every receipt in memory, applied in log order as the live path applies a batch; a style or SKU
// the catalogue creates marks the receipts recorded before it, found through the lists of receipts still waiting for
// each.
function receivingRebuilder(io: RebuildIo): Rebuilder {
  const receipts = new Map<number, ReceiptRow>();
  const unknownStyle = new Map<string, ReceiptRow[]>();
  const unknownSku = new Map<string, ReceiptRow[]>();
  const wait = (lists: Map<string, ReceiptRow[]>, key: string, row: ReceiptRow) => {
    const list = lists.get(key);
    if (list) list.push(row);
    else lists.set(key, [row]);
  };
  return {
    async apply(_trx, events) {
      for (const stored of events) {
        if (CATALOGUE_EVENTS.has(stored.type)) {
          const event = { type: stored.type, data: stored.data } as StyleEvent;
          if (event.type !== 'StyleCreated' && event.type !== 'StyleVariantsAdded') continue;
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
          const row: ReceiptRow = { ...receiptRow(event.data), auto_approved: false };
          receipts.set(event.data.receipt_id, row);
          if (!row.style_known) wait(unknownStyle, row.style_code, row);
          if (!row.variant_known) wait(unknownSku, row.sku, row);
          continue;
        }
        const row = receipts.get(event.data.receipt_id);
        if (row) decide(row, decisionOf(event));
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
  ...DECISION_COLUMNS.slice(1),
] as const satisfies readonly (keyof ReceiptRow)[];
