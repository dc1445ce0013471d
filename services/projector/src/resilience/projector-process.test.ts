import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../../scripts/embedded-postgres.ts';
import { startServer, loadConfig, type RunningServer } from '@wh/command';
import { ADMIN_PASSWORD, client, type Client } from '@wh/command/testing';
import { projections } from '../projections/index.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { PROJECTOR_LOCK_KEY } from '../runner.ts';
import { caughtUp, snapshot } from '../testing.ts';
import { movementsOf } from '@wh/contracts';
import { fixture } from '../../../../test/fixtures.ts';

// The projector as its own OS process (as docker-compose runs it), killed with SIGKILL: no chance to clean up.
// The command service runs in this process without a projector of its own and answers without waiting for one.
// A private cluster: the projector reads only below the cluster-wide snapshot xmin, so a long transaction in
// another database of a shared server (a benchmark's rebuild) would stall it for as long as that runs.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const WAIT = { timeout: 90_000, interval: 50 };

let dir: string;
let cluster: EmbeddedDatabase;
let server: RunningServer;
let admin: Client;
const children: ProjectorProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'warehouse-projector-'));
  cluster = await startEmbeddedPostgres(dir, 'warehouse');
  server = await startServer({
    config: {
      ...loadConfig({}),
      DATABASE_URL: cluster.url,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      PORT: 0,
      HOST: '127.0.0.1',
      READ_YOUR_WRITES_TIMEOUT_MS: 0,
    },
    withProjector: false,
    listen: false,
    logger: false,
  });
  const res = await client(server.app).post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  expect(res.status).toBe(200);
  admin = client(server.app, res.body.data.token);
}, 300_000);

afterEach(() => {
  for (const child of children.splice(0)) if (child.process.exitCode === null) child.process.kill('SIGKILL');
});

afterAll(async () => {
  await server?.close();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 300_000);

const db = (): Kysely<Database> => server.database.db;

interface ProjectorProcess {
  process: ChildProcess;
  output: () => string;
  active: () => boolean;
  exited: Promise<number | null>;
}

function spawnProjector(): ProjectorProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: cluster.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const p: ProjectorProcess = { process: child, output: () => out, active: () => out.includes('"msg":"projector active"'), exited };
  children.push(p);
  return p;
}

async function kill(p: ProjectorProcess) {
  p.process.kill('SIGKILL');
  await p.exited;
}

// An order sheet of the daily-orders form: `orders` orders numbered after `prefix`, one to three items each.
function orderSheet(prefix: string, orders: number): { csv: string; items: number } {
  const lines = ['Order #,Item,SKU,Value,is Fulfilled'];
  for (let n = 1; n <= orders; n++) {
    const count = (n % 3) + 1;
    for (let i = 0; i < count; i++) {
      lines.push(`#${prefix}${n},Wrap Midi Dress ${i} - 8 / Blue,DR${1000 + i}-8-BLUE,${(10 + (n % 50)).toFixed(2)},FALSE`);
    }
  }
  return { csv: lines.join('\n') + '\n', items: lines.length - 1 };
}

async function importOrders(prefix: string, orders: number): Promise<number> {
  const sheet = orderSheet(prefix, orders);
  const res = await admin.upload('/api/files/upload/orders', `${prefix}.csv`, sheet.csv);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return sheet.items;
}

