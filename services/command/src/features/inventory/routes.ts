import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustInventoryBodySchema,
  adjustmentResultSchema,
  adjustmentSummaryQuerySchema,
  adjustmentSummarySchema,
  asOfQuerySchema,
  asOfSchema,
  availableItemsQuerySchema,
  availableItemsSchema,
  BIN_CODE_PATTERN,
  binsSchema,
  can,
  createLocationBodySchema,
  createLocationRangeBodySchema,
  inventorySearchQuerySchema,
  inventorySearchResultSchema,
  inventoryStatusQuerySchema,
  inventoryStatusSchema,
  ledgerQuerySchema,
  ledgerSchema,
  listLocationsQuerySchema,
  locationCodeParamsSchema,
  locationListSchema,
  locationRangeResultSchema,
  locationSchema,
  locationStockSchema,
  locationSuggestionsSchema,
  MAX_LOCATIONS_PER_RANGE,
  moveStockBodySchema,
  RACK_CODE_PATTERN,
  racksSchema,
  recentAdjustmentsQuerySchema,
  recentAdjustmentsSchema,
  selectableLocationsQuerySchema,
  selectableLocationsSchema,
  stockMoveSchema,
  successEnvelope,
  suggestLocationBodySchema,
  updateLocationBodySchema,
} from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { requireAuth } from '../../platform/auth.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { answerCommand } from '../../platform/command.ts';
import { adjustInventory, changeLocation, createLocations } from './commands.ts';
import { locationExists, locationNotFound } from '../../domain/decide-location.ts';
import { expandRange } from '../../domain/location-range.ts';
import { bins, listLocations, locationAfterCommand, locationStock, racks, selectableLocations } from './location-queries.ts';
import { moveStock, stockMoveOf } from './moves.ts';
import { inventoryStatus } from './inventory-status.ts';
import { adjustmentSummary, availableItems, ledger, recentAdjustments, searchInventory, stockAsOf } from './queries.ts';
import { suggestLocations } from './suggest.ts';

const manageLayout = 'locations:manage' as const;
const locationEnvelope = successEnvelope(locationSchema);

