import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ROLES } from '@wh/contracts';
import { ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from '../../services/command/src/testing.ts';
import { loadDemo, type DemoReport } from './load.ts';

// `npm run demo` against a running app on a database of its own: afterwards every screen has something to show,
// and running it again adds nothing.
let app: TestApp;
let admin: Client;
let first: DemoReport;

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  admin = await app.asAdmin();
  first = await loadDemo({ url: app.url, username: 'admin', password: ADMIN_PASSWORD });
}, 300_000);
afterAll(() => app?.stop());

const data = async (path: string) => {
  const res = await admin.get(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

// What the screens show, counted: a second run must leave every figure as it was.
async function figures() {
  const orders = await data('/api/orders?limit=100');
  const receipts = await data('/api/stock-approval/receipts?status=all&limit=200');
  const status = await data('/api/inventory/status');
  return {
    users: (await data('/api/users?include_deleted=true&limit=200')).pagination.total_records,
    locations: (await data('/api/locations?include_inactive=true')).locations.length,
    styles: (await data('/api/styles')).pagination.total_records,
    receipts: receipts.pagination.total_records,
    pending_receipts: receipts.counts.pending,
    stock: status.total_stock,
    orders: Object.fromEntries(ORDER_STATUSES.map((s) => [s, orders.orders.filter((o: { status: string }) => o.status === s).length])),
    picked_items: orders.orders.reduce((n: number, o: { picked_items: number }) => n + o.picked_items, 0),
  };
}

describe('npm run demo', () => {
  it('fills every screen: orders in each state, locations with stock, users of every role, styles, receipts, reports', async () => {
    expect(first.alreadyLoaded).toBe(false);
    const orders = (await data('/api/orders?limit=100')).orders as { status: string; picked_items: number; total_items: number }[];
    for (const state of ['pending', 'assigned', 'picking', 'completed', 'verified', 'cancelled']) {
      expect(orders.filter((o) => o.status === state).length, state).toBeGreaterThanOrEqual(2);
    }
    expect(orders.filter((o) => o.status === 'picking').every((o) => o.picked_items > 0 && o.picked_items < o.total_items)).toBe(true);
    // picker1's cart: one open batch of three orders.
    const batches = (await data('/api/batches')).batches as { orders: { order_number: string; slot: number }[] }[];
    expect(batches.map((b) => b.orders.map((o) => `${o.slot}:${o.order_number}`))).toEqual([['1:#10022', '2:#10023', '3:#10024']]);

    const locations = (await data('/api/locations')).locations as { location_type: string; current_stock: number }[];
    for (const type of ['bin', 'rack', 'jean_rack']) {
      expect(locations.some((l) => l.location_type === type && l.current_stock > 0), type).toBe(true);
    }
    // Room is left: suggestions have somewhere to propose.
    expect(locations.some((l) => l.location_type === 'bin' && l.current_stock === 0)).toBe(true);

    const status = await data('/api/inventory/status');
    expect(status.total_stock).toBeGreaterThan(1000);
    expect((await data('/api/inventory/available-items')).available_items.length).toBeGreaterThan(10);
    expect((await data('/api/inventory/search?style_code=DR1012')).items.length).toBeGreaterThan(0);

    expect((await data('/api/styles')).pagination.total_records).toBe(16);

    const receipts = await data('/api/stock-approval/receipts');
    expect(receipts.counts.pending).toBeGreaterThan(0);
    expect(receipts.counts.pending_manager).toBeGreaterThan(0);
    expect((await data('/api/stock-approval/recent')).approvals.length).toBeGreaterThan(0);

    const users = (await data('/api/users?limit=200')).users as { role: string }[];
    for (const role of ROLES) expect(users.filter((u) => u.role === role).length, role).toBeGreaterThanOrEqual(1);
    // Each printed password signs its user in; a picker sees their own orders.
    for (const person of first.users) {
      expect(person.password).not.toBeNull();
      const client = await app.login(person.username, person.password!);
      if (person.role === 'worker') expect((await client.get('/api/orders')).body.data.orders.length).toBeGreaterThan(0);
    }

    const productivity = await data('/api/reports/worker-productivity');
    expect(productivity.workers.map((w: { worker_name: string }) => w.worker_name).sort()).toEqual(['Jo Smith', 'Lee Chen']);
    expect(productivity.verifiers.length).toBe(1);
    const today = await data('/api/reports/daily-summary');
    expect(today.orders.total).toBe(24);
    expect(today.workers.length).toBeGreaterThan(0);
  });

  it('adds nothing when run again, and says the demo data was there', async () => {
    const before = await figures();
    const eventsBefore = (await data('/api/audit/events?limit=1')).pagination.total_records as number;
    const again = await loadDemo({ url: app.url, username: 'admin', password: ADMIN_PASSWORD });
    expect(again.alreadyLoaded).toBe(true);
    expect(await figures()).toEqual(before);
    // The only events of the second run: the administrator signing in and out.
    const audit = await data('/api/audit/events?limit=50');
    const added = (audit.events as { event_type: string; username: string }[]).slice(0, audit.pagination.total_records - eventsBefore);
    expect(added.map((e) => `${e.event_type} ${e.username}`)).toEqual(['UserSignedOut admin', 'UserSignedIn admin']);
    // The demo users keep the passwords they were given: a second run signs in only as the administrator.
    expect(again.users.every((u) => u.password === null)).toBe(true);
    const person = first.users.find((u) => u.role === 'worker')!;
    await app.login(person.username, person.password!);
  });

  it('refuses a wrong password without changing anything', async () => {
    await expect(loadDemo({ url: app.url, username: 'admin', password: 'not-the-password' })).rejects.toThrow(/Sign-in as "admin"/);
  });
});
