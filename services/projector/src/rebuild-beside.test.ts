import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { createDatabase, READ_MODEL_TABLES, type Database } from '@wh/db';
import { createTestDatabase } from '@wh/db/testing';
import { startTestApp, type Client, type TestApp } from '@wh/command/testing';
import { projectBatch } from './batch.ts';
import type { Projection } from './projection.ts';
import { projections } from './projections/index.ts';
import { rebuildReadModels, SHADOW_SCHEMA, type RebuildStep } from './rebuild.ts';
import { caughtUp, failingAtBatch, projectAll, snapshot, tableOids, tablesKept } from './testing.ts';

// The rebuild beside the live read models (rebuild.ts): while it runs, the warehouse works (commands are projected by
// the live projector and read back, lists answer), it swaps the new tables in at the end with nothing lost, and a
// failed one leaves everything as it was.

let app: TestApp;
let manager: Client;
let workerId: number;
let db: Kysely<Database>;
let files = 0;
let orders = 0;

// `count` orders of two items each, numbered on from the last file's.
async function importOrders(count: number): Promise<{ status: number; projected: boolean; numbers: string[] }> {
  const numbers = Array.from({ length: count }, () => `#${20000 + ++orders}`);
  const lines = numbers.flatMap((n, i) => [
    `${n},Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,10.00,FALSE`,
    `${n},Linen Shirt ${i % 7} - 6 / Green,TP100${i % 7}-6-GREEN,12.00,FALSE`,
  ]);
  const res = await manager.upload('/api/files/upload/orders', `orders-${++files}.csv`, ['Order #,Item,SKU,Value,is Fulfilled', ...lines].join('\n'));
  return { status: res.status, projected: res.body.projected === true, numbers };
}

