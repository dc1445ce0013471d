import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, migrate, migrationFiles, READ_MODEL_TABLES } from '@wh/db';
import { createTestDatabase, queryRows, type TestDatabase } from '@wh/db/testing';
import { projections, rebuildReadModels } from '@wh/projector';
import { caughtUp, snapshot } from '@wh/projector/testing';
import { ADJUSTMENT_REASONS } from '@wh/contracts';
import { appendReturns, makeEveryKindHistory, type EveryKindHistory } from '../../../test/every-kind.ts';
import { reactToTriggers } from './features/counts/reactions.ts';
import { loadConfig } from './platform/config.ts';
import { startServer, type RunningServer } from './server.ts';
import { ADMIN_PASSWORD, client, startTestApp, type Client, type TestApp } from './testing.ts';

// An upgrade from the first migration to the last on a database holding data of every kind. Database A is made at this
// version: every migration, then a history through the app's API, projected. Database B is migrated one file at a time,
// and right after the file that creates a table it is given A's rows of that table, in the columns the table has at
// that point, in the order A wrote them (command-side tables and the event store first, read models too, and the
// projector's checkpoint with them); so every later migration meets that data, and a column a later migration adds is
// filled by that migration's default or backfill, then compared with A's. A read model the creating migration fills
// itself (from the events up to the checkpoint) keeps what it filled, to be compared with A's.

// Columns a later migration adds whose values in A record what happened after that migration: they cannot come from the
// data as it was before it, so they are carried over from A right after the migration adds them. 020 gave style and
// location streams their versions, starting them at 0 where no such stream existed yet; A's history has written those
// streams since. 112 gave events their schema versions, 1 for every event written before versions existed; A's history
// has written events of a later version since. 140 and 141 added what short picks and holds record, and 220 the
// counts' settings, which no event before them made.
const CARRIED: Record<string, readonly string[]> = {
  events: ['schema_version'],
  style_registry: ['version'],
  location_registry: ['version'],
  rm_orders: ['short_items', 'hold'],
  rm_order_items: ['short_quantity', 'looked_in'],
  rm_report_buckets: ['shorted'],
  rm_warehouse_settings: ['count_daily_plan', 'count_every_days', 'count_daily_cap', 'count_recount_over_units'],
};
// Columns of an earlier version, required (not null, no default) and dropped since: A has no value for them, so the rows
// copied in before the drop get this one, computed from the row. 050 moved rm_orders' search text to a table of its
// own, which 060 replaced.
const PAST: Record<string, Record<string, string>> = {
  rm_orders: { search_text: 'upper(order_number)' },
};
// Columns that say when a row was written, not what it holds.
const WRITTEN_AT: Record<string, readonly string[]> = {
  schema_migrations: ['applied_at'],
  projector_checkpoints: ['updated_at'],
};
const READ_MODELS = new Set<string>(READ_MODEL_TABLES);

let a: TestApp;
let b: TestDatabase;
let history: EveryKindHistory;
// A's read models; B's as the migrations leave them, and after a rebuild from B's events.
let projected: Record<string, unknown[]>;
let migrated: Record<string, unknown[]>;
let rebuilt: Record<string, unknown[]>;

beforeAll(async () => {
  a = await startTestApp({ listen: true });
  history = await makeEveryKindHistory(a.url, { username: 'admin', password: ADMIN_PASSWORD });
  await appendReturns(a.database.db, (position) => a.watcher.waitFor(position, 20_000));
  // The short's count, as the counts' reactions make it (they do not run in tests unless asked).
  expect(await reactToTriggers(a.ctx)).toBeGreaterThan(0);
  // The history never mistypes a password: a sign-in attempt that failed is command-side data too.
  expect((await a.anonymous.post('/api/auth/login', { username: history.deactivated.username, password: 'not-the-password' })).status).toBe(401);
  await caughtUp(a.database.db);
  // Stopped, A changes no more: what B is given and what B is compared with are the same.
  await a.close({ delayMs: 0 });
  const made = createDatabase(a.db.url, { application: 'upgrade-test', max: 1 });
  try {
    projected = await snapshot(made.db);
  } finally {
    await made.close();
  }

  b = await createTestDatabase(inject('pgUrl'), { migrate: false });
  await upgradeStepByStep(a.db.url, b.url);
  const upgraded = createDatabase(b.url, { application: 'upgrade-test', max: 4 });
  try {
    migrated = await snapshot(upgraded.db);
    await rebuildReadModels(upgraded.db, projections);
    rebuilt = await snapshot(upgraded.db);
  } finally {
    await upgraded.close();
  }
}, 600_000);

