import { describe, expect, it } from 'vitest';
import type { Order } from '@wh/contracts/orders/http';
import { displayStatus, isHighPriority, isSelectable, rowActions, stylePrefixes } from './order-rows.ts';

const items = (...skus: string[]) => skus.map((sku) => ({ sku, style_code: sku.split('-')[0] ?? sku })) as Order['items'];

describe('order rows', () => {
  it('shows an unknown status as pending', () => {
    expect(displayStatus('weird')).toBe('pending');
    expect(displayStatus('picking')).toBe('picking');
  });

  it('tags priority above 1 as high', () => {
    expect(isHighPriority({ priority: 2 })).toBe(true);
    expect(isHighPriority({ priority: 1 })).toBe(false);
  });

  it('lists the first two distinct style prefixes', () => {
    expect(stylePrefixes({ items: items('KN1010-12-WINE', 'KN1010-8-WINE', 'TP1007-6-GREEN', 'DR1012-8-BLUE') })).toEqual(['KN1010', 'TP1007']);
    expect(stylePrefixes({ items: [] })).toEqual([]);
  });

  it('offers assign, deassign and cancel by state', () => {
    expect(rowActions({ status: 'pending', assigned_worker_id: null })).toEqual(['assign', 'cancel']);
    expect(rowActions({ status: 'assigned', assigned_worker_id: 7 })).toEqual(['deassign', 'cancel']);
    expect(rowActions({ status: 'picking', assigned_worker_id: 7 })).toEqual([]);
    expect(rowActions({ status: 'completed', assigned_worker_id: 7 })).toEqual([]);
  });

  it('lets only pending and assigned orders be selected', () => {
    expect(['pending', 'assigned', 'picking', 'completed', 'cancelled'].map((status) => isSelectable({ status } as Order))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
