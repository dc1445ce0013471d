import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orderStreamId, orderVerifiedV1ToV2, type EventMetadata, type OrderEvent, type StreamPosition } from '@wh/contracts';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';
import { foldStreams, onStream, runCommand } from '../../platform/command.ts';
import { appendToStreams } from '../../platform/event-store.ts';
import { orderDecider, type OrderState } from './decide.ts';

// A stream written by the release before OrderVerified's version 2: the order's verification is stored as version 1
// (`picked_by`, no counts), straight into the events table. Order OLD carries it; order NEW the same history with the
// verification written today as the upcaster gives it. Deciders, the projector, the order history and the audit log
// must see the two the same way.

const OLD = 901;
const NEW = 902;
const at = (minute: number) => new Date(Date.UTC(2025, 2, 3, 9, minute)).toISOString();

let t: TestApp;
let manager: Client;
let exec2: Client & { id: number; username: string };
let ann: Client & { id: number; username: string };
let last: StreamPosition;

const ref = (orderId: number) => ({ order_id: orderId, order_number: `#${orderId}` });

function lifeUntilCompleted(orderId: number): OrderEvent[] {
  const items = [1, 2].map((k) => ({
    item_id: orderId * 10 + k,
    sku: `KN1010-1${k}-WINE`,
    style_code: 'KN1010',
    style_name: 'Cable Jumper',
    size: `1${k}`,
    color: 'Wine',
    quantity: k,
    value: null,
    row: k + 1,
  }));
  const picked = (k: number): OrderEvent => ({
    type: 'OrderItemPicked',
    data: {
      ...ref(orderId),
      item_id: orderId * 10 + k,
      sku: `KN1010-1${k}-WINE`,
      style_code: 'KN1010',
      quantity: k,
      location: null,
      location_type: null,
      unstocked: true,
      notes: null,
      picked_by: ann.id,
      worker_id: ann.id,
      movements: [],
      at: at(10 + k),
    },
  });
  return [
    { type: 'OrderImported', data: { ...ref(orderId), priority: 1, order_date: '2025-03-03', items, source_file: 'old.csv', at: at(0) } },
    { type: 'OrderAssigned', data: { ...ref(orderId), worker_id: ann.id, previous_worker_id: null, at: at(5) } },
    picked(1),
    picked(2),
    { type: 'OrderCompleted', data: { ...ref(orderId), worker_id: ann.id, completed_by: ann.id, at: at(20) } },
  ];
}

// OrderVerified as version 1 wrote it.
const verifiedV1 = (orderId: number) => ({
  ...ref(orderId),
  verified_by: exec2.id,
  picked_by: ann.id,
  verification_notes: 'Checked',
  discrepancies: [{ item_id: orderId * 10 + 2, sku: 'KN1010-12-WINE', issue: 'creased', resolution: 'steamed' }],
  at: at(30),
});

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  exec2 = await t.userWithRole('executive2', 'vera');
  ann = await t.userWithRole('worker', 'ann');
  const db = t.database.db;
  const metadata = (actor: { id: number }, role: string): EventMetadata => ({
    actor_id: actor.id,
    actor_role: role,
    correlation_id: `old-versions-${actor.id}`,
    causation_id: null,
    client_ip: null,
  });
  const life = lifeUntilCompleted(OLD);
  await appendToStreams(
    db,
    [OLD, NEW].map((id) => ({ streamId: orderStreamId(id), expectedVersion: 0, events: lifeUntilCompleted(id) })),
    metadata(ann, 'worker'),
  );
  await sql`insert into events (stream_id, stream_version, event_type, schema_version, data, metadata)
            values (${orderStreamId(OLD)}, ${life.length + 1}, 'OrderVerified', 1, ${JSON.stringify(verifiedV1(OLD))}::jsonb,
                    ${JSON.stringify(metadata(exec2, 'executive2'))}::jsonb)`.execute(db);
  last = (await appendToStreams(
    db,
    [{ streamId: orderStreamId(NEW), expectedVersion: life.length, events: [{ type: 'OrderVerified', data: orderVerifiedV1ToV2(verifiedV1(NEW)) }] }],
    metadata(exec2, 'executive2'),
  ))!;
  expect(await t.watcher.waitFor(last, 20_000)).toBe(true);
}, 300_000);
afterAll(() => t?.stop());

