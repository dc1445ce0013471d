import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { inCodeOrder, MAX_STOCK, stockCeilingMessage, type OverCapacity } from '@wh/contracts';
import { conflict, DomainError } from './errors.ts';
import type { AppendGuard, Executor } from './event-store.ts';

// Stock per (SKU, location) on the command side. Every feature that moves stock (receiving, allocation,
// adjustments, picks) calls applyStockMovements inside the transaction that appends its events, so the
// stock never goes below zero at a location however many requests race.

export interface StockMovement {
  sku: string;
  location: string;
  // Positive puts units in, negative takes them out.
  delta: number;
}

export interface StockHolder {
  location: string;
  quantity: number;
}

export class InsufficientStockError extends DomainError {
  constructor(
    readonly sku: string,
    readonly location: string,
    readonly available: number,
    readonly requested: number,
    readonly holders: StockHolder[],
  ) {
    super('CONFLICT', 409, insufficientMessage(sku, location, available, requested, holders), holders.map((h) => ({
      field: 'location',
      message: `${h.location}: ${h.quantity}`,
    })));
    this.name = 'InsufficientStockError';
  }
}

function insufficientMessage(sku: string, location: string, available: number, requested: number, holders: StockHolder[]): string {
  const head = `Not enough stock of ${sku} at ${location}: ${available} there, ${requested} needed.`;
  if (holders.length === 0) return `${head} No location holds ${sku}.`;
  return `${head} ${sku} is held at ${holders.map((h) => `${h.location} (${h.quantity})`).join(', ')}.`;
}

// The one order in which every path locks stock rows: by SKU, then location, in code order.
function byStockKey(a: { sku: string; location: string }, b: { sku: string; location: string }): number {
  return inCodeOrder(a.sku, b.sku) || inCodeOrder(a.location, b.location);
}

// Same key twice is one movement, in the lock order.
function combine(movements: readonly StockMovement[]): StockMovement[] {
  const byKey = new Map<string, StockMovement>();
  for (const m of movements) {
    const key = stockKey(m.sku, m.location);
    const seen = byKey.get(key);
    if (seen) seen.delta += m.delta;
    else byKey.set(key, { ...m });
  }
  return [...byKey.values()].filter((m) => m.delta !== 0).sort(byStockKey);
}

// Every row the movements change is locked first, all in the one order, and new rows are inserted in that order
// after the existing ones are held: two transactions moving the same SKUs in opposite directions (one upload
// takes from A and puts into B, another the reverse) then wait for each other instead of deadlocking.
export async function applyStockMovements(trx: Transaction<Database>, movements: readonly StockMovement[]): Promise<void> {
  const combined = combine(movements);
  if (combined.length === 0) return;
  const held = await lockStockLevels(trx, combined);
  const increases = combined.filter((m) => m.delta > 0);
  const overfull = increases.find((m) => (held.get(stockKey(m.sku, m.location)) ?? 0) + m.delta > MAX_STOCK);
  if (overfull) throw stockCeiling(overfull);
  // Decreases are applied one by one so the first shortfall can name the SKU and location.
  for (const m of combined) {
    if (m.delta > 0) continue;
    if (-m.delta > MAX_STOCK) throw await shortfall(trx, m);
    const updated = await trx
      .updateTable('stock_levels')
      .set((eb) => ({ quantity: eb('quantity', '+', m.delta) }))
      .where('sku', '=', m.sku)
      .where('location', '=', m.location)
      .where('quantity', '>=', -m.delta)
      .returning('quantity')
      .executeTakeFirst();
    if (!updated) throw await shortfall(trx, m);
  }
  await holdLocations(trx, increases);
  // In the lock order too: rows that do not exist yet are created in it.
  const chunk = 2000;
  for (let i = 0; i < increases.length; i += chunk) {
    const values = increases.slice(i, i + chunk);
    // A row another transaction created since the lock above (which saw none) is not counted there: the update
    // leaves it alone past MAX_STOCK, and the missing row refuses the command.
    const written = await trx
      .insertInto('stock_levels')
      .values(values.map((m) => ({ sku: m.sku, location: m.location, quantity: m.delta })))
      .onConflict((oc) =>
        oc
          .columns(['sku', 'location'])
          .doUpdateSet((eb) => ({ quantity: eb('stock_levels.quantity', '+', eb.ref('excluded.quantity')) }))
          .where(sql<number>`stock_levels.quantity::bigint + excluded.quantity`, '<=', MAX_STOCK),
      )
      .returning(['sku', 'location'])
      .execute();
    if (written.length < values.length) {
      const done = new Set(written.map((w) => stockKey(w.sku, w.location)));
      throw stockCeiling(values.find((m) => !done.has(stockKey(m.sku, m.location)))!);
    }
  }
}