afterAll(async () => {
  await b?.drop();
  await a?.db.drop();
});

// Applies B's migrations one file at a time, giving B A's rows of each table (and A's value of each sequence) right
// after the file that creates it.
async function upgradeStepByStep(from: string, to: string): Promise<void> {
  const source = new pg.Client({ connectionString: from });
  const target = new pg.Client({ connectionString: to });
  await source.connect();
  await target.connect();
  try {
    // Tables a later migration drops (read models of an earlier version) have nothing to copy.
    const theirs = new Set(await tablesOf(from));
    const columnsSeen = new Map<string, Set<string>>();
    const sequences = new Set<string>();
    for (const file of await migrationFiles()) {
      await migrate(to, { until: file });
      const made = await referencedFirst(target, (await tablesOf(to)).filter((t) => theirs.has(t) && !columnsSeen.has(t)));
      for (const table of made) {
        const { rows } = await target.query<{ filled: boolean }>(`select exists (select from ${ident(table)}) as filled`);
        if (!(READ_MODELS.has(table) && rows[0]!.filled)) await copyTable(source, target, table);
        columnsSeen.set(table, new Set(await columnsOf(target, table)));
      }
      for (const [table, seen] of columnsSeen) {
        const added = (await columnsOf(target, table)).filter((c) => !seen.has(c));
        const carried = added.filter((c) => CARRIED[table]?.includes(c));
        if (carried.length > 0) await carryColumns(source, target, table, carried);
        for (const c of added) seen.add(c);
      }
      // A sequence made with its table (or on its own) moved as A's rows were written: it is A's. An identity a later
      // migration adds to a table holding rows is that migration's, and compared below.
      for (const s of await sequencesOf(target)) {
        if (sequences.has(s.name)) continue;
        sequences.add(s.name);
        if (s.owner === null || made.includes(s.owner)) {
          const { rows } = await source.query<{ last_value: string | null }>('select last_value from pg_sequences where schemaname = $1 and sequencename = $2', ['public', s.name]);
          const last = rows[0]?.last_value ?? null;
          if (last !== null) await target.query('select setval($1::regclass, $2::bigint, true)', [s.name, last]);
        }
      }
    }
  } finally {
    await source.end();
    await target.end();
  }
}

async function tablesOf(url: string): Promise<string[]> {
  const rows = await queryRows<{ t: string }>(url, `select tablename as t from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename`);
  return rows.map((r) => r.t);
}

async function commandTables(url: string): Promise<string[]> {
  return (await tablesOf(url)).filter((t) => !READ_MODELS.has(t));
}

// The tables, each after those it references.
async function referencedFirst(c: pg.Client, tables: readonly string[]): Promise<string[]> {
  const { rows } = await c.query<{ t: string; r: string }>(
    `select conrelid::regclass::text as t, confrelid::regclass::text as r from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    for (const fk of rows) if (fk.t === table && fk.r !== table && tables.includes(fk.r)) visit(fk.r);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function columnsOf(c: pg.Client, table: string): Promise<string[]> {
  const { rows } = await c.query<{ c: string }>(
    `select column_name as c from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.c);
}

async function sequencesOf(c: pg.Client): Promise<{ name: string; owner: string | null }[]> {
  const { rows } = await c.query<{ name: string; owner: string | null }>(
    `select s.relname as name, t.relname as owner
       from pg_class s
       left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
       left join pg_class t on t.oid = d.refobjid
      where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
      order by s.relname`,
  );
  return rows;
}

// The order A wrote the rows in: its identity column if it has one, else its primary key.
async function creationOrder(c: pg.Client, table: string): Promise<string[]> {
  const { rows: identity } = await c.query<{ c: string }>(
    `select attname as c from pg_attribute where attrelid = $1::regclass and attidentity <> '' and not attisdropped`,
    [table],
  );
  if (identity.length > 0) return identity.map((r) => r.c);
  return primaryKey(c, table);
}

