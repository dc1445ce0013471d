import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';

let t: TestApp;
let manager: Client;
let exec1: Client;
let exec2: Client;
let worker: Client;

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1');
  exec2 = await t.userWithRole('executive2');
  worker = await t.userWithRole('worker');
});
afterAll(() => t?.stop());

describe('/api/settings/picking', () => {
  it('is off until a manager sets it, and every signed-in user may read it', async () => {
    for (const who of [manager, exec1, exec2, worker]) {
      const res = await who.get('/api/settings/picking');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ scan_location_first: false, updated_at: null });
    }
    expect((await t.anonymous.get('/api/settings/picking')).status).toBe(401);
  });

  it('a manager turns scanning the location first on; a picker reads it at once', async () => {
    const res = await manager.put('/api/settings/picking', { scan_location_first: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pickers scan the location before each item');
    expect(res.body.data.scan_location_first).toBe(true);
    const read = await worker.get('/api/settings/picking');
    expect(read.body.data.scan_location_first).toBe(true);
    expect(read.body.data.updated_at).not.toBeNull();
  });

  it('setting it again records nothing; off records ScanLocationFirstSet once more', async () => {
    const recorded = async () =>
      (await t.database.db.selectFrom('events').select('data').where('stream_id', '=', 'warehouse-settings').orderBy('stream_version').execute()).map(
        (e) => (e.data as { scan_location_first: boolean }).scan_location_first,
      );
    await manager.put('/api/settings/picking', { scan_location_first: true });
    const before = (await recorded()).length;
    await manager.put('/api/settings/picking', { scan_location_first: true });
    const off = await manager.put('/api/settings/picking', { scan_location_first: false });
    expect(off.body.data.scan_location_first).toBe(false);
    expect((await recorded()).slice(before)).toEqual([false]);
  });

  it('is refused to everyone but a manager', async () => {
    const before = (await worker.get('/api/settings/picking')).body.data;
    for (const who of [exec1, exec2, worker]) {
      const res = await who.put('/api/settings/picking', { scan_location_first: !before.scan_location_first });
      expect(res.status).toBe(403);
    }
    expect((await worker.get('/api/settings/picking')).body.data).toEqual(before);
  });

  it('refuses a value that is not true or false', async () => {
    for (const body of [{}, { scan_location_first: 'true' }, { scan_location_first: 1 }]) {
      const res = await manager.put('/api/settings/picking', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Scan location first must be true or false');
    }
  });

  it('shows in the audit log', async () => {
    await manager.put('/api/settings/picking', { scan_location_first: true });
    await manager.put('/api/settings/picking', { scan_location_first: false });
    const res = await manager.get('/api/audit/events');
    const summaries = res.body.data.events.map((e: { summary: string }) => e.summary);
    expect(summaries).toContain('Turned on scanning the location before each picked item');
    expect(summaries).toContain('Turned off scanning the location before each picked item');
  });
});
