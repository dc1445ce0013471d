import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { appendToStreams, ConcurrencyError, type StreamAppend } from './event-store.ts';
import {
  stockTake,
  applyStockMovements,
  InsufficientStockError,
  lockStockLevels,
  overCapacity,
  readLocationLoads,
  singleTake,
  stockHolders,
  stockKey,
  type StockMovement,
} from './stock.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'stock-test', max: 25 });
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

// Resolves once `waiters` statements of this test's database wait for a lock another transaction holds.
const waitingForLocks = (waiters: number) =>
  vi.waitFor(
    async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and cardinality(pg_blocking_pids(pid)) > 0`.execute(handle.db);
      expect(rows[0]?.n).toBe(waiters);
    },
    { timeout: 30_000, interval: 20 },
  );

const level = async (sku: string, location: string) =>
  (await handle.db.selectFrom('stock_levels').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst())
    ?.quantity ?? 0;

describe('stock levels', () => {
  it('adds, combines repeated keys and takes out', async () => {
    await handle.db.transaction().execute((trx) =>
      applyStockMovements(trx, [
        { sku: 'DR1-8-BLUE', location: 'A-1-1', delta: 5 },
        { sku: 'DR1-8-BLUE', location: 'A-1-1', delta: 2 },
        { sku: 'DR1-8-BLUE', location: 'RECEIVING', delta: 3 },
      ]),
    );
    await handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'DR1-8-BLUE', location: 'A-1-1', delta: -4 }]));
    expect(await level('DR1-8-BLUE', 'A-1-1')).toBe(3);
    expect(await stockHolders(handle.db, 'DR1-8-BLUE')).toEqual([
      { location: 'A-1-1', quantity: 3 },
      { location: 'RECEIVING', quantity: 3 },
    ]);
  });

  it('refuses to go below zero, names where the SKU is held, and changes nothing in that transaction', async () => {
    await handle.db.transaction().execute((trx) =>
      applyStockMovements(trx, [
        { sku: 'DR2-8-BLUE', location: 'A-1-1', delta: 3 },
        { sku: 'DR2-8-BLUE', location: 'RECEIVING', delta: 3 },
      ]),
    );
    const attempt = handle.db.transaction().execute((trx) =>
      applyStockMovements(trx, [
        { sku: 'DR2-8-BLUE', location: 'B-1-1', delta: 10 },
        { sku: 'DR2-8-BLUE', location: 'A-1-1', delta: -5 },
      ]),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientStockError);
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      message: 'Not enough stock of DR2-8-BLUE at A-1-1: 3 there, 5 needed. DR2-8-BLUE is held at A-1-1 (3), RECEIVING (3).',
    });
    expect(await level('DR2-8-BLUE', 'B-1-1')).toBe(0);
    const nowhere = handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'NONE-1', location: 'A-1-1', delta: -1 }]));
    await expect(nowhere).rejects.toMatchObject({ message: 'Not enough stock of NONE-1 at A-1-1: 0 there, 1 needed. No location holds NONE-1.' });
  });

  it('never goes below zero when 20 decreases race for the same SKU and location', async () => {
    await handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'RACE-1', location: 'A-2-1', delta: 7 }]));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'RACE-1', location: 'A-2-1', delta: -1 }])),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientStockError)).toHaveLength(13);
    expect(await level('RACE-1', 'A-2-1')).toBe(0);
  });

  it('refuses units into an inactive location', async () => {
    await handle.db.insertInto('location_registry').values({ code: 'Z-9-1', type: 'bin', capacity: 10, is_active: false }).execute();
    const attempt = handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'DR1-8-BLUE', location: 'Z-9-1', delta: 1 }]));
    await expect(attempt).rejects.toMatchObject({ status: 409, message: 'Location Z-9-1 is inactive and cannot receive stock.' });
  });

  it('holds the location against a concurrent deactivation until the units are committed', async () => {
    await handle.db.insertInto('location_registry').values({ code: 'Z-9-2', type: 'bin', capacity: 10 }).execute();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let moved!: () => void;
    const inside = new Promise<void>((r) => (moved = r));
    const mover = handle.db.transaction().execute(async (trx) => {
      await applyStockMovements(trx, [{ sku: 'DR4-8-BLUE', location: 'Z-9-2', delta: 2 }]);
      moved();
      await released;
    });
    await inside;
    const blocked = handle.db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = '200ms'`.execute(trx);
      await trx.selectFrom('location_registry').select('code').where('code', '=', 'Z-9-2').forUpdate().execute();
    });
    await expect(blocked).rejects.toMatchObject({ code: '55P03' });
    release();
    await mover;
    expect(await level('DR4-8-BLUE', 'Z-9-2')).toBe(2);
  });

  it('locks and reads current counts for a set of keys', async () => {
    await handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'DR3-8-BLUE', location: 'A-1-1', delta: 3 }]));
    const counts = await handle.db.transaction().execute((trx) =>
      lockStockLevels(trx, [
        { sku: 'DR3-8-BLUE', location: 'A-1-1' },
        { sku: 'DR3-8-BLUE', location: 'Z-9-9' },
      ]),
    );
    expect(counts.get(stockKey('DR3-8-BLUE', 'A-1-1'))).toBe(3);
    expect(counts.has(stockKey('DR3-8-BLUE', 'Z-9-9'))).toBe(false);
  });
});

