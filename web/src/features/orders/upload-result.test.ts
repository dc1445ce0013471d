import { describe, expect, it } from 'vitest';
import { rowErrorLines } from './upload-result.ts';

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
});
