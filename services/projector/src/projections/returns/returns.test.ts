import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TopicSet, type StoredEvent } from '@wh/contracts';
import { startTestApp, type TestApp } from '@wh/command/testing';
import { rebuildReadModels } from '../../rebuild.ts';
import { caughtUp, snapshot, tableOids, tablesKept } from '../../testing.ts';
import { projections } from '../index.ts';
import { returnsReportsProjection } from './projection.ts';
import { makeReturnsScenario, NOW, R5_RECEIVED } from '../../../../../test/returns-scenario.ts';

// The returns-reports read models over the scenario of test/returns-scenario.ts (orders through the API, parcels
// through the event store), live and rebuilt.

const TABLES = ['rm_return_shipped', 'rm_return_shipped_total', 'rm_return_received', 'rm_return_restock_times', 'rm_returns_open'] as const;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  await makeReturnsScenario(app);
  await caughtUp(app.database.db);
}, 300_000);
afterAll(() => app?.stop());

const sums = (rows: readonly Record<string, unknown>[], column: string) => rows.reduce((n, r) => n + Number(r[column]), 0);

describe('returns-reports read models', () => {
  it('count each verified line once per grain, less its short units, in the bucket of the verification', async () => {
    const rows = (await snapshot(app.database.db, ['rm_return_shipped'])).rm_return_shipped as Record<string, unknown>[];
    const BUCKETS = { '15m': '2026-03-10T10:00:00.000Z', month: '2026-03-01T00:00:00.000Z', year: '2026-01-01T00:00:00.000Z' };
    for (const [grain, bucket] of Object.entries(BUCKETS)) {
      const shipped = rows.filter((r) => r.grain === grain);
      expect(shipped.map((r) => [(r.bucket as Date).toISOString(), r.style_code, r.size, r.units])).toEqual([
        [bucket, 'DR1000', '10', '2'],
        [bucket, 'DR1000', '8', '32'],
        [bucket, 'KN1010', '12', '1'],
      ]);
    }
    const totals = await app.database.db.selectFrom('rm_return_shipped_total').selectAll().orderBy(['grain', 'bucket']).execute();
    expect(totals.map((r) => [r.grain, r.bucket.toISOString(), r.units])).toEqual([
      ['15m', '2026-03-10T10:00:00.000Z', '35'],
      ['month', '2026-03-01T00:00:00.000Z', '35'],
      ['year', '2026-01-01T00:00:00.000Z', '35'],
    ]);
  });

  it('count each parcel line in the bucket of its receipt, a match replacing the lines it was received with', async () => {
    const rows = (await snapshot(app.database.db, ['rm_return_received'])).rm_return_received as Record<string, unknown>[];
    const month = rows.filter((r) => r.grain === 'month');
    const fine = rows.filter((r) => r.grain === '15m');
    const year = rows.filter((r) => r.grain === 'year');
    // Every unit in every grain: 24 this month, R5's 2 last month, all 26 this year.
    expect(sums(month, 'units')).toBe(26);
    expect(sums(fine, 'units')).toBe(26);
    expect(year.map((r) => [(r.bucket as Date).toISOString(), r.style_code, r.size, r.units])).toEqual(
      expect.arrayContaining([['2026-01-01T00:00:00.000Z', 'DR1000', '8', '21'], ['2026-01-01T00:00:00.000Z', 'TP1007', '6', '2']]),
    );
    expect(sums(year, 'units')).toBe(26);
    const at = (grain: string, bucket: string, style: string, size: string) =>
      rows.find((r) => r.grain === grain && (r.bucket as Date).toISOString() === bucket && r.style_code === style && r.size === size);
    // R3, received at 07:00: its matched lines (DR1000-8 too small A, DR1000-10 changed mind B) in place of the one it
    // came with.
    expect(at('15m', '2026-03-10T07:00:00.000Z', 'DR1000', '8')).toMatchObject({ units: '2', too_small: '2', grade_a: '2' });
    expect(at('15m', '2026-03-10T07:00:00.000Z', 'DR1000', '10')).toMatchObject({ units: '1', changed_mind: '1', grade_b: '1' });
    expect(at('month', '2026-03-01T00:00:00.000Z', 'DR1000', '8')).toMatchObject({ units: '21', too_small: '21', grade_a: '14', grade_c: '7' });
    expect(at('month', '2026-02-01T00:00:00.000Z', 'TP1007', '6')).toMatchObject({ units: '2', changed_mind: '2', grade_a: '2' });
    expect(at('15m', R5_RECEIVED, 'TP1007', '6')).toMatchObject({ units: '2' });
  });

  it('count the units restocked to a location other than RETURNS by the time since their receipt, in the bucket of the restock', async () => {
    const rows = await app.database.db.selectFrom('rm_return_restock_times').selectAll().where('grain', '=', '15m').orderBy(['bucket', 'seconds']).execute();
    expect(rows.map((r) => [r.bucket.toISOString(), r.seconds, r.units])).toEqual([
      ['2026-03-09T10:00:00.000Z', 86_400, '7'],
      ['2026-03-10T09:30:00.000Z', 1800, '12'],
      ['2026-03-10T09:45:00.000Z', 2700, '1'],
    ]);
  });

  it('keep the parcels still open: units waiting, or no order matched', async () => {
    const rows = await app.database.db.selectFrom('rm_returns_open').selectAll().orderBy('return_id').execute();
    expect(rows.map((r) => [r.return_id, r.order_number, r.units, r.waiting])).toEqual([
      [3, '#5001', 3, 3],
      [4, null, 0, 0],
      [5, null, 2, 2],
    ]);
    expect(rows[0]!.lines).toEqual([
      { line: 1, style_code: 'DR1000', size: '8', quantity: 2, reason: 'too_small', grade: 'A' },
      { line: 2, style_code: 'DR1000', size: '10', quantity: 1, reason: 'changed_mind', grade: 'B' },
    ]);
  });

  it('a rebuild reproduces exactly what the live projector built', async () => {
    const db = app.database.db;
    const live = await snapshot(db, TABLES);
    const oids = await tableOids(db);
    await rebuildReadModels(db, projections);
    expect(await snapshot(db, TABLES)).toEqual(live);
    expect(await tablesKept(db, oids)).toEqual([]);
    // In batches of one event, too.
    await rebuildReadModels(db, projections, { batchSize: 1 });
    expect(await snapshot(db, TABLES)).toEqual(live);
  });

  it('a parcel closed (matched, every unit placed) leaves the open parcels; the reports and the dashboard hear of it', async () => {
    const db = app.database.db;
    const { rows } = await sql<{ data: unknown; stream_version: number }>`select data, stream_version from events where stream_id = 'return-3' order by stream_version desc limit 1`.execute(db);
    const base = { stream_id: 'return-3', transaction_id: '1', metadata: { actor_id: 1, actor_role: 'manager', correlation_id: 'c', causation_id: null, client_ip: null }, recorded_at: NOW };
    const placed = (line: number, quantity: number, position: string): StoredEvent => ({
      ...base,
      type: 'ReturnWrittenOff',
      stream_version: rows[0]!.stream_version + line,
      global_position: position,
      data: { return_id: 3, order_id: 1, line, sku: 'DR1000-8-BEIGE', style_code: 'DR1000', quantity, grade: 'A', from_location: null, note: null, movements: [], at: NOW.toISOString() },
    });
    const topics = new TopicSet();
    await db
      .transaction()
      .execute(async (trx) => {
        await returnsReportsProjection.apply(trx, [placed(1, 2, '900001')], topics);
        expect((await trx.selectFrom('rm_returns_open').select(['return_id', 'waiting']).where('return_id', '=', 3).execute())).toEqual([{ return_id: 3, waiting: 1 }]);
        await returnsReportsProjection.apply(trx, [placed(2, 1, '900002')], topics);
        expect(await trx.selectFrom('rm_returns_open').select('return_id').where('return_id', '=', 3).execute()).toEqual([]);
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
    expect([...topics].sort()).toEqual(['dashboard', 'reports']);
  });
});
