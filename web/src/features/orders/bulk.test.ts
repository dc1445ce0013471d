import { describe, expect, it } from 'vitest';
import { bulkSummary, runBulk } from './bulk.ts';

describe('bulk order actions', () => {
  it('runs one call per order and keeps going after a failure', async () => {
    const seen: number[] = [];
    const outcome = await runBulk(
      [1, 2, 3, 4, 5],
      async (id) => {
        seen.push(id);
        if (id % 2 === 0) throw new Error(`Order #${id} is completed and cannot be cancelled`);
      },
      (id) => `#${id}`,
      2,
    );
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(outcome.succeeded).toBe(3);
    expect(outcome.failures).toEqual([
      { label: '#2', message: 'Order #2 is completed and cannot be cancelled' },
      { label: '#4', message: 'Order #4 is completed and cannot be cancelled' },
    ]);
  });

  it('words the result as the spec does', () => {
    expect(bulkSummary('assigned', { succeeded: 3, failures: [] })).toBe('3 orders assigned successfully. 0 failed.');
    expect(bulkSummary('cancelled', { succeeded: 1, failures: [{ label: '#1', message: 'x' }] })).toBe(
      '1 orders cancelled successfully. 1 failed.',
    );
    expect(bulkSummary('deassigned', { succeeded: 2, failures: [] })).toBe('2 orders deassigned successfully. 0 failed.');
  });

  it('handles an empty selection', async () => {
    expect(await runBulk([], async () => undefined, String)).toEqual({ succeeded: 0, failures: [] });
  });
});
