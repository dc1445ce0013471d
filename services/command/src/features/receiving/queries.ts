import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  pagination,
  type ApprovableItem,
  type AvailableSkus,
  type Receipt,
  type ReceiptEvent,
  type ReceiptList,
  type ReceiptSource,
  type RecentApproval,
  type RecentApprovals,
} from '@wh/contracts';
import { notFound } from '../../platform/errors.ts';
import { escapeLike } from '../../platform/search.ts';
import { variantsWithStock } from '../../platform/style-reads.ts';
import { RECEIPT_NOT_FOUND } from './decide.ts';

type Db = Kysely<Database>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// Receipts with who recorded and decided them. style_known follows the catalogue: a style created since the receipt
// was recorded no longer needs a manager.
function receipts(db: Db) {
  return db
    .selectFrom('rm_receipts as r')
    .leftJoin('rm_users as rec', 'rec.id', 'r.recorded_by')
    .leftJoin('rm_users as dec', 'dec.id', 'r.decided_by')
    .select([
      'r.id',
      'r.status',
      'r.source',
      'r.style_code',
      'r.style_name',
      'r.sku',
      'r.color',
      'r.size',
      'r.quantity',
      'r.gatepass_number',
      'r.received_date',
      'r.filename',
      'r.row_number',
      'r.recorded_at',
      'r.decided_at',
      'r.location',
      'r.location_type',
      'r.notes',
      'r.reject_reason',
      'r.style_known',
      'r.variant_known',
      'rec.username as recorded_by_name',
      'dec.username as decided_by_name',
    ]);
}

type ReceiptRow = Awaited<ReturnType<ReturnType<typeof receipts>['executeTakeFirstOrThrow']>>;

function toReceipt(r: ReceiptRow): Receipt {
  return {
    id: r.id,
    status: r.status,
    source: r.source,
    style_code: r.style_code,
    style_name: r.style_name,
    sku: r.sku,
    color: r.color,
    size: r.size,
    quantity: r.quantity,
    gatepass_number: r.gatepass_number,
    received_date: r.received_date,
    filename: r.filename,
    row: r.row_number,
    style_known: r.style_known,
    variant_known: r.variant_known,
    approver: r.style_known ? 'executive2' : 'manager',
    recorded_by: r.recorded_by_name,
    recorded_at: iso(r.recorded_at)!,
    decided_by: r.decided_by_name,
    decided_at: iso(r.decided_at),
    location: r.location,
    location_type: r.location_type,
    notes: r.notes,
    reject_reason: r.reject_reason,
  };
}

export async function findReceiptOrThrow(db: Db, id: number): Promise<Receipt> {
  const row = await receipts(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(RECEIPT_NOT_FOUND);
  return toReceipt(row);
}

// The receipt as the decision left it, even when the projector has not caught up with the decision yet.
export async function receiptAfterDecision(db: Db, id: number, events: readonly ReceiptEvent[], actor: string): Promise<Receipt> {
  const receipt = await findReceiptOrThrow(db, id);
  if (receipt.status !== 'pending') return receipt;
  for (const e of events) {
    if (e.type === 'StockReceiptApproved') {
      const d = e.data;
      return { ...receipt, status: 'approved', decided_by: actor, decided_at: d.at, location: d.location, location_type: d.location_type, notes: d.notes };
    }
    if (e.type === 'StockReceiptRejected') {
      return { ...receipt, status: 'rejected', decided_by: actor, decided_at: e.data.at, reject_reason: e.data.reason };
    }
  }
  return receipt;
}

export async function listReceipts(
  db: Db,
  q: { status: 'pending' | 'approved' | 'rejected' | 'all'; source?: ReceiptSource; search?: string; page: number; limit: number },
): Promise<ReceiptList> {
  let query = receipts(db);
  if (q.status !== 'all') query = query.where('r.status', '=', q.status);
  if (q.source) query = query.where('r.source', '=', q.source);
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    query = query.where((eb) =>
      eb.or(['r.style_code', 'r.sku', 'r.color', 'r.gatepass_number', 'r.filename'].map((c) => eb(eb.ref(c as 'r.sku'), 'ilike', pattern))),
    );
  }
  // Pending receipts in the order they arrived (a file's rows in file order); decided ones newest first.
  const direction = q.status === 'pending' ? 'asc' : 'desc';
  const [rows, count, counts] = await Promise.all([
    query
      .orderBy('r.id', direction)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('rm_receipts as r')
      .where('r.status', '=', 'pending')
      .select([
        (eb) => eb.fn.countAll<string>().as('pending'),
        sql<string>`count(*) filter (where not r.style_known)`.as('manager'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    receipts: rows.map(toReceipt),
    pagination: pagination(q.page, q.limit, Number(count.n)),
    counts: { pending: Number(counts.pending), pending_manager: Number(counts.manager) },
  };
}

export async function recentApprovals(db: Db, q: { limit: number; days: number }, now: Date): Promise<RecentApprovals> {
  const since = new Date(now.getTime() - q.days * 86_400_000);
  const rows = await receipts(db)
    .where('r.status', '=', 'approved')
    .where('r.decided_at', '>=', since)
    .orderBy('r.decided_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(q.limit)
    .execute();
  return { approvals: rows.map((r) => toRecentApproval(toReceipt(r))) };
}

function toRecentApproval(r: Receipt): RecentApproval {
  return {
    id: r.id,
    date: r.received_date ?? (r.decided_at ?? r.recorded_at).slice(0, 10),
    style_code: r.style_code,
    sku: r.sku,
    color: r.color,
    size: r.size,
    quantity: r.quantity,
    location_type: r.location_type ?? '',
    location: r.location ?? '',
    gatepass_number: r.gatepass_number,
    source: r.source,
    notes: r.notes,
    approved_by: r.decided_by,
    approved_at: r.decided_at ?? r.recorded_at,
  };
}

// Styles the direct-approval form can choose, with their SKUs and the units held of each.
export async function availableSkus(db: Db, q: { search?: string; limit: number }): Promise<AvailableSkus> {
  let styles = db.selectFrom('rm_styles').select(['id', 'style_code', 'name', 'is_jeans']);
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    styles = styles.where((eb) => eb.or([eb('style_code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  const found = await styles.orderBy('style_code').limit(q.limit).execute();
  if (found.length === 0) return { available_items: [] };
  const variants = await variantsWithStock(db, found.map((s) => s.id));
  const items = found.map((s): ApprovableItem => {
    const skus = variants.filter((v) => v.style_id === s.id).map((v) => ({ sku: v.sku, size: v.size, color: v.color, quantity: v.quantity }));
    return {
      style_code: s.style_code,
      style_name: s.name,
      is_jeans: s.is_jeans,
      available_sizes: [...new Set(skus.map((v) => v.size))],
      available_colors: [...new Set(skus.map((v) => v.color))],
      variant_count: skus.length,
      current_stock: skus.reduce((sum, v) => sum + v.quantity, 0),
      skus,
    };
  });
  return { available_items: items };
}
