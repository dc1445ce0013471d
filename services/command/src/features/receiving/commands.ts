import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { receiptStreamId, type OverCapacity, type ReceiptEvent, type ReceiptSource, type StyleEvent } from '@wh/contracts';
import type { Actor } from '../../platform/auth.ts';
import { foldStreams, nextIds, runCommand, type CommandHandler, type Decision } from '../../platform/command.ts';
import { isUniqueViolation, type StreamAppend } from '../../platform/event-store.ts';
import { DomainError } from '../../platform/errors.ts';
import { registerStyleEvents } from '../../platform/registries.ts';
import { applyStockMovements, overCapacity, readLocationLoads, type LocationLoad } from '../../platform/stock.ts';
import { mapInTurns } from '../../platform/turns.ts';
import {
  decideCatalogueAdditions,
  newVariantLines,
  newVariantProblems,
  newVariantsRefusal,
  readCatalogue,
  readStyleOptions,
  type CatalogueFacts,
  type StyleOptions,
} from './catalogue.ts';
import { decideReceipt, receiptCounts, type Destination, type ReceiptCommand, type ReceiptCounts } from './decide.ts';
import { destinationOf, readLocationChoice, type LocationChoice } from './locations.ts';
import { receiptDecider } from './receipt.ts';
import type { ReceiptRow } from './stock-files.ts';

// Receipts are decided again from fresh state when another writer got to a stream or a registry row first.
export const RECEIVING_RACES = isUniqueViolation;

// The receipts' events and the catalogue additions their approvals need, decided together (pure): approving stock
// of a style or SKU the catalogue lacks adds it.
function withCatalogueAdditions<R>(
  receipts: StreamAppend<ReceiptEvent>[],
  styleNames: ReadonlyMap<number, string | null>,
  catalogue: CatalogueFacts,
  at: string,
  result: R,
): Decision<R, ReceivingEvent> {
  const needs = approvalsOf(receipts)
    .filter((e) => e.data.style_created || e.data.variant_created)
    .map((e) => ({ ...e.data, style_name: styleNames.get(e.data.receipt_id) ?? null }));
  return { appends: [...decideCatalogueAdditions(needs, catalogue, at), ...receipts], result };
}

// What a receiving command appends: receipts, and the catalogue additions their approvals make.
type ReceivingEvent = ReceiptEvent | StyleEvent;

function approvalsOf(appends: readonly StreamAppend<ReceivingEvent>[]) {
  const approvals: Extract<ReceivingEvent, { type: 'StockReceiptApproved' }>[] = [];
  for (const a of appends) for (const e of a.events) if (e.type === 'StockReceiptApproved') approvals.push(e);
  return approvals;
}

// The locations the approvals among `appends` take past their capacity.
const approvalsOverCapacity = (loads: ReadonlyMap<string, LocationLoad>, appends: readonly StreamAppend<ReceivingEvent>[]) =>
  overCapacity(loads, approvalsOf(appends).flatMap((e) => e.data.movements));

// Every receiving command's effects: the catalogue registry follows its additions, and the approved units move.
async function receivingEffects(trx: Transaction<Database>, appends: readonly StreamAppend<ReceivingEvent>[]): Promise<void> {
  for (const a of appends) {
    const styleEvents = a.events.flatMap((e) => (e.type === 'StyleCreated' || e.type === 'StyleVariantsAdded' ? [e] : []));
    if (styleEvents.length > 0) await registerStyleEvents(trx, styleEvents);
  }
  await applyStockMovements(trx, approvalsOf(appends).flatMap((e) => e.data.movements));
}

// A stock file as received: recorded with its receipts, so the same rows sent to the same route again are refused.
export interface StockFile {
  route: string;
  // The fingerprint of its rows (stockFileFingerprint), kept when it is recorded.
  rows: Buffer;
  // The SHA-256 of its bytes: the fingerprint stock_file_uploads holds for a file recorded before rows were.
  bytes: Buffer;
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
  // Refuse rows naming a size or colour their (known) style lacks, unless the person sending them confirmed it.
  refuseNewVariants?: boolean;
}

export interface RecordOutcome extends ReceiptCounts {
  receipt_ids: number[];
  over_capacity: OverCapacity[];
}

