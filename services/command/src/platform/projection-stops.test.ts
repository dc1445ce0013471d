import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { READ_MODEL_TABLES } from '@wh/db';
import { projections, rebuildReadModels } from '@wh/projector';
import { caughtUp, snapshot } from '@wh/projector/testing';
import { startServer, type RunningServer } from '../server.ts';
import { ADMIN_PASSWORD, client, readinessOf, startTestApp, type Client, type TestApp } from '../testing.ts';
import { loadConfig } from './config.ts';

const WAIT = { timeout: 30_000, interval: 50 };
const STALLED_MS = 1500;
// A command waits this long for the read models here: one answered "at once" is answered in well under it, on however
// busy a machine, and one that waited for it is not.
const READ_WAIT_MS = 30_000;
const AT_ONCE_MS = READ_WAIT_MS / 2;

let t: TestApp;
// A second command instance on the same database, without a projector of its own: it hears of stops by NOTIFY.
let other: RunningServer;
let admin: Client;
let otherAdmin: Client;

beforeAll(async () => {
  t = await startTestApp({ config: { PROJECTION_RETRY_MS: 300, PROJECTOR_STALLED_MS: STALLED_MS, READ_YOUR_WRITES_TIMEOUT_MS: READ_WAIT_MS } });
  other = await startServer({
    config: { ...loadConfig({}), DATABASE_URL: t.db.url, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1', PROJECTOR_STALLED_MS: STALLED_MS, READ_YOUR_WRITES_TIMEOUT_MS: READ_WAIT_MS },
    withProjector: false,
    listen: false,
    logger: false,
  });
  admin = await t.asAdmin();
  const login = await client(other.app).post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  otherAdmin = client(other.app, login.body.data.token);
});
afterAll(async () => {
  await other?.close();
  await t?.stop();
});

const readiness = (app = t.app) => readinessOf(app);

// One order imported (a command): its answer, and how long it took.
async function importOrder(number: string, as: Client = admin): Promise<{ body: any; ms: number }> {
  const csv = `Order #,Item,SKU,Value,is Fulfilled\n${number},Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,100.00,FALSE\n`;
  const started = performance.now();
  const res = await as.upload('/api/files/upload/orders', 'orders.csv', csv);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { body: res.body, ms: performance.now() - started };
}

const listedOrders = async (): Promise<string[]> =>
  ((await admin.get('/api/orders?per_page=100')).body.data.orders as { order_number: string }[]).map((o) => o.order_number);

// The orders read model's table refuses the order numbers given, as a column too small for a value does.
async function refuseOrders(app: TestApp, ...numbers: string[]) {
  await sql`
    create or replace function refuse_orders() returns trigger language plpgsql as $$
    begin
      if new.order_number = any(${sql.lit(`{${numbers.map((n) => `"${n}"`).join(',')}}`)}::text[]) then
        raise exception 'numeric field overflow' using errcode = 'numeric_value_out_of_range';
      end if;
      return new;
    end $$`.execute(app.database.db);
  await sql`create or replace trigger refuse_orders before insert or update on rm_orders for each row execute function refuse_orders()`.execute(app.database.db);
}

const STOPPED_REASON = /^The orders read model is stopped at event \d+ \(OrderImported\): orders: numeric field overflow\. /;

describe('a projection that cannot apply an event', () => {
  it('stops alone and is shown by name with the event; its commands answer projected: false at once with the reason; a fixed release catches it up to what a rebuild gives', async () => {
    expect((await readiness()).projector).toMatchObject({ status: 'ok', stopped: [] });
    await refuseOrders(t, '#90001');

    const refused = await importOrder('#90001');
    expect(refused.body.projected).toBe(false);
    expect(refused.body.projection_stopped).toMatch(STOPPED_REASON);
    // Well under the read-your-writes timeout: it waits for the others only.
    expect(refused.ms).toBeLessThan(AT_ONCE_MS);

    for (const app of [t.app, other.app]) {
      const ready = await readiness(app);
      expect(ready.projector).toMatchObject({ status: 'stopped', failure: null, lag_events: 0 });
      expect(ready.projector.stopped).toEqual([
        {
          projection: 'orders',
          position: expect.stringMatching(/^\d+$/),
          event: { position: expect.stringMatching(/^\d+$/), transaction_id: expect.stringMatching(/^\d+$/), event_type: 'OrderImported', stream_id: expect.any(String) },
          message: 'orders: numeric field overflow',
          attempts: expect.any(Number),
          stopped_since: expect.any(String),
          last_attempt_at: expect.any(String),
        },
      ]);
      expect(BigInt(ready.projector.stopped[0]!.event!.position)).toBeLessThanOrEqual(BigInt(refused.body.position));
    }

    // A later order, on this instance and on the other: at once, with the reason.
    const later = await importOrder('#90002');
    expect(later.body).toMatchObject({ projected: false, projection_stopped: expect.stringMatching(STOPPED_REASON) });
    expect(later.ms).toBeLessThan(AT_ONCE_MS);
    const elsewhere = await importOrder('#90003', otherAdmin);
    expect(elsewhere.body).toMatchObject({ projected: false, projection_stopped: expect.stringMatching(STOPPED_REASON) });
    expect(elsewhere.ms).toBeLessThan(AT_ONCE_MS);

    // Every other screen stays live: a location is projected and listed.
    const location = await admin.post('/api/locations', { code: 'R-91', location_type: 'rack' });
    expect(location.status).toBe(201);
    expect(location.body.projected).toBe(true);
    expect(location.body.projection_stopped).toBeUndefined();
    expect((await admin.get('/api/locations')).body.data.locations.map((l: { code: string }) => l.code)).toContain('R-91');
    expect(await listedOrders()).not.toContain('#90002');
    // Still stopped while it still fails (tried again every PROJECTION_RETRY_MS).
    await vi.waitFor(async () => expect((await readiness()).projector.stopped[0]?.attempts).toBeGreaterThanOrEqual(2), WAIT);

    // The fix: the projection applies the event now, and catches up from where it stopped.
    await sql`drop trigger refuse_orders on rm_orders`.execute(t.database.db);
    await vi.waitFor(async () => expect((await readiness()).projector).toMatchObject({ status: 'ok', stopped: [] }), WAIT);
    expect(await listedOrders()).toEqual(expect.arrayContaining(['#90001', '#90002', '#90003']));
    const next = await importOrder('#90004');
    expect(next.body.projected).toBe(true);
    expect(next.body.projection_stopped).toBeUndefined();

    await caughtUp(t.database.db);
    const live = await snapshot(t.database.db, READ_MODEL_TABLES);
    await rebuildReadModels(t.database.db, projections);
    expect(await snapshot(t.database.db, READ_MODEL_TABLES)).toEqual(live);
  });
});

describe('a projector that makes no progress with events waiting', () => {
  it(`reports stalled after PROJECTOR_STALLED_MS (${STALLED_MS} ms here), and ok once it moves again`, async () => {
    // The checkpoint's row held by another transaction: the projector's next batch waits on it, as on a batch that
    // does not finish.
    const holder = new pg.Client({ connectionString: t.db.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from projector_checkpoints where name = 'main' for update`);
      const appended = performance.now();
      const pending = admin.post('/api/locations', { code: 'R-92', location_type: 'rack' });
      await vi.waitFor(async () => expect((await readiness()).projector.lag_events).toBeGreaterThan(0), WAIT);
      const waiting = await readiness();
      // Not stalled while the event has waited less than PROJECTOR_STALLED_MS (a busy machine may take longer than
      // that to get here, and then it is rightly stalled already).
      if (performance.now() - appended < STALLED_MS) expect(waiting.projector.status).toBe('ok');
      await vi.waitFor(async () => expect((await readiness()).projector.status).toBe('stalled'), WAIT);
      expect((await readiness(other.app)).projector.status).toBe('stalled');
      await holder.query('rollback');
      await vi.waitFor(async () => expect((await readiness()).projector).toMatchObject({ status: 'ok', lag_events: 0 }), WAIT);
      expect((await pending).status).toBe(201);
    } finally {
      await holder.end();
    }
  });
});

describe('a rebuild past the event a projection stopped at', () => {
  let r: TestApp;
  beforeAll(async () => {
    // Not tried again by itself while the test runs: only the rebuild can bring it back.
    r = await startTestApp({ config: { PROJECTION_RETRY_MS: 600_000 } });
  });
  afterAll(async () => {
    await r?.stop();
  });

  it('clears the stop: the projection goes on from the rebuilt tables at once, and they equal a rebuild', async () => {
    const manager = await r.asAdmin();
    await refuseOrders(r, '#90005');
    const refused = await importOrder('#90005', manager);
    expect(refused.body.projected).toBe(false);
    await vi.waitFor(async () => expect((await readiness(r.app)).projector.stopped.map((s) => s.projection)).toEqual(['orders']), WAIT);
    // A rebuild refuses tables with triggers of their own: the fix goes first, the rebuild then applies the event.
    await sql`drop trigger refuse_orders on rm_orders`.execute(r.database.db);
    await rebuildReadModels(r.database.db, projections);
    await vi.waitFor(async () => expect((await readiness(r.app)).projector).toMatchObject({ status: 'ok', stopped: [] }), WAIT);
    const after = await importOrder('#90006', manager);
    expect(after.body.projected).toBe(true);
    const listed = ((await manager.get('/api/orders?per_page=100')).body.data.orders as { order_number: string }[]).map((o) => o.order_number);
    expect(listed).toEqual(expect.arrayContaining(['#90005', '#90006']));
    await caughtUp(r.database.db);
    const live = await snapshot(r.database.db, READ_MODEL_TABLES);
    await rebuildReadModels(r.database.db, projections);
    expect(await snapshot(r.database.db, READ_MODEL_TABLES)).toEqual(live);
  });
});
