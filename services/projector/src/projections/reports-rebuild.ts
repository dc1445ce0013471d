import type { Selectable } from 'kysely';
import type { RmOrderTimingsTable } from '@wh/migrations';
import type { OrderEvent } from '@wh/contracts';
import type { Rebuilder } from '../projection.ts';
import { copyLine, type RebuildIo } from '../rebuild-io.ts';
import { bucketOf, occurredAt } from './reports.ts';

type Timing = Selectable<RmOrderTimingsTable>;
type Counters = { received: number; assigned: number; completed: number; verified: number; cancelled: number };
type Counter = keyof Counters;

// A rebuild's reports tables: rm_order_timings folded in memory over the whole history and COPYed once at the end;
// the bucket counters and worker pick sums (sums: adding per batch or once gives the same rows) likewise; the pick rows
// (one per pick event) COPYed a batch at a time. The fold is the live `apply`'s (reports.ts), event for event; the
// tests comparing rebuild with live projection hold the two together.
export function reportsRebuilder(io: RebuildIo): Rebuilder {
  const timings = new Map<number, Timing>();
  const counters = new Map<string, Counters>();
  const workerPicks = new Map<string, { items: number; units: number }>();
  const count = (at: Date, counter: Counter) => {
    const key = bucketOf(at);
    let row = counters.get(key);
    if (!row) counters.set(key, (row = { received: 0, assigned: 0, completed: 0, verified: 0, cancelled: 0 }));
    row[counter] += 1;
  };
  return {
    async apply(_trx, events) {
      const picks: string[] = [];
      for (const stored of events) {
        const event = { type: stored.type, data: stored.data } as OrderEvent;
        const at = occurredAt(stored);
        if (event.type === 'OrderImported') {
          const d = event.data;
          count(at, 'received');
          timings.set(d.order_id, {
            order_id: d.order_id,
            order_number: d.order_number,
            status: 'pending',
            total_items: d.items.length,
            picked_items: 0,
            imported_at: at,
            worker_id: null,
            assigned_at: null,
            first_pick_at: null,
            last_pick_at: null,
            completed_at: null,
            completed_worker_id: null,
            verified_at: null,
            verified_by: null,
            picked_by: null,
            discrepancy_count: 0,
            cancelled_at: null,
            last_activity_at: at,
          });
          continue;
        }
        const row = timings.get(event.data.order_id);
        switch (event.type) {
          case 'OrderAssigned':
            count(at, 'assigned');
            if (!row) break;
            row.status = 'assigned';
            row.worker_id = event.data.worker_id;
            row.assigned_at ??= at;
            row.last_activity_at = at;
            break;
          case 'OrderDeassigned':
            if (!row) break;
            row.status = 'pending';
            row.worker_id = null;
            row.last_activity_at = at;
            break;
          case 'OrderCancelled':
            count(at, 'cancelled');
            if (!row) break;
            row.status = 'cancelled';
            row.cancelled_at = at;
            row.last_activity_at = at;
            break;
          case 'OrderItemPicked': {
            if (!row) break;
            const d = event.data;
            row.status = 'picking';
            row.picked_items += 1;
            row.first_pick_at ??= at;
            row.last_pick_at = at;
            row.last_activity_at = at;
            const key = `${bucketOf(at)}|${d.picked_by}`;
            let sum = workerPicks.get(key);
            if (!sum) workerPicks.set(key, (sum = { items: 0, units: 0 }));
            sum.items += 1;
            sum.units += d.quantity;
            picks.push(
              copyLine([stored.global_position, d.order_id, row.order_number, d.item_id, d.sku, d.style_code, d.quantity, d.picked_by, d.worker_id, d.unstocked, at]),
            );
            break;
          }
          case 'OrderCompleted':
            count(at, 'completed');
            if (!row) break;
            row.status = 'completed';
            row.completed_at = at;
            row.completed_worker_id = event.data.worker_id;
            row.last_activity_at = at;
            break;
          case 'OrderVerified':
            count(at, 'verified');
            if (!row) break;
            row.status = 'verified';
            row.verified_at = at;
            row.verified_by = event.data.verified_by;
            row.picked_by = event.data.picked_by;
            row.discrepancy_count = event.data.discrepancies.length;
            row.last_activity_at = at;
            break;
          default: {
            const exhaustive: never = event;
            throw new Error(`unhandled order event ${JSON.stringify(exhaustive)}`);
          }
        }
      }
      await io.copy('rm_report_picks', PICK_COLUMNS, picks);
    },
    async finish() {
      await io.copy('rm_order_timings', TIMING_COLUMNS, [...timings.values()].map((t) => copyLine(TIMING_COLUMNS.map((c) => t[c]))));
      await io.copy(
        'rm_report_buckets',
        ['bucket', 'received', 'assigned', 'completed', 'verified', 'cancelled'],
        [...counters].map(([bucket, c]) => copyLine([bucket, c.received, c.assigned, c.completed, c.verified, c.cancelled])),
      );
      await io.copy(
        'rm_report_worker_buckets',
        ['bucket', 'worker_id', 'items_picked', 'units_picked'],
        [...workerPicks].map(([key, p]) => {
          const [bucket = '', worker] = key.split('|');
          return copyLine([bucket, Number(worker), p.items, p.units]);
        }),
      );
    },
  };
}

const PICK_COLUMNS = ['position', 'order_id', 'order_number', 'item_id', 'sku', 'style_code', 'quantity', 'picked_by', 'worker_id', 'unstocked', 'picked_at'] as const;

const TIMING_COLUMNS = [
  'order_id',
  'order_number',
  'status',
  'total_items',
  'picked_items',
  'imported_at',
  'worker_id',
  'assigned_at',
  'first_pick_at',
  'last_pick_at',
  'completed_at',
  'completed_worker_id',
  'verified_at',
  'verified_by',
  'picked_by',
  'discrepancy_count',
  'cancelled_at',
  'last_activity_at',
] as const satisfies readonly (keyof Timing)[];
