import type { Insertable, Transaction } from 'kysely';
import type { Database } from '@wh/migrations';
import { movementsOf, RECEIVING_LOCATION, STOCK_MOVEMENT_EVENT_TYPES, type StoredEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// The stock ledger: every event that moves stock, whichever feature appended it, carries `movements`. One row per
// movement in rm_stock_movements (the audit trail and the source of "as of" answers), and the current figures in
// rm_stock (per SKU and location), rm_sku_stock, rm_location_stock and rm_location_styles.
// Runs after the locations projection in the same batch, so a location created and filled together has its type.
export const stockLedgerProjection: Projection = {
  name: 'stock-ledger',
  handles: new Set<string>(STOCK_MOVEMENT_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add('inventory');
    const types = await locationTypes(trx, events);
    const rows: Insertable<Database['rm_stock_movements']>[] = [];
    for (const stored of events) {
      const movements = movementsOf(stored.data);
      for (const [seq, m] of movements.entries()) {
        if (m.delta === 0) continue;
        const at = stored.recorded_at;
        const { quantity } = await trx
          .insertInto('rm_stock')
          .values({ sku: m.sku, location: m.location, location_type: types.get(m.location) ?? guessType(m.location), style_code: m.style_code, quantity: m.delta, updated_at: at })
          .onConflict((oc) => oc.columns(['sku', 'location']).doUpdateSet((eb) => ({ quantity: eb('rm_stock.quantity', '+', m.delta), updated_at: at })))
          .returning('quantity')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('rm_sku_stock')
          .values({ sku: m.sku, style_code: m.style_code, quantity: m.delta })
          .onConflict((oc) => oc.column('sku').doUpdateSet((eb) => ({ quantity: eb('rm_sku_stock.quantity', '+', m.delta) })))
          .execute();
        await trx
          .insertInto('rm_location_stock')
          .values({ location: m.location, quantity: m.delta })
          .onConflict((oc) => oc.column('location').doUpdateSet((eb) => ({ quantity: eb('rm_location_stock.quantity', '+', m.delta) })))
          .execute();
        await trx
          .insertInto('rm_location_styles')
          .values({ location: m.location, style_code: m.style_code, quantity: m.delta })
          .onConflict((oc) => oc.columns(['location', 'style_code']).doUpdateSet((eb) => ({ quantity: eb('rm_location_styles.quantity', '+', m.delta) })))
          .execute();
        rows.push({
          position: stored.global_position,
          seq,
          sku: m.sku,
          style_code: m.style_code,
          location: m.location,
          delta: m.delta,
          balance_after: quantity,
          event_type: stored.type,
          reason: reasonOf(stored),
          actor_id: stored.metadata.actor_id,
          recorded_at: at,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('rm_stock_movements').values(rows.slice(i, i + 1000)).execute();
  },
};

async function locationTypes(trx: Transaction<Database>, events: readonly StoredEvent[]): Promise<Map<string, string>> {
  const codes = [...new Set(events.flatMap((e) => movementsOf(e.data).map((m) => m.location)))];
  if (codes.length === 0) return new Map();
  const rows = await trx.selectFrom('rm_locations').select(['code', 'location_type']).where('code', 'in', codes).execute();
  return new Map(rows.map((r) => [r.code, r.location_type]));
}

// A location the layout never announced (only RECEIVING, seeded by migration, should be one).
function guessType(code: string): string {
  return code === RECEIVING_LOCATION ? 'receiving' : /^J-/.test(code) ? 'jean_rack' : /^[A-Z]{1,3}-\d+-\d+$/.test(code) ? 'bin' : 'rack';
}

// The movement's why when the event gives one (an adjustment's reason); the event type says the rest.
function reasonOf(stored: StoredEvent): string | null {
  const data = stored.data as { reason?: unknown } | null;
  return typeof data?.reason === 'string' ? data.reason : null;
}
