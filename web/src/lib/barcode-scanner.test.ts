import { describe, expect, it } from 'vitest';
import { EMPTY_SCAN, feedScanKey, scannerReadiness, type ScanBuffer } from './barcode-scanner.ts';

function typeKeys(keys: readonly [string, number][]): (string | null)[] {
  let buffer: ScanBuffer = EMPTY_SCAN;
  const scans: (string | null)[] = [];
  for (const [key, at] of keys) {
    const step = feedScanKey(buffer, key, at);
    buffer = step.buffer;
    if (step.scanned) scans.push(step.scanned);
  }
  return scans;
}

const burst = (code: string, start: number, gap = 10): [string, number][] => [
  ...[...code].map((c, i): [string, number] => [c, start + i * gap]),
  ['Enter', start + code.length * gap],
];

describe('barcode scanner', () => {
  it('reads a fast burst ending in Enter as a scan', () => {
    expect(typeKeys(burst('KN1010-12-WINE', 1000))).toEqual(['KN1010-12-WINE']);
  });

  it('ignores slow human typing', () => {
    expect(typeKeys(burst('KN1010', 1000, 200))).toEqual([]);
  });

  it('drops what was typed slowly before a scan and keeps the burst', () => {
    expect(typeKeys([['x', 0], ['y', 500], ...burst('TP1007-6-GREEN', 2000)])).toEqual(['TP1007-6-GREEN']);
  });

  it('ignores an Enter alone and codes shorter than three characters', () => {
    expect(typeKeys([['Enter', 0], ...burst('AB', 100)])).toEqual([]);
  });

  it('resets on a non-character key such as Shift or Tab', () => {
    expect(typeKeys([['A', 0], ['B', 5], ['Tab', 10], ['C', 15], ['Enter', 20]])).toEqual([]);
  });

  it('lets Shift (pressed by scanners for capitals) pass without breaking the scan', () => {
    expect(typeKeys([['Shift', 0], ['K', 5], ['Shift', 8], ['N', 10], ['1', 15], ['Enter', 20]])).toEqual(['KN1']);
  });

  it('reads two scans in a row', () => {
    expect(typeKeys([...burst('AAA-1', 0), ...burst('BBB-2', 1000)])).toEqual(['AAA-1', 'BBB-2']);
  });
});

describe('scanner readiness', () => {
  it('is ready while the page has focus and no other text field takes the keys', () => {
    expect(scannerReadiness({ hasFocus: true, typingInOtherField: false })).toBe('ready');
    expect(scannerReadiness({ hasFocus: true, typingInOtherField: true })).toBe('typing');
    expect(scannerReadiness({ hasFocus: false, typingInOtherField: false })).toBe('away');
  });
});
