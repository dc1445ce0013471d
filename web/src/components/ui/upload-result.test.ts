import { describe, expect, it } from 'vitest';
import { errorLines, resultStats } from './upload-result.ts';

const errors = (n: number) => Array.from({ length: n }, (_, i) => ({ row: i + 2, error: `bad ${i + 2}` }));

describe('upload result card', () => {
  it('lists every error when there are five or fewer', () => {
    expect(errorLines(errors(5))).toEqual({
      lines: ['Row 2: bad 2', 'Row 3: bad 3', 'Row 4: bad 4', 'Row 5: bad 5', 'Row 6: bad 6'],
      more: null,
    });
  });

  it('lists the first five and counts the rest', () => {
    const { lines, more } = errorLines(errors(8));
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('Row 6: bad 6');
    expect(more).toBe('... and 3 more errors');
  });

  it('lists nothing without errors', () => {
    expect(errorLines([])).toEqual({ lines: [], more: null });
  });

  it('shows only the counts the answer carries, in the order given', () => {
    const stats = resultStats(
      { processed_records: 3, new_styles: undefined, pending_approval: 2, message: 'x' },
      { pending_approval: 'Pending Approval', processed_records: 'Processed', new_styles: 'New Styles' },
    );
    expect(stats).toEqual([
      { label: 'Pending Approval', value: 2 },
      { label: 'Processed', value: 3 },
    ]);
  });
});
