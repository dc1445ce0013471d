import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { receiptStreamId } from '@wh/contracts';
import { appendToStreams } from '../../platform/event-store.ts';
import { CUT_MARKER, CUT_SHEET, XLSX_CELL_LIMIT } from '../../platform/exports.ts';
import { startTestApp, type Client, type TestApp } from '../../testing.ts';

// No command takes text this long (a rejection reason is at most 500 characters), but an event may hold it: one
// written by an older release, or a summary that grows with an order's lines. The audit log exports it all the same.
const REASON = `Water damage ${'all along the bottom of the carton, '.repeat(1200)}`;

let t: TestApp;
let manager: Client;

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.asAdmin();
  const appended = await appendToStreams(
    t.database.db,
    [{ streamId: receiptStreamId(999_999), expectedVersion: 0, events: [{ type: 'StockReceiptRejected', data: { receipt_id: 999_999, reason: REASON, rejected_by: 1, at: new Date().toISOString() } }] }],
    { actor_id: 1, actor_role: 'manager', correlation_id: 'long-reason', causation_id: null, client_ip: null },
  );
  expect(await t.watcher.waitFor(appended!, 20_000)).toBe(true);
}, 300_000);
afterAll(() => t?.stop());

describe('the audit export of an event longer than a spreadsheet cell', () => {
  it('answers XLSX that opens, with the long cell cut and the cut said in the file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/events/export?event_type=StockReceiptRejected&format=xlsx', headers: { authorization: `Bearer ${manager.token}` } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Audit', CUT_SHEET]);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Audit!, { header: 1 });
    const what = rows[0]!.indexOf('What');
    const summary = String(rows[1]![what]);
    expect(summary).toHaveLength(XLSX_CELL_LIMIT);
    expect(summary.startsWith('Rejected receipt #999999: Water damage')).toBe(true);
    expect(summary.endsWith(CUT_MARKER)).toBe(true);
    const cut = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[CUT_SHEET]!, { header: 1 });
    expect(cut.at(-1)).toEqual([2, 'What', `Rejected receipt #999999: ${REASON}`.length]);
  });

  it('answers CSV with the cell in full', async () => {
    const res = await manager.get('/api/audit/events/export?event_type=StockReceiptRejected&format=csv');
    expect(res.status).toBe(200);
    const rows = Papa.parse<string[]>(String(res.body).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[1]![rows[0]!.indexOf('What')]).toBe(`Rejected receipt #999999: ${REASON}`);
  });
});