export const inventoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  async function locatedAfter(code: string, projected: boolean | undefined) {
    const found = await locationAfterCommand(ctx.db, code, projected);
    if (!found) throw notFound(locationNotFound(code));
    return found;
  }

  // ---- Warehouse layout ----
  app.get(
    '/api/locations',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], querystring: listLocationsQuerySchema, response: { 200: successEnvelope(locationListSchema) } } },
    async (request) => ok({ locations: await listLocations(await ctx.reader(request), request.query) }),
  );

  app.post(
    '/api/locations',
    { config: { access: manageLayout }, schema: { tags: ['inventory'], body: createLocationBodySchema, response: { 201: locationEnvelope } } },
    async (request, reply) => {
      const b = request.body;
      const wanted = [{ code: b.code, location_type: b.location_type, capacity: b.capacity ?? null, gender: b.gender ?? null }];
      const answer = await answerCommand(ctx, request, createLocations, wanted, {
        data: ({ created }, projected) => {
          if (created.length === 0) throw conflict(locationExists(b.code));
          return locatedAfter(b.code, projected);
        },
        message: `Location ${b.code} created`,
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/locations/range',
    { config: { access: manageLayout }, schema: { tags: ['inventory'], body: createLocationRangeBodySchema, response: { 201: successEnvelope(locationRangeResultSchema) } } },
    async (request, reply) => {
      const b = request.body;
      const codes = expandRange(b.from, b.to, BIN_CODE_PATTERN, RACK_CODE_PATTERN, MAX_LOCATIONS_PER_RANGE);
      if (typeof codes === 'string') throw badRequest(codes);
      const wanted = codes.map((code) => ({ code, location_type: b.location_type, capacity: b.capacity ?? null, gender: b.gender ?? null }));
      const answer = await answerCommand(ctx, request, createLocations, wanted, {
        data: ({ created, existing }) => ({ created, existing }),
        message: ({ created, existing }) => `${created.length} locations created${existing.length > 0 ? `, ${existing.length} already existed` : ''}`,
      });
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    '/api/locations/:code',
    { config: { access: manageLayout }, schema: { tags: ['inventory'], params: locationCodeParamsSchema, body: updateLocationBodySchema, response: { 200: locationEnvelope } } },
    async (request) => {
      const code = request.params.code;
      return answerCommand(ctx, request, changeLocation, { code, data: request.body }, {
        data: (_events, projected) => locatedAfter(code, projected),
        message: `Location ${code} updated`,
      });
    },
  );

  app.get(
    '/api/locations/bins',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], response: { 200: successEnvelope(binsSchema) } } },
    async (request) => ok(await bins(await ctx.reader(request))),
  );

  app.get(
    '/api/locations/racks',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], response: { 200: successEnvelope(racksSchema) } } },
    async (request) => ok(await racks(await ctx.reader(request))),
  );

  app.get(
    '/api/stock-approval/locations',
    { config: { access: 'stock:approve' }, schema: { tags: ['inventory'], querystring: selectableLocationsQuerySchema, response: { 200: successEnvelope(selectableLocationsSchema) } } },
    async (request) => ok(await selectableLocations(await ctx.reader(request), request.query)),
  );

  // ---- Location suggestion: one implementation, two routes ----
  for (const [url, access] of [
    ['/api/inventory/suggest-location', 'signed-in'],
    ['/api/stock-approval/suggest-location', 'stock:approve'],
  ] as const) {
    app.post(
      url,
      { config: { access }, schema: { tags: ['inventory'], body: suggestLocationBodySchema, response: { 200: successEnvelope(locationSuggestionsSchema) } } },
      async (request) => ok(await suggestLocations(ctx.db, { ...request.body, item_type: request.body.item_type ?? undefined })),
    );
  }

  // ---- Inventory ----
  app.get(
    '/api/inventory/search',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], querystring: inventorySearchQuerySchema, response: { 200: successEnvelope(inventorySearchResultSchema) } } },
    async (request) => ok(await searchInventory(await ctx.reader(request), request.query)),
  );

  app.get(
    '/api/inventory/available-items',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], querystring: availableItemsQuerySchema, response: { 200: successEnvelope(availableItemsSchema) } } },
    async (request) => ok(await availableItems(await ctx.reader(request), request.query)),
  );

  app.get(
    '/api/inventory/status',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], querystring: inventoryStatusQuerySchema, response: { 200: successEnvelope(inventoryStatusSchema) } } },
    async (request) => ok(await inventoryStatus(await ctx.reader(request), request.query.threshold, request.query.limit)),
  );

  // ---- Adjustments (manager) ----
  app.post(
    '/api/inventory/adjust',
    { config: { access: 'inventory:adjust' }, schema: { tags: ['inventory'], body: adjustInventoryBodySchema, response: { 201: successEnvelope(adjustmentResultSchema) } } },
    async (request, reply) => {
      const b = request.body;
      const adjust = { sku: b.sku, location: b.location, adjustment_type: b.adjustment_type, quantity: b.quantity, reason: b.reason, notes: b.notes || null };
      const answer = await answerCommand(ctx, request, adjustInventory, adjust, {
        data: async ({ event, over_capacity }) => {
          const d = event.data;
          const [record] = await recentAdjustments(ctx.db, { limit: 1, sku: d.sku, location: d.location }, ctx.now());
          const fallback = {
            id: d.adjustment_id,
            sku: d.sku,
            style_code: d.style_code,
            adjustment_type: d.adjustment_type,
            old_quantity: d.old_quantity,
            new_quantity: d.new_quantity,
            adjustment_quantity: d.quantity,
            location: d.location,
            location_type: d.location_type,
            reason: d.reason,
            notes: d.notes,
            adjusted_by: request.auth?.user.username ?? null,
            adjusted_by_id: request.auth?.user.id ?? null,
            adjusted_at: d.at,
          };
          return { ...(record?.id === d.adjustment_id ? record : fallback), over_capacity };
        },
        message: ({ event: { data: d } }) =>
          `Inventory ${d.adjustment_type === 'increase' ? 'increased' : 'decreased'} by ${d.quantity}: ${d.sku} at ${d.location} now ${d.new_quantity}`,
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/inventory/adjustments/recent',
    { config: { access: 'inventory:adjust' }, schema: { tags: ['inventory'], querystring: recentAdjustmentsQuerySchema, response: { 200: successEnvelope(recentAdjustmentsSchema) } } },
    async (request) => ok({ adjustments: await recentAdjustments(await ctx.reader(request), request.query, ctx.now()) }),
  );

  app.get(
    '/api/inventory/adjustments/summary',
    { config: { access: 'inventory:adjust' }, schema: { tags: ['inventory'], querystring: adjustmentSummaryQuerySchema, response: { 200: successEnvelope(adjustmentSummarySchema) } } },
    async (request) => ok(await adjustmentSummary(await ctx.reader(request), request.query.days, ctx.now(), ctx.config.WAREHOUSE_TIMEZONE)),
  );

  // ---- Moves: every role may move stock (a phone's Move Stock screen); a put-away is a move out of RECEIVING ----
  app.post(
    '/api/inventory/move',
    { config: { access: 'stock:move' }, schema: { tags: ['inventory'], body: moveStockBodySchema, response: { 201: successEnvelope(stockMoveSchema) } } },
    async (request, reply) => {
      const move = { ...request.body, confirm_over_capacity: request.body.confirm_over_capacity ?? false };
      const answer = await answerCommand(ctx, request, moveStock, move, {
        data: (outcome) => stockMoveOf(outcome, request.auth?.user.username ?? null),
        message: (_outcome, m) => `${m.reason}: ${m.quantity} × ${m.sku}. ${m.from_location} now holds ${m.from_quantity_after}, ${m.to_location} ${m.to_quantity_after}.`,
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/locations/:code/stock',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], params: locationCodeParamsSchema, response: { 200: successEnvelope(locationStockSchema) } } },
    async (request) => {
      const found = await locationStock(await ctx.reader(request), request.params.code);
      if (!found) throw notFound(locationNotFound(request.params.code));
      return ok(found);
    },
  );

  // ---- Ledger and time travel ----
  app.get(
    '/api/inventory/ledger',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], querystring: ledgerQuerySchema, response: { 200: successEnvelope(ledgerSchema) } } },
    async (request) => ok(await ledger(await ctx.reader(request), request.query, { seesAdjustmentDetails: can(requireAuth(request).user.role, 'inventory:adjust') })),
  );

  app.get(
    '/api/inventory/as-of',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], querystring: asOfQuerySchema, response: { 200: successEnvelope(asOfSchema) } } },
    async (request) => ok(await stockAsOf(await ctx.reader(request), request.query)),
  );
};

