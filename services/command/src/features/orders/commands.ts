import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '@wh/db';
import { orderStreamId, WAREHOUSE_SETTINGS_STREAM, type OrderEvent, type SettingsEvent } from '@wh/contracts';
import type { SessionCache } from '../../platform/auth.ts';
import { onStream, runCommand, type CommandContext, type CommandHandler, type Executor, type Prefetch, type StreamResult } from '../../platform/command.ts';
import type { AppendOptions } from '../../platform/event-store.ts';
import { applyStockMovements, singleTake, stockTake } from '../../platform/stock.ts';
import type { Actor } from '../../platform/auth.ts';
import { decideOrder, type OrderCommand, type WorkerFacts } from './decide.ts';
import { orderDecider, type OrderState } from './order.ts';

const SCAN_LOCATION_FIRST_SET: SettingsEvent['type'] = 'ScanLocationFirstSet';

export type OrderResult = StreamResult<OrderState, OrderEvent>;

// Every order command: the order's stream folded, the command decided, the events appended.
export const runOrderCommand: CommandHandler<{ orderId: number; command: OrderCommand }, OrderResult> = (ctx, { orderId, command }, metadata) =>
  runCommand(ctx.db, orderCommand(ctx, orderId, () => command), metadata);

// `command` may be built from the state and the facts read with it (a pick's location depends on the item's SKU and
// its holders).
function orderCommand<P = never, F = undefined>(
  ctx: CommandContext,
  orderId: number,
  command: (state: OrderState, facts: F) => OrderCommand,
  read?: { prefetch?: Prefetch<P>; facts: (db: Executor, state: OrderState, prefetched: P | null) => Promise<F> },
) {
  return onStream<OrderState, OrderEvent, P, F>({
    streamId: orderStreamId(orderId),
    decider: orderDecider,
    ...(read?.prefetch ? { prefetch: read.prefetch } : {}),
    ...(read ? { facts: read.facts } : {}),
    decide: (state, facts) => decideOrder(command(state, facts), state, ctx.now()),
    appendWith: ({ events }) => withStock(events),
  });
}

// A pick takes its stock with the events that record it: never below zero, whatever races it. From one location as
// a guard of the append's one statement (no transaction round trips); from several in the append's transaction.
// Every other order command (an unstocked pick too) is its events alone: one autocommitted statement.
function withStock(events: readonly OrderEvent[]): AppendOptions {
  const movements = events.flatMap((e) => (e.type === 'OrderItemPicked' ? e.data.movements : []));
  if (movements.length === 0) return {};
  const take = singleTake(movements);
  return take ? { guard: stockTake(take) } : { effects: (trx) => applyStockMovements(trx, movements) };
}

// `cache`: the app's session cache, which also keeps users for up to a second (see SessionCache.getUser): an
// assign is half the commands under load, and this read would be one of its statements.
export async function workerFacts(db: Kysely<Database>, userId: number, cache?: SessionCache): Promise<WorkerFacts | null> {
  const cached = cache?.getUser<WorkerFacts>(userId);
  if (cached) return cached;
  const row = await db.selectFrom('user_registry').select(['id', 'username', 'role', 'status']).where('id', '=', userId).executeTakeFirst();
  if (row) cache?.setUser(userId, row);
  return row ?? null;
}

// What a pick is decided on besides the order (decide.ts, pickSource): the holders of the item's SKU with their
// location types, the named location as registered, and the warehouse's "scan the location label first" setting.
export type PickFacts = Pick<Extract<OrderCommand, { type: 'PickItem' }>, 'holders' | 'registered' | 'scan_location_first'>;

// The pick's facts are read with the stream, in its statement: the SKU from the order's read model, checked against
// the stream's own (a read model behind the stream, or none, falls back to statements of their own).
export const pickItem: CommandHandler<PickInput, OrderResult> = (ctx, { orderId, itemId, actor, location, notes }, metadata) => {
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
  const command = (_state: OrderState, pick: PickFacts): OrderCommand => ({ type: 'PickItem', item_id: itemId, actor, location, ...pick, notes });
  return runCommand(ctx.db, orderCommand<PickPrefetch, PickFacts>(ctx, orderId, command, { prefetch, facts }), metadata);
};

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
