import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { stockMoveReason, stockMoveStreamId, type MoveEvent, type StockMove } from '@wh/contracts';
import { nextIds, runCommand, type CommandHandler } from '../../platform/command.ts';
import { applyStockMovements, lockStockLevels, readLocationLoads, stockHolders, stockKey, stockTake } from '../../platform/stock.ts';
import { decideMove, type MoveCommand, type MoveFacts } from './decide-move.ts';

export interface MoveOutcome {
  event: MoveEvent;
  from_quantity_after: number;
  to_quantity_after: number;
}

// A move in one transaction: both stock rows locked in the one order (lockStockLevels), then the destination's
// registry row (readLocationLoads), so the counts and the capacity it is decided on hold until it commits. The take
// at the source is the append's guard (stockTake, as a pick's), so the move and a pick racing it never take the same
// units; the units go into the destination with the append (applyStockMovements: the ceiling, an inactive location).
export const moveStock: CommandHandler<MoveCommand, MoveOutcome> = (ctx, command, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: (trx) => readMoveFacts(trx, command),
      decide: (facts) => {
        const event = decideMove(command, facts, now)[0]!;
        return {
          appends: [{ streamId: stockMoveStreamId(facts.move_id), expectedVersion: 0, events: [event] }],
          result: { event, from_quantity_after: facts.held_from - command.quantity, to_quantity_after: facts.held_to + command.quantity },
        };
      },
      appendWith: ({ result: { event } }) => {
        const [take, put] = event.data.movements;
        return { guard: stockTake(take!), effects: (trx) => applyStockMovements(trx, [put!]) };
      },
    },
    metadata,
  );
};

async function readMoveFacts(trx: Transaction<Database>, command: MoveCommand): Promise<MoveFacts> {
  const variant = (await trx.selectFrom('variant_registry').select(['sku', 'style_code']).where('sku', '=', command.sku).executeTakeFirst()) ?? null;
  const registered = await trx
    .selectFrom('location_registry')
    .select(['code', 'is_active'])
    .where('code', 'in', [command.from_location, command.to_location])
    .execute();
  const from = registered.find((l) => l.code === command.from_location) ?? null;
  const to = registered.find((l) => l.code === command.to_location) ?? null;
  const [moveId] = await nextIds(trx, 'stock_move_id_seq', 1);
  const facts: MoveFacts = { move_id: moveId!, variant, from, to, held_from: 0, held_to: 0, to_load: null, holders: [] };
  // Nothing to lock for a move the decider refuses on what is read so far.
  if (!variant || !from || !to || from.code === to.code) return facts;
  const ends = [
    { sku: variant.sku, location: from.code },
    { sku: variant.sku, location: to.code },
  ];
  const held = await lockStockLevels(trx, ends);
  const loads = await readLocationLoads(trx, [ends[1]!]);
  return {
    ...facts,
    held_from: held.get(stockKey(variant.sku, from.code)) ?? 0,
    held_to: held.get(stockKey(variant.sku, to.code)) ?? 0,
    to_load: loads.get(to.code) ?? null,
    holders: await stockHolders(trx, variant.sku),
  };
}

// The move as the command's answer tells it.
export function stockMoveOf({ event: { data }, from_quantity_after, to_quantity_after }: MoveOutcome, movedBy: string | null): StockMove {
  return {
    id: data.move_id,
    sku: data.sku,
    style_code: data.style_code,
    quantity: data.quantity,
    from_location: data.from_location,
    to_location: data.to_location,
    from_quantity_after,
    to_quantity_after,
    reason: stockMoveReason(data),
    moved_by: movedBy,
    moved_at: data.at,
    over_capacity: data.over_capacity ? [data.over_capacity] : [],
  };
}
