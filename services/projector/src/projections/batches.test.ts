import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { TopicSet, type BatchEvent, type OrderEvent, type StoredEvent } from '@wh/contracts';
import { startTestApp, type TestApp } from '@wh/command/testing';
import { rebuildReadModels } from '../rebuild.ts';
import { projections } from './index.ts';
import { batchesProjection } from './batches.ts';
import { fixture } from '../../../../test/fixtures.ts';
import { caughtUp, tableOids, tablesKept } from '../testing.ts';

let app: TestApp;
const batchIds: number[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await journey();
  await caughtUp(app.database.db);
}, 300_000);
afterAll(() => app?.stop());

// Every kind of batch event through the HTTP API: created, an order leaving by deassign, reassign and cancel (one
// batch emptied), and a batch completed.
async function journey() {
  const db = app.database.db;
  const exec1 = await app.userWithRole('executive1');
  const ann = await app.userWithRole('worker', 'ann');
  const ben = await app.userWithRole('worker', 'ben');
  expect((await exec1.upload('/api/files/upload/orders', 'daily-orders.csv', fixture('orders/daily-orders.csv'))).status).toBe(200);
  const id = async (n: string) => (await db.selectFrom('rm_orders').select('id').where('order_number', '=', n).executeTakeFirstOrThrow()).id;
  const ok = (res: { status: number; body: any }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.data;
  };
  const first = ok(await exec1.post('/api/batches', { order_ids: [await id('#10003'), await id('#10007'), await id('#10009')], worker_id: ann.id }), 201);
  const second = ok(await exec1.post('/api/batches', { order_ids: [await id('#10005'), await id('#10006')], worker_id: ben.id }), 201);
  batchIds.push(first.id, second.id);
  ok(await exec1.post(`/api/orders/${await id('#10009')}/assign-worker`, { worker_id: ben.id }));
  ok(await exec1.post(`/api/orders/${await id('#10005')}/deassign-worker`));
  ok(await exec1.post(`/api/orders/${await id('#10006')}/cancel`));
  const lines = ok(await ann.get(`/api/batches/${first.id}`)).lines as { order_id: number; id: number }[];
  for (const line of lines) ok(await ann.post(`/api/orders/${line.order_id}/items/${line.id}/pick`, {}));
  ok(await ann.post(`/api/batches/${first.id}/complete`));
}

async function snapshot(db: Kysely<Database>) {
  const batches = await sql`select * from rm_batches order by id`.execute(db);
  const orders = await sql`select * from rm_batch_orders order by batch_id, order_id`.execute(db);
  return { batches: batches.rows, orders: orders.rows };
}

describe('batches read model', () => {
  it('holds what the journey did', async () => {
    const db = app.database.db;
    const rows = await db.selectFrom('rm_batches').select(['id', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: batchIds[0], status: 'completed' },
      { id: batchIds[1], status: 'emptied' },
    ]);
    const members = await db.selectFrom('rm_batch_orders').select(['batch_id', 'order_number', 'slot', 'left_at']).orderBy('batch_id').orderBy('slot').execute();
    expect(members.map((m) => [m.batch_id, m.order_number, m.slot, m.left_at !== null])).toEqual([
      [batchIds[0], '#10003', 1, false],
      [batchIds[0], '#10007', 2, false],
      [batchIds[0], '#10009', 3, true],
      [batchIds[1], '#10005', 1, true],
      [batchIds[1], '#10006', 2, true],
    ]);
  });

  it('a rebuild reproduces exactly what the live projector built', async () => {
    const db = app.database.db;
    const live = await snapshot(db);
    const oids = await tableOids(db);
    await rebuildReadModels(db, projections);
    expect(await snapshot(db)).toEqual(live);
    // New tables, built from the events: not the live ones left as they were.
    expect(await tablesKept(db, oids)).toEqual([]);
  });

  it('announces the batches, the batch and its worker; an order event outside any batch writes and announces nothing', async () => {
    const at = '2025-03-01T10:00:00.000Z';
    const ref = { order_id: 42, order_number: '#42' };
    const events: (BatchEvent | OrderEvent)[] = [
      { type: 'BatchCreated', data: { batch_id: 900, worker_id: 7, orders: [{ ...ref, slot: 1 }], created_by: 2, at } },
      { type: 'OrderAssigned', data: { ...ref, worker_id: 8, previous_worker_id: 7, at } },
      { type: 'OrderAssigned', data: { ...ref, worker_id: 8, previous_worker_id: 7, left_batch_id: 900, at } },
    ];
    const run = async (list: typeof events) => {
      const stored = list.map((e, i) => ({ ...e, stream_id: 'x', stream_version: i + 1 }) as unknown as StoredEvent);
      const topics = new TopicSet();
      let status: string | undefined;
      await app.database.db
        .transaction()
        .execute(async (trx) => {
          await batchesProjection.apply(trx, stored, topics);
          status = (await trx.selectFrom('rm_batches').select('status').where('id', '=', 900).executeTakeFirst())?.status;
          throw new Error('rollback');
        })
        .catch((e: Error) => expect(e.message).toBe('rollback'));
      return { topics: [...topics].sort(), status };
    };
    expect(await run(events.slice(0, 2))).toEqual({ topics: ['batch:900', 'batches', 'worker:7'], status: 'open' });
    expect(await run(events)).toEqual({ topics: ['batch:900', 'batches', 'worker:7', 'worker:8'], status: 'emptied' });
  });
});
