import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { receiptStreamId, type EventMetadata, type ReceiptEvent, type ReceiptSource, type Role } from '@wh/contracts';
import { foldStream, transactWithRetry } from '../../platform/command.ts';
import {
  appendToStreams,
  isUniqueViolation,
  readStream,
  type AppendResult,
  type StreamAppend,
} from '../../platform/event-store.ts';
import { DomainError } from '../../platform/errors.ts';
import { appendToStreamsBulk } from '../../platform/event-store-bulk.ts';
import { mapInTurns } from '../../platform/turns.ts';
import { applyStockMovements } from '../../platform/stock.ts';
import { addToCatalogue, catalogueKnows } from './catalogue.ts';
import { decideReceipt, type Destination } from './decide.ts';
import { resolveDestination, type LocationChoice } from './locations.ts';
import { receiptDecider } from './receipt.ts';
import type { ReceiptRow } from './stock-files.ts';

export interface Actor {
  id: number | null;
  role: Role;
}

// Receipts are decided again from fresh state when another writer got to a stream or a registry row first.
export const RECEIVING_RACES = { retryOn: isUniqueViolation };

// Appends receipt events with the catalogue additions their approvals need, and moves the approved units.
async function commit(
  trx: Transaction<Database>,
  receiptAppends: StreamAppend[],
  styleNames: ReadonlyMap<number, string | null>,
  metadata: EventMetadata,
  at: string,
): Promise<AppendResult | null> {
  const approvals = receiptAppends.flatMap((a) => a.events as ReceiptEvent[]).filter((e) => e.type === 'StockReceiptApproved');
  const needs = approvals
    .filter((e) => e.data.style_created || e.data.variant_created)
    .map((e) => ({ ...e.data, style_name: styleNames.get(e.data.receipt_id) ?? null }));
  const catalogueAppends = needs.length > 0 ? await addToCatalogue(trx, needs, at) : [];
  // Bulk: an upload's thousands of receipts travel as JSON text, the cheapest for the service's event loop.
  const append = await appendToStreamsBulk(trx, [...catalogueAppends, ...receiptAppends], metadata);
  await applyStockMovements(trx, approvals.flatMap((e) => e.data.movements));
  return append;
}

// A stock file as received: recorded with its receipts, so the same content sent to the same route again is refused.
export interface StockFile {
  route: string;
  sha256: Buffer;
  filename: string;
  // The warehouse's, to say when an earlier upload was.
  timeZone: string;
}

export interface RecordOptions {
  source: ReceiptSource;
  filename: string | null;
  uploadId: string | null;
  // Present for an upload; a direct approval has no file.
  file?: StockFile;
  actor: Actor;
  // Approve as recorded: into RECEIVING for a manager's own upload (known styles only), or a direct approval.
  approve: { destination: Destination; notes: string | null; auto: boolean } | null;
  metadata: EventMetadata;
  now: Date;
}

export interface RecordOutcome {
  append: AppendResult | null;
  receipt_ids: number[];
  new_styles: number;
  existing_styles: number;
  new_variants: number;
  pending_approval: number;
  auto_approved: number;
  units: number;
}

const ID_CHUNK = 5000;