// Records a receipt per row as one command (an upload is all or nothing once its rows are read).
export const recordReceipts: CommandHandler<RecordOptions & { rows: readonly ReceiptRow[] }, RecordOutcome> = (ctx, { rows, ...o }, metadata) => {
  const now = ctx.now();
  const at = now.toISOString();
  return runCommand(
    ctx.db,
    {
      locks: true,
      retryOn: RECEIVING_RACES,
      read: async (trx) => {
        const earlier = o.file ? await earlierUpload(trx, o.file) : undefined;
        const codes = rows.map((r) => r.style_code);
        // A direct approval may create the styles the catalogue lacks; an upload approves known styles only.
        // An approval adds the SKUs the catalogue lacks.
        const catalogue = await readCatalogue(trx, codes, rows.map((r) => r.sku), o.approve && !o.approve.auto ? codes : [], o.approve ? rows : []);
        const destination = o.approve?.destination.location;
        const loads = destination ? await readLocationLoads(trx, rows.map((r) => ({ sku: r.sku, location: destination }))) : new Map<string, LocationLoad>();
        const grown = o.refuseNewVariants ? newVariantLines(rows, catalogue) : [];
        const options = grown.length > 0 ? await readStyleOptions(trx, grown.map((r) => r.style_code)) : new Map<string, StyleOptions>();
        return { earlier, catalogue, loads, options, ids: await nextIds(trx, 'receipt_id_seq', rows.length) };
      },
      decide: async ({ earlier, catalogue, loads, options, ids }) => {
        if (earlier && o.file) throw new AlreadyUploadedError(earlier, o.file.timeZone);
        if (o.refuseNewVariants) {
          const problems = newVariantProblems(rows, catalogue, options);
          if (problems.length > 0) throw newVariantsRefusal(problems);
        }
        const receipts = await mapInTurns(rows, (r, i): StreamAppend<ReceiptEvent> => {
          const receiptId = ids[i]!;
          const styleKnown = catalogue.styles.has(r.style_code);
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
                variant_known: catalogue.skus.has(r.sku),
                recorded_by: o.actor.id,
              },
              approve: approve && { ...approve.destination, actor_id: o.actor.id, actor_role: o.actor.role, notes: approve.notes, auto: approve.auto },
            },
            receiptDecider.initialState(),
            now,
          );
          return { streamId: receiptStreamId(receiptId), expectedVersion: 0, events };
        });
        const events: ReceiptEvent[] = [];
        for (const a of receipts) for (const e of a.events) events.push(e);
        const outcome = {
          receipt_ids: ids,
          ...receiptCounts(events),
          over_capacity: approvalsOverCapacity(loads, receipts),
        };
        return withCatalogueAdditions(receipts, new Map(rows.map((r, i) => [ids[i]!, r.style_name])), catalogue, at, outcome);
      },
      appendWith: ({ appends }) => ({
        effects: async (trx) => {
          if (o.file) await recordStockFile(trx, o.file, o.uploadId ?? '', o.actor.id, now);
          await receivingEffects(trx, appends);
        },
      }),
    },
    metadata,
  );
};

// The upload of a file already recorded by the same route, if any: when and by whom.
async function earlierUpload(db: Kysely<Database> | Transaction<Database>, file: Pick<StockFile, 'route' | 'rows' | 'bytes'>) {
  return db
    .selectFrom('stock_file_uploads as f')
    .leftJoin('user_registry as u', 'u.id', 'f.user_id')
    .select(['f.uploaded_at', 'f.filename', 'u.username'])
    .where('f.route', '=', file.route)
    .where('f.sha256', 'in', [file.rows, file.bytes])
    .orderBy('f.uploaded_at')
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

// With the receipts: two uploads of one file at once meet on the primary key, and the second, read again, finds
// the first (refuseRepeatedFile).
async function recordStockFile(trx: Transaction<Database>, file: StockFile, uploadId: string, userId: number | null, now: Date): Promise<void> {
  await trx
    .insertInto('stock_file_uploads')
    .values({ route: file.route, sha256: file.rows, upload_id: uploadId, filename: file.filename, user_id: userId, uploaded_at: now })
    .execute();
}

// Refuses a file whose rows this route already recorded: once they are read, and again in the receipts' command.
export async function refuseRepeatedFile(db: Kysely<Database> | Transaction<Database>, file: StockFile): Promise<void> {
  const earlier = await earlierUpload(db, file);
  if (earlier) throw new AlreadyUploadedError(earlier, file.timeZone);
}

// Approves or rejects one receipt.
export interface ReceiptDecisionInput {
  receiptId: number;
  decision: { type: 'approve'; choice: LocationChoice; notes: string | null } | { type: 'reject'; reason: string };
  actor: Actor;
}

export const decideOnReceipt: CommandHandler<ReceiptDecisionInput, { events: ReceiptEvent[]; over_capacity: OverCapacity[] }> = (
  ctx,
  { receiptId, decision, actor },
  metadata,
) => {
  const now = ctx.now();
  const streamId = receiptStreamId(receiptId);
  return runCommand(
    ctx.db,
    {
      locks: true,
      retryOn: RECEIVING_RACES,
      read: async (trx) => {
        const { version, state } = (await foldStreams(trx, receiptDecider, [streamId])).get(streamId)!;
        if (decision.type === 'reject') return { version, state, approval: null };
        const chosen = await readLocationChoice(trx, decision.choice);
        if (!chosen?.is_active || state.status === 'absent') return { version, state, approval: { chosen, catalogue: null, loads: new Map<string, LocationLoad>() } };
        const catalogue = await readCatalogue(trx, [state.style_code], [state.sku], [state.style_code], [state]);
        const loads = state.status === 'pending' ? await readLocationLoads(trx, [{ sku: state.sku, location: chosen.code }]) : new Map<string, LocationLoad>();
        return { version, state, approval: { chosen, catalogue, loads } };
      },
      decide: ({ version, state, approval: read }) => {
        const approval = read && { ...read, destination: destinationOf(decision.type === 'approve' ? decision.choice : {}, read.chosen) };
        const command: ReceiptCommand =
          decision.type === 'reject' || approval === null
            ? { type: 'RejectReceipt', actor_id: actor.id, reason: decision.type === 'reject' ? decision.reason : '' }
            : {
                type: 'ApproveReceipt',
                actor_id: actor.id,
                actor_role: actor.role,
                style_known: state.status !== 'absent' && approval.catalogue?.styles.has(state.style_code) === true,
                variant_known: state.status !== 'absent' && approval.catalogue?.skus.has(state.sku) === true,
                destination: approval.destination,
                notes: decision.notes,
              };
        const events = decideReceipt(command, state, now);
        const receipts = [{ streamId, expectedVersion: version, events }];
        const result = { events, over_capacity: approval ? approvalsOverCapacity(approval.loads, receipts) : [] };
        if (state.status === 'absent' || !approval?.catalogue) return { appends: receipts, result };
        return withCatalogueAdditions(receipts, new Map([[receiptId, state.style_name]]), approval.catalogue, now.toISOString(), result);
      },
      appendWith: ({ appends }) => ({ effects: (trx) => receivingEffects(trx, appends) }),
    },
    metadata,
  );
};
