import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase, type Database, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { projectBatch, SIDE_CHECKPOINT, type BatchResult } from './batch.ts';
import { besideProjections, projections } from './projections/index.ts';
import type { Projection } from './projection.ts';
import { Projector } from './runner.ts';
import { caughtUp, projectAll, snapshot, untilApplied } from './testing.ts';

// The side connection's projections (audit, users, order search) against the one-connection batch: the same read
// models whatever the batch sizes, and a main transaction failing after the side's commit leaves nothing applied
// twice or missed.

let scratch: TestDatabase;
let handle: DatabaseHandle;
let db: Kysely<Database>;

const at = (minute: number) => new Date(Date.UTC(2025, 5, 2, 9, minute, 0, 250)).toISOString();
const main = projections.filter((p) => !besideProjections.has(p.name));
const side = projections.filter((p) => besideProjections.has(p.name));

// A manager and a worker renamed between orders (the audit names users as they were called), orders imported as an
// upload writes them, assigned and picked.
async function appendHistory(): Promise<void> {
  const events: { stream: string; type: string; data: Record<string, unknown>; actor: number | null }[] = [
    { stream: 'user-2', type: 'UserCreated', data: { user_id: 2, username: 'manny', email: null, full_name: 'Manny', role: 'manager', is_active: true, at: at(0) }, actor: null },
    { stream: 'user-7', type: 'UserCreated', data: { user_id: 7, username: 'walt', email: null, full_name: 'Walt', role: 'worker', is_active: true, at: at(0) }, actor: 2 },
  ];
  const versions = new Map<string, number>();
  for (let o = 1; o <= 9; o++) {
    const ref = { order_id: o, order_number: `#B${o}` };
    const items = Array.from({ length: 1 + (o % 3) }, (_, k) => ({
      item_id: o * 10 + k, sku: `KN${100 + o}-12-WINE`, style_code: `KN${100 + o}`, style_name: `Jumper ${k}`, size: '12', color: 'Wine', quantity: 1 + k, value: 20, row: k + 2,
    }));
    events.push({ stream: `order-${o}`, type: 'OrderImported', data: { ...ref, priority: 1, order_date: '2025-06-02', items, source_file: 'day.csv', at: at(1) }, actor: 2 });
    if (o === 4) events.push({ stream: 'user-7', type: 'UserUpdated', data: { user_id: 7, username: 'walter', email: null, full_name: 'Walter', role: 'worker', at: at(2) }, actor: 2 });
    if (o % 3 === 0) continue;
    events.push({ stream: `order-${o}`, type: 'OrderAssigned', data: { ...ref, worker_id: 7, previous_worker_id: null, at: at(3 + o) }, actor: 2 });
    const first = items[0]!;
    events.push({
      stream: `order-${o}`,
      type: 'OrderItemPicked',
      data: { ...ref, item_id: first.item_id, sku: first.sku, style_code: first.style_code, quantity: first.quantity, picked_by: 7, worker_id: 7, location: null, location_type: null, unstocked: true, notes: null, movements: [], at: at(20 + o) },
      actor: 7,
    });
  }
  // Two events per transaction, so batches straddle transactions.
  for (let i = 0; i < events.length; i += 2) {
    await db.transaction().execute(async (trx) => {
      for (const e of events.slice(i, i + 2)) {
        const version = (versions.get(e.stream) ?? 0) + 1;
        versions.set(e.stream, version);
        await sql`
          insert into events (stream_id, stream_version, event_type, data, metadata)
          values (${e.stream}, ${version}, ${e.type}, ${JSON.stringify(e.data)}::jsonb,
                  ${JSON.stringify({ actor_id: e.actor, actor_role: 'manager', correlation_id: 'c', causation_id: null, client_ip: null })}::jsonb)`.execute(trx);
      }
    });
  }
}

async function fromEmpty(): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`truncate ${sql.join(Object.keys(await snapshot(db)).map((t) => sql.table(t)))}`.execute(trx);
    await trx.updateTable('projector_checkpoints').set({ last_tx: '0', last_pos: '0' }).where('name', '=', 'main').execute();
    await trx.deleteFrom('projector_checkpoints').where('name', '=', SIDE_CHECKPOINT).execute();
  });
}

const besideBatch = (size: number, own: readonly Projection[] = main): Promise<BatchResult> =>
  db.transaction().execute((trx) => projectBatch(trx, own, size, { db, projections: side }));

let expected: Record<string, unknown[]>;

beforeAll(async () => {
  scratch = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(scratch.url);
  db = handle.db;
  await appendHistory();
  await projectAll(() => db.transaction().execute((trx) => projectBatch(trx, projections, 1000)));
  expected = await snapshot(db);
}, 300_000);
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

describe('projectBatch with projections beside', () => {
  it('leaves the read models one connection leaves, whatever the batch sizes', async () => {
    expect((expected.rm_audit as { summary: string }[]).map((r) => r.summary)).toContain('Assigned order #B5 to walter');
    expect(expected.rm_order_terms!.length).toBeGreaterThan(0);
    for (const size of [1, 4, 1000]) {
      await fromEmpty();
      const batches = await projectAll(() => besideBatch(size));
      expect(await snapshot(db), `batches of ${size}`).toEqual(expected);
      // Audit's and the orders projection's topics both reach the notice.
      expect(batches.flatMap((b) => b.topics)).toEqual(expect.arrayContaining(['reports', 'dashboard', 'orders']));
      expect(batches.flatMap((b) => b.topics)).not.toContain('*');
    }
  });

  it('projects a batch again after the main transaction failed, the side skipping what it had committed', async () => {
    await fromEmpty();
    let calls = 0;
    const failing = main.map((p) =>
      p.name !== 'orders'
        ? p
        : {
            ...p,
            async apply(...args: Parameters<Projection['apply']>) {
              if (++calls === 2) throw new Error('orders failed');
              await p.apply(...args);
            },
          },
    );
    await untilApplied(() => besideBatch(4, failing));
    await expect(untilApplied(() => besideBatch(4, failing))).rejects.toThrow('orders failed');
    // The side committed the failed batch: its tables are ahead of the checkpoint.
    const { rows } = await sql<{ name: string; ahead: boolean }>`
      select s.name, (s.last_tx, s.last_pos) > (m.last_tx, m.last_pos) as ahead
        from projector_checkpoints s, projector_checkpoints m where s.name = ${SIDE_CHECKPOINT} and m.name = 'main'`.execute(db);
    expect(rows).toEqual([{ name: SIDE_CHECKPOINT, ahead: true }]);
    const again = await untilApplied(() => besideBatch(4, failing));
    expect(again.topics).toContain('*');
    await projectAll(() => besideBatch(4, failing));
    expect(await snapshot(db)).toEqual(expected);
  });
});

describe('the projector with projections beside', () => {
  it('takes over a side left ahead by a failed batch without applying anything twice, even in small batches', async () => {
    await fromEmpty();
    const failing = main.map((p) =>
      p.name !== 'orders'
        ? p
        : {
            ...p,
            async apply() {
              throw new Error('orders failed');
            },
          },
    );
    await expect(untilApplied(() => besideBatch(1000, failing))).rejects.toThrow('orders failed');
    const projector = new Projector({ databaseUrl: scratch.url, db, projections, beside: besideProjections, batchSize: 1, maxBatchSize: 1, pollMs: 50 });
    projector.start();
    try {
      await caughtUp(db);
    } finally {
      await projector.stop();
    }
    expect(await snapshot(db)).toEqual(expected);
  });
});
