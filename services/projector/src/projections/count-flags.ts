import type { OrderEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// The events that flag a location for a count, or take a flag away.
type Flagging = Extract<OrderEvent, { type: 'OrderItemShortPicked' | 'OrderItemPickUndone' }>;
const FLAGGING_TYPES: readonly Flagging['type'][] = ['OrderItemShortPicked', 'OrderItemPickUndone'];

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

// rm_count_flags: the locations flagged for a count, each with why and when (a short names where the picker looked and
// found too little). Shorts are few beside picks, so each event is a statement; announces 'inventory'. A rebuild
// applies the history through this same path.
export const countFlagsProjection: Projection = {
  name: 'count-flags',
  handles: new Set<string>(FLAGGING_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'inventory' });
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as Flagging;
      switch (event.type) {
        case 'OrderItemShortPicked': {
          const d = event.data;
          if (d.looked_in.length === 0) break;
          const reason = `Short pick: ${plural(d.short_quantity, 'unit')} of ${d.sku} not found for order ${d.order_number}`;
          const rows = d.looked_in.map((location) => ({
            location,
            item_id: d.item_id,
            sku: d.sku,
            order_id: d.order_id,
            order_number: d.order_number,
            reason,
            flagged_by: d.picked_by,
            flagged_at: d.at,
          }));
          await trx
            .insertInto('rm_count_flags')
            .values(rows)
            .onConflict((oc) =>
              oc.columns(['location', 'item_id']).doUpdateSet((eb) => ({
                reason: eb.ref('excluded.reason'),
                flagged_by: eb.ref('excluded.flagged_by'),
                flagged_at: eb.ref('excluded.flagged_at'),
              })),
            )
            .execute();
          break;
        }
        case 'OrderItemPickUndone':
          // A short undone was a mistake: its locations are no longer in doubt.
          if (event.data.undone === 'short') await trx.deleteFrom('rm_count_flags').where('item_id', '=', event.data.item_id).execute();
          break;
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${String(exhaustive)}`);
        }
      }
    }
  },
};
