import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  adjustmentStreamId,
  locationStreamId,
  RECEIVING_LOCATION,
  type AdjustmentEvent,
  type LocationEvent,
  type OverCapacity,
} from '@wh/contracts';
import { isUniqueViolation, type AppendResult, type EventMetadata } from '../../platform/event-store.ts';
import { foldStreams, nextIds, runCommand } from '../../platform/command.ts';
import { registerLocationEvents } from '../../platform/registries.ts';
import { notFound } from '../../platform/errors.ts';
import { applyStockMovements, overCapacity, readLocationLoads, type LocationLoad } from '../../platform/stock.ts';
import { decideAdjustment, type AdjustCommand, type AdjustmentContext } from './decide-adjustment.ts';
import { decideLocation, decideNewLocations, locationNotFound, type LocationCommand, type NewLocation, type NewLocationFacts } from '../../domain/decide-location.ts';
import { locationDecider } from '../../domain/location.ts';

type Db = Kysely<Database>;

// Creates the locations that do not exist yet (registry rows and LocationCreated on location-<code>); reports the rest.
export async function createLocations(
  db: Db,
  wanted: readonly NewLocation[],
  metadata: EventMetadata,
  now: Date,
): Promise<{ created: string[]; existing: string[]; append: AppendResult | null }> {
  const { result, append } = await runCommand(
    db,
    {
      locking: true,
      // A location another request created meanwhile: read and decide again, and it is reported as existing.
      retryOn: (error) => isUniqueViolation(error, 'location_registry_pkey'),
      read: async (trx): Promise<NewLocationFacts> => {
        const codes = [...new Set(wanted.map((l) => l.code))];
        const known = codes.length === 0 ? [] : await trx.selectFrom('location_registry').select('code').where('code', 'in', codes).execute();
        const existing = new Set(known.map((k) => k.code));
        const ids = await nextIds(trx, 'location_registry_id_seq', codes.filter((c) => !existing.has(c)).length);
        return { existing, ids };
      },
      decide: (facts) => decideNewLocations(wanted, facts, now),
      effects: (trx, { appends }) => registerLocationEvents(trx, appends.flatMap((a) => a.events)),
    },
    metadata,
  );
  return { ...result, append };
}

export async function changeLocation(
  db: Db,
  code: string,
  data: Extract<LocationCommand, { type: 'ChangeLocation' }>['data'],
  metadata: EventMetadata,
  now: Date,
): Promise<{ events: LocationEvent[]; append: AppendResult | null }> {
  const streamId = locationStreamId(code);
  const { result, append } = await runCommand(
    db,
    {
      locking: true,
      read: async (trx) => {
        // The registry row lock serialises changes to one location; the stock read below sees every committed move.
        const registry = await trx.selectFrom('location_registry').select(['id']).where('code', '=', code).forUpdate().executeTakeFirst();
        if (!registry) throw notFound(locationNotFound(code));
        const { version, state } = (await foldStreams(trx, locationDecider, [streamId])).get(streamId)!;
        const stock = await trx
          .selectFrom('stock_levels')
          .select(sql<number>`coalesce(sum(quantity), 0)::float8`.as('total'))
          .where('location', '=', code)
          .executeTakeFirstOrThrow();
        // The receiving area is in the registry from the first migration, without a stream (nor times of its own).
        const receiving = {
          status: 'active',
          location_id: registry.id,
          code,
          location_type: 'receiving',
          capacity: null,
          gender: null,
          walk_sequence: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        } as const;
        return { version, state: code === RECEIVING_LOCATION ? receiving : state, stock: stock.total };
      },
      decide: ({ version, state, stock }) => {
        const events = decideLocation({ type: 'ChangeLocation', data, current_stock: stock }, state, now);
        return { appends: [{ streamId, expectedVersion: version, events }], result: events };
      },
      effects: (trx, { result: events }) => registerLocationEvents(trx, events),
    },
    metadata,
  );
  return { events: result, append };
}

export async function adjustInventory(
  db: Db,
  request: Omit<AdjustCommand, 'adjustment_id'> & { sku: string; location: string },
  metadata: EventMetadata,
  now: Date,
): Promise<{ event: AdjustmentEvent; over_capacity: OverCapacity[]; append: AppendResult | null }> {
  const { result, append } = await runCommand(
    db,
    {
      locking: true,
      read: async (trx) => {
        const variant = await trx.selectFrom('variant_registry').select(['sku', 'style_code']).where('sku', '=', request.sku).executeTakeFirst();
        if (!variant) throw notFound(`SKU ${request.sku} not found. Check the style code, size and colour.`);
        const location = await trx.selectFrom('location_registry').select(['code', 'type', 'is_active']).where('code', '=', request.location).executeTakeFirst();
        if (!location) throw notFound(locationNotFound(request.location));
        // The count locked (a zero row created if none) so the old and new quantities recorded are exact under concurrency.
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
        const loads =
          request.adjustment_type === 'increase' ? await readLocationLoads(trx, [{ sku: variant.sku, location: location.code }]) : new Map<string, LocationLoad>();
        const [adjustmentId] = await nextIds(trx, 'adjustment_id_seq', 1);
        const context: AdjustmentContext = {
          sku: variant.sku,
          style_code: variant.style_code,
          location: { code: location.code, location_type: location.type, is_active: location.is_active },
          old_quantity: here.quantity,
        };
        return { adjustmentId: adjustmentId!, context, loads };
      },
      decide: ({ adjustmentId, context, loads }) => {
        const [event] = decideAdjustment(
          { adjustment_id: adjustmentId, adjustment_type: request.adjustment_type, quantity: request.quantity, reason: request.reason, notes: request.notes },
          context,
          now,
        );
        return {
          appends: [{ streamId: adjustmentStreamId(adjustmentId), expectedVersion: 0, events: [event!] }],
          result: { event: event!, over_capacity: overCapacity(loads, event!.data.movements) },
        };
      },
      effects: (trx, { result: { event } }) => applyStockMovements(trx, event.data.movements),
    },
    metadata,
  );
  return { ...result, append };
}