async function count(table: 'rm_orders' | 'rm_order_items'): Promise<number> {
  const row = await db().selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// What the event stream says the order read models must hold.
async function fromEvents() {
  const { rows } = await sql<{ orders: number; items: number }>`
    select count(*)::int as orders, coalesce(sum(jsonb_array_length(data->'items')), 0)::int as items
      from events where event_type = 'OrderImported'`.execute(db());
  return rows[0]!;
}

async function statusCounts(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select coalesce(sum(count), 0)::int as n from rm_order_status_counts`.execute(db());
  return rows[0]!.n;
}

const SKUS = ['DR1000-6-BEIGE', 'DR1000-8-BEIGE', 'TP1001-8-NAVY', 'TP1001-10-NAVY'];

// `count` adjustments over four SKUs and four bins, ten at a time: increases, and from the second round on a few decreases.
async function adjustStock(count: number) {
  for (let i = 0; i < count; i += 10) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, k) => {
        const n = i + k;
        // Decreases only of keys earlier rounds have filled, so each one is accepted.
        const decrease = i > 0 && n % 10 >= 8;
        return admin.post('/api/inventory/adjust', {
          sku: SKUS[n % 4], location: `A-1-${(n % 4) + 1}`, adjustment_type: decrease ? 'decrease' : 'increase',
          quantity: decrease ? 1 : 3, reason: decrease ? 'Lost items' : 'Found items',
        });
      }),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
  }
}

// Stock per SKU and location: summed from every movement in the stream, and as the stock screens show it.
async function stockFromEvents(): Promise<Record<string, number>> {
  const { rows } = await sql<{ data: unknown }>`select data from events`.execute(db());
  const out: Record<string, number> = {};
  for (const { data } of rows) for (const m of movementsOf(data)) out[`${m.sku}@${m.location}`] = (out[`${m.sku}@${m.location}`] ?? 0) + m.delta;
  return Object.fromEntries(Object.entries(out).filter(([, q]) => q !== 0));
}

async function stockShown(): Promise<Record<string, number>> {
  const rows = await db().selectFrom('rm_stock').select(['sku', 'location', 'quantity']).where('quantity', '!=', 0).execute();
  return Object.fromEntries(rows.map((r) => [`${r.sku}@${r.location}`, r.quantity]));
}

// pids of the sessions holding the projector lock in this test's database.
async function lockHolders(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_locks
     where locktype = 'advisory' and granted and objid = ${PROJECTOR_LOCK_KEY}
       and database = (select oid from pg_database where datname = current_database())`.execute(db());
  return rows.map((r) => r.pid);
}

// A projector session of this database inside a transaction: a batch is under way.
async function batchUnderWay(): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
     where datname = current_database() and application_name = 'warehouse-projector' and xact_start is not null`.execute(db());
  return rows[0]!.n > 0;
}

describe('the projector process killed in the middle of a large import', () => {
  it('after a restart the read models equal a full rebuild: no event lost, none applied twice', async () => {
    const ORDERS = 10_000;
    // Stock moves too, so the stock read models are part of what must come out right.
    expect((await admin.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
    expect((await admin.post('/api/locations/range', { location_type: 'bin', from: 'A-1-1', to: 'A-1-4', capacity: 10_000 })).status).toBe(201);
    await adjustStock(100);
    const items = await importOrders('K', ORDERS);
    expect(items).toBeGreaterThanOrEqual(20_000);
    expect(await fromEvents()).toEqual({ orders: ORDERS, items });

    const first = spawnProjector();
    // Kill it while it is part-way through the events and a batch transaction is open.
    await vi.waitFor(async () => {
      const projected = await count('rm_orders');
      expect(projected, first.output()).toBeGreaterThan(ORDERS / 10);
      expect(projected).toBeLessThan(ORDERS * 0.8);
      expect(await batchUnderWay()).toBe(true);
    }, { timeout: 90_000, interval: 10 });
    await kill(first);
    const atKill = await count('rm_orders');
    expect(atKill).toBeLessThan(ORDERS);

    // More orders and stock movements arrive while no projector runs.
    const moreItems = await importOrders('L', 2_000);
    await adjustStock(100);

    const second = spawnProjector();
    await caughtUp(db(), 90_000);
    expect(second.active()).toBe(true);

    const expected = await fromEvents();
    expect(expected).toEqual({ orders: ORDERS + 2_000, items: items + moreItems });
    expect(await count('rm_orders')).toBe(expected.orders);
    expect(await count('rm_order_items')).toBe(expected.items);
    // The status counters are incremented per event: a twice-applied batch would overcount them.
    expect(await statusCounts()).toBe(expected.orders);
    expect(await stockFromEvents()).toEqual(await stockShown());

    await kill(second);
    const live = await snapshot(db());
    const rebuilt = await rebuildReadModels(db(), projections);
    expect(rebuilt.events).toBeGreaterThan(expected.orders);
    expect(await snapshot(db())).toEqual(live);
  }, 300_000);
});

describe('two projector processes', () => {
  it('exactly one works while the other stands by; when the first is killed the other takes over', async () => {
    const a = spawnProjector();
    const b = spawnProjector();
    await vi.waitFor(() => expect(a.active() || b.active()).toBe(true), WAIT);
    const [active, standby] = a.active() ? [a, b] : [b, a];

    await importOrders('P', 300);
    await caughtUp(db(), 60_000);
    expect((await lockHolders()).length).toBe(1);
    // The other process is connected and polling for the lock, but has never become active.
    expect(standby.process.exitCode).toBeNull();
    expect(standby.active()).toBe(false);

    await kill(active);
    await vi.waitFor(() => expect(standby.active()).toBe(true), WAIT);
    const items = await importOrders('Q', 300);
    await caughtUp(db(), 60_000);
    expect((await lockHolders()).length).toBe(1);
    const q = await db().selectFrom('rm_orders').select((eb) => eb.fn.countAll<string>().as('n')).where('order_number', 'like', '#Q%').executeTakeFirstOrThrow();
    expect(Number(q.n)).toBe(300);
    expect(items).toBeGreaterThan(300);
    const expected = await fromEvents();
    expect(await count('rm_orders')).toBe(expected.orders);
    expect(await count('rm_order_items')).toBe(expected.items);
    expect(await statusCounts()).toBe(expected.orders);
  }, 300_000);
});
