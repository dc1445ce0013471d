import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '@wh/migrations';
import { createTestDatabase, type TestDatabase } from '@wh/migrations/testing';
import { ProjectionWatcher } from './projection-watcher.ts';

let testDb: TestDatabase;
let handle: DatabaseHandle;
let watcher: ProjectionWatcher;

beforeAll(async () => {
  testDb = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(testDb.url, { application: 'watcher-test' });
  watcher = new ProjectionWatcher(testDb.url, handle.db);
  await watcher.start();
});

afterAll(async () => {
  await watcher?.stop();
  await handle?.close();
  await testDb?.drop();
});

// No projector runs here and nothing moves the checkpoint row: only `projected` can end these waits.
describe('ProjectionWatcher.projected (the in-process projector committed a batch)', () => {
  it('answers the commands waiting for that checkpoint or an earlier one, without a notice', async () => {
    const waits = [
      watcher.waitFor({ transactionId: '900', position: '41' }, 60_000),
      watcher.waitFor({ transactionId: '900', position: '42' }, 60_000),
      watcher.waitFor({ transactionId: '899', position: '50' }, 60_000),
    ];
    watcher.projected({ tx: '900', pos: '42' });
    expect(await Promise.all(waits)).toEqual([true, true, true]);
    // Reached already: answered at once.
    expect(await watcher.waitFor({ transactionId: '900', position: '42' }, 60_000)).toBe(true);
  });

  it('leaves a command whose events are further on waiting', async () => {
    const later = watcher.waitFor({ transactionId: '901', position: '1' }, 300);
    watcher.projected({ tx: '900', pos: '99' });
    expect(await later).toBe(false);
  });
});