async function orderIds(numbers: readonly string[]): Promise<number[]> {
  const rows = await db.selectFrom('rm_orders').select('id').where('order_number', 'in', numbers).orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function checkpoint(): Promise<{ last_tx: string; last_pos: string }> {
  const { rows } = await sql<{ last_tx: string; last_pos: string }>`
    select last_tx::text, last_pos::text from projector_checkpoints where name = 'main'`.execute(db);
  return rows[0]!;
}

async function leftoverSchemas(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select nspname as name from pg_namespace where nspname in (${SHADOW_SCHEMA}, 'wh_retired')`.execute(db);
  return rows.map((r) => r.name);
}

// A projection with no tables of its own whose rebuilder holds the replay at each batch until the test lets it go on:
// commands and readers arrive while the rebuild is certainly replaying, however fast or slow the machine. `held`
// resolves once the replay waits at a batch (or the rebuild ended: the race with `rebuilding` says which); `next`
// lets that batch go on; `open` lets every batch from then on go by.
function heldReplay(types: ReadonlySet<string>): { projections: Projection[]; held(): Promise<void>; next(): void; open(): void } {
  let go: (() => void) | null = null;
  let opened = false;
  let arrived = () => {};
  let arrival = new Promise<void>((resolve) => (arrived = resolve));
  const wait = () => {
    if (opened) return Promise.resolve();
    return new Promise<void>((resolve) => {
      go = resolve;
      arrived();
    });
  };
  const release = () => {
    const waiting = go;
    go = null;
    arrival = new Promise<void>((resolve) => (arrived = resolve));
    waiting?.();
  };
  const held: Projection = { name: 'held', handles: types, apply: async () => {}, rebuilder: () => ({ apply: wait, finish: async () => {} }) };
  return {
    projections: [...projections, held],
    held: () => arrival,
    next: release,
    open: () => {
      opened = true;
      release();
    },
  };
}

async function eventTypes(): Promise<Set<string>> {
  const { rows } = await sql<{ type: string }>`select distinct event_type as type from events`.execute(db);
  return new Set(rows.map((r) => r.type));
}

// Transaction ids held in the test's database now (other databases on the shared server hold theirs too, which this
// rebuild is not answerable for).
async function heldXids(): Promise<string[]> {
  const { rows } = await sql<{ xid: string }>`
    select backend_xid::text as xid from pg_stat_activity
     where backend_xid is not null and datname = current_database()`.execute(db);
  return rows.map((r) => r.xid);
}

// Paces the readers' and the sampler's loops: a rate, not a wait for anything (each loop ends on the rebuild's step).
const pace = () => new Promise<void>((r) => setTimeout(r, 20));

beforeAll(async () => {
  app = await startTestApp();
  db = app.database.db;
  manager = await app.asAdmin();
  workerId = (await app.userWithRole('worker')).id;
  for (let i = 0; i < 6; i++) expect((await importOrders(10)).status).toBe(200);
  for (const id of (await orderIds([...Array(orders).keys()].map((i) => `#${20001 + i}`))).slice(0, 15)) {
    expect((await manager.post(`/api/orders/${id}/assign-worker`, { worker_id: workerId })).status).toBe(200);
  }
  for (let i = 0; i < 5; i++) await app.userWithRole('executive1');
  await caughtUp(db);
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

describe('a rebuild while the warehouse works', () => {
  // Batches of the replay held while the warehouse works: at each, a round of commands and reads.
  const HELD_BATCHES = 4;
  const READS_A_BATCH = 3;
  let result: { events: number; checkpoint: { tx: string; pos: string } };
  let eventsBefore = 0;
  const reads: number[] = [];
  // Commands made while the rebuild replayed the history: whether each was projected in time, and read back.
  const midway: { projected: boolean; listed: boolean }[] = [];
  // The transaction ids seen both as a held batch began and as it was let go, the round of commands (and their
  // projection) between: a transaction held across them holds back every projector on the server.
  const lingering: string[][] = [];
  // How long each transaction id was seen held in the test's database, in milliseconds.
  const held = new Map<string, number>();

  async function read(): Promise<void> {
    const started = performance.now();
    const res = await manager.get('/api/orders?per_page=20');
    reads.push(performance.now() - started);
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    eventsBefore = Number((await sql<{ n: string }>`select count(*) as n from events`.execute(db)).rows[0]!.n);
    const rebuild: { step: RebuildStep | 'preparing' | 'done' } = { step: 'preparing' };
    const replay = heldReplay(await eventTypes());
    const rebuilding = rebuildReadModels(db, replay.projections, { batchSize: 10, onStep: (s) => (rebuild.step = s) });
    let ended = false;
    rebuilding.then(
      () => ((rebuild.step = 'done'), (ended = true)),
      () => ((rebuild.step = 'done'), (ended = true)),
    );
    const sampler = (async () => {
      const seen = new Map<string, number>();
      while (rebuild.step !== 'done') {
        const xids = await heldXids();
        const now = performance.now();
        for (const xid of xids) {
          if (!seen.has(xid)) seen.set(xid, now);
          held.set(xid, now - seen.get(xid)!);
        }
        await pace();
      }
    })();
    for (let batch = 0; batch < HELD_BATCHES; batch++) {
      await Promise.race([replay.held(), rebuilding]);
      if (ended || rebuild.step !== 'replaying') break;
      const before = await heldXids();
      const imported = await importOrders(2);
      expect(imported.status).toBe(200);
      const ids = await orderIds(imported.numbers);
      const assigned = await manager.post(`/api/orders/${ids[0]}/assign-worker`, { worker_id: workerId });
      expect(assigned.status).toBe(200);
      const listed = await manager.get(`/api/orders?search=${encodeURIComponent(imported.numbers[1]!)}`);
      midway.push({ projected: imported.projected && assigned.body.projected === true, listed: listed.body.data.orders.length === 1 });
      for (let i = 0; i < READS_A_BATCH; i++) await read();
      const after = new Set(await heldXids());
      lingering.push(before.filter((xid) => after.has(xid)));
      replay.next();
    }
    replay.open();
    // Readers through the rest of the rebuild: the index builds, the catch-up and the swap.
    const readers = (async () => {
      while (rebuild.step !== 'done') {
        await read();
        await pace();
      }
    })();
    result = await rebuilding;
    await Promise.all([readers, sampler]);
    // And after the swap, the same again.
    const after = await importOrders(1);
    expect(after.projected).toBe(true);
    await caughtUp(db);
  }, 300_000);

  it('ends with the read models a projection from scratch of the same events builds, no event lost', async () => {
    expect(result.events).toBeGreaterThanOrEqual(eventsBefore);
    expect(await leftoverSchemas()).toEqual([]);
    const live = await snapshot(db);
    expect((live.rm_orders as { order_number: string }[]).map((o) => o.order_number)).toHaveLength(orders);
    expect(await projectedFromScratch()).toEqual(live);
  });

  it('keeps the live projector projecting: commands made meanwhile are read back at once', () => {
    expect(midway).toEqual(Array(HELD_BATCHES).fill({ projected: true, listed: true }));
  });

  it('never keeps a reader waiting long', () => {
    expect(reads.length).toBeGreaterThan(HELD_BATCHES * READS_A_BATCH);
    // Generous: the whole replay takes several seconds, and readers waited for all of it when the tables were rebuilt
    // in place.
    expect(Math.max(...reads)).toBeLessThan(2500);
  });

  it('holds no transaction id for long, so it holds back no projector on the server', () => {
    expect(lingering).toEqual(Array(HELD_BATCHES).fill([]));
    expect(held.size).toBeGreaterThan(0);
    expect(Math.max(...held.values())).toBeLessThan(2000);
  });
});

