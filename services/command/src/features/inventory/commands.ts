import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import {
  adjustmentStreamId,
  locationStreamId,
  RECEIVING_LOCATION,
  type AdjustmentEvent,
  type Gender,
  type LocationEvent,
  type LocationType,
} from '@wh/contracts';
import { appendToStreams, readStream, type AppendResult, type EventMetadata } from '../../platform/event-store.ts';
import { foldStream, transactWithRetry } from '../../platform/command.ts';
import { notFound } from '../../platform/errors.ts';
import { applyStockMovements } from '../../platform/stock.ts';
import { decideAdjustment, type AdjustCommand } from './adjustment.ts';
import { decideLocation, locationNotFound, type LocationCommand } from './decide-location.ts';
import { locationDecider } from './location.ts';

type Db = Kysely<Database>;

export interface NewLocation {
  code: string;
  location_type: Exclude<LocationType, 'receiving'>;
  capacity: number | null;
  gender: Gender | null;
}

// Creates the locations that do not exist yet (registry rows and LocationCreated on location-<code>); reports the rest.
export async function createLocations(
  db: Db,
  wanted: readonly NewLocation[],
  metadata: EventMetadata,
  now: Date,
): Promise<{ created: string[]; existing: string[]; append: AppendResult | null }> {
  return db.transaction().execute(async (trx) => {
    const sorted = [...wanted].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const inserted =
      sorted.length === 0
        ? []
        : await trx
            .insertInto('location_registry')
            .values(sorted.map((l) => ({ code: l.code, type: l.location_type, capacity: l.capacity, gender: l.location_type === 'jean_rack' ? l.gender : null, version: 1 })))
            .onConflict((oc) => oc.column('code').doNothing())
            .returning(['code', 'id'])
            .execute();
    const ids = new Map(inserted.map((r) => [r.code, r.id]));
    const appends = sorted
      .filter((l) => ids.has(l.code))
      .map((l) => ({
        streamId: locationStreamId(l.code),
        expectedVersion: 0,
        events: decideLocation({ type: 'CreateLocation', data: { ...l, location_id: ids.get(l.code)! } }, locationDecider.initialState(), now),
      }));
    const append = await appendToStreams(trx, appends, metadata);
    return { created: sorted.filter((l) => ids.has(l.code)).map((l) => l.code), existing: sorted.filter((l) => !ids.has(l.code)).map((l) => l.code), append };
  });
}

export async function locationStock(trx: Transaction<Database>, code: string): Promise<number> {
  const row = await trx
    .selectFrom('stock_levels')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('total'))
    .where('location', '=', code)
    .executeTakeFirstOrThrow();
  return row.total;
}

export async function changeLocation(
  db: Db,
  code: string,
  data: Extract<LocationCommand, { type: 'ChangeLocation' }>['data'],
  metadata: EventMetadata,
  now: Date,
): Promise<{ events: LocationEvent[]; append: AppendResult | null }> {
  return transactWithRetry(db, async (trx) => {
    // The registry row lock serialises changes to one location; the stock read below sees every committed move.
    const registry = await trx.selectFrom('location_registry').select(['id', 'version']).where('code', '=', code).forUpdate().executeTakeFirst();
    if (!registry) throw notFound(locationNotFound(code));
    const history = await readStream<LocationEvent>(trx, locationStreamId(code));
    const state = code === RECEIVING_LOCATION
      ? ({ status: 'active', location_id: registry.id, code, location_type: 'receiving', capacity: null, gender: null } as const)
      : foldStream(locationDecider, history);
    const events = decideLocation({ type: 'ChangeLocation', data, current_stock: await locationStock(trx, code) }, state, now);
    const append = await appendToStreams(trx, [{ streamId: locationStreamId(code), expectedVersion: history.length, events }], metadata);
    if (events.length > 0) {
      const after = events.reduce(locationDecider.evolve, state);
      if (after.status !== 'absent') {
        await trx
          .updateTable('location_registry')
          .set({ capacity: after.capacity, gender: after.gender, is_active: after.status === 'active', version: history.length + events.length })
          .where('code', '=', code)
          .execute();
      }
    }
    return { events, append };
  });
}

export async function adjustInventory(
  db: Db,
  request: Omit<AdjustCommand, 'adjustment_id'> & { sku: string; location: string },
  metadata: EventMetadata,
  now: Date,
): Promise<{ event: AdjustmentEvent; append: AppendResult | null }> {
  return transactWithRetry(db, async (trx) => {
    const variant = await trx.selectFrom('variant_registry').select(['sku', 'style_code']).where('sku', '=', request.sku).executeTakeFirst();
    if (!variant) throw notFound(`SKU ${request.sku} not found. Check the style code, size and colour.`);
    const location = await trx.selectFrom('location_registry').select(['code', 'type', 'is_active']).where('code', '=', request.location).executeTakeFirst();
    if (!location) throw notFound(locationNotFound(request.location));
    // Lock the count (creating a zero row if none) so the old and new quantities recorded are exact under concurrency.
    await trx
      .insertInto('stock_levels')
      .values({ sku: variant.sku, location: location.code, quantity: 0 })
      .onConflict((oc) => oc.columns(['sku', 'location']).doNothing())
      .execute();
    const here = await trx
      .selectFrom('stock_levels')
      .select('quantity')
      .where('sku', '=', variant.sku)
      .where('location', '=', location.code)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: string }>`select nextval('adjustment_id_seq') as id`.execute(trx);
    const [event] = decideAdjustment(
      { adjustment_id: Number(rows[0]!.id), adjustment_type: request.adjustment_type, quantity: request.quantity, reason: request.reason, notes: request.notes },
      {
        sku: variant.sku,
        style_code: variant.style_code,
        location: { code: location.code, location_type: location.type, is_active: location.is_active },
        old_quantity: here.quantity,
      },
      now,
    );
    const append = await appendToStreams(trx, [{ streamId: adjustmentStreamId(event!.data.adjustment_id), expectedVersion: 0, events: [event!] }], metadata);
    await applyStockMovements(trx, event!.data.movements);
    return { event: event!, append };
  });
}