// A value with the order's own ids (the order's, its items', its number) put in words, so the two orders compare.
function same(value: unknown, orderId: number): unknown {
  if (value === orderId) return 'the order';
  if (typeof value === 'number' && Math.floor(value / 10) === orderId) return `item ${value % 10}`;
  if (value === `#${orderId}`) return '#the order';
  if (Array.isArray(value)) return value.map((v) => same(v, orderId));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, same(v, orderId)]));
  }
  return value;
}

describe('a stream holding an event of an older version', () => {
  it('the stream is in the versions it was written at', async () => {
    const { rows } = await sql<{ stream_id: string; schema_version: number }>`
      select stream_id, schema_version from events where event_type = 'OrderVerified' order by stream_id`.execute(t.database.db);
    expect(rows).toEqual([
      { stream_id: orderStreamId(OLD), schema_version: 1 },
      { stream_id: orderStreamId(NEW), schema_version: 2 },
    ]);
  });

  it('is folded for a decision into the same state as the history written today, one stream or many', async () => {
    const seen = new Map<number, OrderState>();
    for (const id of [OLD, NEW]) {
      await runCommand(
        t.database.db,
        onStream({ streamId: orderStreamId(id), decider: orderDecider, decide: (state) => (seen.set(id, state), []) }),
        { actor_id: null, actor_role: null, correlation_id: 'fold', causation_id: null, client_ip: null },
      );
    }
    expect(seen.get(OLD)).toMatchObject({ status: 'verified', worker_id: ann.id });
    expect(same(seen.get(OLD), OLD)).toEqual(same(seen.get(NEW), NEW));
    const folded = await foldStreams(t.database.db, orderDecider, [orderStreamId(OLD), orderStreamId(NEW)]);
    expect(folded.get(orderStreamId(OLD))).toEqual({ version: 6, state: seen.get(OLD) });
    // The order's commands are decided on that state: it is verified once.
    const again = await exec2.post(`/api/orders/${OLD}/verify`, { verification_notes: null, discrepancies: [] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Order #901 is already verified');
  });

  it('is projected into the read models as the same history written today', async () => {
    const db = t.database.db;
    for (const table of ['rm_orders', 'rm_order_timings'] as const) {
      const key = table === 'rm_orders' ? 'id' : 'order_id';
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(key)} in (${OLD}, ${NEW}) order by ${sql.ref(key)}`.execute(db);
      expect(rows, table).toHaveLength(2);
      expect(same(rows[0], OLD), table).toEqual(same(rows[1], NEW));
    }
    const timing = await db.selectFrom('rm_order_timings').select(['picked_by', 'verified_by', 'discrepancy_count']).where('order_id', '=', OLD).executeTakeFirstOrThrow();
    expect(timing).toEqual({ picked_by: ann.id, verified_by: exec2.id, discrepancy_count: 1 });
  });

  it('shows in the order’s history and the audit log as today’s shape says it', async () => {
    for (const id of [OLD, NEW]) {
      const history = await exec2.get(`/api/orders/${id}/history`);
      expect(history.status).toBe(200);
      expect(history.body.data.history.at(-1)).toMatchObject({ event_type: 'OrderVerified', description: 'Verified with 1 discrepancy (picked by Test worker): Checked' });
      const audit = await manager.get(`/api/audit/events?order_number=${id}&event_type=OrderVerified`);
      expect(audit.status).toBe(200);
      expect(audit.body.data.events.map((e: { summary: string; username: string }) => [e.username, e.summary])).toEqual([
        ['vera', `Verified order #${id} picked by ann: 1 discrepancy`],
      ]);
    }
  });
});