describe('the tables a rebuild swaps in', () => {
  it('have the columns, constraints, indexes (by name), statistics targets, storage options and grants of those they replace', async () => {
    await sql`alter table rm_orders set (fillfactor = 90)`.execute(db);
    await sql`alter table rm_users alter column username set statistics 500`.execute(db);
    await sql`grant select on rm_users to public`.execute(db);
    const before = await catalogue();
    // The trigram statistics target a migration set, a check constraint, a partial and an expression index.
    expect(JSON.stringify(before)).toContain('"stats":1000');
    expect(JSON.stringify(before)).toContain('rm_receipts_status_check');
    expect(JSON.stringify(before)).toContain('WHERE unstocked');
    expect(JSON.stringify(before)).toContain('upper(order_number)');
    const oids = await tableOids(db);
    await rebuildReadModels(db, projections);
    expect(await catalogue()).toEqual(before);
    // Other tables than before: swapped in, not rewritten in place.
    expect(await tablesKept(db, oids)).toEqual([]);
    expect(await leftoverSchemas()).toEqual([]);
  });
});

describe('a rebuild that fails', () => {
  it('leaves the live tables and checkpoint as they were, and no shadow schema, when a projection fails half-way', async () => {
    await caughtUp(db);
    const before = await snapshot(db);
    const cp = await checkpoint();
    const failing = failingAtBatch(projections, 3);
    await expect(rebuildReadModels(db, failing, { batchSize: 4 })).rejects.toThrow('projection failed');
    expect(await snapshot(db)).toEqual(before);
    expect(await checkpoint()).toEqual(cp);
    expect(await leftoverSchemas()).toEqual([]);
    // The live projector goes on.
    expect((await importOrders(1)).projected).toBe(true);
  });

  it('gives way to a reader that holds a table through every attempt at the swap, and leaves everything as it was', async () => {
    await caughtUp(db);
    const before = await snapshot(db);
    const cp = await checkpoint();
    const reader = new pg.Client({ connectionString: app.db.url });
    await reader.connect();
    try {
      await reader.query('begin');
      await reader.query('lock table rm_users in access share mode');
      await expect(rebuildReadModels(db, projections, { swapAttempts: 2, swapLockMs: 100 })).rejects.toThrow(/statement timeout/);
      await reader.query('commit');
    } finally {
      await reader.end();
    }
    expect(await snapshot(db)).toEqual(before);
    expect(await checkpoint()).toEqual(cp);
    expect(await leftoverSchemas()).toEqual([]);
  });

  it('refuses to swap in tables copied before a migration changed the live ones, and leaves those as they are', async () => {
    await caughtUp(db);
    const cp = await checkpoint();
    const replay = heldReplay(await eventTypes());
    const rebuilding = rebuildReadModels(db, replay.projections, { batchSize: 50 });
    rebuilding.catch(() => {});
    // Or the rebuild's own failure, rather than a wait for a batch that never comes.
    await Promise.race([replay.held(), rebuilding]);
    await sql`alter table rm_users add column nickname text`.execute(db);
    replay.open();
    try {
      await expect(rebuilding).rejects.toThrow(/changed while the rebuild ran/);
      const { rows } = await sql<{ n: number }>`select count(nickname)::int as n from rm_users`.execute(db);
      expect(rows[0]!.n).toBe(0);
      expect(await checkpoint()).toEqual(cp);
      expect(await leftoverSchemas()).toEqual([]);
    } finally {
      await sql`alter table rm_users drop column nickname`.execute(db);
    }
  });

  it('is refused while another rebuild runs', async () => {
    // Held at a batch of its replay, the first holds the rebuild's lock, taken before it.
    const replay = heldReplay(await eventTypes());
    const first = rebuildReadModels(db, replay.projections, { batchSize: 50 });
    // Or the first's own failure, rather than a wait for a batch that never comes.
    await Promise.race([replay.held(), first]);
    await expect(rebuildReadModels(db, projections)).rejects.toThrow('another rebuild of the read models is running');
    replay.open();
    await first;
    expect(await leftoverSchemas()).toEqual([]);
  });

  it('is not refused when asked for the moment the one before it ended', async () => {
    for (let i = 0; i < 3; i++) await rebuildReadModels(db, projections);
    expect(await leftoverSchemas()).toEqual([]);
  });
});

