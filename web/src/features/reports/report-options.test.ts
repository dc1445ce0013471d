import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate, rangeLabel, readReportView, reportLabel, restockText } from './report-options.ts';

describe('report view from the URL', () => {
  it('reads the type and the range', () => {
    expect(readReportView(new URLSearchParams('type=orders&range=week'))).toEqual({ type: 'orders', range: 'week' });
    expect(readReportView(new URLSearchParams('type=audit&range=year'))).toEqual({ type: 'audit', range: 'year' });
  });
  it('falls back to inventory status for today on anything unknown', () => {
    expect(readReportView(new URLSearchParams('type=sales&range=decade'))).toEqual({ type: 'inventory', range: 'today' });
    expect(readReportView(new URLSearchParams())).toEqual({ type: 'inventory', range: 'today' });
  });
});

describe('labels', () => {
  it('names the report types as the spec does, with the audit log fourth', () => {
    expect(['inventory', 'orders', 'productivity', 'audit'].map((t) => reportLabel(t as never))).toEqual([
      'Inventory Status',
      'Order Analytics',
      'Worker Productivity',
      'Audit Log',
    ]);
  });
  it('names the date ranges', () => {
    expect(rangeLabel('today')).toBe('Today');
    expect(rangeLabel('quarter')).toBe('This Quarter');
  });
});

describe('durations', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(600)).toBe('10m');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3h 05m');
    expect(formatDuration(2 * 86400 + 4 * 3600)).toBe('2d 4h');
  });
  it('shows a dash when nothing was measured', () => {
    expect(formatDuration(null)).toBe('-');
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
