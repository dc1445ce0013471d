import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '@wh/contracts/orders/http';
import { pickListDetails, pickListLines } from './pick-list.ts';

const item = (id: number, sku: string, location: string | null, status: OrderItem['status'] = 'pending', short_quantity: number | null = null) =>
  ({ id, sku, style_name: `Style ${id}`, size: '8', color: 'BLUE', quantity: id, location, location_type: location ? 'bin' : null, status, short_quantity }) as OrderItem;

const order = {
  order_number: '10001',
  status: 'picking',
  order_date: '2026-11-20',
  assigned_worker: { id: 7, username: 'pat', full_name: 'Pat Picker' },
  items: [item(3, 'TP1007-6-GREEN', 'A-1-1', 'picked'), item(1, 'KN1010-12-WINE', 'A-2-1'), item(2, 'BG1005-FS-GREY', null), item(4, 'JN1003-14-KHAKI', 'B-1-1', 'short', 1)],
} as unknown as Order;

describe('an order’s pick list', () => {
  it('keeps the server’s item order and says what each line is, where, and whether it is picked or short', () => {
    expect(pickListLines(order)).toEqual([
      { key: 3, sku: 'TP1007-6-GREEN', styleName: 'Style 3', size: '8', color: 'BLUE', quantity: 3, location: 'A-1-1', locationType: 'bin', status: 'picked', shortQuantity: null },
      { key: 1, sku: 'KN1010-12-WINE', styleName: 'Style 1', size: '8', color: 'BLUE', quantity: 1, location: 'A-2-1', locationType: 'bin', status: 'pending', shortQuantity: null },
      { key: 2, sku: 'BG1005-FS-GREY', styleName: 'Style 2', size: '8', color: 'BLUE', quantity: 2, location: null, locationType: null, status: 'pending', shortQuantity: null },
      { key: 4, sku: 'JN1003-14-KHAKI', styleName: 'Style 4', size: '8', color: 'BLUE', quantity: 4, location: 'B-1-1', locationType: 'bin', status: 'short', shortQuantity: 1 },
    ]);
  });

  it('heads the list with the status, the worker and the order date', () => {
    const details = pickListDetails(order);
    expect(details.map((d) => d.label)).toEqual(['Status', 'Worker', 'Order date']);
    expect(details[0]!.value).toBe('Picking');
    expect(details[1]!.value).toBe('Pat Picker');
    expect(pickListDetails({ ...order, assigned_worker: null })[1]!.value).toBe('Unassigned');
  });
});