const stockCeiling = (m: StockMovement): DomainError => conflict(stockCeilingMessage(m.location, m.sku));

// The movements as one take from one location, when that is all they are (a stocked pick): null otherwise.
export function singleTake(movements: readonly StockMovement[]): StockMovement | null {
  const combined = combine(movements);
  return combined.length === 1 && combined[0]!.delta < 0 ? combined[0]! : null;
}

// A take as a guard of the append (event-store.ts AppendGuard): the events are written only if the location holds
// enough (the update's `quantity >= n` is re-checked on the latest row version when another take got there first, so
// stock never goes below zero), and the take is undone with the statement when the append finds its stream version
// taken. The same guarantees as applyStockMovements inside BEGIN ... COMMIT, in one round trip instead of four, and
// the stock row is locked only while the statement runs and commits (in a transaction it stays locked across two
// round trips through a busy event loop, and every other pick of the SKU queues on it).
export function stockTake(take: StockMovement): AppendGuard {
  return {
    statement: sql`
      update stock_levels set quantity = quantity + ${take.delta}::int
       where sku = ${take.sku} and location = ${take.location} and quantity >= ${-take.delta}::int
      returning 1`,
    refused: (db) => shortfall(db, take),
  };
}

// The error for a take the location cannot cover: what it holds now, and where else the SKU is.
async function shortfall(db: Executor, take: StockMovement): Promise<InsufficientStockError> {
  const here = await db
    .selectFrom('stock_levels')
    .select('quantity')
    .where('sku', '=', take.sku)
    .where('location', '=', take.location)
    .executeTakeFirst();
  return new InsufficientStockError(take.sku, take.location, here?.quantity ?? 0, -take.delta, await stockHolders(db, take.sku));
}

// Units going into a location hold its registry row (shared) until commit, so a deactivation or a capacity change,
// which lock the row for update and then read the stock, either sees these units or runs first and is seen here.
async function holdLocations(trx: Transaction<Database>, increases: readonly StockMovement[]): Promise<void> {
  if (increases.length === 0) return;
  const codes = [...new Set(increases.map((m) => m.location))].sort();
  const held = await trx
    .selectFrom('location_registry')
    .select(['code', 'is_active'])
    .where('code', 'in', codes)
    .orderBy('code')
    .forShare()
    .execute();
  const inactive = held.find((l) => !l.is_active);
  if (inactive) throw new DomainError('CONFLICT', 409, `Location ${inactive.code} is inactive and cannot receive stock.`);
}

// How full a location with a capacity is before a command puts units in.
export interface LocationLoad {
  capacity: number;
  quantity: number;
}

