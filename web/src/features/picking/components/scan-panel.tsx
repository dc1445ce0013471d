import { useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { SCAN_FIELD_ATTRIBUTE, useScannerReadiness, type ScannerReadiness } from '../../../lib/barcode-scanner.ts';
import { scanHint, type ScanTone } from '../picking-state.ts';

const READINESS_TEXT: Record<ScannerReadiness, string> = {
  ready: 'Scanner ready',
  typing: 'Scanner paused while you type in another field',
  away: 'Scanner paused: tap this page to scan',
};
const READINESS = Object.keys(READINESS_TEXT) as ScannerReadiness[];

export interface ScanPanelProps {
  /** The panel itself, focusable by script only: where focus rests after a scanner's scan. */
  ref?: Ref<HTMLElement>;
  scanLocationFirst: boolean;
  atLocation: string | null;
  feedback: { tone: ScanTone; text: string } | null;
  onScan: (code: string) => void;
}

/** The scanner's state, its hint and what the last scan did; a typed code and Enter count as a scan. */
export function ScanPanel({ ref, scanLocationFirst, atLocation, feedback, onScan }: ScanPanelProps) {
  const [text, setText] = useState('');
  const readiness = useScannerReadiness();
  return (
    <section ref={ref} tabIndex={-1} className="card scan-panel" aria-labelledby="scan-panel-title">
      <div className="scan-panel-head">
        <h2 id="scan-panel-title" className="card-title">
          Scan
        </h2>
        <span className={`scan-state scan-state-${readiness}`}>
          <span className="scan-dot" aria-hidden="true" />
          {/* Every state's text laid out in one cell, the others hidden: the line takes the longest one's room, so
              focus moving into or out of a field (a tap on a button) never moves what is below it mid-tap. */}
          <span className="scan-state-texts">
            {READINESS.map((r) => (
              <span key={r} className="scan-state-text" data-current={r === readiness || undefined}>
                {READINESS_TEXT[r]}
                {scanLocationFirst && atLocation ? ` · at ${atLocation}` : ''}
              </span>
            ))}
          </span>
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
