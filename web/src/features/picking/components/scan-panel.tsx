import { useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { SCAN_FIELD_ATTRIBUTE, useScannerReadiness, type ScannerReadiness } from '../../../lib/barcode-scanner.ts';
import { connectionText } from '../pick-queue.ts';
import { scanHint, type ScanTone } from '../picking-state.ts';

const READINESS_TEXT: Record<ScannerReadiness, string> = {
  ready: 'Scanner ready',
  typing: 'Scanner paused while you type in another field',
  away: 'Scanner paused: tap this page to scan',
};

export interface ScanPanelProps {
  /** The panel itself, focusable by script only: where focus rests after a scanner's scan. */
  ref?: Ref<HTMLElement>;
  scanLocationFirst: boolean;
  atLocation: string | null;
  feedback: { tone: ScanTone; text: string } | null;
  /** Out of reach of the server, as far as the phone can tell. */
  offline: boolean;
  /** Picks stored on the phone, not yet recorded by the server. */
  waiting: number;
  onScan: (code: string) => void;
}

/**
 * The scanner's state, the connection's and the scans waiting on the phone ('Scanner ready' only when online and
 * nothing waits), the hint and what the last scan did; a typed code and Enter count as a scan.
 */
export function ScanPanel({ ref, scanLocationFirst, atLocation, feedback, offline, waiting, onScan }: ScanPanelProps) {
  const [text, setText] = useState('');
  const readiness = useScannerReadiness();
  const connection = connectionText(offline, waiting);
  const stateText = readiness === 'ready' ? (connection ?? READINESS_TEXT.ready) : `${READINESS_TEXT[readiness]}${connection ? ` · ${connection}` : ''}`;
  return (
    <section ref={ref} tabIndex={-1} className="card scan-panel" aria-labelledby="scan-panel-title">
      <div className="scan-panel-head">
        <h2 id="scan-panel-title" className="card-title">
          Scan
        </h2>
        <span className={`scan-state scan-state-${offline ? 'offline' : connection ? 'waiting' : readiness}`} aria-live="polite">
          <span className="scan-dot" aria-hidden="true" />
          {stateText}
          {scanLocationFirst && atLocation ? ` · at ${atLocation}` : ''}
        </span>
      </div>
      <form
        className="scan-form"
        {...{ [SCAN_FIELD_ATTRIBUTE]: '' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() === '') return;
          onScan(text);
          setText('');
        }}
      >
        <TextField
          label="Barcode or SKU"
          value={text}
          onChange={setText}
          description={scanHint(scanLocationFirst)}
          autoComplete="off"
          spellCheck="false"
        />
        <Button type="submit" variant="secondary">
          Enter
        </Button>
      </form>
      <p className={`scan-feedback ${feedback ? `scan-feedback-${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback?.text ?? ''}
      </p>
    </section>
  );
}
