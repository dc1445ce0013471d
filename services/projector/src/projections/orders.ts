import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/migrations';
import { ORDER_EVENT_TYPES, type OrderEvent, type OrderStatus, type StoredEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

type Count = (status: OrderStatus, unassigned: boolean, delta: number) => void;

// rm_orders and rm_order_items (orders list, order details, picking and verification screens) and
// rm_order_status_counts. Imports arrive in thousands: a run of OrderImported events is written with one
// multi-row insert per table; the other events are single-row updates.
export const ordersProjection: Projection = {
  name: 'orders',
  handles: new Set<string>(ORDER_EVENT_TYPES),
  async apply(trx, events, topics) {
    const counts = new Map<string, number>();
    const count: Count = (status, unassigned, delta) => {
      const key = `${status}|${unassigned}`;
      counts.set(key, (counts.get(key) ?? 0) + delta);
    };
    let imports: string[] = [];
    const flushImports = async () => {
      if (imports.length === 0) return;
      await insertImported(trx, imports);
      count('pending', true, imports.length);
      topics.add('orders');
      imports = [];
    };
    for (const stored of events) {
      const event = asOrderEvent(stored);
      if (event.type === 'OrderImported') {
        imports.push(stored.global_position);
        continue;
      }
      await flushImports();
      topics.add('orders');
      topics.add(`order:${event.data.order_id}`);
      await applyChange(trx, event, count, (workerId) => workerId !== null && topics.add(`worker:${workerId}`));
    }
    await flushImports();
    await saveCounts(trx, counts);
  },
};

function asOrderEvent(stored: StoredEvent): OrderEvent {
  return { type: stored.type, data: stored.data } as OrderEvent;
}

// The new orders are read from the events themselves, inside the database: a batch of imports moves no
// order data through this process a second time.
async function insertImported(trx: Transaction<Database>, positions: readonly string[]): Promise<void> {
  await sql`
    insert into rm_orders (id, order_number, status, priority, order_date, total_items, total_quantity, picked_items,
                           discrepancies, source_file, search_text, created_at, updated_at)
    select (d->>'order_id')::int, d->>'order_number', 'pending', (d->>'priority')::int, (d->>'order_date')::date,
           jsonb_array_length(d->'items'),
           (select coalesce(sum((i->>'quantity')::int), 0) from jsonb_array_elements(d->'items') i), 0,
           '[]'::jsonb, d->>'source_file',
           upper(concat_ws(' ', d->>'order_number',
                 (select string_agg(i->>'sku', ' ' order by n) from jsonb_array_elements(d->'items') with ordinality x(i, n)),
                 (select string_agg(distinct i->>'style_name', ' ') from jsonb_array_elements(d->'items') i))),
           (d->>'at')::timestamptz, (d->>'at')::timestamptz
      from events e, lateral (select e.data as d) o
     where e.global_position = any(${positions}::bigint[])`.execute(trx);
  await sql`
    insert into rm_order_items (id, order_id, position, sku, style_code, style_name, size, color, quantity, value,
                                status, unstocked)
    select (i->>'item_id')::int, (e.data->>'order_id')::int, (n - 1)::int, i->>'sku', i->>'style_code',
           i->>'style_name', i->>'size', i->>'color', (i->>'quantity')::int, (i->>'value')::numeric, 'pending', false
      from events e cross join lateral jsonb_array_elements(e.data->'items') with ordinality as x(i, n)
     where e.global_position = any(${positions}::bigint[])`.execute(trx);
}

async function applyChange(
  trx: Transaction<Database>,
  event: Exclude<OrderEvent, { type: 'OrderImported' }>,
  count: Count,
  touchWorker: (workerId: number | null) => void,
): Promise<void> {
  const d = event.data;
  const order = () => trx.updateTable('rm_orders').where('id', '=', d.order_id);
  switch (event.type) {
    case 'OrderAssigned': {
      const e = event.data;
      await order().set({ status: 'assigned', assigned_worker_id: e.worker_id, assigned_at: e.at, updated_at: e.at }).execute();
      if (e.previous_worker_id === null) {
        count('pending', true, -1);
        count('assigned', false, 1);
      }
      touchWorker(e.worker_id);
      touchWorker(e.previous_worker_id);
      return;
    }
    case 'OrderDeassigned': {
      const e = event.data;
      await order().set({ status: 'pending', assigned_worker_id: null, assigned_at: null, updated_at: e.at }).execute();
      count('assigned', false, -1);
      count('pending', true, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderCancelled': {
      const e = event.data;
      await order().set({ status: 'cancelled', cancelled_at: e.at, updated_at: e.at }).execute();
      count(e.previous_status, e.worker_id === null, -1);
      count('cancelled', e.worker_id === null, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderItemPicked': {
      const e = event.data;
      await trx
        .updateTable('rm_order_items')
        .set({
          status: 'picked',
          picked_at: e.at,
          picked_by: e.picked_by,
          location: e.location,
          location_type: e.location_type,
          unstocked: e.unstocked,
          notes: e.notes,
        })
        .where('id', '=', e.item_id)
        .execute();
      const row = await order()
        .set((eb) => ({ status: 'picking', picked_items: eb('picked_items', '+', 1), updated_at: e.at }))
        .returning('picked_items')
        .executeTakeFirst();
      // The first pick moves the order from assigned to picking.
      if (row?.picked_items === 1) {
        count('assigned', false, -1);
        count('picking', false, 1);
      }
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderCompleted': {
      const e = event.data;
      await order().set({ status: 'completed', completed_at: e.at, completed_by: e.completed_by, updated_at: e.at }).execute();
      count('picking', false, -1);
      count('completed', false, 1);
      touchWorker(e.worker_id);
      return;
    }
    case 'OrderVerified': {
      const e = event.data;
      await order()
        .set({
          status: 'verified',
          verified_at: e.at,
          verified_by: e.verified_by,
          verification_notes: e.verification_notes,
          discrepancies: JSON.stringify(e.discrepancies),
          updated_at: e.at,
        })
        .execute();
      count('completed', false, -1);
      count('verified', false, 1);
      touchWorker(e.picked_by);
      return;
    }
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled order event ${JSON.stringify(exhaustive)}`);
    }
  }
}

async function saveCounts(trx: Transaction<Database>, counts: Map<string, number>): Promise<void> {
  const rows = [...counts]
    .filter(([, n]) => n !== 0)
    .map(([key, n]) => {
      const [status = '', unassigned] = key.split('|');
      return { status, unassigned: unassigned === 'true', count: n };
    });
  if (rows.length === 0) return;
  await trx
    .insertInto('rm_order_status_counts')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['status', 'unassigned']).doUpdateSet((eb) => ({ count: eb('rm_order_status_counts.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
  // A status no order has left has no row, however the events were batched (a rebuild equals the live tables).
  await trx.deleteFrom('rm_order_status_counts').where('count', '=', '0').execute();
}
