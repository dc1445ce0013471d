import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { can } from '@wh/contracts';
import { ADMIN_PASSWORD, startTestApp, type Answer, type Client, type TestApp } from '../../testing.ts';
import { fixture } from '../../../../../test/fixtures.ts';
import { mondayOf, weeksOf } from './count-accuracy.ts';

// The count accuracy report over two counts in two ISO weeks, made through the API as the clock moves (Europe/London,
// GMT in March). Week of Mon 2 March: A-1-1 found right first time, A-1-3 found short (a recount by someone else
// agrees the same day). Week of Mon 9 March: A-1-1 again, found short (waiting for its recount); A-1-2, empty as it should be,
// settled and not approved.

const FRIDAY = new Date('2026-03-06T10:00:00Z');
const TUESDAY = new Date('2026-03-10T09:00:00Z');
const NOW = new Date('2026-03-11T12:00:00Z');
const DRESS = 'DR1000-8-BEIGE';
const JUMPER = 'KN1010-12-WINE';

let clock = FRIDAY;
let t: TestApp;
let manager: Client;
let ann: Client;
let bob: Client;
let worker: Client;
let exec1: Client;
let workerName = '';
// Active bins and racks (not RECEIVING) before the test's own A-1-2.
let countable = 0;

// A session lasts less than the days the clock jumps: everyone signs in again at each move.
async function moveClock(to: Date): Promise<void> {
  clock = to;
  manager = await t.login('admin', ADMIN_PASSWORD);
  ann = await t.login('ann', 'password1');
  bob = await t.login('bob', 'password1');
  worker = await t.login(workerName, 'password1');
  exec1 = await t.login('exec1', 'password1');
}

function ok<T = any>(res: Answer<T>, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  manager = await t.asAdmin();
  ann = await t.userWithRole('worker', 'ann');
  bob = await t.userWithRole('worker', 'bob');
  const w = await t.userWithRole('worker');
  worker = w;
  workerName = w.username;
  exec1 = await t.userWithRole('executive1', 'exec1');
  ok(await manager.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')));
  await t.allocateStock([
    { sku: DRESS, location: 'A-1-1', quantity: 5 },
    { sku: JUMPER, location: 'A-1-3', quantity: 1 },
  ]);

  const first = ok(await manager.post('/api/counts', { scope: { kind: 'range', from: 'A-1-1', to: 'A-1-3' } }), 201).data;
  expect(first.locations.map((l: { location: string }) => l.location)).toEqual(['A-1-1', 'A-1-3']);
  expect(ok(await ann.post(`/api/counts/${first.id}/locations/A-1-1/count`, { lines: [{ sku: DRESS, counted: 5 }] })).data.outcome).toBe('settled');
  expect(ok(await ann.post(`/api/counts/${first.id}/locations/A-1-3/count`, { lines: [], empty: true })).data.outcome).toBe('recount');
  expect(ok(await bob.post(`/api/counts/${first.id}/locations/A-1-3/count`, { lines: [], empty: true })).data.outcome).toBe('settled');

  await moveClock(TUESDAY);
  ok(await manager.post(`/api/counts/${first.id}/approve`, { locations: null }));
  ok(await manager.post('/api/locations', { code: 'A-1-2', location_type: 'bin', capacity: 50 }), 201);
  const second = ok(await manager.post('/api/counts', { scope: { kind: 'range', from: 'A-1-1', to: 'A-1-2' } }), 201).data;
  expect(ok(await ann.post(`/api/counts/${second.id}/locations/A-1-1/count`, { lines: [{ sku: DRESS, counted: 4 }] })).data.outcome).toBe('recount');
  expect(ok(await bob.post(`/api/counts/${second.id}/locations/A-1-2/count`, { lines: [], empty: true })).data.outcome).toBe('settled');

  await moveClock(NOW);
  const { n } = await t.database.db
    .selectFrom('location_registry')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('is_active', '=', true)
    .where('type', '!=', 'receiving')
    .where('code', '!=', 'A-1-2')
    .executeTakeFirstOrThrow();
  countable = Number(n);
}, 300_000);
afterAll(() => t?.stop());