describe('capacity', () => {
  const loads = new Map([
    ['A-1-1', { capacity: 40, quantity: 35 }],
    ['A-1-2', { capacity: 40, quantity: 50 }],
  ]);

  it('reports a location that units take past its capacity, with what it then holds', () => {
    expect(overCapacity(loads, [{ location: 'A-1-1', delta: 12 }])).toEqual([{ location: 'A-1-1', capacity: 40, quantity_after: 47 }]);
  });

  it('a location filled exactly to its capacity, or without a capacity, is not over', () => {
    expect(overCapacity(loads, [{ location: 'A-1-1', delta: 5 }])).toEqual([]);
    expect(overCapacity(loads, [{ location: 'RECEIVING', delta: 500 }])).toEqual([]);
  });

  it('counts the movements into one location together, and reports one already over only when more units go in', () => {
    expect(overCapacity(loads, [{ location: 'A-1-1', delta: 3 }, { location: 'A-1-1', delta: 3 }])).toEqual([{ location: 'A-1-1', capacity: 40, quantity_after: 41 }]);
    expect(overCapacity(loads, [{ location: 'A-1-2', delta: -5 }])).toEqual([]);
    expect(overCapacity(loads, [{ location: 'A-1-2', delta: 1 }])).toEqual([{ location: 'A-1-2', capacity: 40, quantity_after: 51 }]);
  });

  it('reads what each location with a capacity holds over all its SKUs, and leaves out those without one', async () => {
    await handle.db
      .insertInto('location_registry')
      .values([
        { code: 'C-1-1', type: 'bin', capacity: 10 },
        { code: 'C-R-1', type: 'rack', capacity: null },
      ])
      .execute();
    await handle.db.transaction().execute((trx) =>
      applyStockMovements(trx, [
        { sku: 'CAP-1', location: 'C-1-1', delta: 4 },
        { sku: 'CAP-2', location: 'C-1-1', delta: 5 },
        { sku: 'CAP-1', location: 'C-R-1', delta: 7 },
      ]),
    );
    const read = await handle.db.transaction().execute((trx) =>
      readLocationLoads(trx, [
        { sku: 'CAP-3', location: 'C-1-1' },
        { sku: 'CAP-3', location: 'C-R-1' },
        { sku: 'CAP-3', location: 'RECEIVING' },
      ]),
    );
    expect([...read]).toEqual([['C-1-1', { capacity: 10, quantity: 9 }]]);
  });

  it('two commands filling one location take turns, so the later one counts the earlier one\'s units', async () => {
    await handle.db.insertInto('location_registry').values({ code: 'C-1-2', type: 'bin', capacity: 10 }).execute();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let read!: () => void;
    const firstRead = new Promise<void>((r) => (read = r));
    const fill = async (sku: string, delta: number, hold?: Promise<void>) =>
      handle.db.transaction().execute(async (trx) => {
        const before = await readLocationLoads(trx, [{ sku, location: 'C-1-2' }]);
        read();
        await hold;
        const movements = [{ sku, location: 'C-1-2', delta }];
        await applyStockMovements(trx, movements);
        return overCapacity(before, movements);
      });
    const first = fill('CAP-4', 6, released);
    await firstRead;
    const second = fill('CAP-5', 6);
    // The second waits at the location's lock before the first commits.
    await waitingForLocks(1);
    release();
    expect(await first).toEqual([]);
    expect(await second).toEqual([{ location: 'C-1-2', capacity: 10, quantity_after: 12 }]);
  });
});

describe('lock order', () => {
  it('two transactions moving the same SKU between two locations in opposite directions wait for each other instead of deadlocking', async () => {
    await handle.db.transaction().execute((trx) =>
      applyStockMovements(trx, [
        { sku: 'ORDER-1', location: 'A-5-1', delta: 10 },
        { sku: 'ORDER-1', location: 'A-5-2', delta: 10 },
      ]),
    );
    // One transaction holds A-5-1 (as a movement in flight would), the other starts moving A-5-2 -> A-5-1 meanwhile;
    // then the first moves A-5-1 -> A-5-2. Locking decreases first, the second held A-5-2 while it waited for A-5-1
    // and the first then waited for A-5-2: a deadlock, which PostgreSQL ends by failing one side.
    let releaseFirst!: () => void;
    const firstMayGo = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstHolds!: () => void;
    const held = new Promise<void>((resolve) => (firstHolds = resolve));
    const first = handle.db.transaction().execute(async (trx) => {
      await lockStockLevels(trx, [{ sku: 'ORDER-1', location: 'A-5-1' }]);
      firstHolds();
      await firstMayGo;
      await applyStockMovements(trx, [
        { sku: 'ORDER-1', location: 'A-5-1', delta: -3 },
        { sku: 'ORDER-1', location: 'A-5-2', delta: 3 },
      ]);
    });
    await held;
    const second = handle.db.transaction().execute((trx) =>
      applyStockMovements(trx, [
        { sku: 'ORDER-1', location: 'A-5-2', delta: -2 },
        { sku: 'ORDER-1', location: 'A-5-1', delta: 2 },
      ]),
    );
    // The second has taken every lock it takes before it waits, and waits.
    await waitingForLocks(1);
    releaseFirst();
    await expect(Promise.all([first, second])).resolves.toBeDefined();
    expect(await level('ORDER-1', 'A-5-1')).toBe(9);
    expect(await level('ORDER-1', 'A-5-2')).toBe(11);
  });
});

