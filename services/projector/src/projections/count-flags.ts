import type { Insertable, Transaction } from 'kysely';
import type { Database, RmCountFlagsTable } from '@wh/db';
import type { OrderEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// The events that flag a location for a count, or take a flag away.
type Flagging = Extract<OrderEvent, { type: 'OrderItemShortPicked' | 'OrderItemPickUndone' | 'OrderSentBack' | 'OrderHoldResolved' }>;
const FLAGGING_TYPES: readonly Flagging['type'][] = ['OrderItemShortPicked', 'OrderItemPickUndone', 'OrderSentBack', 'OrderHoldResolved'];

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

// rm_count_flags: the locations flagged for a count, each with why and when (a short names where the picker looked and
// found too little; units missing at verification, where they were picked from). Shorts are few beside picks, so each event is a statement; announces 'inventory'. A rebuild
// applies the history through this same path.
export const countFlagsProjection: Projection = {
  name: 'count-flags',
  handles: new Set<string>(FLAGGING_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'inventory' });
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as Flagging;
      const d = event.data;
      const ref = { order_id: d.order_id, order_number: d.order_number };
      switch (event.type) {
        case 'OrderItemShortPicked': {
          const e = event.data;
          const reason = `Short pick: ${plural(e.short_quantity, 'unit')} of ${e.sku} not found for order ${e.order_number}`;
          await flag(trx, e.looked_in.map((location) => ({ ...ref, location, item_id: e.item_id, sku: e.sku, reason, flagged_by: e.picked_by, flagged_at: e.at })));
          break;
        }
        case 'OrderItemPickUndone':
          // A short undone was a mistake: its locations are no longer in doubt.
          if (event.data.undone === 'short') await unflag(trx, [event.data.item_id]);
          break;
        case 'OrderSentBack':
          await unflag(trx, event.data.lines.filter((l) => l.undone === 'short').map((l) => l.item_id));
          break;
        case 'OrderHoldResolved': {
          const e = event.data;
          const rows = e.lines.flatMap((l) =>
            l.missing > 0 && l.location !== null
              ? [{ ...ref, location: l.location, item_id: l.item_id, sku: l.sku, reason: `Missing at verification: ${plural(l.missing, 'unit')} of ${l.sku} not in the tote of order ${e.order_number}`, flagged_by: e.resolved_by, flagged_at: e.at }]
              : [],
          );
          await flag(trx, rows);
          break;
        }
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${String(exhaustive)}`);
        }
      }
    }
  },
};

// A line flagged again at a location replaces its reason and time.
async function flag(trx: Transaction<Database>, rows: Insertable<RmCountFlagsTable>[]): Promise<void> {
  if (rows.length === 0) return;
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
}

async function unflag(trx: Transaction<Database>, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length > 0) await trx.deleteFrom('rm_count_flags').where('item_id', 'in', itemIds).execute();
}