// The same events in a database of their own, projected by the live path from empty tables.
async function projectedFromScratch(): Promise<Record<string, unknown[]>> {
  const scratch = await createTestDatabase(inject('pgUrl'));
  const handle = createDatabase(scratch.url);
  try {
    // As text, so nothing (recorded_at's microseconds) is rounded on the way.
    const { rows } = await sql<Record<string, string>>`
      select global_position::text, stream_id, stream_version::text, event_type, data::text, metadata::text,
             transaction_id::text, recorded_at::text
        from events order by global_position`.execute(db);
    await sql`
      insert into events (global_position, stream_id, stream_version, event_type, data, metadata, transaction_id, recorded_at)
      overriding system value
      select global_position::bigint, stream_id, stream_version::int, event_type, data::jsonb, metadata::jsonb,
             transaction_id::xid8, recorded_at::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(global_position text, stream_id text, stream_version text, event_type text, data text, metadata text,
               transaction_id text, recorded_at text)`.execute(handle.db);
    await projectAll(() => handle.db.transaction().execute((trx) => projectBatch(trx, projections, 100)));
    return await snapshot(handle.db);
  } finally {
    await handle.close();
    await scratch.drop();
  }
}

// Each read-model table as the catalogue describes it, without its identity (oid).
async function catalogue(): Promise<unknown[]> {
  const { rows } = await sql`
    select c.relname as table, c.relpersistence, c.reloptions, c.relacl::text[] as acl,
           (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'not_null', a.attnotnull,
                                              'default', pg_get_expr(d.adbin, d.adrelid), 'stats', a.attstattarget,
                                              'storage', a.attstorage, 'collation', a.attcollation) order by a.attnum)
              from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
           (select json_agg(json_build_object('name', k.conname, 'definition', pg_get_constraintdef(k.oid)) order by k.conname)
              from pg_constraint k where k.conrelid = c.oid) as constraints,
           (select json_agg(json_build_object('definition', pg_get_indexdef(i.indexrelid), 'valid', i.indisvalid, 'ready', i.indisready)
                            order by i.indexrelid::regclass::text)
              from pg_index i where i.indrelid = c.oid) as indexes,
           (select count(*)::int from pg_class s where s.relkind = 'S' and s.relnamespace = c.relnamespace) as sequences
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relname = any(${READ_MODEL_TABLES as readonly string[]}::text[])
     order by c.relname`.execute(db);
  return rows;
}