describe('a take and its events in one statement', () => {
  const metadata = { actor_id: null, actor_role: null, correlation_id: 'stock-test', causation_id: null, client_ip: null };
  const eventsOf = async (streamId: string) =>
    handle.db.selectFrom('events').select(['stream_version', 'event_type']).where('stream_id', '=', streamId).orderBy('stream_version').execute();
  const picked = (n: number) => ({
    type: 'OrderItemPicked',
    data: {
      order_id: n, order_number: `#${n}`, item_id: n, sku: 'KN1010-12-WINE', style_code: 'KN1010', quantity: 1, location: 'A-1-1', location_type: 'bin',
      unstocked: false, notes: null, picked_by: 5, worker_id: 5, movements: [], at: '',
    },
  });

  // A stocked pick's append: the take as the guard of the append's one statement.
  const appendTakingStock = (appends: StreamAppend[], take: StockMovement) => appendToStreams(handle.db, appends, metadata, { guard: stockTake(take) });

  it('knows a single take from other movements', () => {
    expect(singleTake([{ sku: 'A', location: 'X', delta: -2 }])).toEqual({ sku: 'A', location: 'X', delta: -2 });
    expect(singleTake([])).toBeNull();
    expect(singleTake([{ sku: 'A', location: 'X', delta: 2 }])).toBeNull();
    expect(singleTake([{ sku: 'A', location: 'X', delta: -1 }, { sku: 'A', location: 'Y', delta: -1 }])).toBeNull();
  });

  it('never goes below zero, and writes events only for the takes that found stock, when 20 race', async () => {
    await handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'RACE-2', location: 'A-2-2', delta: 7 }]));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        appendTakingStock([{ streamId: `take-${i}`, expectedVersion: 0, events: [picked(i + 1)] }], { sku: 'RACE-2', location: 'A-2-2', delta: -1 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientStockError)).toHaveLength(13);
    expect(await level('RACE-2', 'A-2-2')).toBe(0);
    const written = await handle.db.selectFrom('events').select('stream_id').where('stream_id', 'like', 'take-%').execute();
    expect(written).toHaveLength(7);
  });

  it('refuses a take without enough stock, naming the holders, and appends nothing', async () => {
    await handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'SHORT-1', location: 'A-3-1', delta: 1 }]));
    const attempt = appendTakingStock([{ streamId: 'short-1', expectedVersion: 0, events: [picked(1)] }], { sku: 'SHORT-1', location: 'A-3-1', delta: -2 });
    await expect(attempt).rejects.toMatchObject({ status: 409, message: 'Not enough stock of SHORT-1 at A-3-1: 1 there, 2 needed. SHORT-1 is held at A-3-1 (1).' });
    expect(await eventsOf('short-1')).toEqual([]);
    expect(await level('SHORT-1', 'A-3-1')).toBe(1);
  });

  it('reports a moved stream rather than a shortfall when the take that emptied the location was its own item', async () => {
    await handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'LAST-1', location: 'A-3-3', delta: 1 }]));
    const take = { sku: 'LAST-1', location: 'A-3-3', delta: -1 };
    await appendTakingStock([{ streamId: 'last-1', expectedVersion: 0, events: [picked(1)] }], take);
    const stale = appendTakingStock([{ streamId: 'last-1', expectedVersion: 0, events: [picked(2)] }], take);
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await level('LAST-1', 'A-3-3')).toBe(0);
  });

  it('gives the stock back when the stream moved on (a concurrency error undoes the take)', async () => {
    await handle.db.transaction().execute((trx) => applyStockMovements(trx, [{ sku: 'RACE-3', location: 'A-3-2', delta: 5 }]));
    const take = { sku: 'RACE-3', location: 'A-3-2', delta: -1 };
    await appendTakingStock([{ streamId: 'moved-1', expectedVersion: 0, events: [picked(1)] }], take);
    const stale = appendTakingStock([{ streamId: 'moved-1', expectedVersion: 0, events: [picked(2)] }], take);
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await level('RACE-3', 'A-3-2')).toBe(4);
    expect(await eventsOf('moved-1')).toEqual([{ stream_version: 1, event_type: 'OrderItemPicked' }]);
  });
});
