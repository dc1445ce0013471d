import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import type { LocationEvent, StyleEvent } from '@wh/contracts';

// The command-side registries (db/migrations/005, 020): the facts commands of every feature check without replaying
// streams (is this style or SKU known, does this location exist, is it active). Each follows its streams' events in
// the transaction that appends them, as these effects, and its `version` is its stream's version.

// The events of one style stream.
export async function registerStyleEvents(trx: Transaction<Database>, events: readonly StyleEvent[]): Promise<void> {
  const first = events[0];
  if (!first) return;
  for (const e of events) {
    if (e.type === 'StyleCreated') {
      const { style_id, style_code, name, is_jeans } = e.data;
      await trx.insertInto('style_registry').values({ id: style_id, style_code, name, is_jeans, version: 0 }).execute();
    }
    if (e.type === 'StyleUpdated') {
      const { style_id, style_code, name, is_jeans } = e.data;
      await trx.updateTable('style_registry').set({ style_code, name, is_jeans }).where('id', '=', style_id).execute();
    }
    const variants = e.type === 'StyleUpdated' ? [] : e.data.variants;
    if (variants.length > 0) {
      // A SKU another style registered first stays that style's.
      await trx
        .insertInto('variant_registry')
        .values(variants.map((v) => ({ ...v, style_code: e.data.style_code })))
        .onConflict((oc) => oc.column('sku').doNothing())
        .execute();
    }
  }
  await trx
    .updateTable('style_registry')
    .set((eb) => ({ version: eb('version', '+', events.length) }))
    .where('id', '=', first.data.style_id)
    .execute();
}

// The events of many location streams (a range created at once).
export async function registerLocationEvents(trx: Transaction<Database>, events: readonly LocationEvent[]): Promise<void> {
  const created = events.flatMap((e) => (e.type === 'LocationCreated' ? [e.data] : []));
  if (created.length > 0) {
    await trx
      .insertInto('location_registry')
      .values(created.map((d) => ({ id: d.location_id, code: d.code, type: d.location_type, capacity: d.capacity, gender: d.gender, version: 1 })))
      .execute();
  }
  for (const e of events) {
    if (e.type === 'LocationCreated') continue;
    await trx
      .updateTable('location_registry')
      .set((eb) => ({ ...registryChange(e), version: eb('version', '+', 1) }))
      .where('code', '=', e.data.code)
      .execute();
  }
}

// What a layout event changes in the registry row (the walk sequence is the read side's alone: only the stream's
// version moves).
function registryChange(e: Exclude<LocationEvent, { type: 'LocationCreated' }>) {
  switch (e.type) {
    case 'LocationCapacityChanged':
      return { capacity: e.data.capacity };
    case 'LocationGenderChanged':
      return { gender: e.data.gender };
    case 'LocationDeactivated':
    case 'LocationReactivated':
      return { is_active: e.type === 'LocationReactivated' };
    case 'LocationWalkSequenceSet':
      return {};
    default: {
      const exhaustive: never = e;
      return exhaustive;
    }
  }
}
