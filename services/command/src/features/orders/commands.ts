import type { Kysely } from 'kysely';
import type { Database } from '@wh/migrations';
import { orderStreamId, type EventMetadata, type OrderEvent } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { executeCommand, foldStream, type CommandOutcome } from '../../platform/command.ts';
import { readStream } from '../../platform/event-store.ts';
import { applyStockMovements, stockHolders } from '../../platform/stock.ts';
import { decideOrder, type Actor, type OrderCommand, type WorkerFacts } from './decide.ts';
import { orderDecider, type OrderState } from './order.ts';

export function runOrderCommand(
  ctx: AppContext,
  orderId: number,
  command: OrderCommand,
  metadata: EventMetadata,
): Promise<CommandOutcome<OrderState, OrderEvent>> {
  return executeCommand(ctx.db, {
    streamId: orderStreamId(orderId),
    decider: orderDecider,
    decide: (state) => decideOrder(command, state, ctx.now()),
    metadata,
    // A pick takes its stock in the transaction that records it: never below zero, whatever races it.
    effects: async (trx, events) => {
      for (const e of events) if (e.type === 'OrderItemPicked') await applyStockMovements(trx, e.data.movements);
    },
  });
}

export async function workerFacts(db: Kysely<Database>, userId: number): Promise<WorkerFacts | null> {
  const row = await db.selectFrom('user_registry').select(['id', 'username', 'role', 'status']).where('id', '=', userId).executeTakeFirst();
  return row ?? null;
}

// The pick's location: the one named, else the one holding most of the SKU. With no stock anywhere the item is
// picked unstocked (no movement). A named location without enough stock fails in applyStockMovements with a
// 409 naming the locations that hold the SKU.
export async function pickItem(
  ctx: AppContext,
  orderId: number,
  itemId: number,
  options: { actor: Actor; location: string | null; notes: string | null; metadata: EventMetadata },
): Promise<CommandOutcome<OrderState, OrderEvent>> {
  const state = foldStream(orderDecider, await readStream<OrderEvent>(ctx.db, orderStreamId(orderId)));
  const item = state.status === 'absent' ? undefined : state.items.find((i) => i.id === itemId);
  let location = options.location;
  let unstocked = false;
  if (item) {
    const holders = await stockHolders(ctx.db, item.sku);
    unstocked = holders.length === 0;
    location ??= holders[0]?.location ?? null;
  }
  const registered = location
    ? await ctx.db.selectFrom('location_registry').select('type').where('code', '=', location).executeTakeFirst()
    : undefined;
  return runOrderCommand(
    ctx,
    orderId,
    {
      type: 'PickItem',
      item_id: itemId,
      actor: options.actor,
      location,
      location_type: registered?.type ?? null,
      unstocked,
      notes: options.notes,
    },
    options.metadata,
  );
}
