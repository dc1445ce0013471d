import type { Insertable } from 'kysely';
import type { Database } from '@wh/db';
import type { AdjustmentEvent, StoredEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';
import { copyLine } from '../rebuild-io.ts';

// rm_adjustments: adjustment history and summary. Stock itself is the ledger projection's (stock-ledger.ts).
export const inventoryProjection: Projection = {
  name: 'inventory-adjustments',
  handles: new Set<string>(['InventoryAdjusted']),
  async apply(trx, events, topics) {
    topics.add({ kind: 'inventory' });
    await trx.insertInto('rm_adjustments').values(events.map(adjustmentRow)).execute();
  },
  // A rebuild COPYs the same rows: an insert per batch would make the rebuild wait for the server's earlier writes.
  rebuilder(io) {
    return {
      async apply(_trx, events) {
        io.copy('rm_adjustments', COLUMNS, events.map((e) => {
          const row = adjustmentRow(e);
          return copyLine(COLUMNS.map((c) => row[c]));
        }));
      },
      async finish() {},
    };
  },
};

const COLUMNS = [
  'id',
  'sku',
  'style_code',
  'adjustment_type',
  'quantity',
  'old_quantity',
  'new_quantity',
  'location',
  'location_type',
  'reason',
  'notes',
  'adjusted_by_id',
  'adjusted_at',
] as const satisfies readonly (keyof Insertable<Database['rm_adjustments']>)[];

function adjustmentRow(stored: StoredEvent): Insertable<Database['rm_adjustments']> {
  const { data } = { type: stored.type, data: stored.data } as AdjustmentEvent;
  return {
    id: data.adjustment_id,
    sku: data.sku,
    style_code: data.style_code,
    adjustment_type: data.adjustment_type,
    quantity: data.quantity,
    old_quantity: data.old_quantity,
    new_quantity: data.new_quantity,
    location: data.location,
    location_type: data.location_type,
    reason: data.reason,
    notes: data.notes,
    adjusted_by_id: stored.metadata.actor_id,
    adjusted_at: data.at,
  };
}
