import type { Kysely, Selectable } from 'kysely';
import type { Database, RmBatchesTable } from '@wh/db';
import { ORDER_STATUSES, pagination, type Batch, type BatchDetail, type BatchLine, type BatchList, type BatchStatus, type OrderStatus } from '@wh/contracts';
import { notFound } from '../../platform/errors.ts';
import { BATCH_NOT_FOUND } from './decide-batch.ts';
import { itemsInWalkOrder, userOf, usersById } from './queries.ts';

type Db = Kysely<Database>;

export interface BatchFilters {
  status: BatchStatus | 'all';
  worker_id?: number | undefined;
  page: number;
  limit: number;
}

// Newest first.
export async function listBatches(db: Db, f: BatchFilters): Promise<BatchList> {
  let q = db.selectFrom('rm_batches');
  if (f.status !== 'all') q = q.where('status', '=', f.status);
  if (f.worker_id !== undefined) q = q.where('worker_id', '=', f.worker_id);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { batches: await toBatches(db, rows), pagination: pagination(f.page, f.limit, Number(count.n)) };
}

// The batch, and the unpicked items of every order still in it in walk order, each naming its order and tote.
export async function findBatchOrThrow(db: Db, id: number): Promise<BatchDetail> {
  const row = await db.selectFrom('rm_batches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(BATCH_NOT_FOUND);
  const [batch] = await toBatches(db, [row]);
  const lines = batch!.status === 'open' ? await unpickedInWalkOrder(db, batch!.orders) : [];
  return { ...batch!, lines };
}

// The worker a batch is assigned to (access checks for workers).
export async function batchWorker(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('rm_batches').select('worker_id').where('id', '=', id).executeTakeFirst();
  return row?.worker_id;
}

const statusOf = (s: string): OrderStatus => ((ORDER_STATUSES as readonly string[]).includes(s) ? (s as OrderStatus) : 'pending');

async function toBatches(db: Db, rows: readonly Selectable<RmBatchesTable>[]): Promise<Batch[]> {
  if (rows.length === 0) return [];
  const [members, users] = await Promise.all([
    db
      .selectFrom('rm_batch_orders as b')
      .innerJoin('rm_orders as o', 'o.id', 'b.order_id')
      .select(['b.batch_id', 'b.order_id', 'b.order_number', 'b.slot', 'o.status', 'o.total_items', 'o.picked_items'])
      .where('b.batch_id', 'in', rows.map((r) => r.id))
      .where('b.left_at', 'is', null)
      .orderBy('b.batch_id')
      .orderBy('b.slot')
      .execute(),
    usersById(db, rows.flatMap((r) => [r.worker_id, r.created_by])),
  ]);
  return rows.map((r) => {
    const orders = members
      .filter((m) => m.batch_id === r.id)
      .map((m) => ({ order_id: m.order_id, order_number: m.order_number, slot: m.slot, status: statusOf(m.status), total_items: m.total_items, picked_items: m.picked_items }));
    return {
      id: r.id,
      status: r.status as BatchStatus,
      worker: userOf(users, r.worker_id)!,
      created_by: userOf(users, r.created_by),
      created_at: r.created_at.toISOString(),
      completed_at: r.completed_at?.toISOString() ?? null,
      orders,
      total_items: orders.reduce((n, o) => n + o.total_items, 0),
      picked_items: orders.reduce((n, o) => n + o.picked_items, 0),
    };
  });
}

// A batch's combined list: the unpicked items of its orders (given by slot) in the walk order an order's items come
// in (itemsInWalkOrder: walk sequence, a manager's override, no-stock items last), items at one location by tote.
export async function unpickedInWalkOrder(db: Db, orders: readonly { order_id: number; order_number: string; slot: number }[]): Promise<BatchLine[]> {
  const bySlot = [...orders].sort((a, b) => a.slot - b.slot);
  const items = await itemsInWalkOrder(
    db,
    bySlot.map((o) => o.order_id),
    'unpicked',
  );
  const byOrder = new Map(orders.map((o) => [o.order_id, o]));
  return items.map((i) => {
    const order = byOrder.get(i.order_id)!;
    return { ...i, order_number: order.order_number, slot: order.slot };
  });
}
