import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { inCodeOrder, userStreamId, type LocationEvent, type OrderEvent, type StyleEvent, type UserEvent } from '@wh/contracts';

// The command-side registries (db/migrations/002, 005, 010, 020, 120): the facts commands of every feature check without
// replaying streams (is this style or SKU known, does this location exist, is it active, is this order number
// imported, who is this user). They are written one way: from the events a decision appends, by the functions
// below, as effects of the append (command.ts appendWith), in its transaction. Never from a command's folded state
// or its result, so a registry row says what its stream's events say. A unique key a registry row claims (a style
// code, a location code, an order number, a username, a barcode) is how two writers racing for it meet.

// The barcode registry's key (db/migrations/120): a barcode another SKU claimed first is a lost race.
export const BARCODE_REGISTRY_KEY = 'barcode_registry_pkey';

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
    if (e.type === 'SkuBarcodesAdded') {
      // A barcode another SKU holds is a unique violation: a lost race, decided again (the command's retryOn).
      if (e.data.barcodes.length > 0) await trx.insertInto('barcode_registry').values(e.data.barcodes.map(({ sku, barcode }) => ({ sku, barcode }))).execute();
      continue;
    }
    if (e.type === 'SkuBarcodeRemoved') {
      await trx.deleteFrom('barcode_registry').where('barcode', '=', e.data.barcode).where('sku', '=', e.data.sku).execute();
      continue;
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

// The order numbers an upload imports, each claimed once (a number another upload claimed first is a lost race: the
// chunk is read and decided again). In key order, so two uploads sharing numbers never wait on each other in a cycle.
export async function registerOrderEvents(trx: Transaction<Database>, events: readonly OrderEvent[]): Promise<void> {
  const claims = events
    .flatMap((e) => (e.type === 'OrderImported' ? [{ key: e.data.order_number.toUpperCase(), id: e.data.order_id }] : []))
    .sort((a, b) => inCodeOrder(a.key, b.key));
  if (claims.length === 0) return;
  // Two array parameters rather than a VALUES list of two parameters a row, which the server parses slowly.
  await sql`
    insert into order_registry (number_key, order_id)
    select k, id from unnest(${claims.map((c) => c.key)}::text[], ${claims.map((c) => c.id)}::int[]) as x(k, id)`.execute(trx);
}

// The events of one user stream. A restore brings back the status before the deletion, which the stream's events
// already appended in this transaction say (the last of its creation, activations and deactivations).
export async function registerUserEvents(trx: Transaction<Database>, events: readonly UserEvent[]): Promise<void> {
  for (const e of events) {
    const id = e.data.user_id;
    switch (e.type) {
      case 'UserCreated': {
        const { username, role, is_active } = e.data;
        await trx.insertInto('user_registry').values({ id, username, role, status: is_active ? 'active' : 'inactive' }).execute();
        break;
      }
      case 'UserUpdated':
        await trx.updateTable('user_registry').set({ username: e.data.username, role: e.data.role }).where('id', '=', id).execute();
        break;
      case 'UserActivated':
      case 'UserDeactivated':
      case 'UserDeleted':
        await trx
          .updateTable('user_registry')
          .set({ status: e.type === 'UserActivated' ? 'active' : e.type === 'UserDeactivated' ? 'inactive' : 'deleted' })
          .where('id', '=', id)
          .execute();
        break;
      case 'UserRestored':
        await sql`
          update user_registry set status = coalesce((
            select case when event_type = 'UserDeactivated' or (event_type = 'UserCreated' and not (data->>'is_active')::boolean)
                        then 'inactive' else 'active' end
              from events
             where stream_id = ${userStreamId(id)} and event_type in ('UserCreated', 'UserActivated', 'UserDeactivated')
             order by stream_version desc limit 1), 'active')
           where id = ${id}`.execute(trx);
        break;
      case 'PasswordChanged':
      case 'UserSignedIn':
      case 'UserSignedOut':
        break;
      default: {
        const exhaustive: never = e;
        return exhaustive;
      }
    }
  }
}
