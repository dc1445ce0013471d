import type { Ref } from 'react';
import { ScanField } from '../../../components/scan-field.tsx';
import { useScannerReadiness, type ScannerReadiness } from '../../../lib/barcode-scanner.ts';
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
  onScan: (code: string) => void;
}

/** The scanner's state, its hint and what the last scan did; a typed code and Enter count as a scan. */
export function ScanPanel({ ref, scanLocationFirst, atLocation, feedback, onScan }: ScanPanelProps) {
  const readiness = useScannerReadiness();
  return (
    <section ref={ref} tabIndex={-1} className="card scan-panel" aria-labelledby="scan-panel-title">
      <div className="scan-panel-head">
        <h2 id="scan-panel-title" className="card-title">
          Scan
        </h2>
        <span className={`scan-state scan-state-${readiness}`}>
          <span className="scan-dot" aria-hidden="true" />
          {READINESS_TEXT[readiness]}
          {scanLocationFirst && atLocation ? ` · at ${atLocation}` : ''}
        </span>
      </div>
      <ScanField label="Barcode or SKU" description={scanHint(scanLocationFirst)} onScan={onScan} feedback={feedback} />
    </section>
  );
}
