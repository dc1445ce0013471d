import { SCANNER_READINESS_TEXT, useScannerReadiness, type ScannerReadiness } from '../lib/barcode-scanner.ts';

const READINESS = Object.keys(SCANNER_READINESS_TEXT) as ScannerReadiness[];

export interface ScannerStateProps {
  /** Said after the state, whatever it is (' · at A-1-1'). */
  suffix?: string;
}

/**
 * Whether a scan would be heard now, kept up to date as focus moves. Every state's text is laid out in one cell, the
 * others hidden, so the line takes the longest one's room: it changes as focus leaves a field, which a tap does on
 * the press, and a page that moved under the finger before the release would lose the tap.
 */
export function ScannerState({ suffix = '' }: ScannerStateProps) {
  const readiness = useScannerReadiness();
  return (
    <span className={`scan-state scan-state-${readiness}`}>
      <span className="scan-dot" aria-hidden="true" />
      <span className="scan-state-texts">
        {READINESS.map((r) => (
          <span key={r} className="scan-state-text" data-current={r === readiness || undefined}>
            {SCANNER_READINESS_TEXT[r]}
            {suffix}
          </span>
        ))}
      </span>
    </span>
  );
}
