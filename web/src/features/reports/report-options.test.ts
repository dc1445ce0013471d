import { describe, expect, it } from 'vitest';
import { formatMinutes, formatRate, insightCards, rangeLabel, rangeStart, readReportView, reportLabel, restockText } from './report-options.ts';

describe('report view from the URL', () => {
  it('reads the type and the range', () => {
    expect(readReportView(new URLSearchParams('type=orders&range=week'))).toEqual({ type: 'orders', range: 'week' });
    expect(readReportView(new URLSearchParams('type=audit&range=year'))).toEqual({ type: 'audit', range: 'year' });
    // The dashboard's Count Accuracy card opens it.
    expect(readReportView(new URLSearchParams('type=count-accuracy'))).toEqual({ type: 'count-accuracy', range: 'today' });
  });
  it('falls back to inventory status for today on anything unknown', () => {
    expect(readReportView(new URLSearchParams('type=sales&range=decade'))).toEqual({ type: 'inventory', range: 'today' });
    expect(readReportView(new URLSearchParams())).toEqual({ type: 'inventory', range: 'today' });
  });
});

describe('labels', () => {
  it('names the report types as the spec does, then the returns and the audit log', () => {
    expect(['inventory', 'orders', 'productivity', 'returns', 'returns-processing', 'audit'].map((t) => reportLabel(t as never))).toEqual([
      'Inventory Status',
      'Order Analytics',
      'Worker Productivity',
      'Returns by Style and Size',
      'Returns Processing',
      'Audit Log',
    ]);
  });
  it('names the date ranges', () => {
    expect(rangeLabel('today')).toBe('Today');
    expect(rangeLabel('quarter')).toBe('This Quarter');
  });
});

describe('range start', () => {
  it("starts a range on its first day as the server counts it, from the browser's today", () => {
    const today = new Date(2026, 10, 21, 15, 0);
    expect(rangeStart('today', today)).toBe('2026-11-21');
    expect(rangeStart('week', today)).toBe('2026-11-15');
    expect(rangeStart('month', today)).toBe('2026-11-01');
    expect(rangeStart('quarter', today)).toBe('2026-10-01');
    expect(rangeStart('year', today)).toBe('2026-01-01');
  });
});

describe('durations', () => {
  it('reads the order timings given in minutes', () => {
    expect(formatMinutes(90)).toBe('1h 30m');
    expect(formatMinutes(0.5)).toBe('30s');
    expect(formatMinutes(null)).toBe('-');
  });
});

describe('rates and counts', () => {
  it('shows a rate as a percent with one decimal', () => {
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('-');
  });
  it('says how many items need restocking', () => {
    expect(restockText(3)).toBe('3 items need restocking');
    expect(restockText(1)).toBe('1 item needs restocking');
  });
});

describe('insight cards', () => {
  const healthy = { out_of_stock_count: 0, low_stock_count: 0, bin_utilization: 40, rack_utilization: 20 };
  it("use the spec's words when all is well", () => {
    expect(insightCards(healthy).map((c) => c.text)).toEqual(['Stock levels are optimized', 'Good utilization rates', '0 items need restocking']);
  });
  it('say what is wrong from the figures', () => {
    const cards = insightCards({ out_of_stock_count: 2, low_stock_count: 7, bin_utilization: 93.4, rack_utilization: 10 });
    expect(cards.map((c) => c.text)).toEqual(['2 SKUs are out of stock', 'Storage is nearly full (93%)', '7 items need restocking']);
    expect(cards.map((c) => c.tone)).toEqual(['bad', 'bad', 'warn']);
  });
});