async function nextReceiptIds(trx: Transaction<Database>, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let done = 0; done < count; done += ID_CHUNK) {
    const n = Math.min(ID_CHUNK, count - done);
    const { rows } = await sql<{ id: number }>`select nextval('receipt_id_seq')::int as id from generate_series(1, ${n})`.execute(trx);
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

// Records a receipt per row, in one transaction (an upload is all or nothing once its rows are read).
export async function recordReceipts(db: Kysely<Database>, rows: readonly ReceiptRow[], o: RecordOptions): Promise<RecordOutcome> {
  const at = o.now.toISOString();
  return transactWithRetry(db, async (trx) => {
    if (o.file) await recordStockFile(trx, o.file, o.uploadId ?? '', o.actor.id, o.now);
    const knows = await catalogueKnows(
      trx,
      rows.map((r) => r.style_code),
      rows.map((r) => r.sku),
    );
    const ids = await nextReceiptIds(trx, rows.length);
    const appends: StreamAppend[] = await mapInTurns(rows, (r, i) => {
      const receiptId = ids[i]!;
      const styleKnown = knows.styles.has(r.style_code);
      const approve = o.approve && (!o.approve.auto || styleKnown) ? o.approve : null;
      const events = decideReceipt(
        {
          type: 'RecordReceipt',
          data: {
            receipt_id: receiptId,
            source: o.source,
            upload_id: o.uploadId,
            filename: o.filename,
            row: o.source === 'direct' ? null : r.row,
            style_code: r.style_code,
            style_name: r.style_name,
            sku: r.sku,
            color: r.color,
            size: r.size,
            quantity: r.quantity,
            gatepass_number: r.gatepass_number,
            received_date: r.received_date,
            style_known: styleKnown,
            variant_known: knows.skus.has(r.sku),
            recorded_by: o.actor.id,
          },
          approve: approve && { ...approve.destination, actor_id: o.actor.id, actor_role: o.actor.role, notes: approve.notes, auto: approve.auto },
        },
        receiptDecider.initialState(),
        o.now,
      );
      return { streamId: receiptStreamId(receiptId), expectedVersion: 0, events };
    });
    const names = new Map(rows.map((r, i) => [ids[i]!, r.style_name]));
    const append = await commit(trx, appends, names, o.metadata, at);
    const approved = appends.filter((a) => a.events.length > 1).length;
    return {
      append,
      receipt_ids: ids,
      new_styles: new Set(rows.filter((r) => !knows.styles.has(r.style_code)).map((r) => r.style_code)).size,
      existing_styles: new Set(rows.filter((r) => knows.styles.has(r.style_code)).map((r) => r.style_code)).size,
      new_variants: new Set(rows.filter((r) => !knows.skus.has(r.sku)).map((r) => r.sku)).size,
      pending_approval: rows.length - approved,
      auto_approved: o.approve?.auto ? approved : 0,
      units: rows.reduce((sum, r) => sum + r.quantity, 0),
    };
  }, RECEIVING_RACES);
}

// The upload of a file already recorded by the same route, if any: when and by whom.
async function earlierUpload(db: Kysely<Database> | Transaction<Database>, file: Pick<StockFile, 'route' | 'sha256'>) {
  return db
    .selectFrom('stock_file_uploads as f')
    .leftJoin('user_registry as u', 'u.id', 'f.user_id')
    .select(['f.uploaded_at', 'f.filename', 'u.username'])
    .where('f.route', '=', file.route)
    .where('f.sha256', '=', file.sha256)
    .executeTakeFirst();
}

export class AlreadyUploadedError extends DomainError {
  constructor(earlier: { uploaded_at: Date; filename: string; username: string | null }, timeZone: string) {
    const when = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(earlier.uploaded_at);
    super(
      'CONFLICT',
      409,
      `This file was already uploaded on ${when.replace(', ', ' at ')} by ${earlier.username ?? 'the system'} (${earlier.filename}) and its rows were recorded then. Nothing was recorded this time.`,
    );
  }
}

// Inside the receipts' transaction: two uploads of one file at once meet on the primary key, and the second, run
// again by transactWithRetry, finds the first here.
async function recordStockFile(trx: Transaction<Database>, file: StockFile, uploadId: string, userId: number | null, now: Date): Promise<void> {
  const earlier = await earlierUpload(trx, file);
  if (earlier) throw new AlreadyUploadedError(earlier, file.timeZone);
  await trx
    .insertInto('stock_file_uploads')
    .values({ route: file.route, sha256: file.sha256, upload_id: uploadId, filename: file.filename, user_id: userId, uploaded_at: now })
    .execute();
}

// Refuses a file this route already recorded, before its rows are read (the receipts' transaction checks again).
export async function refuseRepeatedFile(db: Kysely<Database>, file: StockFile): Promise<void> {
  const earlier = await earlierUpload(db, file);
  if (earlier) throw new AlreadyUploadedError(earlier, file.timeZone);
}

// Approves or rejects one receipt.
export async function decideOnReceipt(
  db: Kysely<Database>,
  receiptId: number,
  decision: { type: 'approve'; choice: LocationChoice; notes: string | null } | { type: 'reject'; reason: string },
  actor: Actor,
  metadata: EventMetadata,
  now: Date,
): Promise<{ append: AppendResult | null; events: ReceiptEvent[] }> {
  return transactWithRetry(db, async (trx) => {
    const streamId = receiptStreamId(receiptId);
    const history = await readStream<ReceiptEvent>(trx, streamId);
    const state = foldStream(receiptDecider, history);
    let events: ReceiptEvent[];
    if (decision.type === 'reject') {
      events = decideReceipt({ type: 'RejectReceipt', actor_id: actor.id, reason: decision.reason }, state, now);
    } else {
      const destination = await resolveDestination(trx, decision.choice);
      const knows = state.status === 'absent' ? null : await catalogueKnows(trx, [state.style_code], [state.sku]);
      events = decideReceipt(
        {
          type: 'ApproveReceipt',
          actor_id: actor.id,
          actor_role: actor.role,
          style_known: knows?.styles.size === 1,
          variant_known: knows?.skus.size === 1,
          destination,
          notes: decision.notes,
        },
        state,
        now,
      );
    }
    const names = new Map(state.status === 'absent' ? [] : [[receiptId, state.style_name]]);
    const append = await commit(trx, [{ streamId, expectedVersion: history.length, events }], names, metadata, now.toISOString());
    return { append, events };
  }, RECEIVING_RACES);
}
