import type { OrderEvent } from '@wh/contracts';
import type { Rebuilder } from '../projection.ts';
import { copyLine, linesOf, type RebuildIo } from '../rebuild-io.ts';
import { bucketOf, foldTiming, importedTiming, type Counter, type Timing, type WorkerPicks } from './reports-fold.ts';
import { occurredAt } from './event-time.ts';

type Counters = Record<Counter, number>;

// A rebuild's reports tables: rm_order_timings folded in memory over the whole history and COPYed once at the end;
// the bucket counters and worker pick sums (sums: adding per batch or once gives the same rows) likewise; the pick rows
// (one per pick event) COPYed a batch at a time. The fold is the live `apply`'s (reports-fold.ts `foldTiming`).
export function reportsRebuilder(io: RebuildIo): Rebuilder {
  const timings = new Map<number, Timing>();
  const counters = new Map<string, Counters>();
  const workerPicks: WorkerPicks = new Map();
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
          timings.set(d.order_id, importedTiming(d, at));
          continue;
        }
        const row = timings.get(event.data.order_id);
        if (foldTiming(event, row, at, count, workerPicks) && row && event.type === 'OrderItemPicked') {
          const d = event.data;
          picks.push(
            copyLine([stored.global_position, d.order_id, row.order_number, d.item_id, d.sku, d.style_code, d.quantity, d.picked_by, d.worker_id, d.unstocked, at]),
          );
        }
      }
      io.copy('rm_report_picks', PICK_COLUMNS, picks);
    },
    async finish() {
      await io.copyAll('rm_order_timings', TIMING_COLUMNS, linesOf(timings.values(), (t) => copyLine(TIMING_COLUMNS.map((c) => t[c]))));
      io.copy(
        'rm_report_buckets',
        ['bucket', 'received', 'assigned', 'completed', 'verified', 'cancelled'],
        [...counters].map(([bucket, c]) => copyLine([bucket, c.received, c.assigned, c.completed, c.verified, c.cancelled])),
      );
      io.copy(
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
