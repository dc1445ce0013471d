import { SCANNER_READINESS_TEXT, useScannerReadiness, type ScannerReadiness } from '../lib/barcode-scanner.ts';

const READINESS = Object.keys(SCANNER_READINESS_TEXT) as ScannerReadiness[];

/** What the screen knows of its connection: out of reach, or scans stored on the phone and not yet sent. */
export interface ScannerConnection {
  tone: 'offline' | 'waiting';
  text: string;
}

export interface ScannerStateProps {
  /** Said after the state, whatever it is (' · at A-1-1'). */
  suffix?: string;
  /** Said in place of 'Scanner ready', and after a paused state's text. */
  connection?: ScannerConnection | null;
}

/**
 * Whether a scan would be heard now, kept up to date as focus moves. Every state's text is laid out in one cell, the
 * others drawn hidden, so the line takes the longest one's room: it changes as focus leaves a field, which a tap does on
 * the press, and a page that moved under the finger before the release would lose the tap.
 */
export function ScannerState({ suffix = '', connection = null }: ScannerStateProps) {
  const readiness = useScannerReadiness();
  const textOf = (r: ScannerReadiness) =>
    r === 'ready' ? (connection?.text ?? SCANNER_READINESS_TEXT.ready) : `${SCANNER_READINESS_TEXT[r]}${connection ? ` · ${connection.text}` : ''}`;
  return (
    <span className={`scan-state scan-state-${connection?.tone ?? readiness}`} aria-live="polite">
      <span className="scan-dot" aria-hidden="true" />
      <span className="scan-state-texts">
        {READINESS.map((r) =>
          r === readiness ? (
            <span key={r} className="scan-state-text" data-current>
              {textOf(r)}
              {suffix}
            </span>
          ) : (
            // Room only: drawn by CSS from the attribute, hidden, so no reader or query finds a second state.
            <span key={r} className="scan-state-text" aria-hidden="true" data-room={`${textOf(r)}${suffix}`} />
          ),
        )}
      </span>
    </span>
  );
}
