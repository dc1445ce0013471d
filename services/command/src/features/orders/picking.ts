import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database, RmBatchesTable } from '@wh/db';
import {
  batchDetailSchema,
  batchListSchema,
  batchStreamId,
  createBatchBodySchema,
  idParamsSchema,
  listBatchesQuerySchema,
  ORDER_STATUSES,
  orderItemParamsSchema,
  orderSchema,
  orderStreamId,
  pagination,
  pickItemBodySchema,
  shortPickBodySchema,
  successEnvelope,
  undoPickBodySchema,
  WAREHOUSE_SETTINGS_STREAM,
  type Batch,
  type BatchDetail,
  type BatchLine,
  type BatchList,
  type BatchStatus,
  type EventMetadata,
  type OrderEvent,
  type OrderStatus,
  type SettingsEvent,
} from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { actorOf, requireAuth, type Actor, type AuthContext } from '../../platform/auth.ts';
import {
  answerCommand,
  foldStreams,
  nextIds,
  onStream,
  runCommand,
  type CommandContext,
  type CommandHandler,
  type CommandOutcome,
  type Executor,
  type StreamResult,
} from '../../platform/command.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { AppendOptions } from '../../platform/event-store.ts';
import { applyStockMovements, singleTake, stockTake } from '../../platform/stock.ts';
import { BATCH_NOT_FOUND, batchDecider, decideBatch, NOT_YOUR_BATCH, type BatchCommand, type BatchFacts } from './decide-batch.ts';
import { decideOrder, orderDecider, type OrderCommand, type OrderState } from './decide.ts';
import { userOf, usersById } from '../../platform/user-reads.ts';
import { findOrderOrThrow, itemsInWalkOrder, noStockNote, workerFacts } from './queries.ts';

// Picking: the pick of an order's item (which takes its stock), and batches (several orders of one worker picked as
// one walk-ordered list, each line by the pick route, and completed together): their routes, their commands and the
// batch reads the picking screen shows.

type Db = Kysely<Database>;

const SCAN_LOCATION_FIRST_SET: SettingsEvent['type'] = 'ScanLocationFirstSet';

const batchEnvelope = successEnvelope(batchDetailSchema);
// A pick undone at the bench: the order waits there still.
export const UNDONE_ON_HOLD = 'Pick undone: the order stays on hold. Send the line back to its picker or resolve it short.';

