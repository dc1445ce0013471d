import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  assignableWorkersSchema,
  assignWorkerBodySchema,
  bulkAssignBodySchema,
  bulkAssignResultSchema,
  exportOrdersQuerySchema,
  idParamsSchema,
  listOrdersQuerySchema,
  orderDetailQuerySchema,
  localDay,
  MAX_EXPORT_ROWS,
  ORDER_UPLOAD_ACCEPT,
  ORDER_UPLOAD_INVALID_TYPE,
  orderHistorySchema,
  orderListSchema,
  orderSchema,
  orderStreamId,
  orderUploadFailureSchema,
  orderUploadResultSchema,
  successEnvelope,
  verifyOrderBodySchema,
  sendBackBodySchema,
  resolveHoldBodySchema,
  type BulkOrderResult,
  type Order,
  type OrderBatch,
  type OrderEvent,
} from '@wh/contracts';
import type { Database } from '@wh/db';
import type { AppContext } from '../../platform/app-context.ts';
import { actorOf, requireAuth, type AuthContext } from '../../platform/auth.ts';
import { isDomainError, forbidden, unprocessable } from '../../platform/errors.ts';
import type { AppendResult } from '../../platform/event-store.ts';
import { sendExport } from '../../platform/exports.ts';
import { metadataOf, ok } from '../../platform/http.ts';
import { answerCommand, onStream, runCommand, runForRequest, type CommandHandler, type StreamResult } from '../../platform/command.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { checkWorker, decideOrder, NOT_YOUR_ORDER, orderDecider, type OrderCommand, type OrderState } from './decide.ts';
import { orderImportPlanner } from './import-file.ts';
import { storeImportedOrders, uploadResult } from './import-store.ts';
import { withStock } from './picking.ts';
import {
  assignableWorkers,
  exportRows,
  findOrderOrThrow,
  listOrders,
  noStockItemsOf,
  noStockNote,
  orderBatch,
  orderHistory,
  orderWorker,
  workerFacts,
} from './queries.ts';
import { EXPORT_COLUMNS } from './export.ts';

const orderEnvelope = successEnvelope(orderSchema);

// An order command: the order's stream folded, the command decided, the events appended with the stock they move (a
// held order's lines sent back or resolved give stock back; a pick, which reads what it takes from, is picking.ts's).
const runOrderCommand: CommandHandler<{ orderId: number; command: OrderCommand }, StreamResult<OrderState, OrderEvent>> = (ctx, { orderId, command }, metadata) =>
  runCommand(
    ctx.db,
    onStream({
      streamId: orderStreamId(orderId),
      decider: orderDecider,
      decide: (state) => decideOrder(command, state, ctx.now()),
      appendWith: ({ events }) => withStock(events),
    }),
    metadata,
  );

// What holds the order, in words, for the verifier's answer.
function holdWords(order: Order): string {
  const hold = order.hold;
  if (!hold) return 'see the order';
  const parts = [...hold.lines.map((l) => `${l.sku} ${l.issue.toLowerCase()}`), ...hold.wrong_items.map((w) => `${w.code} is not in this order`)];
  return `${parts.join('; ')}. Send it back to its picker or resolve each line.`;
}

