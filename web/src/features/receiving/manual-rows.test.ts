import { describe, expect, it } from 'vitest';
import { emptyRow, isComplete, isStarted, quantityOf, rowsToSend, toCsv, type ManualRow } from './manual-rows.ts';

const row = (patch: Partial<ManualRow>): ManualRow => ({
  ...emptyRow('2026-05-01'),
  itemCode: 'dr1000',
  color: 'Black',
  size: '10',
  quantity: '5',
  gatepassNumber: 'GP-1',
  ...patch,
});

describe('manual entry rows', () => {
  it('a row is complete with item code, colour, size, a quantity above 0 and a gatepass number', () => {
    expect(isComplete(row({}))).toBe(true);
    for (const patch of [{ itemCode: ' ' }, { color: '' }, { size: '' }, { quantity: '0' }, { quantity: '-2' }, { quantity: 'x' }, { quantity: '1.5' }, { gatepassNumber: '' }]) {
      expect(isComplete(row(patch))).toBe(false);
    }
  });

  it('a row with only a date is not started', () => {
    expect(isStarted(emptyRow('2026-05-01'))).toBe(false);
    expect(isStarted({ ...emptyRow('2026-05-01'), color: 'Red' })).toBe(true);
  });

  it('reads whole quantities above 0', () => {
    expect([' 3 ', '0', '', '2.0', '12'].map(quantityOf)).toEqual([3, null, null, null, 12]);
  });

  it('sends only complete rows, with the item code upper-cased', () => {
    const sent = rowsToSend([row({}), row({ quantity: '0' }), row({ itemCode: ' tp1001 ', gatepassNumber: ' GP-2 ' })]);
    expect(sent).toEqual([
      { date: '2026-05-01', item_code: 'DR1000', color: 'Black', size: '10', quantity: 5, gatepass_number: 'GP-1' },
      { date: '2026-05-01', item_code: 'TP1001', color: 'Black', size: '10', quantity: 5, gatepass_number: 'GP-2' },
    ]);
  });

  it('sends nothing when no row is complete', () => {
    expect(rowsToSend([row({ size: '' }), emptyRow('2026-05-01')])).toEqual([]);
  });

  it('writes the CSV with the spec header and quotes cells holding commas or quotes', () => {
    const csv = toCsv(rowsToSend([row({}), row({ color: 'Black, "Jet"', gatepassNumber: 'GP-9' })]));
    expect(csv).toBe(
      'DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\r\n' +
        '2026-05-01,DR1000,Black,10,5,GP-1\r\n' +
        '2026-05-01,DR1000,"Black, ""Jet""",10,5,GP-9\r\n',
    );
  });
});