async function primaryKey(c: pg.Client, table: string): Promise<string[]> {
  const { rows } = await c.query<{ c: string }>(
    `select a.attname as c from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
    [table],
  );
  return rows.map((r) => r.c);
}

const ident = (name: string) => pg.escapeIdentifier(name);

// Replaces what the migration seeded (A holds the same rows) with A's rows, in the columns B's table has now.
// Rows of A a later migration makes from the rows copied before it: the returns reports' year buckets, which 210 sums
// from the month buckets (and compared below with A's).
const LATER_ROWS: Record<string, string> = {
  rm_return_shipped: `grain <> 'year'`,
  rm_return_shipped_total: `grain <> 'year'`,
  rm_return_received: `grain <> 'year'`,
  rm_return_restock_times: `grain <> 'year'`,
};

async function copyTable(source: pg.Client, target: pg.Client, table: string): Promise<void> {
  const theirs = new Set(await columnsOf(source, table));
  const columns = (await columnsOf(target, table)).filter((c) => theirs.has(c) || PAST[table]?.[c] !== undefined);
  const values = columns.map((c) => (theirs.has(c) ? ident(c) : `${PAST[table]![c]} as ${ident(c)}`)).join(', ');
  const order = (await creationOrder(source, table)).map(ident).join(', ');
  await target.query(`delete from ${ident(table)}`);
  await pipeline(
    source.query(copyStreams.to(`copy (select ${values} from ${ident(table)} where ${LATER_ROWS[table] ?? 'true'} order by ${order}) to stdout`)),
    target.query(copyStreams.from(`copy ${ident(table)} (${columns.map(ident).join(', ')}) from stdin`)),
  );
}

async function carryColumns(source: pg.Client, target: pg.Client, table: string, columns: readonly string[]): Promise<void> {
  const key = await primaryKey(source, table);
  const all = [...key, ...columns].map(ident).join(', ');
  await target.query(`create temporary table carried on commit preserve rows as select ${all} from ${ident(table)} limit 0`);
  await pipeline(
    source.query(copyStreams.to(`copy (select ${all} from ${ident(table)}) to stdout`)),
    target.query(copyStreams.from(`copy carried (${all}) from stdin`)),
  );
  const set = columns.map((c) => `${ident(c)} = carried.${ident(c)}`).join(', ');
  const on = key.map((k) => `t.${ident(k)} = carried.${ident(k)}`).join(' and ');
  // The values A's history gave these rows, not a change to them: the table's own triggers (the event store refuses
  // updates) are off for this one statement.
  await target.query(
    `begin;
     alter table ${ident(table)} disable trigger user;
     update ${ident(table)} t set ${set} from carried where ${on};
     alter table ${ident(table)} enable trigger user;
     commit`,
  );
  await target.query('drop table carried');
}

// Every table but the read models, each ordered by its primary key, without the columns that say when a row was
// written; and every sequence.
async function commandSide(url: string): Promise<Record<string, unknown[]>> {
  const handle = createDatabase(url, { application: 'upgrade-test', max: 1 });
  try {
    const out = await snapshot(handle.db, [...(await commandTables(url)), 'schema_migrations']);
    for (const [table, columns] of Object.entries(WRITTEN_AT)) {
      out[table] = out[table]!.map((row) => Object.fromEntries(Object.entries(row as object).filter(([column]) => !columns.includes(column))));
    }
    out['(sequences)'] = await queryRows(url, `select sequencename, last_value from pg_sequences where schemaname = 'public' order by sequencename`);
    return out;
  } finally {
    await handle.close();
  }
}

// Columns, indexes, constraints and functions as the catalog has them.
async function schemaOf(url: string): Promise<unknown[]> {
  return queryRows(
    url,
    `select 'column' as kind, table_name || '.' || column_name as name,
            concat_ws(' ', data_type, is_nullable, column_default, is_identity, identity_generation) as definition
       from information_schema.columns where table_schema = 'public'
     union all
     select 'index', indexname, indexdef from pg_indexes where schemaname = 'public'
     union all
     select 'constraint', conrelid::regclass || '.' || conname, pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
     union all
     select 'function', proname, md5(pg_get_functiondef(oid)) from pg_proc where pronamespace = 'public'::regnamespace
     order by 1, 2`,
  );
}

describe('upgrading a database holding data of every kind, from the first migration to the last', () => {
  it('starts from a history of every kind: every table holds rows', async () => {
    const tables = { ...(await commandSide(a.db.url)), ...projected };
    const empty = Object.entries(tables)
      .filter(([, rows]) => rows.length === 0)
      .map(([table]) => table);
    // A projection fault or stop is recorded only while the projector or a projection is stuck on an event.
    expect(empty.sort()).toEqual(['projection_stops', 'projector_faults']);
  });

  it('ends with the schema a fresh database gets', async () => {
    expect(await schemaOf(b.url)).toEqual(await schemaOf(a.db.url));
  });

  it('leaves every command-side table, its later columns (backfilled or defaulted) and every sequence as at this version', async () => {
    expect(await commandSide(b.url)).toEqual(await commandSide(a.db.url));
  });

  it('leaves every read model as the projections make it at this version, the ones migrations fill from the events included', () => {
    for (const table of READ_MODEL_TABLES) expect(migrated[table], table).toEqual(projected[table]);
  });

  it('rebuilds every read model from the upgraded events as at this version', () => {
    for (const table of READ_MODEL_TABLES) expect(rebuilt[table], table).toEqual(projected[table]);
  });

  it('runs the app on the upgraded database: sign-in by password, commands on existing streams, projected', async () => {
    const server: RunningServer = await startServer({
      config: { ...loadConfig({}), DATABASE_URL: b.url, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1' },
      withProjector: true,
      listen: false,
      logger: false,
    });
    try {
      const login = async (username: string, password: string): Promise<Client> => {
        const res = await client(server.app).post('/api/auth/login', { username, password });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return client(server.app, res.body.data.token);
      };
      // A picker picks the next item of an order they are part-way through: the order's stream and the stock.
      let picked = false;
      for (const person of history.people.filter((p) => p.role === 'worker')) {
        const picker = await login(person.username, person.password);
        const orders = (await picker.get('/api/orders?status=picking')).body.data.orders as { id: number; picked_items: number }[];
        const order = orders[0];
        if (!order) continue;
        const detail = (await picker.get(`/api/orders/${order.id}`)).body.data as { items: { id: number; status: string; location: string | null }[] };
        const item = detail.items.find((i) => i.status === 'pending')!;
        const pick = await picker.post(`/api/orders/${order.id}/items/${item.id}/pick`, item.location ? { location: item.location } : {});
        expect(pick.status, JSON.stringify(pick.body)).toBe(200);
        expect(pick.body.projected).toBe(true);
        expect((await picker.get(`/api/orders/${order.id}`)).body.data.picked_items).toBe(order.picked_items + 1);
        picked = true;
        break;
      }
      expect(picked).toBe(true);

      // A manager adjusts stock where some is held (the location's stream), and adds a user (the ids' sequence).
      const manager = await login('demo.manager', history.people.find((p) => p.username === 'demo.manager')!.password);
      const [held] = await queryRows<{ sku: string; location: string; quantity: number }>(
        b.url,
        `select sku, location, quantity from stock_levels where quantity > 0 and location <> 'RECEIVING' order by sku, location limit 1`,
      );
      const adjusted = await manager.post('/api/inventory/adjust', {
        sku: held!.sku,
        location: held!.location,
        adjustment_type: 'increase',
        quantity: 1,
        reason: ADJUSTMENT_REASONS[0],
      });
      expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
      expect(adjusted.body.projected).toBe(true);
      expect(adjusted.body.data.new_quantity).toBe(held!.quantity + 1);
      const made = await manager.post('/api/users', { username: 'after.upgrade', password: 'password1', role: 'worker', full_name: 'After Upgrade' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      await login('after.upgrade', 'password1');
      // A deactivated user stays refused, with the right password.
      expect((await client(server.app).post('/api/auth/login', history.deactivated)).status).toBe(403);
    } finally {
      await server.close({ delayMs: 0 });
    }
  });

  it('lets a replica of the version before start on a database a newer version migrated further, and logs what it left alone', async () => {
    await queryRows(b.url, `insert into schema_migrations (name, checksum) values ('999_from_a_newer_version.sql', 'x')`);
    const lines: string[] = [];
    const server = await startServer({
      config: { ...loadConfig({}), DATABASE_URL: b.url, ADMIN_PASSWORD, LOG_LEVEL: 'info', PORT: 0, HOST: '127.0.0.1' },
      withProjector: false,
      listen: false,
      logger: { write: (chunk) => lines.push(chunk) },
    });
    try {
      const logged = lines.map((line) => JSON.parse(line) as { component?: string; msg: string }).filter((l) => l.component === 'migrate');
      expect(logged.map((l) => l.msg)).toEqual(['applied by a newer version, unknown here (nothing to do): 999_from_a_newer_version.sql']);
      expect((await client(server.app).get('/api/ready')).status).toBe(200);
    } finally {
      await server.close({ delayMs: 0 });
    }
  });
});

