import { describe, expect, it } from 'vitest';
import type { BatchDetail, BatchLine, Order } from '@wh/contracts/orders/http';
import { ApiError } from '../../../lib/api-errors.ts';
import { orderItem, orderSummary } from '../../../lib/testing.ts';
import { batchWithOrder, holdersOf } from './picking-api.ts';

describe('a refused pick', () => {
  it('offers the locations the 409 names, most first', () => {
    const refused = new ApiError('Not enough stock of DR1012-8-BLUE at B-2-2', 409, 'CONFLICT', [
      { field: 'location', message: 'A-1-1: 5' },
      { field: 'location', message: 'RACK-3: 2' },
    ]);
    expect(holdersOf(refused)).toEqual(['A-1-1', 'RACK-3']);
  });

  it('offers nothing for other failures', () => {
    expect(holdersOf(new ApiError('Order #10001 is completed', 409, 'ILLEGAL_TRANSITION'))).toEqual([]);
    expect(holdersOf(new ApiError('x', 500, 'INTERNAL', [{ field: 'location', message: 'A-1-1: 5' }]))).toEqual([]);
    expect(holdersOf(new Error('network'))).toEqual([]);
  });
});

describe('an open batch after an answer with one of its orders', () => {
  const line = (id: number, status: BatchLine['status'], order_id = 1): BatchLine => ({ ...orderItem({ id, sku: `SKU-${id}`, status }), order_id, order_number: `#${order_id}`, slot: order_id });
  const batch = (lines: BatchLine[], done: BatchLine[]): BatchDetail => ({
    id: 4,
    status: 'open',
    worker: { id: 7, username: 'wendy', full_name: null },
    created_by: null,
    created_at: '2026-03-02T09:00:00Z',
    completed_at: null,
    orders: [1, 2].map((id) => ({ order_id: id, order_number: `#${id}`, slot: id, status: 'picking' as const, total_items: 2, picked_items: 1, short_items: 0 })),
    total_items: 4,
    picked_items: 1,
    short_items: 1,
    lines,
    done_lines: done,
  });
  const answer = (items: BatchLine[]): Order => ({ ...orderSummary({ id: 1 }), items, items_pagination: { current_page: 1, total_pages: 1, total_records: items.length, per_page: 500 } });

  it('marks a line just picked where it is listed, counting it done', () => {
    const after = batchWithOrder(batch([line(11, 'pending'), line(21, 'pending', 2)], [line(12, 'picked')]), answer([line(11, 'picked'), line(12, 'picked')]));
    expect(after.lines.map((l) => [l.id, l.status])).toEqual([[11, 'picked'], [21, 'pending']]);
    expect(after.done_lines.map((l) => l.id)).toEqual([12]);
    expect(after.picked_items).toBe(1);
  });

  it('puts a picked or short line undone back among those to pick, no longer counted done', () => {
    const before = batch([line(21, 'pending', 2)], [line(11, 'picked'), line(12, 'short'), line(22, 'picked', 2)]);
    const after = batchWithOrder(before, answer([line(11, 'pending'), line(12, 'short')]));
    expect(after.lines.map((l) => [l.id, l.status])).toEqual([[21, 'pending'], [11, 'pending']]);
    expect(after.done_lines.map((l) => l.id)).toEqual([12, 22]);
    expect([after.picked_items, after.short_items]).toEqual([0, 1]);
    const shortUndone = batchWithOrder(before, answer([line(11, 'picked'), line(12, 'pending')]));
    expect([shortUndone.picked_items, shortUndone.short_items]).toEqual([1, 0]);
  });
});
