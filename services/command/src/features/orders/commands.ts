import { sql, type Expression, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '@wh/db';
import { orderStreamId, type EventMetadata, type OrderEvent } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import type { SessionCache } from '../../platform/auth.ts';
import { runOnStream, type Executor, type Prefetch, type StreamOutcome } from '../../platform/command.ts';
import { appendTakingStock, applyStockMovements, singleTake } from '../../platform/stock.ts';
import type { Actor } from '../../platform/auth.ts';
import { decideOrder, type OrderCommand, type WorkerFacts } from './decide.ts';
import { orderDecider, type OrderState } from './order.ts';

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

// Where a pick takes from: the location named, else the one holding most of the SKU. With no stock anywhere the
// item is picked unstocked (no movement). A named location without enough stock fails in the stock take with a 409
// naming the locations that hold the SKU.
export interface PickSource {
  location: string | null;
  location_type: string | null;
  unstocked: boolean;
}

// The pick's facts are read before deciding: the holders of the item's SKU (with their location types) come with
// the stream, in its statement: the SKU from the order's read model, checked against the stream's own (a read model
// behind the stream, or none, falls back to a statement of their own).
export async function pickItem(
  ctx: AppContext,
  orderId: number,
  itemId: number,
  options: { actor: Actor; location: string | null; notes: string | null; metadata: EventMetadata },
): Promise<StreamOutcome<OrderState, OrderEvent>> {
  const prefetch = {
    key: 'pick-holders',
    values: [itemId, orderId],
    expression: () =>
      jsonObjectFrom(
        ctx.db
          .selectFrom('rm_order_items as i')
          .select((eb) => ['i.sku', jsonArrayFrom(holdersWithType(ctx.db, eb.ref('i.sku'))).as('holders')])
          .where('i.id', '=', itemId)
          .where('i.order_id', '=', orderId),
      ),
  };
  const source = async (db: Executor, state: OrderState, prefetched: PickHolders | null): Promise<PickSource> => {
    const item = state.status === 'absent' ? undefined : state.items.find((i) => i.id === itemId);
    let location = options.location;
    let locationType: string | null = null;
    let unstocked = false;
    if (item) {
      const holders = prefetched?.sku === item.sku ? prefetched.holders : await holdersWithType(db, item.sku).execute();
      unstocked = holders.length === 0;
      const chosen = location === null ? holders[0] : holders.find((h) => h.location === location);
      location ??= chosen?.location ?? null;
      if (chosen) locationType = chosen.type;
    }
    if (location !== null && locationType === null) {
      const registered = await db.selectFrom('location_registry').select('type').where('code', '=', location).executeTakeFirst();
      locationType = registered?.type ?? null;
    }
    return { location, location_type: locationType, unstocked };
  };
  return runOrderCommand<PickHolders, PickSource>(
    ctx,
    orderId,
    (_state, pick: PickSource) => ({ type: 'PickItem', item_id: itemId, actor: options.actor, ...pick, notes: options.notes }),
    options.metadata,
    { prefetch, facts: source },
  );
}

type PickHolders = { sku: string; holders: Holder[] } | null;
type Holder = Awaited<ReturnType<ReturnType<typeof holdersWithType>['execute']>>[number];

// Locations holding a SKU, most first, with each one's registered type (null when unregistered).
function holdersWithType(db: Executor, sku: string | Expression<string>) {
  return db
    .selectFrom('stock_levels as s')
    .leftJoin('location_registry as l', 'l.code', 's.location')
    .select(['s.location', 's.quantity', 'l.type'])
    .where('s.sku', '=', sku)
    .where('s.quantity', '>', sql.lit(0))
    .orderBy('s.quantity', 'desc')
    .orderBy('s.location');
}
