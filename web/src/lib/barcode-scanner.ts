import { useEffect, useRef } from 'react';

// A keyboard-wedge scanner "types" the code very fast and presses Enter. People type far slower, so a
// burst of characters with short gaps ending in Enter is a scan; anything slower is discarded.

export interface ScannerOptions {
  /** Longest gap between two characters of one scan. */
  maxGapMs: number;
  /** Shortest code accepted. */
  minLength: number;
}

export const DEFAULT_SCANNER: ScannerOptions = { maxGapMs: 50, minLength: 3 };

export interface ScanBuffer {
  text: string;
  lastAt: number | null;
}

export const EMPTY_SCAN: ScanBuffer = { text: '', lastAt: null };

const MODIFIER_KEYS = new Set(['Shift', 'CapsLock']);

export type ScanStep = { buffer: ScanBuffer; scanned: string | null };

/** Feeds one key press (KeyboardEvent.key) at time `at` (ms) into the buffer. */
export function feedScanKey(buffer: ScanBuffer, key: string, at: number, options: ScannerOptions = DEFAULT_SCANNER): ScanStep {
  const continues = buffer.lastAt !== null && at - buffer.lastAt <= options.maxGapMs;
  if (key === 'Enter') {
    const code = continues ? buffer.text.trim() : '';
    return { buffer: EMPTY_SCAN, scanned: code.length >= options.minLength ? code : null };
  }
  // Scanners press Shift for capitals: modifier keys neither add to nor break a scan.
  if (MODIFIER_KEYS.has(key)) return { buffer, scanned: null };
  if (key.length !== 1) return { buffer: EMPTY_SCAN, scanned: null };
  return { buffer: { text: (continues ? buffer.text : '') + key, lastAt: at }, scanned: null };
}

/** True when keys go to a text field (typing there is never a scan). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return false;
}

/** Listens for scans anywhere on the page while no text field has focus. */
export function useBarcodeScanner(onScan: (code: string) => void, options: ScannerOptions = DEFAULT_SCANNER): void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useEffect(() => {
    let buffer = EMPTY_SCAN;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTypingTarget(event.target)) {
        buffer = EMPTY_SCAN;
        return;
      }
      const step = feedScanKey(buffer, event.key, event.timeStamp, options);
      buffer = step.buffer;
      if (step.scanned) {
        // The Enter ends the scan: it must not also press whatever button has focus.
        event.preventDefault();
        onScanRef.current(step.scanned);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [options]);
}
