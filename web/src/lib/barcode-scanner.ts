import { useEffect, useRef, useState } from 'react';

// A keyboard-wedge scanner "types" the code fast, at its own steady pace, and presses Enter. A burst starts with a few
// characters in quick succession (quicker than a person types) and then keeps to its own pace: a slow Bluetooth
// scanner's 60-90 ms gaps, and a hiccup of two or three times that, stay in one burst, where a fixed gap would split
// its code. A burst ends with Enter (a scan) or a pause longer than its pace allows (dropped). The keys of a burst
// belong to the scan: they reach no focused control, so a scan (refused or not) never presses a button. A key a
// person presses after a pause reaches the focused control as usual.

export interface ScannerOptions {
  /** A burst starts with `startKeys` characters, each at most `startGapMs` after the one before. */
  startKeys: number;
  startGapMs: number;
  /** A gap this short is machine speed whatever came before: an Enter this soon after one character is a scanner's. */
  machineGapMs: number;
  /** Once started, a burst continues while each gap is at most max(floor, factor x the burst's median gap so far). */
  continueFloorMs: number;
  continueFactor: number;
  /** Shortest code accepted. */
  minLength: number;
}

// Typing is 100 ms a key and slower even for a fast typist (rolled pairs aside); the slowest scanners seen are 60-90 ms.
export const DEFAULT_SCANNER: ScannerOptions = { startKeys: 3, startGapMs: 95, machineGapMs: 50, continueFloorMs: 100, continueFactor: 4, minLength: 3 };

export interface ScanBuffer {
  text: string;
  lastAt: number | null;
  /** The gaps between the characters of `text`. */
  gaps: readonly number[];
}

export const EMPTY_SCAN: ScanBuffer = { text: '', lastAt: null, gaps: [] };

const MODIFIER_KEYS = new Set(['Shift', 'CapsLock']);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Whether the buffered characters are a burst that has started (enough of them, quick enough). */
function started(buffer: ScanBuffer, options: ScannerOptions): boolean {
  return buffer.text.length >= options.startKeys;
}

/** The longest gap after which the next key still belongs to the buffered run. */
function gapAllowed(buffer: ScanBuffer, options: ScannerOptions): number {
  if (!started(buffer, options)) return options.startGapMs;
  return Math.max(options.continueFloorMs, options.continueFactor * median(buffer.gaps));
}

/**
 * `scanned`: the code a burst's Enter completes. `swallow`: the key continues a run of quick keys (a character, or an
 * Enter ending a started burst, or one at machine speed), so it is the scanner's and no control may act on it, even
 * when the run is too short to be a code. A run's first key cannot be told from a person's; characters press no button.
 */
export type ScanStep = { buffer: ScanBuffer; scanned: string | null; swallow: boolean };

/** Feeds one key press (KeyboardEvent.key) at time `at` (ms) into the buffer. */
export function feedScanKey(buffer: ScanBuffer, key: string, at: number, options: ScannerOptions = DEFAULT_SCANNER): ScanStep {
  const gap = buffer.lastAt === null ? Number.POSITIVE_INFINITY : at - buffer.lastAt;
  const continues = buffer.text !== '' && gap <= gapAllowed(buffer, options);
  if (key === 'Enter') {
    // Two characters and an Enter, quick, are a short burst too: a scanner's refused code presses nothing either.
    const inBurst = continues && (buffer.text.length >= options.startKeys - 1 || gap <= options.machineGapMs);
    const code = inBurst && started(buffer, options) ? buffer.text.trim() : '';
    return { buffer: EMPTY_SCAN, scanned: code.length >= options.minLength ? code : null, swallow: inBurst };
  }
  // Scanners press Shift for capitals: modifier keys neither add to nor break a scan.
  if (MODIFIER_KEYS.has(key)) return { buffer, scanned: null, swallow: false };
  if (key.length !== 1) return { buffer: EMPTY_SCAN, scanned: null, swallow: false };
  const next = continues ? { text: buffer.text + key, lastAt: at, gaps: [...buffer.gaps, gap] } : { text: key, lastAt: at, gaps: [] };
  return { buffer: next, scanned: null, swallow: continues };
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
      if (event.detail === 0 && (swallowed.size > 0 || event.timeStamp - swallowedAt <= options.continueFloorMs)) consume(event);
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