// What each location with a capacity among `keys` (where a command may put units) holds now, for overCapacity.
// Locked in the order applyStockMovements takes them (the stock rows, then the registry rows), the registry rows for
// update: two commands filling one location take turns, so the later one's sum counts the earlier one's units.
// Locations without a capacity (RECEIVING, racks without one) are neither held nor summed.
export async function readLocationLoads(
  trx: Transaction<Database>,
  keys: readonly { sku: string; location: string }[],
): Promise<Map<string, LocationLoad>> {
  const codes = [...new Set(keys.map((k) => k.location))];
  if (codes.length === 0) return new Map();
  const capped = await trx.selectFrom('location_registry').select('code').where('code', 'in', codes).where('capacity', 'is not', null).execute();
  const cappedCodes = new Set(capped.map((l) => l.code));
  if (cappedCodes.size === 0) return new Map();
  await lockStockLevels(trx, keys.filter((k) => cappedCodes.has(k.location)));
  const held = await trx
    .selectFrom('location_registry')
    .select(['code', 'capacity'])
    .where('code', 'in', [...cappedCodes])
    .orderBy('code')
    .forNoKeyUpdate()
    .execute();
  const sums = await trx
    .selectFrom('stock_levels')
    .select(['location', sql<number>`sum(quantity)::float8`.as('quantity')])
    .where('location', 'in', [...cappedCodes])
    .groupBy('location')
    .execute();
  const stock = new Map(sums.map((s) => [s.location, s.quantity]));
  const loads = new Map<string, LocationLoad>();
  for (const l of held) if (l.capacity !== null) loads.set(l.code, { capacity: l.capacity, quantity: stock.get(l.code) ?? 0 });
  return loads;
}

// Pure, the one definition for every command that puts stock somewhere: the locations its movements take past their
// capacity, given what each held before. A location counts when units go into it on balance and it then holds more
// than its capacity, also when it was over already.
export function overCapacity(loads: ReadonlyMap<string, LocationLoad>, movements: readonly { location: string; delta: number }[]): OverCapacity[] {
  const net = new Map<string, number>();
  for (const m of movements) net.set(m.location, (net.get(m.location) ?? 0) + m.delta);
  const over: OverCapacity[] = [];
  for (const [location, delta] of net) {
    const load = loads.get(location);
    if (!load || delta <= 0 || load.quantity + delta <= load.capacity) continue;
    over.push({ location, capacity: load.capacity, quantity_after: load.quantity + delta });
  }
  return over.sort((a, b) => inCodeOrder(a.location, b.location));
}

// Of these SKUs, those some location holds units of (the rest have no stock anywhere).
export async function stockedSkus(db: Executor, skus: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(skus)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('stock_levels')
    .select('sku')
    .distinct()
    .where('sku', '=', sql<string>`any(${wanted}::text[])`)
    .where('quantity', '>', 0)
    .execute();
  return new Set(rows.map((r) => r.sku));
}

// Locations holding the SKU, most first: the default pick location is the first.
export async function stockHolders(db: Executor, sku: string): Promise<StockHolder[]> {
  return db
    .selectFrom('stock_levels')
    .select(['location', 'quantity'])
    .where('sku', '=', sku)
    .where('quantity', '>', 0)
    .orderBy('quantity', 'desc')
    .orderBy('location')
    .execute();
}

const LOCK_CHUNK = 5000;

// Current counts for many keys at once, locked for the rest of the transaction in the one order (byStockKey): the
// keys are sorted before they are split into statements, and each statement locks its rows in that order.
export async function lockStockLevels(
  trx: Transaction<Database>,
  keys: readonly { sku: string; location: string }[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  const sorted = [...new Map(keys.map((k) => [stockKey(k.sku, k.location), k])).values()].sort(byStockKey);
  for (let i = 0; i < sorted.length; i += LOCK_CHUNK) {
    const chunk = sorted.slice(i, i + LOCK_CHUNK);
    const { rows } = await sql<{ sku: string; location: string; quantity: number }>`
      select s.sku, s.location, s.quantity
        from stock_levels s
        join unnest(${chunk.map((k) => k.sku)}::text[], ${chunk.map((k) => k.location)}::text[]) as k(sku, location)
          on s.sku = k.sku and s.location = k.location
       order by s.sku collate "C", s.location collate "C"
         for update of s`.execute(trx);
    for (const r of rows) result.set(stockKey(r.sku, r.location), r.quantity);
  }
  return result;
}

export function stockKey(sku: string, location: string): string {
  return `${sku}\u0000${location}`;
}
