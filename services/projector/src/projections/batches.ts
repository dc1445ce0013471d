import { sql } from 'kysely';
import { BATCH_EVENT_TYPES, type BatchEvent, type OrderEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

type Leaving = Extract<OrderEvent, { type: 'OrderAssigned' | 'OrderDeassigned' | 'OrderCancelled' }>;
const LEAVING_TYPES: readonly Leaving['type'][] = ['OrderAssigned', 'OrderDeassigned', 'OrderCancelled'];

// rm_batches and rm_batch_orders: the batches (picking screen, batch lists). A batch is created and completed by its
// own events; an order leaves it by its own (left_batch_id), and a batch every order has left is emptied. Batches are
// few beside orders, so each event is a statement or two; the many order events without left_batch_id write nothing.
// A rebuild applies the history through this same path.
export const batchesProjection: Projection = {
  name: 'batches',
  handles: new Set<string>([...BATCH_EVENT_TYPES, ...LEAVING_TYPES]),
  async apply(trx, events, topics) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as BatchEvent | Leaving;
      const announce = (batchId: number, ...workers: (number | null)[]) => {
        topics.add({ kind: 'batches' });
        topics.add({ kind: 'batch', id: batchId });
        for (const w of workers) if (w !== null) topics.add({ kind: 'worker', id: w });
      };
      switch (event.type) {
        case 'BatchCreated': {
          const d = event.data;
          await trx
            .insertInto('rm_batches')
            .values({ id: d.batch_id, worker_id: d.worker_id, status: 'open', created_by: d.created_by, created_at: d.at, updated_at: d.at })
            .execute();
          await trx
            .insertInto('rm_batch_orders')
            .values(d.orders.map((o) => ({ batch_id: d.batch_id, order_id: o.order_id, order_number: o.order_number, slot: o.slot })))
            .execute();
          announce(d.batch_id, d.worker_id);
          break;
        }
        case 'BatchCompleted': {
          const d = event.data;
          await trx
            .updateTable('rm_batches')
            .set({ status: 'completed', completed_by: d.completed_by, completed_at: d.at, updated_at: d.at })
            .where('id', '=', d.batch_id)
            .execute();
          announce(d.batch_id, d.worker_id);
          break;
        }
        case 'OrderAssigned':
        case 'OrderDeassigned':
        case 'OrderCancelled': {
          const d = event.data;
          const batchId = d.left_batch_id;
          if (batchId === undefined) break;
          await trx.updateTable('rm_batch_orders').set({ left_at: d.at }).where('batch_id', '=', batchId).where('order_id', '=', d.order_id).execute();
          await trx
            .updateTable('rm_batches')
            .set({ status: 'emptied', updated_at: d.at })
            .where('id', '=', batchId)
            .where('status', '=', 'open')
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom('rm_batch_orders').select(sql.lit(1).as('one')).where('batch_id', '=', batchId).where('left_at', 'is', null))),
            )
            .execute();
          announce(batchId, d.worker_id, event.type === 'OrderAssigned' ? event.data.previous_worker_id : null);
          break;
        }
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${JSON.stringify(exhaustive)}`);
        }
      }
    }
  },
};
