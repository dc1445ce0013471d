import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/migrations';
import { ORDER_EVENT_TYPES, type OrderEvent, type StoredEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

type Trx = Transaction<Database>;
type Counter = 'received' | 'assigned' | 'completed' | 'verified' | 'cancelled';

// 15 minutes: every time zone's offset is a multiple of it, so buckets fall into local days exactly.
export const BUCKET_MS = 15 * 60 * 1000;
const INSERT_CHUNK = 1000;

// The business time an event carries (commands stamp `at` from their clock), else when it was recorded.
export function occurredAt(stored: StoredEvent): Date {
  const at = (stored.data as { at?: unknown } | null)?.at;
  if (typeof at === 'string') {
    const parsed = new Date(at);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return stored.recorded_at;
}

export function bucketOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / BUCKET_MS) * BUCKET_MS).toISOString();
}

// rm_report_buckets, rm_report_worker_buckets, rm_order_timings and rm_report_picks: Order Analytics, Worker
// Productivity and the dashboard's daily figures. Counters are summed per batch and added once per bucket.
export const reportsProjection: Projection = {
  name: 'reports',
  handles: new Set<string>(ORDER_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add('dashboard');
    topics.add('reports');
    const counters = new Map<string, Record<Counter, number>>();
    const count = (at: Date, counter: Counter) => {
      const key = bucketOf(at);
      const row = counters.get(key) ?? { received: 0, assigned: 0, completed: 0, verified: 0, cancelled: 0 };
      row[counter] += 1;
      counters.set(key, row);
    };
    const picks = new Map<string, { items: number; units: number }>();
    let imports: StoredEvent[] = [];
    const flushImports = async () => {
      if (imports.length > 0) await insertTimings(trx, imports);
      imports = [];
    };
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as OrderEvent;
      const at = occurredAt(stored);
      if (event.type === 'OrderImported') {
        imports.push(stored);
        count(at, 'received');
        continue;
      }
      await flushImports();
      const order = () => trx.updateTable('rm_order_timings').where('order_id', '=', event.data.order_id);
      switch (event.type) {
        case 'OrderAssigned':
          count(at, 'assigned');
          await order()
            .set((eb) => ({
              status: 'assigned',
              worker_id: event.data.worker_id,
              assigned_at: eb.fn.coalesce('assigned_at', sql<Date>`${at}::timestamptz`),
              last_activity_at: at,
            }))
            .execute();
          break;
        case 'OrderDeassigned':
          await order().set({ status: 'pending', worker_id: null, last_activity_at: at }).execute();
          break;
        case 'OrderCancelled':
          count(at, 'cancelled');
          await order().set({ status: 'cancelled', cancelled_at: at, last_activity_at: at }).execute();
          break;
        case 'OrderItemPicked': {
          const d = event.data;
          const picked = await order()
            .set((eb) => ({
              status: 'picking',
              picked_items: eb('picked_items', '+', 1),
              first_pick_at: eb.fn.coalesce('first_pick_at', sql<Date>`${at}::timestamptz`),
              last_pick_at: at,
              last_activity_at: at,
            }))
            .returning('order_number')
            .executeTakeFirst();
          // A pick of an order no import introduced (hand-written test events) has nothing to count against.
          if (!picked) break;
          const key = `${bucketOf(at)}|${d.picked_by}`;
          const sum = picks.get(key) ?? { items: 0, units: 0 };
          sum.items += 1;
          sum.units += d.quantity;
          picks.set(key, sum);
          await trx
            .insertInto('rm_report_picks')
            .values({
              position: stored.global_position,
              order_id: d.order_id,
              order_number: picked.order_number,
              item_id: d.item_id,
              sku: d.sku,
              style_code: d.style_code,
              quantity: d.quantity,
              picked_by: d.picked_by,
              worker_id: d.worker_id,
              unstocked: d.unstocked,
              picked_at: at,
            })
            .execute();
          break;
        }
        case 'OrderCompleted':
          count(at, 'completed');
          await order()
            .set({ status: 'completed', completed_at: at, completed_worker_id: event.data.worker_id, last_activity_at: at })
            .execute();
          break;
        case 'OrderVerified':
          count(at, 'verified');
          await order()
            .set({
              status: 'verified',
              verified_at: at,
              verified_by: event.data.verified_by,
              picked_by: event.data.picked_by,
              discrepancy_count: event.data.discrepancies.length,
              last_activity_at: at,
            })
            .execute();
          break;
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled order event ${JSON.stringify(exhaustive)}`);
        }
      }
    }
    await flushImports();
    await saveCounters(trx, counters);
    await savePicks(trx, picks);
  },
};

async function insertTimings(trx: Trx, imports: readonly StoredEvent[]): Promise<void> {
  const rows = imports.map((stored) => {
    const d = (stored.data as Extract<OrderEvent, { type: 'OrderImported' }>['data']);
    const at = occurredAt(stored);
    return {
      order_id: d.order_id,
      order_number: d.order_number,
      status: 'pending',
      total_items: d.items.length,
      imported_at: at,
      last_activity_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx.insertInto('rm_order_timings').values(rows.slice(i, i + INSERT_CHUNK)).execute();
  }
}

async function saveCounters(trx: Trx, counters: Map<string, Record<Counter, number>>): Promise<void> {
  const rows = [...counters].map(([bucket, c]) => ({ bucket, ...c }));
  if (rows.length === 0) return;
  await trx
    .insertInto('rm_report_buckets')
    .values(rows)
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet((eb) => ({
        received: eb('rm_report_buckets.received', '+', eb.ref('excluded.received')),
        assigned: eb('rm_report_buckets.assigned', '+', eb.ref('excluded.assigned')),
        completed: eb('rm_report_buckets.completed', '+', eb.ref('excluded.completed')),
        verified: eb('rm_report_buckets.verified', '+', eb.ref('excluded.verified')),
        cancelled: eb('rm_report_buckets.cancelled', '+', eb.ref('excluded.cancelled')),
      })),
    )
    .execute();
}

async function savePicks(trx: Trx, picks: Map<string, { items: number; units: number }>): Promise<void> {
  const rows = [...picks].map(([key, p]) => {
    const [bucket = '', worker] = key.split('|');
    return { bucket, worker_id: Number(worker), items_picked: p.items, units_picked: p.units };
  });
  if (rows.length === 0) return;
  await trx
    .insertInto('rm_report_worker_buckets')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['bucket', 'worker_id']).doUpdateSet((eb) => ({
        items_picked: eb('rm_report_worker_buckets.items_picked', '+', eb.ref('excluded.items_picked')),
        units_picked: eb('rm_report_worker_buckets.units_picked', '+', eb.ref('excluded.units_picked')),
      })),
    )
    .execute();
}
