import { useEffect, useRef, useState } from 'react';

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

/** Marks the screen's own scan field: what is typed there is handled as a scan when Enter submits it. */
export const SCAN_FIELD_ATTRIBUTE = 'data-scan-field';

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

/**
 * Whether a scan would be heard now: 'ready' while the page has focus and no text field but the scan field takes
 * the keys; 'typing' while another field does; 'away' while the window is in the background.
 */
export type ScannerReadiness = 'ready' | 'typing' | 'away';

export function scannerReadiness(page: { hasFocus: boolean; typingInOtherField: boolean }): ScannerReadiness {
  if (!page.hasFocus) return 'away';
  return page.typingInOtherField ? 'typing' : 'ready';
}

function readReadiness(): ScannerReadiness {
  const focused = document.activeElement;
  const inScanField = focused instanceof HTMLElement && focused.closest(`[${SCAN_FIELD_ATTRIBUTE}]`) !== null;
  return scannerReadiness({ hasFocus: document.hasFocus(), typingInOtherField: isTypingTarget(focused) && !inScanField });
}

/** scannerReadiness, kept up to date as focus moves. */
export function useScannerReadiness(): ScannerReadiness {
  const read = readReadiness;
  const [readiness, setReadiness] = useState<ScannerReadiness>(read);
  useEffect(() => {
    // focusout fires before the next element has focus: read once focus has settled.
    const update = () => setTimeout(() => setReadiness(read()), 0);
    const events = ['focusin', 'focusout', 'focus', 'blur'] as const;
    for (const e of events) window.addEventListener(e, update, true);
    return () => {
      for (const e of events) window.removeEventListener(e, update, true);
    };
  }, []);
  return readiness;
}

/** A short buzz for a scan that did what it asked, a double one for a refused or unknown scan (phones only). */
export function scanCue(ok: boolean): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(ok ? 60 : [120, 60, 120]);
}
