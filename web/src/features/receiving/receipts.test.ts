import { describe, expect, it } from 'vitest';
import type { Receipt } from '@wh/contracts/receiving/http';
import { bulkOutcomeLines, bulkSummary, canDecide, pageSelection, selectableIds, selectedReceipts, togglePage } from './receipts.ts';

describe('who may decide a receipt', () => {
  it('a known style is for an executive2 or a manager', () => {
    expect(canDecide('executive2', { approver: 'executive2' })).toBe(true);
    expect(canDecide('manager', { approver: 'executive2' })).toBe(true);
  });
  it('an unknown style is for a manager only', () => {
    expect(canDecide('executive2', { approver: 'manager' })).toBe(false);
    expect(canDecide('manager', { approver: 'manager' })).toBe(true);
  });
});

const receipt = (id: number, over: Partial<Receipt> = {}): Receipt => ({
  id,
  status: 'pending',
  source: 'shopify_stock',
  style_code: 'DR1000',
  style_name: 'Wrap Midi Dress',
  sku: `DR1000-${id}-BEIGE`,
  color: 'Beige',
  size: String(id),
  quantity: 10,
  gatepass_number: null,
  received_date: null,
  filename: 'stock.csv',
  row: id,
  style_known: true,
  variant_known: true,
  approver: 'executive2',
  recorded_by: 'eve',
  recorded_at: '2026-11-21T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
  location: null,
  location_type: null,
  notes: null,
  reject_reason: null,
  ...over,
});

describe('selecting receipts on a page', () => {
  const page = [receipt(6), receipt(8), receipt(10, { approver: 'manager', style_known: false })];

  it('an executive2 may select the known styles only; a manager every receipt', () => {
    expect(selectableIds('executive2', page)).toEqual([6, 8]);
    expect(selectableIds('manager', page)).toEqual([6, 8, 10]);
  });

  it('the page box is empty, indeterminate or ticked as some or all selectable receipts are selected', () => {
    expect(pageSelection([6, 8], new Set())).toBe('none');
    expect(pageSelection([6, 8], new Set([8, 99]))).toBe('some');
    expect(pageSelection([6, 8], new Set([6, 8]))).toBe('all');
    expect(pageSelection([], new Set())).toBe('none');
  });

  it('the page box selects every selectable receipt, and clears them once all are selected', () => {
    expect([...togglePage([6, 8], new Set([8]))]).toEqual([6, 8]);
    expect([...togglePage([6, 8], new Set([6, 8]))]).toEqual([]);
  });

  it('what is approved is the selection still on the page and still the role\'s to approve', () => {
    expect(selectedReceipts('executive2', page, new Set([6, 10, 99])).map((r) => r.id)).toEqual([6]);
  });
});

describe('a bulk approval\'s result', () => {
  it('says per receipt whether it was approved, which took the location past its capacity, and why others were refused', () => {
    const sent = [receipt(6), receipt(8, { quantity: 1 })];
    const over = { location: 'A-1-1', capacity: 40, quantity_after: 47 };
    const result = {
      approved: 2,
      refused: 1,
      location: 'A-1-1',
      results: [
        { id: 6, status: 'approved' as const, over_capacity: [] },
        { id: 8, status: 'approved' as const, over_capacity: [over] },
        { id: 12, status: 'refused' as const, error: 'Receipt #12 is already approved' },
      ],
      over_capacity: [over],
    };
    expect(bulkOutcomeLines(result, sent)).toEqual([
      { id: 6, label: 'DR1000-6-BEIGE · 10 units', approved: true, text: 'Approved into A-1-1' },
      { id: 8, label: 'DR1000-8-BEIGE · 1 unit', approved: true, text: 'Approved into A-1-1; A-1-1 over capacity (47 of 40)' },
      { id: 12, label: 'Receipt #12', approved: false, text: 'Refused: Receipt #12 is already approved' },
    ]);
    expect(bulkSummary(result)).toBe('2 receipts approved into A-1-1, 1 refused');
    expect(bulkSummary({ approved: 1, refused: 0, location: 'RECEIVING' })).toBe('1 receipt approved into RECEIVING');
  });
});