// The routes. An order's other commands, completing it too, are routes.ts's.
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
    '/api/orders/:id/items/:itemId/short',
    {
      config: { access: 'orders:pick' },
      schema: { tags: ['picking'], params: orderItemParamsSchema, body: shortPickBodySchema, response: { 200: successEnvelope(orderSchema) } },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const { short_quantity, looked_in, notes } = request.body;
      const short = { orderId: id, itemId, actor: actorOf(request), short_quantity: short_quantity ?? null, looked_in, notes: notes ?? null };
      return answerCommand(ctx, request, shortPickItem, short, { message: 'Short recorded', data: () => findOrderOrThrow(ctx.db, id) });
    },
  );

  app.post(
    '/api/orders/:id/items/:itemId/undo',
    {
      config: { access: 'orders:pick' },
      schema: { tags: ['picking'], params: orderItemParamsSchema, body: undoPickBodySchema, response: { 200: successEnvelope(orderSchema) } },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const undo = { orderId: id, itemId, actor: actorOf(request), reason: request.body.reason };
      return answerCommand(ctx, request, undoPick, undo, {
        message: (_, order) => (order.status === 'on_hold' ? UNDONE_ON_HOLD : 'Pick undone: the item is to pick again'),
        data: () => findOrderOrThrow(ctx.db, id),
      });
    },
  );

  app.post(
    '/api/batches',
    { config: { access: 'orders:manage' }, schema: { tags: ['picking'], body: createBatchBodySchema, response: { 201: batchEnvelope } } },
    async (request, reply) => {
      const answer = await answerCommand(ctx, request, createBatch, { ...request.body, actor: actorOf(request) }, {
        data: (id) => findBatchOrThrow(ctx.db, id),
        message: (id, batch) => `Batch ${id} created: ${batch.orders.length} orders assigned to ${batch.worker.full_name ?? batch.worker.username}${noStockNote(batch.lines)}`,
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

// What a pick is decided on besides the order (decide.ts, pickSource): the holders of the item's SKU with their
// location types, the named location as registered, and the warehouse's "scan the location label first" setting.
export type PickFacts = Pick<Extract<OrderCommand, { type: 'PickItem' }>, 'holders' | 'registered' | 'scan_location_first'>;

// The pick's facts are read with the stream, in its statement: the SKU from the order's read model, checked against
// the stream's own (a read model behind the stream, or none, falls back to statements of their own).
export const pickItem: CommandHandler<PickInput, StreamResult<OrderState, OrderEvent>> = (ctx, { orderId, itemId, actor, location, notes }, metadata) => {
  const prefetch = {
    key: 'pick-facts',
    values: [itemId, orderId, location],
    expression: () =>
      jsonObjectFrom(
        ctx.db.selectNoFrom((eb) => [
          jsonObjectFrom(
            ctx.db
              .selectFrom('rm_order_items as i')
              .select((eb) => ['i.sku', jsonArrayFrom(holdersWithType(ctx.db, eb.ref('i.sku'))).as('holders')])
              .where('i.id', '=', itemId)
              .where('i.order_id', '=', orderId),
          ).as('item'),
          jsonObjectFrom(registeredLocation(ctx.db, location)).as('registered'),
          scanLocationFirst(eb).as('scan_location_first'),
        ]),
      ),
  };
  const facts = async (db: Executor, state: OrderState, prefetched: PickPrefetch | null): Promise<PickFacts> => {
    const item = state.status === 'absent' ? undefined : state.items.find((i) => i.id === itemId);
    if (prefetched && (item === undefined || prefetched.item?.sku === item.sku)) {
      return { holders: prefetched.item?.holders ?? [], registered: prefetched.registered, scan_location_first: prefetched.scan_location_first };
    }
    const read = await db
      .selectNoFrom((eb) => [jsonObjectFrom(registeredLocation(db, location)).as('registered'), scanLocationFirst(eb).as('scan_location_first')])
      .executeTakeFirstOrThrow();
    return { holders: item ? await holdersWithType(db, item.sku).execute() : [], ...read };
  };
  const pick = onStream<OrderState, OrderEvent, PickPrefetch, PickFacts>({
    streamId: orderStreamId(orderId),
    decider: orderDecider,
    prefetch,
    facts,
    decide: (state, read) => decideOrder({ type: 'PickItem', item_id: itemId, actor, location, ...read, notes }, state, ctx.now()),
    appendWith: ({ events }) => withStock(events),
  });
  return runCommand(ctx.db, pick, metadata);
};

// "Can't find it": the locations looked in that the warehouse knows (registered, or holding stock) are read first; the
// units found, if any, are taken with the events as a pick's are.
export const shortPickItem: CommandHandler<ShortPickInput, StreamResult<OrderState, OrderEvent>> = (ctx, input, metadata) => {
  const { orderId, itemId, actor, short_quantity, looked_in, notes } = input;
  const short = onStream<OrderState, OrderEvent, never, readonly string[]>({
    streamId: orderStreamId(orderId),
    decider: orderDecider,
    facts: (db) => knownLocations(db, looked_in),
    decide: (state, known) => decideOrder({ type: 'ShortPickItem', item_id: itemId, actor, short_quantity, looked_in, known, notes }, state, ctx.now()),
    appendWith: ({ events }) => withStock(events),
  });
  return runCommand(ctx.db, short, metadata);
};

// An undo gives the stock back where the pick took it, with the events (applyStockMovements refuses an inactive
// location and the column's ceiling).
export const undoPick: CommandHandler<{ orderId: number; itemId: number; actor: Actor; reason: string }, StreamResult<OrderState, OrderEvent>> = (
  ctx,
  { orderId, itemId, actor, reason },
  metadata,
) =>
  runCommand(
    ctx.db,
    onStream({
      streamId: orderStreamId(orderId),
      decider: orderDecider,
      decide: (state) => decideOrder({ type: 'UndoPick', item_id: itemId, actor, reason }, state, ctx.now()),
      appendWith: ({ events }) => withStock(events),
    }),
    metadata,
  );

export interface ShortPickInput {
  orderId: number;
  itemId: number;
  actor: Actor;
  short_quantity: number | null;
  looked_in: readonly string[];
  notes: string | null;
}

// Which of the codes name a location: registered, or holding stock (a location the layout never announced).
async function knownLocations(db: Executor, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('location_registry')
    .select('code')
    .where('code', 'in', codes)
    .union(db.selectFrom('stock_levels').select('location as code').where('location', 'in', codes).where('quantity', '>', sql.lit(0)))
    .execute();
  return rows.map((r) => r.code);
}

export interface PickInput {
  orderId: number;
  itemId: number;
  actor: Actor;
  location: string | null;
  notes: string | null;
}

type PickPrefetch = { item: { sku: string; holders: Holder[] } | null; registered: { type: string } | null; scan_location_first: boolean } | null;
type Holder = Awaited<ReturnType<ReturnType<typeof holdersWithType>['execute']>>[number];

// Locations holding units of a SKU, with each one's registered type (null when unregistered) and its units.
function holdersWithType(db: Executor, sku: string | Expression<string>) {
  return db
    .selectFrom('stock_levels as s')
    .leftJoin('location_registry as l', 'l.code', 's.location')
    .select(['s.location', 'l.type', 's.quantity'])
    .where('s.sku', '=', sku)
    .where('s.quantity', '>', sql.lit(0));
}

// The location a pick names as the warehouse registers it (no row when it does not, or when none is named).
function registeredLocation(db: Executor, code: string | null) {
  return db.selectFrom('location_registry').select('type').where('code', '=', code);
}

// Whether pickers scan the location label first: the last ScanLocationFirstSet on the settings stream (the settings
// decider's fold of it), off when there is none.
function scanLocationFirst(eb: ExpressionBuilder<Database, never>) {
  return eb.fn.coalesce(
    eb
      .selectFrom('events')
      .select(sql<boolean>`(data->>'scan_location_first')::boolean`.as('on'))
      .where('stream_id', '=', sql.lit(WAREHOUSE_SETTINGS_STREAM))
      .where('event_type', '=', sql.lit(SCAN_LOCATION_FIRST_SET))
      .orderBy('stream_version', 'desc')
      .limit(sql.lit(1)),
    sql.lit(false),
  );
}

// A pick takes its stock with the events that record it: never below zero, whatever races it. From one location as
// a guard of the append's one statement (no transaction round trips); from several, or stock given back (an undo),
// in the append's transaction.
// An unstocked pick, like every other order command, is its events alone: one autocommitted statement.
export function withStock(events: readonly OrderEvent[]): AppendOptions {
  const movements = events.flatMap((e) => ('movements' in e.data ? e.data.movements : []));
  if (movements.length === 0) return {};
  const take = singleTake(movements);
  return take ? { guard: stockTake(take) } : { effects: (trx) => applyStockMovements(trx, movements) };
}

// A batch command: the batch's stream and its orders' streams folded, decided together and appended in one
// statement, each stream at the version it was decided on (an order changed meanwhile decides again).
// Answers the batch's id.
function runBatchCommand(
  ctx: CommandContext,
  read: (db: Executor) => Promise<{ batchId: number; command: BatchCommand; facts: BatchFacts }>,
  metadata: EventMetadata,
): Promise<CommandOutcome<number>> {
  return runCommand(ctx.db, { read, decide: ({ batchId, command, facts }) => ({ appends: decideBatch(command, facts, ctx.now()), result: batchId }) }, metadata);
}

async function foldOrders(db: Executor, orderIds: readonly number[]) {
  return foldStreams(db, orderDecider, orderIds.map(orderStreamId));
}

// The batch's id is drawn with the facts; a decision read again (a lost race) draws another, and the first is never
// used. Answers the id of the batch created.
export const createBatch: CommandHandler<{ order_ids: readonly number[]; worker_id: number; actor: Actor }, number> = (ctx, body, metadata) =>
  runBatchCommand(
    ctx,
    async (db) => {
      const [orders, worker, [batchId]] = await Promise.all([
        foldOrders(db, body.order_ids),
        workerFacts(ctx.db, body.worker_id, ctx.sessionCache),
        nextIds(db, 'batch_id_seq', 1),
      ]);
      return {
        batchId: batchId!,
        command: { type: 'CreateBatch', batch_id: batchId!, order_ids: body.order_ids, worker_id: body.worker_id, worker, actor: body.actor },
        facts: { batch: { version: 0, state: batchDecider.initialState() }, orders },
      };
    },
    metadata,
  );

export const completeBatch: CommandHandler<{ batchId: number; actor: Actor }, number> = (ctx, { batchId, actor }, metadata) =>
  runBatchCommand(
    ctx,
    async (db) => {
      const streamId = batchStreamId(batchId);
      const batch = (await foldStreams(db, batchDecider, [streamId])).get(streamId)!;
      const orders = await foldOrders(db, batch.state.status === 'absent' ? [] : batch.state.orders.map((o) => o.order_id));
      return { batchId, command: { type: 'CompleteBatch', actor }, facts: { batch, orders } };
    },
    metadata,
  );


export interface BatchFilters {
  status: BatchStatus | 'all';
  worker_id?: number | undefined;
  page: number;
  limit: number;
}

// Newest first.
export async function listBatches(db: Db, f: BatchFilters): Promise<BatchList> {
  let q = db.selectFrom('rm_batches');
  if (f.status !== 'all') q = q.where('status', '=', f.status);
  if (f.worker_id !== undefined) q = q.where('worker_id', '=', f.worker_id);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { batches: await toBatches(db, rows), pagination: pagination(f.page, f.limit, Number(count.n)) };
}

// The batch, and the items of every order still in it in walk order, each naming its order and tote: those to pick,
// and those picked or short (which the picker may still undo).
export async function findBatchOrThrow(db: Db, id: number): Promise<BatchDetail> {
  const row = await db.selectFrom('rm_batches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(BATCH_NOT_FOUND);
  const [batch] = await toBatches(db, [row]);
  const all = batch!.status === 'open' ? await batchLinesInWalkOrder(db, batch!.orders) : [];
  return { ...batch!, lines: all.filter((l) => l.status === 'pending'), done_lines: all.filter((l) => l.status !== 'pending') };
}

// The worker a batch is assigned to (access checks for workers).
export async function batchWorker(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('rm_batches').select('worker_id').where('id', '=', id).executeTakeFirst();
  return row?.worker_id;
}

const statusOf = (s: string): OrderStatus => ((ORDER_STATUSES as readonly string[]).includes(s) ? (s as OrderStatus) : 'pending');

async function toBatches(db: Db, rows: readonly Selectable<RmBatchesTable>[]): Promise<Batch[]> {
  if (rows.length === 0) return [];
  const [members, users] = await Promise.all([
    db
      .selectFrom('rm_batch_orders as b')
      .innerJoin('rm_orders as o', 'o.id', 'b.order_id')
      .select(['b.batch_id', 'b.order_id', 'b.order_number', 'b.slot', 'o.status', 'o.total_items', 'o.picked_items', 'o.short_items'])
      .where('b.batch_id', 'in', rows.map((r) => r.id))
      .where('b.left_at', 'is', null)
      .orderBy('b.batch_id')
      .orderBy('b.slot')
      .execute(),
    usersById(db, rows.flatMap((r) => [r.worker_id, r.created_by])),
  ]);
  return rows.map((r) => {
    const orders = members
      .filter((m) => m.batch_id === r.id)
      .map((m) => ({
        order_id: m.order_id,
        order_number: m.order_number,
        slot: m.slot,
        status: statusOf(m.status),
        total_items: m.total_items,
        picked_items: m.picked_items,
        short_items: m.short_items,
      }));
    return {
      id: r.id,
      status: r.status as BatchStatus,
      worker: userOf(users, r.worker_id)!,
      created_by: userOf(users, r.created_by),
      created_at: r.created_at.toISOString(),
      completed_at: r.completed_at?.toISOString() ?? null,
      orders,
      total_items: orders.reduce((n, o) => n + o.total_items, 0),
      picked_items: orders.reduce((n, o) => n + o.picked_items, 0),
      short_items: orders.reduce((n, o) => n + o.short_items, 0),
    };
  });
}

// A batch's combined list: the items of its orders (given by slot) in the walk order an order's items come in
// (itemsInWalkOrder: walk sequence, a manager's override, no-stock items last), items at one location by tote.
async function batchLinesInWalkOrder(db: Db, orders: readonly { order_id: number; order_number: string; slot: number }[]): Promise<BatchLine[]> {
  const bySlot = [...orders].sort((a, b) => a.slot - b.slot);
  const items = await itemsInWalkOrder(
    db,
    bySlot.map((o) => o.order_id),
  );
  const byOrder = new Map(orders.map((o) => [o.order_id, o]));
  return items.map((i) => {
    const order = byOrder.get(i.order_id)!;
    return { ...i, order_number: order.order_number, slot: order.slot };
  });
}
