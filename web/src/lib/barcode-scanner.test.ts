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

// Which keys of a sequence the scanner takes from the focused control.
function swallowed(keys: readonly [string, number][]): string[] {
  let buffer: ScanBuffer = EMPTY_SCAN;
  const taken: string[] = [];
  for (const [key, at] of keys) {
    const step = feedScanKey(buffer, key, at);
    buffer = step.buffer;
    if (step.swallow) taken.push(`${key}@${at}`);
  }
  return taken;
}

describe('keys a burst takes from the focused control', () => {
  it('takes every key of a burst after its first, Enter included, whether or not the code is one', () => {
    expect(swallowed(burst('DR1012-10-BLUE', 1000, 24))).toEqual([...'R1012-10-BLUE', 'Enter'].map((k, i) => `${k}@${1000 + (i + 1) * 24}`));
    expect(swallowed(burst('AB', 0, 20))).toEqual(['B@20', 'Enter@40']);
    expect(swallowed(burst('A', 0, 20))).toEqual(['Enter@20']);
  });

  it('leaves a person their keys: an Enter alone, or one after a pause longer than the burst gap', () => {
    expect(swallowed([['Enter', 0]])).toEqual([]);
    expect(swallowed([['x', 0], ['Enter', 51]])).toEqual([]);
    expect(swallowed(burst('KN1010', 1000, 200))).toEqual([]);
    // After a scan, the next Enter is a person's.
    expect(swallowed([...burst('AAA-1', 0), ['Enter', 2000]])).toEqual(['A@10', 'A@20', '-@30', '1@40', 'Enter@50']);
  });

  it('takes the Enter of a short burst of two characters at the start pace, and of one character only at machine speed', () => {
    expect(swallowed([['A', 0], ['B', 90], ['Enter', 180]])).toEqual(['B@90', 'Enter@180']);
    expect(swallowed([['A', 0], ['Enter', 50]])).toEqual(['Enter@50']);
    expect(swallowed([['A', 0], ['Enter', 51]])).toEqual([]);
  });

  it('lets Shift pass and stops at a Tab', () => {
    expect(swallowed([['Shift', 0], ['K', 5], ['Shift', 8], ['N', 10], ['Enter', 20]])).toEqual(['N@10', 'Enter@20']);
    expect(swallowed([['A', 0], ['B', 5], ['Tab', 10], ['Enter', 15]])).toEqual(['B@5']);
  });
});

// Keys `gaps` ms apart (the first at `start`), the code's characters then Enter.
const timed = (code: string, gaps: readonly number[], start = 1000): [string, number][] => {
  const keys = [...code, 'Enter'];
  if (gaps.length !== keys.length - 1) throw new Error('one gap between each two keys');
  let at = start;
  return keys.map((key, i): [string, number] => [key, i === 0 ? at : (at += gaps[i - 1]!)]);
};

describe('a burst by its own pace', () => {
  const CODE = 'DR1012-10-BLUE';

  it('reads a fast scanner, 5-30 ms a key, and takes all its keys but the first', () => {
    const keys = timed(CODE, [12, 5, 30, 8, 20, 14, 9, 25, 11, 6, 18, 22, 10, 15]);
    expect(typeKeys(keys)).toEqual([CODE]);
    expect(swallowed(keys)).toHaveLength(CODE.length);
  });

  it('reads a slow Bluetooth scanner, 60-90 ms a key with one 120 ms hiccup, as one scan taking every key but the first', () => {
    const keys = timed(CODE, [60, 85, 70, 90, 65, 120, 75, 80, 62, 88, 71, 90, 66, 84]);
    expect(typeKeys(keys)).toEqual([CODE]);
    expect(swallowed(keys)).toHaveLength(CODE.length);
  });

  it('never starts a burst for a fast typist, 100-180 ms a key with one rolled pair 40 ms apart, so their Enter stays theirs', () => {
    const keys = timed('shirt', [120, 100, 40, 160, 180]);
    expect(typeKeys(keys)).toEqual([]);
    // The rolled character is taken (a character presses no button); the Enter is not.
    expect(swallowed(keys)).toEqual(['r@1260']);
  });

  it('ends a burst at a pause longer than its pace allows and reads none of it', () => {
    // 10 ms a key: up to 100 ms (the floor) is still the burst.
    expect(typeKeys(timed('KN1010', [10, 10, 10, 10, 10, 100]))).toEqual(['KN1010']);
    expect(typeKeys(timed('KN1010', [10, 10, 10, 10, 10, 101]))).toEqual([]);
    // 80 ms a key: up to 4 x 80 ms.
    expect(typeKeys(timed('KN1010', [80, 80, 80, 80, 80, 320]))).toEqual(['KN1010']);
    expect(typeKeys(timed('KN1010', [80, 80, 80, 80, 80, 321]))).toEqual([]);
  });

  it('leaves a person’s Enter on a focused button after a pause, even right after a burst with no Enter of its own', () => {
    expect(swallowed([['x', 0], ['Enter', 400]])).toEqual([]);
    const cut = timed('AAA-1', [10, 10, 10, 10, 10]).slice(0, -1);
    expect(swallowed([...cut, ['Enter', 1400]])).toEqual(['A@1010', 'A@1020', '-@1030', '1@1040']);
  });
});

describe('scanner readiness', () => {
  it('is ready while the page has focus and no other text field takes the keys', () => {
    expect(scannerReadiness({ hasFocus: true, typingInOtherField: false })).toBe('ready');
    expect(scannerReadiness({ hasFocus: true, typingInOtherField: true })).toBe('typing');
    expect(scannerReadiness({ hasFocus: false, typingInOtherField: false })).toBe('away');
  });
});
