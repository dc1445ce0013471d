import type { Ref } from 'react';
import { ScanCodeForm } from '../../../components/scan-code-form.tsx';
import { ScannerState } from '../../../components/scanner-state.tsx';
import { scanHint, type ScanTone } from '../picking-state.ts';

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
  return (
    <section ref={ref} tabIndex={-1} className="card scan-panel" aria-labelledby="scan-panel-title">
      <div className="scan-panel-head">
        <h2 id="scan-panel-title" className="card-title">
          Scan
        </h2>
        <ScannerState suffix={scanLocationFirst && atLocation ? ` · at ${atLocation}` : ''} />
      </div>
      <ScanCodeForm className="scan-form" label="Barcode or SKU" hint={scanHint(scanLocationFirst)} onScan={onScan} />
      <p className={`scan-feedback ${feedback ? `scan-feedback-${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback?.text ?? ''}
      </p>
    </section>
  );
}
