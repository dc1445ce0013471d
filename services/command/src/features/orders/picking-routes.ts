import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  batchDetailSchema,
  batchListSchema,
  createBatchBodySchema,
  idParamsSchema,
  listBatchesQuerySchema,
  orderItemParamsSchema,
  orderSchema,
  pickItemBodySchema,
  successEnvelope,
} from '@wh/contracts';
import type { Database } from '@wh/db';
import type { AppContext } from '../../platform/app-context.ts';
import { actorOf, requireAuth, type AuthContext } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { answerCommand } from '../../platform/command-route.ts';
import { NOT_YOUR_BATCH } from './decide-batch.ts';
import { batchWorker, completeBatch, createBatch, findBatchOrThrow, listBatches, pickItem } from './picking.ts';
import { findOrderOrThrow } from './queries.ts';

const batchEnvelope = successEnvelope(batchDetailSchema);

// Picking: the pick of an order's item, and batches (several orders assigned to one worker, picked as one list, each
// line by the pick route, and completed together). An order's other commands, completing it too, are in routes.ts.
export const pickingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A worker reads only their own batches.
  async function mayRead(db: Kysely<Database>, auth: AuthContext, batchId: number) {
    if (auth.user.role !== 'worker') return;
    const worker = await batchWorker(db, batchId);
    if (worker !== undefined && worker !== auth.user.id) throw forbidden(NOT_YOUR_BATCH);
  }

  app.post(
    '/api/orders/:id/items/:itemId/pick',
    {
      config: { access: 'orders:pick' },
      schema: { tags: ['picking'], params: orderItemParamsSchema, body: pickItemBodySchema, response: { 200: successEnvelope(orderSchema) } },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const pick = { orderId: id, itemId, actor: actorOf(request), location: request.body.location ?? null, notes: request.body.notes ?? null };
      // The answer is the order as the screens will read it, once the projector has applied the pick.
      return answerCommand(ctx, request, pickItem, pick, { message: 'Item picked successfully', data: () => findOrderOrThrow(ctx.db, id) });
    },
  );

  app.post(
    '/api/batches',
    { config: { access: 'orders:manage' }, schema: { tags: ['picking'], body: createBatchBodySchema, response: { 201: batchEnvelope } } },
    async (request, reply) => {
      const answer = await answerCommand(ctx, request, createBatch, { ...request.body, actor: actorOf(request) }, {
        data: (id) => findBatchOrThrow(ctx.db, id),
        message: (id, batch) => `Batch ${id} created: ${batch.orders.length} orders assigned to ${batch.worker.full_name ?? batch.worker.username}`,
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/batches',
    { config: { access: 'orders:view' }, schema: { tags: ['picking'], querystring: listBatchesQuerySchema, response: { 200: successEnvelope(batchListSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const query = request.query;
      if (auth.user.role === 'worker') {
        if (query.worker_id !== undefined && query.worker_id !== auth.user.id) throw forbidden('You can only see the batches assigned to you');
        return ok(await listBatches(await ctx.reader(request), { ...query, worker_id: auth.user.id }));
      }
      return ok(await listBatches(await ctx.reader(request), query));
    },
  );

  app.get(
    '/api/batches/:id',
    { config: { access: 'orders:view' }, schema: { tags: ['picking'], params: idParamsSchema, response: { 200: batchEnvelope } } },
    async (request) => {
      const db = await ctx.reader(request);
      await mayRead(db, requireAuth(request), request.params.id);
      return ok(await findBatchOrThrow(db, request.params.id));
    },
  );

  app.post(
    '/api/batches/:id/complete',
    { config: { access: 'orders:pick' }, schema: { tags: ['picking'], params: idParamsSchema, response: { 200: batchEnvelope } } },
    async (request) => {
      return answerCommand(ctx, request, completeBatch, { batchId: request.params.id, actor: actorOf(request) }, {
        data: (id) => findBatchOrThrow(ctx.db, id),
        message: (id, batch) => `Batch ${id} completed: ${batch.orders.length} orders completed`,
      });
    },
  );
};
