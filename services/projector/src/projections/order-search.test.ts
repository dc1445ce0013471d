import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase, MIGRATIONS_DIR, type Database } from '@wh/db';
import { createTestDatabase } from '@wh/db/testing';
import { startTestApp, type TestApp } from '@wh/command/testing';
import { rebuildReadModels } from '../rebuild.ts';
import { projections } from './index.ts';
import { orderSearchProjection } from './order-search.ts';
import { TopicSet, type StoredEvent } from '@wh/contracts';
import { caughtUp, tableOids, tablesKept } from '../testing.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  const exec1 = await app.userWithRole('executive1');
  // Two uploads sharing terms: the second adds new terms after the first's and reuses the known ones.
  const first = [
    'Order #,Item,SKU,Value,is Fulfilled',
    '#10001,Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,10.00,FALSE',
    '#10001,Cable Jumper 010 - 14 / Wine,KN1010-14-WINE,10.00,FALSE',
    '#10001,Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,10.00,FALSE',
    '#10002,Linen Shirt 007 - 6 / Green,TP1007-6-GREEN,10.00,FALSE',
  ];
  const second = [
    'Order #,Item,SKU,Value,is Fulfilled',
    '#10003,Linen Shirt 007 - 8 / Green,TP1007-8-GREEN,10.00,FALSE',
    '#10003,Cable Jumper 010 - 12 / Wine,KN1010-12-WINE,10.00,FALSE',
  ];
  for (const [name, rows] of [['first.csv', first], ['second.csv', second]] as const) {
    const res = await exec1.upload('/api/files/upload/orders', name, rows.join('\n'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await caughtUp(app.database.db);
}, 300_000);
afterAll(() => app?.stop());

async function snapshot(db: Kysely<Database>) {
  const terms = await db.selectFrom('rm_search_terms').selectAll().orderBy('id').execute();
  const orderTerms = await db
    .selectFrom('rm_order_terms as ot')
    .innerJoin('rm_orders as o', 'o.id', 'ot.order_id')
    .select(['o.order_number', 'ot.order_id', 'ot.term_ids'])
    .select(sql<string[]>`array(select s.term from unnest(ot.term_ids) with ordinality u(id, n) join rm_search_terms s on s.id = u.id order by u.n)`.as('terms'))
    .orderBy('ot.order_id')
    .execute();
  return { terms, orderTerms };
}

describe('order search read model', () => {
  it('holds each SKU and style name once (order numbers are searched in rm_orders), numbered in order of first appearance, and the orders holding each', async () => {
    const { terms, orderTerms } = await snapshot(app.database.db);
    expect(terms).toEqual(
      ['KN1010-12-WINE', 'KN1010-14-WINE', 'CABLE JUMPER 010', 'TP1007-6-GREEN', 'LINEN SHIRT 007', 'TP1007-8-GREEN'].map((term, i) => ({
        id: i + 1,
        term,
      })),
    );
    // One row per order, its term ids ascending (#10001's repeated line and SKU held once).
    expect(orderTerms.map((r) => [r.order_number, r.term_ids, r.terms])).toEqual([
      ['#10001', [1, 2, 3], ['KN1010-12-WINE', 'KN1010-14-WINE', 'CABLE JUMPER 010']],
      ['#10002', [4, 5], ['TP1007-6-GREEN', 'LINEN SHIRT 007']],
      ['#10003', [1, 3, 5, 6], ['KN1010-12-WINE', 'CABLE JUMPER 010', 'LINEN SHIRT 007', 'TP1007-8-GREEN']],
    ]);
  });

  it('a rebuild in batches of any size reproduces the live tables, ids included', async () => {
    const db = app.database.db;
    const live = await snapshot(db);
    for (const batchSize of [1, 2, 5000]) {
      const oids = await tableOids(db);
      await rebuildReadModels(db, projections, { batchSize });
      expect(await snapshot(db), `batches of ${batchSize}`).toEqual(live);
      // New tables, built from the events: not the live ones left as they were.
      expect(await tablesKept(db, oids), `batches of ${batchSize}`).toEqual([]);
    }
  });

  it('migrations 060 and 062 fill the tables of the orders already projected as the projection does', async () => {
    const db = app.database.db;
    const live = await snapshot(db);
    const migration = async (name: string) => readFile(new URL(name, `file://${MIGRATIONS_DIR}`), 'utf8');
    await db.transaction().execute(async (trx) => {
      await sql`drop table rm_search_terms, rm_order_terms`.execute(trx);
      await sql`drop index rm_orders_number_trgm`.execute(trx);
      await sql`create table rm_order_search (order_id int)`.execute(trx);
      await sql.raw(await migration('060_search_terms.sql')).execute(trx);
      await sql.raw(await migration('062_search_order_numbers_in_orders.sql')).execute(trx);
    });
    expect(await snapshot(db)).toEqual(live);
  });

  it('numbers terms in the order the projector applies events (transaction, then position), however they are batched', async () => {
    // A database of its own with no projector running: the app's would apply these events too, beside the tries.
    const testDb = await createTestDatabase(inject('pgUrl'));
    const handle = createDatabase(testDb.url, { application: 'order-search-test' });
    onTestFinished(async () => {
      await handle.close();
      await testDb.drop();
    });
    const db = handle.db;
    // Two imports whose positions run against the order they are applied in, as when a later transaction took the
    // lower position: applied together or one batch each, the ids are the same.
    const { rows } = await sql<{ global_position: string }>`
      insert into events (stream_id, stream_version, event_type, data)
      values ('order-9001', 1, 'OrderImported', ${JSON.stringify({ order_id: 9001, order_number: '#9001', items: [{ sku: 'ZZ1-1-A', style_name: 'Zed One' }] })}::jsonb),
             ('order-9002', 1, 'OrderImported', ${JSON.stringify({ order_id: 9002, order_number: '#9002', items: [{ sku: 'ZZ2-1-A', style_name: 'Zed One' }] })}::jsonb)
      returning global_position`.execute(db);
    const [first, second] = rows.map((r) => ({ type: 'OrderImported', global_position: r.global_position }) as unknown as StoredEvent);
    // Each try in a transaction rolled back, so the two see the same tables.
    const rollback = new Error('rollback');
    const ids = async (batches: StoredEvent[][]) => {
      let terms: { id: number; term: string }[] = [];
      await db
        .transaction()
        .execute(async (trx) => {
          for (const batch of batches) await orderSearchProjection.apply(trx, batch, new TopicSet());
          terms = await trx.selectFrom('rm_search_terms').select(['id', 'term']).where('term', 'in', ['ZZ1-1-A', 'ZZ2-1-A', 'ZED ONE']).orderBy('id').execute();
          throw rollback;
        })
        .catch((e: unknown) => {
          if (e !== rollback) throw e;
        });
      return terms;
    };
    const together = await ids([[second!, first!]]);
    const apart = await ids([[second!], [first!]]);
    expect(together.map((t) => t.term)).toEqual(['ZZ2-1-A', 'ZED ONE', 'ZZ1-1-A']);
    expect(apart).toEqual(together);
  });
});
