import { describe, expect, it } from 'vitest';
import type { OrderAnalyticsDay } from '@wh/contracts/reports/http';
import { orderBuckets } from './order-buckets.ts';

function days(count: number, from = '2026-01-01'): OrderAnalyticsDay[] {
  const start = new Date(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(start.getTime() + i * 86_400_000);
    return { date: d.toISOString().slice(0, 10), received: 1, assigned: i % 2, completed: 0, verified: 0, cancelled: 0 };
  });
}

describe('order buckets', () => {
  it('keeps one bar a day up to a month', () => {
    const { unit, buckets } = orderBuckets(days(7, '2026-11-15'));
    expect(unit).toBe('day');
    expect(buckets.map((b) => b.label)).toEqual(['15 Nov', '16 Nov', '17 Nov', '18 Nov', '19 Nov', '20 Nov', '21 Nov']);
    expect(buckets[0]?.received).toBe(1);
  });
  it('groups a quarter into weeks from its first day, the last week shorter', () => {
    const { unit, buckets } = orderBuckets(days(90, '2026-08-24'));
    expect(unit).toBe('week');
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toMatchObject({ start: '2026-08-24', label: 'w/c 24 Aug', received: 7 });
    expect(buckets[12]?.received).toBe(6);
  });
  it('groups a year into calendar months and keeps every count', () => {
    const input = days(365, '2025-11-22');
    const { unit, buckets } = orderBuckets(input);
    expect(unit).toBe('month');
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toMatchObject({ label: 'Nov 2025', received: 9 });
    expect(buckets.reduce((a, b) => a + b.received, 0)).toBe(365);
    expect(buckets.reduce((a, b) => a + b.assigned, 0)).toBe(input.reduce((a, d) => a + d.assigned, 0));
  });
  it('has no bars for no days', () => {
    expect(orderBuckets([]).buckets).toEqual([]);
  });
});
