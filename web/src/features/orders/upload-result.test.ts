import { describe, expect, it } from 'vitest';
import { noStockLines, rowErrorLines } from './upload-result.ts';

describe('upload row errors', () => {
  it('lists each row error as Row N: message', () => {
    expect(rowErrorLines([{ row: 62, error: 'Missing required fields: SKU' }])).toEqual(['Row 62: Missing required fields: SKU']);
  });

  it('shows the first 10 and counts the rest', () => {
    const errors = Array.from({ length: 13 }, (_, i) => ({ row: i + 2, error: 'bad' }));
    const lines = rowErrorLines(errors);
    expect(lines).toHaveLength(11);
    expect(lines[9]).toBe('Row 11: bad');
    expect(lines[10]).toBe('... and 3 more errors');
  });

  it('has no lines without errors', () => {
    expect(rowErrorLines([])).toEqual([]);
  });

  it('lists the orders with items no location holds, each with those SKUs, ten of them then how many more', () => {
    const noStock = Array.from({ length: 12 }, (_, i) => ({ order_number: `#${10001 + i}`, skus: ['DR1000-12-BEIGE', 'KN1010-12-WINE'] }));
    const lines = noStockLines(noStock, 130);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('#10001: DR1000-12-BEIGE, KN1010-12-WINE');
    expect(lines[10]).toBe('... and 120 more orders');
    expect(noStockLines([], 0)).toEqual([]);
  });
});
