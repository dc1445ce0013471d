import { sql, type Expression, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '@wh/db';
import { orderStreamId, type EventMetadata, type OrderEvent } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import type { SessionCache } from '../../platform/auth.ts';
import { executeCommand, type CommandOutcome, type Prefetch } from '../../platform/command.ts';
import { appendTakingStock, applyStockMovements, singleTake } from '../../platform/stock.ts';
import { decideOrder, type Actor, type OrderCommand, type WorkerFacts } from './decide.ts';
import { orderDecider, type OrderState } from './order.ts';

// `command` may be built from the state just read (a pick's location depends on the item's SKU).
// `prefetch`: facts `command` needs, read with the stream (executeCommand).
export function runOrderCommand<P = never>(
  ctx: AppContext,
  orderId: number,
  command: OrderCommand | ((state: OrderState, prefetched: P | null) => Promise<OrderCommand>),
  metadata: EventMetadata,
  prefetch?: Prefetch<P>,
): Promise<CommandOutcome<OrderState, OrderEvent>> {
  return executeCommand<OrderState, OrderEvent, P>(ctx.db, {
    streamId: orderStreamId(orderId),
    decider: orderDecider,
    decide: async (state, prefetched) => decideOrder(typeof command === 'function' ? await command(state, prefetched) : command, state, ctx.now()),
    ...(prefetch ? { prefetch } : {}),
    metadata,
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
  });
}

// `cache`: the app's session cache, which also keeps users for up to a second (see SessionCache.getUser): an
// assign is half the commands under load and this read was one of its four statements.
export async function workerFacts(db: Kysely<Database>, userId: number, cache?: SessionCache): Promise<WorkerFacts | null> {
  const cached = cache?.getUser<WorkerFacts>(userId);
  if (cached) return cached;
  const row = await db.selectFrom('user_registry').select(['id', 'username', 'role', 'status']).where('id', '=', userId).executeTakeFirst();
  if (row) cache?.setUser(userId, row);
  return row ?? null;
}

// The pick's location: the one named, else the one holding most of the SKU. With no stock anywhere the item is
// picked unstocked (no movement). A named location without enough stock fails in applyStockMovements with a
// 409 naming the locations that hold the SKU.
// The holders of the item's SKU (with their location types) come with the stream, in its statement: the SKU from
// the order's read model, checked against the stream's own (a read model behind the stream, or none, falls back
// to a statement of their own).
export async function pickItem(
  ctx: AppContext,
  orderId: number,
  itemId: number,
  options: { actor: Actor; location: string | null; notes: string | null; metadata: EventMetadata },
): Promise<CommandOutcome<OrderState, OrderEvent>> {
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
  return runOrderCommand(ctx, orderId, async (state, prefetched) => {
    const item = state.status === 'absent' ? undefined : state.items.find((i) => i.id === itemId);
    let location = options.location;
    let locationType: string | null = null;
    let unstocked = false;
    if (item) {
      const holders = prefetched?.sku === item.sku ? prefetched.holders : await stockHoldersWithType(ctx.db, item.sku);
      unstocked = holders.length === 0;
      const chosen = location === null ? holders[0] : holders.find((h) => h.location === location);
      location ??= chosen?.location ?? null;
      if (chosen) locationType = chosen.type;
    }
    if (location !== null && locationType === null) {
      const registered = await ctx.db.selectFrom('location_registry').select('type').where('code', '=', location).executeTakeFirst();
      locationType = registered?.type ?? null;
    }
    return {
      type: 'PickItem',
      item_id: itemId,
      actor: options.actor,
      location,
      location_type: locationType,
      unstocked,
      notes: options.notes,
    };
  }, options.metadata, prefetch);
}

// Locations holding a SKU, most first, with each one's registered type (null when unregistered).
function holdersWithType(db: Kysely<Database>, sku: string | Expression<string>) {
  return db
    .selectFrom('stock_levels as s')
    .leftJoin('location_registry as l', 'l.code', 's.location')
    .select(['s.location', 's.quantity', 'l.type'])
    .where('s.sku', '=', sku)
    .where('s.quantity', '>', sql.lit(0))
    .orderBy('s.quantity', 'desc')
    .orderBy('s.location');
}

const stockHoldersWithType = (db: Kysely<Database>, sku: string) => holdersWithType(db, sku).execute();
