import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import type { StyleEvent } from '@wh/contracts';

// Registry rows follow the events in the same transaction: the codes and SKUs other features check.
export async function registerStyleEvents(trx: Transaction<Database>, events: readonly StyleEvent[]): Promise<void> {
  const first = events[0];
  if (!first) return;
  await trx
    .updateTable('style_registry')
    .set((eb) => ({ version: eb('version', '+', events.length) }))
    .where('id', '=', first.data.style_id)
    .execute();
  for (const e of events) {
    if (e.type === 'StyleCreated' || e.type === 'StyleUpdated') {
      const { style_id, style_code, name, is_jeans } = e.data;
      await trx.updateTable('style_registry').set({ style_code, name, is_jeans }).where('id', '=', style_id).execute();
    }
    const variants = e.type === 'StyleUpdated' ? [] : e.data.variants;
    if (variants.length > 0) {
      await trx
        .insertInto('variant_registry')
        .values(variants.map((v) => ({ ...v, style_code: e.data.style_code })))
        .onConflict((oc) => oc.column('sku').doNothing())
        .execute();
    }
  }
}

