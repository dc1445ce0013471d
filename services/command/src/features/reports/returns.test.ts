import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { RETURN_STYLES_SHOWN } from '@wh/contracts';
import { startTestApp, type Answer, type Client, type TestApp } from '../../testing.ts';
import { makeReturnsScenario, NOW, R5_RECEIVED } from '../../../../../test/returns-scenario.ts';

// The buyers' returns reports over the scenario of test/returns-scenario.ts, whose figures are worked out by hand there.

let t: TestApp;
let manager: Client;
let exec1: Client;
let exec2: Client;
let worker: Client;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  await makeReturnsScenario(t);
  manager = await t.asAdmin();
  exec1 = await t.userWithRole('executive1');
  exec2 = await t.userWithRole('executive2');
  worker = await t.userWithRole('worker');
}, 300_000);
afterAll(() => t?.stop());

function ok<T = any>(res: Answer<T>): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const reasons = (r: Record<string, number>) => ({
  too_small: 0, too_large: 0, not_as_pictured: 0, changed_mind: 0, faulty: 0, damaged_in_transit: 0, wrong_item_sent: 0, other: 0, ...r,
});

describe('returns by style and size', () => {
  it('over the last 7 days: units returned over units shipped, per size and style, with their reasons', async () => {
    const r = ok(await manager.get('/api/reports/returns?range=week')).data;
    expect(r.period).toEqual({ range: 'week', from: '2026-03-04', to: '2026-03-10', time_zone: 'Europe/London' });
    expect(r.totals).toEqual({ shipped: 35, returned: 24, rate: expect.closeTo(0.6857, 4), reasons: reasons({ too_small: 21, too_large: 1, changed_mind: 1, faulty: 1 }), flag: null });
    expect(r.style_count).toBe(2);
    expect(r.styles.map((s: { style_code: string }) => s.style_code)).toEqual(['DR1000', 'KN1010']);
    const [dress, jumper] = r.styles;
    expect(dress).toMatchObject({ style_name: 'Wrap Midi Dress 000', shipped: 34, returned: 23, rate: expect.closeTo(0.6765, 4), flag: 'runs_small' });
    expect(dress.sizes).toEqual([
      { size: '8', shipped: 32, returned: 21, rate: expect.closeTo(0.6563, 4), reasons: reasons({ too_small: 21 }), flag: 'runs_small' },
      { size: '10', shipped: 2, returned: 2, rate: 1, reasons: reasons({ too_large: 1, changed_mind: 1 }), flag: null },
    ]);
    expect(jumper).toMatchObject({ style_name: 'Cable Jumper 010', shipped: 1, returned: 1, rate: 1, flag: null });
    expect(jumper.sizes).toEqual([{ size: '12', shipped: 1, returned: 1, rate: 1, reasons: reasons({ faulty: 1 }), flag: null }]);
    expect(r.flagged).toEqual([
      { style_code: 'DR1000', style_name: 'Wrap Midi Dress 000', size: '8', flag: 'runs_small', too_small: 21, too_large: 0, returned: 21, shipped: 32 },
    ]);
  });

  it('today: only the parcels received today, too few fit returns for a flag', async () => {
    const r = ok(await manager.get('/api/reports/returns?range=today')).data;
    expect(r.totals).toMatchObject({ shipped: 35, returned: 16 });
    expect(r.styles[0].sizes.map((s: { size: string; returned: number }) => [s.size, s.returned])).toEqual([['8', 14], ['10', 2]]);
    expect(r.flagged).toEqual([]);
  });

  it('this quarter: last month (read from its month bucket) adds returns of a style not shipped in it', async () => {
    const r = ok(await manager.get('/api/reports/returns?range=quarter')).data;
    expect(r.totals).toMatchObject({ shipped: 35, returned: 26 });
    expect(r.styles.map((s: { style_code: string; returned: number; rate: number | null }) => [s.style_code, s.returned, s.rate])).toEqual([
      ['DR1000', 23, expect.closeTo(0.6765, 4)],
      ['TP1007', 2, null],
      ['KN1010', 1, 1],
    ]);
  });

  it('one style, its code in any case: its sizes shipped and never returned too', async () => {
    const r = ok(await manager.get('/api/reports/returns?range=week&style=%20dr1000%20')).data;
    expect(r.style).toBe('DR1000');
    expect(r.styles.map((s: { style_code: string }) => s.style_code)).toEqual(['DR1000']);
    expect(r.totals).toMatchObject({ shipped: 34, returned: 23 });
    const empty = ok(await manager.get('/api/reports/returns?range=week&style=NOPE')).data;
    expect(empty).toMatchObject({ styles: [], style_count: 0, totals: { shipped: 0, returned: 0, rate: null } });
    // Shipped, never sent back.
    const jumper = ok(await manager.get('/api/reports/returns?range=today&style=KN1010')).data;
    expect(jumper.styles).toEqual([
      expect.objectContaining({ style_code: 'KN1010', shipped: 1, returned: 0, rate: 0, sizes: [expect.objectContaining({ size: '12', shipped: 1, returned: 0, rate: 0 })] }),
    ]);
  });

  it('lists at most the styles the screen shows', () => {
    expect(RETURN_STYLES_SHOWN).toBe(50);
  });
});

