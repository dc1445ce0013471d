import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fixture } from '../../../../test/fixtures.ts';
import { multipartBody, startTestApp, type Client, type TestApp } from '../testing.ts';
import { ABANDONED_AFTER_MS, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_WINDOW_MS } from './idempotency.ts';

let t: TestApp;
let manager: Client;
let clock = Date.parse('2026-11-26T09:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock), config: { READ_YOUR_WRITES_TIMEOUT_MS: 1000 } });
  manager = await t.asAdmin();
  expect((await manager.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'))).status).toBe(200);
  expect((await manager.post('/api/locations', { code: 'A-1-1', location_type: 'bin', capacity: 1000 })).status).toBe(201);
}, 300_000);

afterAll(() => t?.stop());

const adjustment = (quantity = 2) => ({ sku: 'DR1000-6-BEIGE', adjustment_type: 'increase', quantity, reason: 'Found items', location: 'A-1-1' });

async function send(token: string | null, url: string, body: unknown, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true', text: res.body };
}

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from events`.execute(t.database.db);
  return Number(rows[0]!.n);
}

const stock = async () =>
  (await t.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', 'DR1000-6-BEIGE').where('location', '=', 'A-1-1').executeTakeFirst())
    ?.quantity ?? 0;

describe('Idempotency-Key', () => {
  it('the same key and body again gets the first answer, and the stock moves once', async () => {
    const before = { stock: await stock(), events: await eventCount() };
    const first = await send(manager.token, '/api/inventory/adjust', adjustment(), 'adjust-1');
    expect(first.status, first.text).toBe(201);
    expect(first.replayed).toBe(false);
    const again = await send(manager.token, '/api/inventory/adjust', adjustment(), 'adjust-1');
    expect(again.status).toBe(201);
    expect(again.replayed).toBe(true);
    expect(again.text).toBe(first.text);
    expect(await stock()).toBe(before.stock + 2);
    expect(await eventCount()).toBe(before.events + 1);
  });

  it('the same key with another body, or on another route, is refused with 422 and does nothing', async () => {
    expect((await send(manager.token, '/api/inventory/adjust', adjustment(), 'adjust-2')).status).toBe(201);
    const before = await eventCount();
    const other = await send(manager.token, '/api/inventory/adjust', adjustment(3), 'adjust-2');
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.otherRequest);
    const elsewhere = await send(manager.token, '/api/locations', { code: 'A-1-2', location_type: 'bin', capacity: 5 }, 'adjust-2');
    expect(elsewhere.status).toBe(422);
    expect(await eventCount()).toBe(before);
  });

  it('keys are per user: another user with the same key does the work', async () => {
    const other = await t.userWithRole('manager');
    const before = await stock();
    expect((await send(other.token, '/api/inventory/adjust', adjustment(), 'adjust-1')).status).toBe(201);
    expect(await stock()).toBe(before + 2);
  });

  it('without a key every call does the work (keys are optional)', async () => {
    const before = await stock();
    await send(manager.token, '/api/inventory/adjust', adjustment(1));
    await send(manager.token, '/api/inventory/adjust', adjustment(1));
    expect(await stock()).toBe(before + 2);
  });

  it('keeps a refusal as the first answer too', async () => {
    const before = await eventCount();
    const first = await send(manager.token, '/api/inventory/adjust', { ...adjustment(), sku: 'NOPE1-6-RED' }, 'refused-1');
    expect(first.status).toBe(404);
    const again = await send(manager.token, '/api/inventory/adjust', { ...adjustment(), sku: 'NOPE1-6-RED' }, 'refused-1');
    expect(again).toMatchObject({ status: 404, replayed: true, text: first.text });
    expect(await eventCount()).toBe(before);
  });

  it('ten retries at once with one key do the work once', async () => {
    const before = { stock: await stock(), events: await eventCount() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(manager.token, '/api/inventory/adjust', adjustment(5), 'burst-1')));
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    // Before the first one commits, the others hear it is in progress; after, that it was recorded.
    for (const a of answers.filter((x) => x.status === 409)) expect([IDEMPOTENCY_MESSAGES.inProgress, IDEMPOTENCY_MESSAGES.recorded]).toContain(a.body.message);
    expect(await stock()).toBe(before.stock + 5);
    expect(await eventCount()).toBe(before.events + 1);
  });

  it('after 24 hours a key is free again', async () => {
    const before = await stock();
    expect((await send(manager.token, '/api/inventory/adjust', adjustment(4), 'daily-1')).status).toBe(201);
    clock += IDEMPOTENCY_WINDOW_MS + 60_000;
    manager = await t.login('admin', 'admin-password');
    const next = await send(manager.token, '/api/inventory/adjust', adjustment(4), 'daily-1');
    expect(next).toMatchObject({ status: 201, replayed: false });
    expect(await stock()).toBe(before + 8);
  });

  it('a request that committed but never kept its answer (its process died) is not done again', async () => {
    const first = await send(manager.token, '/api/inventory/adjust', adjustment(6), 'lost-answer-1');
    expect(first.status).toBe(201);
    const before = { stock: await stock(), events: await eventCount() };
    // What a process that died between its commit and its answer leaves behind.
    await t.database.db.updateTable('idempotency_keys').set({ status: null, response: null, finished_at: null }).where('key', '=', 'lost-answer-1').execute();
    for (const wait of [0, ABANDONED_AFTER_MS + 1000]) {
      clock += wait;
      const retry = await send(manager.token, '/api/inventory/adjust', adjustment(6), 'lost-answer-1');
      expect(retry.status).toBe(409);
      expect(retry.body.message).toBe(IDEMPOTENCY_MESSAGES.recorded);
      // A code of its own: a phone sending a queued scan takes it as done, where any other 409 is a refusal.
      expect(retry.body.error.code).toBe('ALREADY_RECORDED');
    }
    expect(await stock()).toBe(before.stock);
    expect(await eventCount()).toBe(before.events);
  });

  it('a claim whose request died before committing anything is taken over once abandoned, and not before', async () => {
    const before = await stock();
    // Claimed under another request id that appended nothing: what a request that died before its commit leaves.
    expect((await send(manager.token, '/api/inventory/adjust', adjustment(7), 'died-1')).status).toBe(201);
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ status: null, response: null, finished_at: null, request_id: 'a-request-that-died', created_at: new Date(clock) })
      .where('key', '=', 'died-1')
      .execute();
    const early = await send(manager.token, '/api/inventory/adjust', adjustment(7), 'died-1');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(early.body.error.code).toBe('IN_PROGRESS');
    clock += ABANDONED_AFTER_MS + 1000;
    const retry = await send(manager.token, '/api/inventory/adjust', adjustment(7), 'died-1');
    expect(retry.status, retry.text).toBe(201);
    expect(await stock()).toBe(before + 14);
  });

  it('refuses a key that is not 1 to 200 visible characters', async () => {
    for (const key of ['', ' ', 'x'.repeat(201), 'a b']) {
      const res = await send(manager.token, '/api/inventory/adjust', adjustment(), key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toBe(IDEMPOTENCY_MESSAGES.badKey);
    }
  });

  it('an upload retried with its key is answered again; another file under that key is refused', async () => {
    const file = (gatepass: string) =>
      multipartBody('manual.csv', `DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\n01/11/2026,DR1000,Beige,6,3,${gatepass}\n`);
    const upload = async (gatepass: string) => {
      const { body, contentType } = file(gatepass);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload/manual-stock',
        headers: { authorization: `Bearer ${manager.token}`, 'content-type': contentType, 'idempotency-key': 'upload-1' },
        payload: body,
      });
      return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
    };
    const before = await eventCount();
    const first = await upload('GP-I1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const written = (await eventCount()) - before;
    expect(await upload('GP-I1')).toMatchObject({ status: 200, replayed: true, body: first.body });
    expect((await upload('GP-I2')).status).toBe(422);
    expect((await eventCount()) - before).toBe(written);
  });
});

describe('a replayed Idempotency-Key after the caller’s role changed', () => {
  // Fresh sign-ins: the tests above moved the clock past the cached administrator session.
  const admin = () => t.login('admin', 'admin-password');
  let made = 0;
  async function user(role: 'worker' | 'manager') {
    const username = `replay_${role}_${++made}`;
    const created = await (await admin()).post('/api/users', { username, password: 'password1', role });
    expect(created.status).toBe(201);
    return Object.assign(await t.login(username, 'password1'), { id: created.body.data.id as number });
  }
  // An order of one line, imported and assigned to the worker; the address that picks its line.
  async function assignedOrder(orderNumber: string, worker: { id: number }): Promise<string> {
    const manager = await admin();
    const file = ['Order #,Item,SKU,Value,is Fulfilled', `${orderNumber},Wrap Midi Dress 000 - 6 / Beige,DR1000-6-BEIGE,10.00,FALSE`].join('\n');
    expect((await manager.upload('/api/files/upload/orders', 'orders.csv', file)).status).toBe(200);
    const orders = (await manager.get('/api/orders?limit=100')).body.data.orders as { id: number; order_number: string }[];
    const order = orders.find((o) => o.order_number === orderNumber)!.id;
    expect((await manager.post(`/api/orders/${order}/assign-worker`, { worker_id: worker.id })).status).toBe(200);
    const item = ((await manager.get(`/api/orders/${order}`)).body.data.items as { id: number }[])[0]!.id;
    return `/api/orders/${order}/items/${item}/pick`;
  }
  const setRole = async (who: { id: number }, role: 'worker' | 'manager') => expect((await (await admin()).put(`/api/users/${who.id}`, { role })).status).toBe(200);

  it("a manager demoted to worker is refused the kept answer (another worker's order), and nothing is done again", async () => {
    const ann = await user('worker');
    const max = await user('manager');
    const url = await assignedOrder('#7001', ann);
    const picked = await send(max.token, url, {}, 'max-pick-1');
    expect(picked.status, picked.text).toBe(200);
    expect((await send(max.token, '/api/inventory/adjust', adjustment(1), 'max-adjust-1')).status).toBe(201);

    await setRole(max, 'worker');
    const before = await eventCount();
    const replayed = await send(max.token, url, {}, 'max-pick-1');
    expect(replayed.status).toBe(403);
    expect(replayed.body.message).toBe(IDEMPOTENCY_MESSAGES.roleChanged);
    expect(replayed.replayed).toBe(false);
    expect(replayed.text).not.toContain('#7001');
    // A route the role no longer reaches is refused by its own access check, before any key is looked at.
    expect((await send(max.token, '/api/inventory/adjust', adjustment(1), 'max-adjust-1')).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it('a worker promoted to manager still gets their own answer again', async () => {
    const bea = await user('worker');
    const url = await assignedOrder('#7002', bea);
    const picked = await send(bea.token, url, {}, 'bea-pick-1');
    expect(picked.status, picked.text).toBe(200);
    await setRole(bea, 'manager');
    expect(await send(bea.token, url, {}, 'bea-pick-1')).toMatchObject({ status: 200, replayed: true, text: picked.text });
  });
});
