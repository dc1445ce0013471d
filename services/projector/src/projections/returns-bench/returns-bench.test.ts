import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@wh/command/testing';
import { rebuildReadModels } from '../../rebuild.ts';
import { caughtUp, snapshot } from '../../testing.ts';
import { projections } from '../index.ts';
import { makeReturnsScenario, NOW } from '../../../../../test/returns-scenario.ts';

// The returns bench's read model over the scenario of test/returns-scenario.ts, live and rebuilt.

const TABLES = ['rm_return_parcels', 'rm_return_lines'] as const;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  await makeReturnsScenario(app);
  await caughtUp(app.database.db);
}, 300_000);
afterAll(() => app?.stop());

describe('returns-bench read model', () => {
  it('keeps each parcel with its status and where its units are', async () => {
    const db = app.database.db;
    const parcels = await db.selectFrom('rm_return_parcels').select(['id', 'status', 'order_number', 'units', 'waiting', 'in_returns']).orderBy('id').execute();
    expect(parcels).toEqual([
      { id: 1, status: 'done', order_number: '#5001', units: 13, waiting: 0, in_returns: 0 },
      { id: 2, status: 'done', order_number: '#5002', units: 8, waiting: 0, in_returns: 0 },
      { id: 3, status: 'waiting', order_number: '#5001', units: 3, waiting: 3, in_returns: 0 },
      { id: 4, status: 'unmatched', order_number: null, units: 0, waiting: 0, in_returns: 0 },
      { id: 5, status: 'unmatched', order_number: null, units: 2, waiting: 2, in_returns: 0 },
    ]);
    const lines = await db.selectFrom('rm_return_lines').select(['return_id', 'line', 'bench', 'in_returns', 'written_off', 'restocked']).where('return_id', 'in', [1, 2]).orderBy('return_id').orderBy('line').execute();
    expect(lines).toEqual([
      { return_id: 1, line: 1, bench: 0, in_returns: 0, written_off: 0, restocked: [{ location: 'A-1-1', quantity: 12 }] },
      { return_id: 1, line: 2, bench: 0, in_returns: 0, written_off: 0, restocked: [{ location: 'A-1-2', quantity: 1 }] },
      { return_id: 2, line: 1, bench: 0, in_returns: 0, written_off: 0, restocked: [{ location: 'SECONDS', quantity: 7 }] },
      { return_id: 2, line: 2, bench: 0, in_returns: 0, written_off: 1, restocked: [] },
    ]);
  });

  it('a rebuild reproduces exactly what the live projector built', async () => {
    const db = app.database.db;
    const live = await snapshot(db, TABLES);
    await rebuildReadModels(db, projections);
    expect(await snapshot(db, TABLES)).toEqual(live);
    await rebuildReadModels(db, projections, { batchSize: 1 });
    expect(await snapshot(db, TABLES)).toEqual(live);
  });
});