describe('returns processing', () => {
  it('grades of the units received, receipt to restock by units, and what is open by age', async () => {
    const p = ok(await manager.get('/api/reports/returns-processing?range=week')).data;
    expect(p.received).toBe(24);
    expect(p.grades).toEqual({ A: 14, B: 2, C: 7, D: 1 });
    // 12 units after 30 minutes, 1 after 45 (by way of RETURNS), 7 after a day.
    expect(p.restock_time).toEqual({ units: 20, p50_seconds: 1800, p95_seconds: 86_400 });
    expect(p.open).toEqual({
      units: 5,
      parcels: 3,
      unmatched: 2,
      oldest_received_at: R5_RECEIVED,
      as_of: NOW.toISOString(),
      ages: [
        { age: 'under_1d', label: 'Under 1 day', units: 3, parcels: 1, unmatched: 0 },
        { age: '1_3d', label: '1 to 3 days', units: 0, parcels: 0, unmatched: 0 },
        { age: '3_7d', label: '3 to 7 days', units: 0, parcels: 0, unmatched: 0 },
        { age: '7_14d', label: '7 to 14 days', units: 0, parcels: 0, unmatched: 0 },
        { age: 'over_14d', label: '14 days or more', units: 2, parcels: 2, unmatched: 2 },
      ],
    });
    const today = ok(await manager.get('/api/reports/returns-processing?range=today')).data;
    expect(today.received).toBe(16);
    expect(today.restock_time).toEqual({ units: 13, p50_seconds: 1800, p95_seconds: 2700 });
  });

  it('the dashboard shows what waits to the manager and executive2, as the Returns screen counts it', async () => {
    const waiting = { units: 5, parcels: 3, unmatched: 2, oldest_received_at: R5_RECEIVED };
    expect(ok(await manager.get('/api/reports/daily-summary')).data.returns_waiting).toEqual(waiting);
    expect(ok(await exec2.get('/api/reports/daily-summary')).data.returns_waiting).toEqual(waiting);
    expect(ok(await exec1.get('/api/reports/daily-summary')).data.returns_waiting).toBeNull();
    expect(ok(await worker.get('/api/reports/daily-summary')).data.returns_waiting).toBeNull();
  });
});

describe('export', () => {
  const csv = async (qs: string) => {
    const res = await manager.get(`/api/reports/export?${qs}`);
    expect(res.status).toBe(200);
    return Papa.parse<string[]>(String(res.body).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  };

  it('exports every style size with its reasons and flag, then the totals', async () => {
    const rows = await csv('report=returns&range=week&format=csv');
    expect(rows[0]).toEqual([
      'Style', 'Style Name', 'Size', 'Shipped', 'Returned', 'Return Rate (%)', 'Too small', 'Too large', 'Not as pictured', 'Changed mind',
      'Faulty', 'Damaged in transit', 'Wrong item sent', 'Other', 'Fit',
    ]);
    expect(rows.slice(1)).toEqual([
      ['DR1000', 'Wrap Midi Dress 000', '8', '32', '21', '65.6', '21', '0', '0', '0', '0', '0', '0', '0', 'Runs small'],
      ['DR1000', 'Wrap Midi Dress 000', '10', '2', '2', '100', '0', '1', '0', '1', '0', '0', '0', '0', ''],
      ['KN1010', 'Cable Jumper 010', '12', '1', '1', '100', '0', '0', '0', '0', '1', '0', '0', '0', ''],
      ['Total', '', '', '35', '24', '68.6', '21', '1', '0', '1', '1', '0', '0', '0', ''],
    ]);
    expect((await csv('report=returns&range=week&style=kn1010&format=csv')).map((r) => r[0])).toEqual(['Style', 'KN1010', 'Total']);
  });

  it('exports the processing figures as XLSX', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/export?report=returns-processing&range=week&format=xlsx', headers: { authorization: `Bearer ${manager.token}` } });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Returns Processing']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Returns Processing']!, { header: 1 });
    expect(rows[0]).toEqual(['Section', 'Item', 'Units', 'Parcels', 'Unmatched Parcels']);
    expect(rows).toContainEqual(['Grades', 'A: resell as is', 14, '', '']);
    expect(rows).toContainEqual(['Receipt to restock', 'Median (hours)', 0.5, '', '']);
    expect(rows).toContainEqual(['Receipt to restock', '95th percentile (hours)', 24, '', '']);
    expect(rows).toContainEqual(['Open returns by age', '14 days or more', 2, 2, 2]);
    expect(rows).toContainEqual(['Open returns by age', 'Oldest received', R5_RECEIVED, '', '']);
  });
});

describe('access and input', () => {
  const urls = ['/api/reports/returns', '/api/reports/returns-processing', '/api/reports/export?report=returns', '/api/reports/export?report=returns-processing'];

  it('refuses the returns reports to every role but the manager, and to the anonymous', async () => {
    for (const who of [exec1, exec2, worker]) for (const url of urls) expect((await who.get(url)).status, url).toBe(403);
    for (const url of urls) expect((await t.anonymous.get(url)).status, url).toBe(401);
  });

  it('answers bad input with a 400 that says what is wrong', async () => {
    const bad = async (url: string, message: string) => {
      const res = await manager.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toContain(message);
    };
    await bad('/api/reports/returns?range=decade', 'Range must be one of today, week, month, quarter, year');
    await bad(`/api/reports/returns?style=${'X'.repeat(41)}`, 'Style code must be at most 40 characters');
    await bad('/api/reports/returns-processing?range=1', 'Range must be one of');
    await bad('/api/reports/export?report=refunds', 'Report must be one of inventory, orders, productivity, returns, returns-processing');
  });
});
