import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '@wh/db';
import { orderStreamId, WAREHOUSE_SETTINGS_STREAM, type EventMetadata, type OrderEvent, type SettingsEvent } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import type { SessionCache } from '../../platform/auth.ts';
import { runOnStream, type Executor, type Prefetch, type StreamOutcome } from '../../platform/command.ts';
import { appendTakingStock, applyStockMovements, singleTake } from '../../platform/stock.ts';
import type { Actor } from '../../platform/auth.ts';
import { decideOrder, type OrderCommand, type WorkerFacts } from './decide.ts';
import { orderDecider, type OrderState } from './order.ts';

const SCAN_LOCATION_FIRST_SET: SettingsEvent['type'] = 'ScanLocationFirstSet';

// Every order command: the order's stream folded, the command decided, the events appended. `command` may be built
// from the state and the facts read with it (a pick's location depends on the item's SKU and its holders).
export function runOrderCommand<P = never, F = undefined>(
  ctx: AppContext,
  orderId: number,
  command: OrderCommand | ((state: OrderState, facts: F) => OrderCommand),
  metadata: EventMetadata,
  read?: { prefetch?: Prefetch<P>; facts: (db: Executor, state: OrderState, prefetched: P | null) => Promise<F> },
): Promise<StreamOutcome<OrderState, OrderEvent>> {
  return runOnStream<OrderState, OrderEvent, P, F>(
    ctx.db,
    {
      streamId: orderStreamId(orderId),
      decider: orderDecider,
      ...(read?.prefetch ? { prefetch: read.prefetch } : {}),
      ...(read ? { facts: read.facts } : {}),
      decide: (state, facts) => decideOrder(typeof command === 'function' ? command(state, facts) : command, state, ctx.now()),
      // A pick takes its stock in the transaction that records it: never below zero, whatever races it.
      effects: async (trx, events) => {
        for (const e of events) if (e.type === 'OrderItemPicked') await applyStockMovements(trx, e.data.movements);
      },
      // Only a stocked pick moves stock: every other order command (an unstocked pick too) is one autocommitted append.
      hasEffects: (events) => events.some((e) => e.type === 'OrderItemPicked' && e.data.movements.length > 0),
      // A pick takes from one location: the take and the append in one statement, no transaction round trips.
      appendInOne: (events) => {
        const take = singleTake(events.flatMap((e) => (e.type === 'OrderItemPicked' ? e.data.movements : [])));
        return take ? (db, appends, metadata) => appendTakingStock(db, appends, metadata, take) : null;
      },
    },
    metadata,
  );
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
export async function pickItem(
  ctx: AppContext,
  orderId: number,
  itemId: number,
  options: { actor: Actor; location: string | null; notes: string | null; metadata: EventMetadata },
): Promise<StreamOutcome<OrderState, OrderEvent>> {
  const prefetch = {
    key: 'pick-facts',
    values: [itemId, orderId, options.location],
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
          jsonObjectFrom(registeredLocation(ctx.db, options.location)).as('registered'),
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
      .selectNoFrom((eb) => [jsonObjectFrom(registeredLocation(db, options.location)).as('registered'), scanLocationFirst(eb).as('scan_location_first')])
      .executeTakeFirstOrThrow();
    return { holders: item ? await holdersWithType(db, item.sku).execute() : [], ...read };
  };
  return runOrderCommand<PickPrefetch, PickFacts>(
    ctx,
    orderId,
    (_state, pick: PickFacts) => ({ type: 'PickItem', item_id: itemId, actor: options.actor, location: options.location, ...pick, notes: options.notes }),
    options.metadata,
    { prefetch, facts },
  );
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
