import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { displayStatus, isHighPriority, isSelectable, rowActions } from './order-rows.ts';

describe('order rows', () => {
  it('shows an unknown status as pending', () => {
    expect(displayStatus('weird')).toBe('pending');
    expect(displayStatus('picking')).toBe('picking');
  });

  it('tags priority above 1 as high', () => {
    expect(isHighPriority({ priority: 2 })).toBe(true);
    expect(isHighPriority({ priority: 1 })).toBe(false);
  });

  it('offers assign, deassign and cancel by state', () => {
    expect(rowActions({ status: 'pending', assigned_worker_id: null })).toEqual(['assign', 'cancel']);
    expect(rowActions({ status: 'assigned', assigned_worker_id: 7 })).toEqual(['deassign', 'cancel']);
    expect(rowActions({ status: 'picking', assigned_worker_id: 7 })).toEqual([]);
    expect(rowActions({ status: 'completed', assigned_worker_id: 7 })).toEqual([]);
  });

  it('lets only pending and assigned orders be selected', () => {
    expect(['pending', 'assigned', 'picking', 'completed', 'cancelled'].map((status) => isSelectable({ status } as OrderSummary))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
