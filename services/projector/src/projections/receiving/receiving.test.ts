import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { startTestApp, type Answer, type TestApp } from '@wh/command/testing';
import { fixture, seedCatalogue, seedLocations } from '@wh/command/features/receiving/testing';
import { projections } from '../index.ts';
import { rebuildReadModels } from '../../rebuild.ts';
import { caughtUp, tableOids, tablesKept } from '../../testing.ts';

let app: TestApp;

function ok<T>(answer: Answer<T>): Answer<T> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

beforeAll(async () => {
  app = await startTestApp({ config: { READ_YOUR_WRITES_TIMEOUT_MS: 30_000 } });
  const db = app.database.db;
  await seedCatalogue(db);
  await seedLocations(db, ['Z-1-1']);
  const manager = await app.asAdmin();
  const exec2 = await app.userWithRole('executive2');
  // Every kind of receipt event: recorded (two sources), approved by hand, auto-approved, direct, rejected.
  ok(await exec2.upload('/api/files/upload/shopify-stock', 'shopify-inventory.csv', fixture('stock/shopify-inventory.csv')));
  ok(await manager.upload('/api/files/upload/manual-stock', 'manual-stock.xlsx', fixture('stock/manual-stock.xlsx')));
  const pending = ok(await exec2.get('/api/stock-approval/receipts?limit=10')).body.data.receipts;
  ok(await exec2.post(`/api/stock-approval/receipts/${pending[0].id}/approve`, { location: 'Z-1-1', notes: 'ok' }));
  ok(await exec2.post(`/api/stock-approval/receipts/${pending[1].id}/reject`, { reason: 'Damaged' }));
  const unknown = ok(await manager.get('/api/stock-approval/receipts?search=NEW9001')).body.data.receipts[0];
  ok(await manager.post(`/api/stock-approval/receipts/${unknown.id}/approve`, {}));
  const zone = await db.selectFrom('location_registry').select('id').where('code', '=', 'Z-1-1').executeTakeFirstOrThrow();
  ok(await exec2.post('/api/stock-approval/manual-approve', { style_code: 'DR1000', color: 'Beige', size: '6', quantity: 2, location_type: 'bin', location_id: zone.id }));
  await caughtUp(db);
}, 300_000);

afterAll(() => app?.stop());


const receipts = (db: Kysely<Database>) => db.selectFrom('rm_receipts').selectAll().orderBy('id').execute();

describe('receiving read model', () => {
  it('a rebuild reproduces exactly the receipts the live projector built', async () => {
    const db = app.database.db;
    const live = await receipts(db);
    const statuses = new Set(live.map((r) => `${r.status}/${r.source}/${r.auto_approved}`));
    expect(statuses).toEqual(
      new Set([
        'pending/shopify_stock/false',
        'approved/shopify_stock/false',
        'rejected/shopify_stock/false',
        'approved/manual_stock/true',
        'approved/manual_stock/false',
        'approved/direct/false',
      ]),
    );
    const oids = await tableOids(db);
    await rebuildReadModels(db, projections);
    expect(await receipts(db)).toEqual(live);
    // New tables, built from the events: not the live ones left as they were.
    expect(await tablesKept(db, oids)).toEqual([]);
  });
});
