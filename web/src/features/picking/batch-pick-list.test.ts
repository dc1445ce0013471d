import { describe, expect, it } from 'vitest';
import type { BatchDetail, BatchLine } from '@wh/contracts/orders/http';
import { batchPickListDetails, batchPickListLines } from './batch-pick-list.ts';

const line = (orderId: number, orderNumber: string, slot: number, id: number, sku: string, location: string | null): BatchLine => ({
  id,
  sku,
  style_code: 'DR1000',
  style_name: 'Wrap Dress',
  size: 'M',
  color: 'Wine',
  quantity: 1,
  value: null,
  status: 'pending',
  picked_at: null,
  picked_by: null,
  short_quantity: null,
  looked_in: [],
  location,
  location_type: location ? 'bin' : null,
  location_suggested: location !== null,
  location_quantity: location ? 4 : null,
  unstocked: false,
  no_stock: location === null,
  notes: null,
  barcodes: [],
  order_id: orderId,
  order_number: orderNumber,
  slot,
});

const batch: BatchDetail = {
  id: 7,
  status: 'open',
  worker: { id: 3, username: 'ann', full_name: 'Ann Picker' },
  created_by: null,
  created_at: '2026-11-26T09:00:00.000Z',
  completed_at: null,
  orders: [
    { order_id: 1, order_number: '#10001', slot: 1, status: 'assigned', total_items: 1, picked_items: 0, short_items: 0 },
    { order_id: 2, order_number: '#10002', slot: 2, status: 'assigned', total_items: 1, picked_items: 0, short_items: 0 },
  ],
  total_items: 2,
  picked_items: 0,
  short_items: 0,
  lines: [line(2, '#10002', 2, 20, 'DR1000-M-WINE', 'A-1-1'), line(1, '#10001', 1, 10, 'DR1000-S-WINE', null)],
  done_lines: [],
};

describe('a batch pick list', () => {
  it('keeps the server walk order and names each line order and tote', () => {
    const lines = batchPickListLines(batch);
    expect(lines.map((l) => [l.sku, l.orderNumber, l.tote, l.location])).toEqual([
      ['DR1000-M-WINE', '#10002', '2', 'A-1-1'],
      ['DR1000-S-WINE', '#10001', '1', null],
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(2);
  });

  it('names the worker and every tote in its details', () => {
    expect(batchPickListDetails(batch).slice(0, 2)).toEqual([
      { label: 'Worker', value: 'Ann Picker' },
      { label: 'Orders', value: 'Tote 1: #10001, Tote 2: #10002' },
    ]);
  });
});
