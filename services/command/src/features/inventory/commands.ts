import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import {
  adjustmentStreamId,
  locationStreamId,
  RECEIVING_LOCATION,
  type AdjustmentEvent,
  type LocationEvent,
  type OverCapacity,
} from '@wh/contracts';
import { ConcurrencyError, isUniqueViolation } from '../../platform/event-store.ts';
import { foldStreams, nextIds, runCommand, type CommandHandler } from '../../platform/command.ts';
import { registerLocationEvents } from '../../platform/registries.ts';
import { notFound } from '../../platform/errors.ts';
import { applyStockMovements, overCapacity, readLocationLoads, type LocationLoad } from '../../platform/stock.ts';
import { decideAdjustment, type AdjustCommand, type AdjustmentContext } from './decide-adjustment.ts';
import { decideLocation, decideNewLocations, locationNotFound, type LocationCommand, type NewLocation, type NewLocationFacts } from '../../domain/decide-location.ts';
import { locationDecider } from '../../domain/location.ts';

// Creates the locations that do not exist yet (registry rows and LocationCreated on location-<code>); reports the rest.
export const createLocations: CommandHandler<readonly NewLocation[], { created: string[]; existing: string[] }> = (ctx, wanted, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
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
      appendWith: ({ appends }) => ({ effects: (trx) => registerLocationEvents(trx, appends.flatMap((a) => a.events)) }),
    },
    metadata,
  );
};

type LocationChange = Extract<LocationCommand, { type: 'ChangeLocation' }>['data'];

export const changeLocation: CommandHandler<{ code: string; data: LocationChange }, LocationEvent[]> = (ctx, { code, data }, metadata) => {
  const now = ctx.now();
  const streamId = locationStreamId(code);
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: async (trx) => {
        // The registry row lock serialises changes to one location; the stock read below sees every committed move.
        const registry = await trx.selectFrom('location_registry').select(['id']).where('code', '=', code).forUpdate().executeTakeFirst();
        if (!registry) return null;
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
      decide: (facts) => {
        if (!facts) throw notFound(locationNotFound(code));
        const { version, state, stock } = facts;
        const events = decideLocation({ type: 'ChangeLocation', data, current_stock: stock }, state, now);
        return { appends: [{ streamId, expectedVersion: version, events }], result: events };
      },
      appendWith: ({ result: events }) => ({ effects: (trx) => registerLocationEvents(trx, events) }),
    },
    metadata,
  );
};

export type AdjustInput = Omit<AdjustCommand, 'adjustment_id'> & { sku: string; location: string };

export const adjustInventory: CommandHandler<AdjustInput, { event: AdjustmentEvent; over_capacity: OverCapacity[] }> = (ctx, request, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: async (trx) => {
        const variant = await trx.selectFrom('variant_registry').select(['sku', 'style_code']).where('sku', '=', request.sku).executeTakeFirst();
        const location = await trx.selectFrom('location_registry').select(['code', 'type', 'is_active']).where('code', '=', request.location).executeTakeFirst();
        if (!variant || !location) return { variant, location, adjusting: null };
        // The count locked so the old and new quantities recorded are exact under concurrency. A count that is not
        // there yet is created (and so locked) with the adjustment's effects, or the command reads again.
        const here = await trx
          .selectFrom('stock_levels')
          .select('quantity')
          .where('sku', '=', variant.sku)
          .where('location', '=', location.code)
          .forUpdate()
          .executeTakeFirst();
        const loads =
          request.adjustment_type === 'increase' ? await readLocationLoads(trx, [{ sku: variant.sku, location: location.code }]) : new Map<string, LocationLoad>();
        const [adjustmentId] = await nextIds(trx, 'adjustment_id_seq', 1);
        const context: AdjustmentContext = {
          sku: variant.sku,
          style_code: variant.style_code,
          location: { code: location.code, location_type: location.type, is_active: location.is_active },
          old_quantity: here?.quantity ?? 0,
        };
        return { variant, location, adjusting: { adjustmentId: adjustmentId!, context, loads, counted: here !== undefined } };
      },
      decide: ({ variant, location, adjusting }) => {
        if (!variant) throw notFound(`SKU ${request.sku} not found. Check the style code, size and colour.`);
        if (!location || !adjusting) throw notFound(locationNotFound(request.location));
        const { adjustmentId, context, loads } = adjusting;
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
      appendWith: ({ result: { event } }, { adjusting }) => ({
        effects: async (trx) => {
          if (adjusting && !adjusting.counted) await claimCount(trx, event.data.sku, event.data.location);
          await applyStockMovements(trx, event.data.movements);
        },
      }),
    },
    metadata,
  );
};

// A count read as absent is created at zero before the adjustment moves it: one another writer created meanwhile
// means the old quantity decided on may be stale, a lost race (read and decided again on the locked count).
async function claimCount(trx: Transaction<Database>, sku: string, location: string): Promise<void> {
  const created = await trx
    .insertInto('stock_levels')
    .values({ sku, location, quantity: 0 })
    .onConflict((oc) => oc.columns(['sku', 'location']).doNothing())
    .returning('sku')
    .executeTakeFirst();
  if (!created) throw new ConcurrencyError(`stock ${sku} at ${location}`);
}
