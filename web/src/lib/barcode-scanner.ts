import { useEffect, useRef, useState } from 'react';

// A keyboard-wedge scanner "types" the code very fast and presses Enter. People type far slower, so a
// burst of characters with short gaps ending in Enter is a scan; anything slower is discarded. The keys of a burst
// belong to the scan: they reach no focused control, so a scan (refused or not) never presses a button. A key a
// person presses after a pause longer than the burst gap reaches the focused control as usual.

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

/**
 * `scanned`: the code a burst's Enter completes. `swallow`: the key continues a burst (a character or the Enter within
 * maxGapMs of the burst's last character), so it is the scanner's and no control may act on it, even when the burst
 * is too short to be a code. A burst's first key cannot be told from a person's; characters press no button.
 */
export type ScanStep = { buffer: ScanBuffer; scanned: string | null; swallow: boolean };

/** Feeds one key press (KeyboardEvent.key) at time `at` (ms) into the buffer. */
export function feedScanKey(buffer: ScanBuffer, key: string, at: number, options: ScannerOptions = DEFAULT_SCANNER): ScanStep {
  const continues = buffer.lastAt !== null && at - buffer.lastAt <= options.maxGapMs;
  const inBurst = continues && buffer.text !== '';
  if (key === 'Enter') {
    const code = inBurst ? buffer.text.trim() : '';
    return { buffer: EMPTY_SCAN, scanned: code.length >= options.minLength ? code : null, swallow: inBurst };
  }
  // Scanners press Shift for capitals: modifier keys neither add to nor break a scan.
  if (MODIFIER_KEYS.has(key)) return { buffer, scanned: null, swallow: false };
  if (key.length !== 1) return { buffer: EMPTY_SCAN, scanned: null, swallow: false };
  return { buffer: { text: (continues ? buffer.text : '') + key, lastAt: at }, scanned: null, swallow: inBurst };
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

/**
 * Listens for scans anywhere on the page while no text field has focus. Listening on the window in the capture phase,
 * it sees each key before the focused element, React and react-aria do: a key of a burst is cancelled and stopped
 * there, and so are its keypress and keyup, so neither a browser's own button activation (Enter on keydown, Space on
 * keyup) nor react-aria's usePress (press on keydown, onPress on keyup) sees it. A click the browser synthesises for a
 * key (detail 0) right after a swallowed key is stopped too.
 */
export function useBarcodeScanner(onScan: (code: string) => void, options: ScannerOptions = DEFAULT_SCANNER): void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useEffect(() => {
    let buffer = EMPTY_SCAN;
    // Keys whose keydown was the scanner's: their keypress and keyup are too.
    const swallowed = new Set<string>();
    let swallowedAt = Number.NEGATIVE_INFINITY;
    const keyOf = (event: KeyboardEvent) => event.code || event.key;
    const consume = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // A held key repeats (a person's; scanners never do): it ends any burst and stays the focused control's.
      if (event.ctrlKey || event.altKey || event.metaKey || event.repeat || isTypingTarget(event.target)) {
        buffer = EMPTY_SCAN;
        return;
      }
      const step = feedScanKey(buffer, event.key, event.timeStamp, options);
      buffer = step.buffer;
      if (step.swallow) {
        consume(event);
        swallowed.add(keyOf(event));
        swallowedAt = event.timeStamp;
      }
      if (step.scanned) onScanRef.current(step.scanned);
    };
    const onKeyPress = (event: KeyboardEvent) => {
      if (swallowed.has(keyOf(event))) consume(event);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (swallowed.delete(keyOf(event))) consume(event);
    };
    const onClick = (event: MouseEvent) => {
      if (event.detail === 0 && (swallowed.size > 0 || event.timeStamp - swallowedAt <= options.maxGapMs)) consume(event);
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keypress', onKeyPress, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keypress', onKeyPress, true);
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('click', onClick, true);
    };
  }, [options]);
}

/**
 * Whether a scan would be heard now: 'ready' while the page has focus and no text field but the scan field takes
 * the keys; 'typing' while another field does; 'away' while the window is in the background.
 */
export type ScannerReadiness = 'ready' | 'typing' | 'away';

/** What each scanning screen says of its scanner's readiness. */
export const SCANNER_READINESS_TEXT: Record<ScannerReadiness, string> = {
  ready: 'Scanner ready',
  typing: 'Scanner paused while you type in another field',
  away: 'Scanner paused: tap this page to scan',
};

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
  const [readiness, setReadiness] = useState<ScannerReadiness>(readReadiness);
  useEffect(() => {
    // focusout fires before the next element has focus: read once focus has settled.
    const update = () => setTimeout(() => setReadiness(readReadiness()), 0);
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