// A command that takes the order out of its batch says which batch and tote it left (read before the command), and
// that the tote's number stays the order's: the other totes are not renumbered.
function leftBatchMessage(done: string, result: StreamResult<OrderState, OrderEvent>, before: OrderBatch | null): string {
  const left = result.events.flatMap((e) => (e.type === 'OrderDeassigned' || e.type === 'OrderCancelled' ? [e.data] : []))[0];
  if (left?.left_batch_id === undefined) return done;
  const tote = before?.id === left.left_batch_id ? ` tote ${before.tote} stays empty and` : '';
  return `${done}. Order ${left.order_number} left batch ${left.left_batch_id}:${tote} the other totes keep their numbers`;
}

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The answer to a command on one order: the order as the screens will read it, once the projector has applied it.
  const withOrder = (orderId: number, message: string) => ({ message, data: () => findOrderOrThrow(ctx.db, orderId) });
  const orderCommand = (request: FastifyRequest, orderId: number, command: OrderCommand, message: string) =>
    answerCommand(ctx, request, runOrderCommand, { orderId, command }, withOrder(orderId, message));
  // Deassign and cancel take an order out of its batch.
  const leavingCommand = async (request: FastifyRequest, orderId: number, command: OrderCommand, done: string) => {
    const before = await orderBatch(ctx.db, orderId);
    return answerCommand(ctx, request, runOrderCommand, { orderId, command }, {
      data: () => findOrderOrThrow(ctx.db, orderId),
      message: (result) => leftBatchMessage(done, result, before),
    });
  };

  // A worker reads only the orders assigned to them.
  async function mayRead(db: Kysely<Database>, auth: AuthContext, orderId: number) {
    if (auth.user.role !== 'worker') return;
    const found = await orderWorker(db, orderId);
    if (found && found.worker_id !== auth.user.id) throw forbidden(NOT_YOUR_ORDER);
  }

  app.post(
    '/api/files/upload/orders',
    {
      config: { access: 'orders:upload' },
      schema: { tags: ['orders'], response: { 200: successEnvelope(orderUploadResultSchema), 422: orderUploadFailureSchema } },
    },
    async (request, reply) => {
      const file = await receiveUpload(request, { accept: ORDER_UPLOAD_ACCEPT, invalidTypeMessage: ORDER_UPLOAD_INVALID_TYPE });
      const { orders, ...plan } = await ctx.files.plan(orderImportPlanner, file, ['orders']);
      const now = ctx.now();
      const input = { orders, at: now.toISOString(), importDay: localDay(now, ctx.config.WAREHOUSE_TIMEZONE), sourceFile: file.filename };
      const { result: stored, extra } = await runForRequest(ctx, request, storeImportedOrders, input, { events: (r) => r.orders });
      const result = uploadResult(plan, stored);
      const { message } = result;
      if (!result.success) {
        return reply.code(422).send({ success: false as const, message, error: { code: 'UNPROCESSABLE', message }, data: result });
      }
      return reply.code(200).send(ok(result, { message, ...extra }));
    },
  );

  app.get(
    '/api/orders',
    { config: { access: 'orders:view' }, schema: { tags: ['orders'], querystring: listOrdersQuerySchema, response: { 200: successEnvelope(orderListSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const query = request.query;
      if (auth.user.role === 'worker') {
        if (query.worker_id !== undefined && query.worker_id !== auth.user.id) throw forbidden('You can only see the orders assigned to you');
        return ok(await listOrders(await ctx.reader(request), { ...query, worker_id: auth.user.id }));
      }
      return ok(await listOrders(await ctx.reader(request), query));
    },
  );

  app.get(
    '/api/orders/export',
    { config: { access: 'orders:manage' }, schema: { tags: ['orders'], querystring: exportOrdersQuerySchema } },
    async (request, reply) => {
      const rows = await exportRows(await ctx.reader(request), request.query, MAX_EXPORT_ROWS + 1);
      if (rows.length > MAX_EXPORT_ROWS) {
        throw unprocessable(`More than ${MAX_EXPORT_ROWS.toLocaleString('en-GB')} items match. Please narrow the filters to export.`);
      }
      return sendExport(reply, ctx.files, {
        format: request.query.format,
        filename: `orders-${localDay(ctx.now(), ctx.config.WAREHOUSE_TIMEZONE)}`,
        sheetName: 'Orders',
        rows,
        columns: EXPORT_COLUMNS,
      });
    },
  );

  app.get(
    '/api/orders/workers',
    { config: { access: 'orders:manage' }, schema: { tags: ['orders'], response: { 200: successEnvelope(assignableWorkersSchema) } } },
    async (request) => ok({ workers: await assignableWorkers(await ctx.reader(request)) }),
  );

  app.get(
    '/api/orders/:id',
    {
      config: { access: 'orders:view' },
      schema: { tags: ['orders'], params: idParamsSchema, querystring: orderDetailQuerySchema, response: { 200: orderEnvelope } },
    },
    async (request) => {
      const db = await ctx.reader(request);
      await mayRead(db, requireAuth(request), request.params.id);
      const { items_page, items_limit } = request.query;
      return ok(await findOrderOrThrow(db, request.params.id, { page: items_page, limit: items_limit }));
    },
  );

  app.get(
    '/api/orders/:id/history',
    { config: { access: 'orders:view' }, schema: { tags: ['orders'], params: idParamsSchema, response: { 200: successEnvelope(orderHistorySchema) } } },
    async (request) => {
      const db = await ctx.reader(request);
      await mayRead(db, requireAuth(request), request.params.id);
      return ok(await orderHistory(db, request.params.id));
    },
  );

  app.post(
    '/api/orders/:id/assign-worker',
    {
      config: { access: 'orders:manage' },
      schema: { tags: ['orders'], params: idParamsSchema, body: assignWorkerBodySchema, response: { 200: orderEnvelope } },
    },
    async (request) => {
      const { id } = request.params;
      const worker = await workerFacts(ctx.db, request.body.worker_id, ctx.sessionCache);
      const command: OrderCommand = { type: 'AssignWorker', worker_id: request.body.worker_id, worker };
      return answerCommand(ctx, request, runOrderCommand, { orderId: id, command }, {
        data: () => findOrderOrThrow(ctx.db, id),
        // An order that cannot be picked in full says so as it is given to someone.
        message: (_result, order) => `Worker assigned successfully${noStockNote(order.items.map((i) => ({ ...i, order_number: order.order_number })))}`,
      });
    },
  );

  app.post(
    '/api/orders/bulk-assign',
    { config: { access: 'orders:manage' }, schema: { tags: ['orders'], body: bulkAssignBodySchema, response: { 200: successEnvelope(bulkAssignResultSchema) } } },
    async (request) => {
      const { order_ids, worker_id } = request.body;
      const worker = await workerFacts(ctx.db, worker_id);
      // A worker who cannot take orders fails the whole call: there is nothing to try per order.
      checkWorker({ worker_id, worker });
      const results: BulkOrderResult[] = [];
      const metadata = metadataOf(request);
      let last: AppendResult | null = null;
      for (const orderId of order_ids) {
        try {
          const { result, append } = await runOrderCommand(ctx, { orderId, command: { type: 'AssignWorker', worker_id, worker } }, metadata);
          const number = result.state.status === 'absent' ? null : result.state.order_number;
          last = append ?? last;
          results.push({ order_id: orderId, order_number: number, success: true, message: result.events.length > 0 ? 'Assigned' : 'Already assigned to this worker' });
        } catch (error) {
          if (!isDomainError(error)) throw error;
          const found = await ctx.db.selectFrom('rm_orders').select('order_number').where('id', '=', orderId).executeTakeFirst();
          results.push({ order_id: orderId, order_number: found?.order_number ?? null, success: false, message: error.message });
        }
      }
      const succeeded = results.filter((r) => r.success).length;
      const failed = results.length - succeeded;
      const extra = await ctx.afterCommit(last);
      // Read once the projector has them: which of the assigned orders have lines no location holds.
      const noStock = await noStockItemsOf(ctx.db, results.filter((r) => r.success).map((r) => r.order_id));
      const answered = results.map((r) => (r.success ? { ...r, no_stock_items: noStock.get(r.order_id) ?? 0 } : r));
      const short = answered.filter((r) => (r.no_stock_items ?? 0) > 0).length;
      return ok(
        { worker_id, succeeded, failed, results: answered },
        { message: `${succeeded} orders assigned successfully. ${failed} failed.${short > 0 ? ` ${short} of them ${short === 1 ? 'has' : 'have'} items with no stock anywhere.` : ''}`, ...extra },
      );
    },
  );

  app.post(
    '/api/orders/:id/deassign-worker',
    { config: { access: 'orders:manage' }, schema: { tags: ['orders'], params: idParamsSchema, response: { 200: orderEnvelope } } },
    async (request) => {
      return leavingCommand(request, request.params.id, { type: 'DeassignWorker' }, 'Worker deassigned successfully');
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    { config: { access: 'orders:manage' }, schema: { tags: ['orders'], params: idParamsSchema, response: { 200: orderEnvelope } } },
    async (request) => {
      return leavingCommand(request, request.params.id, { type: 'CancelOrder' }, 'Order cancelled successfully');
    },
  );

  app.post(
    '/api/orders/:id/complete',
    { config: { access: 'orders:pick' }, schema: { tags: ['picking'], params: idParamsSchema, response: { 200: orderEnvelope } } },
    async (request) => {
      return orderCommand(request, request.params.id, { type: 'CompleteOrder', actor: actorOf(request) }, 'Order completed successfully');
    },
  );

  app.post(
    '/api/orders/:id/verify',
    {
      config: { access: 'orders:verify' },
      schema: { tags: ['verification'], params: idParamsSchema, body: verifyOrderBodySchema, response: { 200: orderEnvelope } },
    },
    async (request) => {
      const { verification_notes, discrepancies, counts, wrong_items } = request.body;
      const command: OrderCommand = { type: 'VerifyOrder', actor: actorOf(request), verification_notes, discrepancies, counts: counts ?? null, wrong_items };
      return answerCommand(ctx, request, runOrderCommand, { orderId: request.params.id, command }, {
        data: () => findOrderOrThrow(ctx.db, request.params.id),
        message: (_, order) => (order.status === 'on_hold' ? `Order ${order.order_number} is on hold: ${holdWords(order)}` : 'Order verified successfully'),
      });
    },
  );

  app.post(
    '/api/orders/:id/send-back',
    {
      config: { access: 'orders:verify' },
      schema: { tags: ['verification'], params: idParamsSchema, body: sendBackBodySchema, response: { 200: orderEnvelope } },
    },
    async (request) => {
      const { item_ids, reason } = request.body;
      const command: OrderCommand = { type: 'SendBack', actor: actorOf(request), item_ids: item_ids ?? null, reason };
      return orderCommand(request, request.params.id, command, 'Sent back to its picker: the lines are to pick again');
    },
  );

  app.post(
    '/api/orders/:id/resolve',
    {
      config: { access: 'orders:verify' },
      schema: { tags: ['verification'], params: idParamsSchema, body: resolveHoldBodySchema, response: { 200: orderEnvelope } },
    },
    async (request) => {
      const { lines, reason } = request.body;
      return orderCommand(request, request.params.id, { type: 'ResolveHold', actor: actorOf(request), lines, reason }, 'Order verified successfully');
    },
  );
};
