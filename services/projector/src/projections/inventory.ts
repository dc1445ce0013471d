import type { AdjustmentEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// rm_adjustments: adjustment history and summary. Stock itself is the ledger projection's (stock-ledger.ts).
export const inventoryProjection: Projection = {
  name: 'inventory-adjustments',
  handles: new Set<string>(['InventoryAdjusted']),
  async apply(trx, events, topics) {
    topics.add('inventory');
    const rows = events.map((stored) => {
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
    });
    await trx.insertInto('rm_adjustments').values(rows).execute();
  },
};