describe('count accuracy', () => {
  it('over the last 7 days: each location once by its first count of the period, and each ISO week it touches', async () => {
    const r = ok(await manager.get('/api/reports/count-accuracy?range=week')).data;
    expect(r.period).toEqual({ range: 'week', from: '2026-03-05', to: '2026-03-11', time_zone: 'Europe/London' });
    // A-1-1 counts by Friday's match, not Tuesday's miss.
    expect(r.totals).toEqual({ locations_counted: 3, first_count_matched: 2, accuracy: 2 / 3 });
    expect(r.weeks).toEqual([
      { week: '2026-03-02', from: '2026-03-05', to: '2026-03-08', counted: 2, matched: 1, accuracy: 0.5 },
      { week: '2026-03-09', from: '2026-03-09', to: '2026-03-11', counted: 2, matched: 1, accuracy: 0.5 },
    ]);
    // A-1-1 waits for its recount, A-1-2 for approval; the three counted bins are not overdue, every other one is.
    expect(r.now).toEqual({ open_locations: 1, to_approve: 1, overdue: countable - 2, every_days: 30 });
  });

  it('this month: the week that starts in February shows its one March day, none counted', async () => {
    const r = ok(await manager.get('/api/reports/count-accuracy?range=month')).data;
    expect(r.weeks.map((w: { week: string; from: string; to: string }) => [w.week, w.from, w.to])).toEqual([
      ['2026-02-23', '2026-03-01', '2026-03-01'],
      ['2026-03-02', '2026-03-02', '2026-03-08'],
      ['2026-03-09', '2026-03-09', '2026-03-11'],
    ]);
    expect(r.weeks[0]).toMatchObject({ counted: 0, matched: 0, accuracy: null });
    expect(r.totals).toEqual({ locations_counted: 3, first_count_matched: 2, accuracy: 2 / 3 });
  });

  it('today: no first count, no accuracy', async () => {
    const r = ok(await manager.get('/api/reports/count-accuracy?range=today')).data;
    expect(r.totals).toEqual({ locations_counted: 0, first_count_matched: 0, accuracy: null });
    expect(r.weeks).toEqual([{ week: '2026-03-09', from: '2026-03-11', to: '2026-03-11', counted: 0, matched: 0, accuracy: null }]);
  });

  it('overdue goes by the settings: counted more than every_days ago is overdue again', async () => {
    ok(await manager.put('/api/settings/counts', { daily_plan: false, every_days: 3, daily_cap: 40, recount_over_units: 0 }));
    // A-1-3 was last counted on Friday: more than 3 days ago. A-1-1 and A-1-2 were counted on Tuesday.
    expect(ok(await manager.get('/api/reports/count-accuracy?range=week')).data.now).toMatchObject({ overdue: countable - 1, every_days: 3 });
    ok(await manager.put('/api/settings/counts', { daily_plan: false, every_days: 30, daily_cap: 40, recount_over_units: 0 }));
  });

  it('the dashboard shows a manager this ISO week so far, with what is open and overdue', async () => {
    const summary = ok(await manager.get('/api/reports/daily-summary')).data;
    expect(summary.counts).toEqual({ week: { counted: 2, matched: 1, accuracy: 0.5 }, open_locations: 1, overdue: countable - 2 });
    expect(ok(await worker.get('/api/reports/daily-summary')).data.counts).toBeNull();
    expect(ok(await exec1.get('/api/reports/daily-summary')).data.counts).toBeNull();
  });

  it('refuses a worker: workers do not view reports', async () => {
    expect(can('worker', 'reports:view')).toBe(false);
    expect((await worker.get('/api/reports/count-accuracy?range=week')).status).toBe(403);
    expect((await worker.get('/api/reports/count-accuracy/export?range=week&format=csv')).status).toBe(403);
    expect((await manager.get('/api/reports/count-accuracy?range=fortnight')).status).toBe(400);
  });
});

describe('count accuracy export', () => {
  it('exports the totals, each week and what is open now as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/count-accuracy/export?range=week&format=csv', headers: { authorization: `Bearer ${manager.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('count-accuracy-report-week-2026-03-11.csv');
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Section', 'Item', 'Locations Counted', 'First Count Matched', 'Accuracy (%)', 'Locations'],
      ['Period', '2026-03-05 to 2026-03-11', '3', '2', '66.7', ''],
      ['Week', 'Week of 2026-03-02', '2', '1', '50', ''],
      ['Week', 'Week of 2026-03-09', '2', '1', '50', ''],
      ['Now', 'Open locations', '', '', '', '1'],
      ['Now', 'Settled, to approve', '', '', '', '1'],
      ['Now', 'Overdue (not counted in 30 days)', '', '', '', String(countable - 2)],
    ]);
  });

  it('exports the same sheet as XLSX', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/count-accuracy/export?range=week&format=xlsx', headers: { authorization: `Bearer ${manager.token}` } });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Count Accuracy']!, { header: 1 });
    expect(rows[1]).toEqual(['Period', '2026-03-05 to 2026-03-11', 3, 2, 66.7, '']);
  });
});

describe('weeks', () => {
  it('an ISO week starts on Monday; a Sunday belongs to the week before', () => {
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-03-15')).toBe('2026-03-09');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(weeksOf(['2026-03-08', '2026-03-09'])).toEqual([
      { week: '2026-03-02', from: '2026-03-08', to: '2026-03-08' },
      { week: '2026-03-09', from: '2026-03-09', to: '2026-03-09' },
    ]);
  });
});
