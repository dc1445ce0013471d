import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { RETURNS_LOCATION, returnStreamId, type ReturnEvent } from '@wh/contracts';
import { foldStreams, nextIds, runCommand, type CommandHandler, type Executor } from '../../platform/command.ts';
import type { AppendOptions } from '../../platform/event-store.ts';
import { applyStockMovements, lockStockLevels, readLocationLoads, stockTake } from '../../platform/stock.ts';
import { decideReturn, returnDecider, type DestinationFacts, type LineInput, type ReturnState, type Variant } from './decide.ts';
import { orderFacts } from './queries.ts';

// The bench's commands, each on one parcel's stream (`return-<id>`). Placing units moves stock like a move
// (features/inventory/moves.ts): the stock rows and the destination's registry row locked, a take from RETURNS the
// append's guard (stockTake), the units put in with the append (applyStockMovements).

export interface ReturnOutcome {
  return_id: number;
  event: ReturnEvent;
}

const outcome = (returnId: number, version: number, events: ReturnEvent[]) => ({
  appends: [{ streamId: returnStreamId(returnId), expectedVersion: version, events }],
  result: { return_id: returnId, event: events[0]! },
});

async function parcelState(db: Executor, returnId: number): Promise<{ version: number; state: ReturnState }> {
  return (await foldStreams(db, returnDecider, [returnStreamId(returnId)])).get(returnStreamId(returnId))!;
}

async function variantsOf(db: Executor, skus: readonly string[]): Promise<Map<string, Variant>> {
  if (skus.length === 0) return new Map();
  const rows = await db.selectFrom('variant_registry').select(['sku', 'style_code', 'size', 'color']).where('sku', 'in', [...new Set(skus)]).execute();
  return new Map(rows.map((r) => [r.sku, { sku: r.sku, style_code: r.style_code, size: r.size, colour: r.color }]));
}

// Advisory lock class of the per-order lock on its returns: the two-key form, a class apart from sign-in's
// (users/sign-in-limits.ts) and the single-key locks of the projector and the migrations.
const RETURN_ORDER_LOCK_CLASS = 7_300_102;

// A receipt or a match on an order is decided on every parcel of the order before it (returnedOf reads the event
// store): the lock, held until the command's append commits, takes them one at a time per order, so two at once
// cannot both take back the last unit shipped. Taken before the read, which then sees the parcel the one before
// stored.
async function lockOrderReturns(trx: Transaction<Database>, orderId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${RETURN_ORDER_LOCK_CLASS}::int, ${orderId}::int)`.execute(trx);
}

export interface ReceiveReturnInput {
  order_id: number | null;
  scanned: string | null;
  note: string | null;
  lines: LineInput[];
}

export const receiveReturn: CommandHandler<ReceiveReturnInput, ReturnOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: async (trx) => {
        if (input.order_id !== null) await lockOrderReturns(trx, input.order_id);
        const [returnId] = await nextIds(trx, 'return_id_seq', 1);
        const order = input.order_id === null ? null : await orderFacts(trx, input.order_id);
        const variants = input.order_id === null ? await variantsOf(trx, input.lines.map((l) => l.sku)) : new Map<string, Variant>();
        return { returnId: returnId!, order, variants };
      },
      decide: ({ returnId, order, variants }) => {
        const events = decideReturn(
          { type: 'ReceiveReturn', return_id: returnId, order, order_missing: input.order_id !== null && order === null, scanned: input.scanned, note: input.note, lines: input.lines, variants },
          returnDecider.initialState(),
          now,
        );
        return outcome(returnId, 0, events);
      },
    },
    metadata,
  );
};

export interface MatchReturnInput {
  return_id: number;
  order_id: number;
  lines: LineInput[];
}

export const matchReturn: CommandHandler<MatchReturnInput, ReturnOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: async (trx) => {
        await lockOrderReturns(trx, input.order_id);
        return { ...(await parcelState(trx, input.return_id)), order: await orderFacts(trx, input.order_id) };
      },
      decide: ({ version, state, order }) =>
        outcome(input.return_id, version, decideReturn({ type: 'MatchReturn', return_id: input.return_id, order, lines: input.lines }, state, now)),
    },
    metadata,
  );
};

// A placing's stock: a take from RETURNS is the append's guard, what goes in is applied with it.
function placing(event: ReturnEvent): AppendOptions {
  if (event.type !== 'ReturnRestocked' && event.type !== 'ReturnWrittenOff') return {};
  const movements = event.data.movements;
  const take = movements.find((m) => m.delta < 0);
  const puts = movements.filter((m) => m.delta > 0);
  return {
    ...(take ? { guard: stockTake(take) } : {}),
    ...(puts.length > 0 ? { effects: (trx: Transaction<Database>) => applyStockMovements(trx, puts) } : {}),
  };
}

// The rows a placing of the line touches, locked in the one order before the decision: RETURNS when the units wait
// there, the destination's stock row and then its registry row.
async function lockPlacing(trx: Transaction<Database>, state: ReturnState, line: number, location: string | null) {
  const l = state.status === 'absent' ? undefined : state.lines.find((x) => x.line === line);
  if (!l) return null;
  const fromReturns = l.bench === 0 && l.in_returns > 0;
  const keys = [...(fromReturns ? [{ sku: l.sku, location: RETURNS_LOCATION }] : []), ...(location ? [{ sku: l.sku, location }] : [])];
  await lockStockLevels(trx, keys);
  return location ? await readLocationLoads(trx, [{ sku: l.sku, location }]) : null;
}

export interface RestockReturnInput {
  return_id: number;
  line: number;
  location: string;
  quantity: number;
}

export const restockReturn: CommandHandler<RestockReturnInput, ReturnOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: async (trx) => {
        const { version, state } = await parcelState(trx, input.return_id);
        const registered = await trx.selectFrom('location_registry').select(['code', 'is_active']).where('code', '=', input.location).executeTakeFirst();
        const loads = registered ? await lockPlacing(trx, state, input.line, input.location) : null;
        const destination: DestinationFacts | null = registered ? { ...registered, load: loads?.get(input.location) ?? null } : null;
        return { version, state, destination };
      },
      decide: ({ version, state, destination }) =>
        outcome(
          input.return_id,
          version,
          decideReturn({ type: 'RestockReturn', return_id: input.return_id, line: input.line, location: input.location, destination, quantity: input.quantity }, state, now),
        ),
      appendWith: ({ result }) => placing(result.event),
    },
    metadata,
  );
};

export interface WriteOffReturnInput {
  return_id: number;
  line: number;
  quantity: number;
  note: string | null;
}

export const writeOffReturn: CommandHandler<WriteOffReturnInput, ReturnOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: async (trx) => {
        const { version, state } = await parcelState(trx, input.return_id);
        await lockPlacing(trx, state, input.line, null);
        return { version, state };
      },
      decide: ({ version, state }) =>
        outcome(input.return_id, version, decideReturn({ type: 'WriteOffReturn', return_id: input.return_id, line: input.line, quantity: input.quantity, note: input.note }, state, now)),
      appendWith: ({ result }) => placing(result.event),
    },
    metadata,
  );
};
