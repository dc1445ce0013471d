import type { Ref } from 'react';
import { ScanField } from '../../../components/scan-field.tsx';
import { ScannerState } from '../../../components/scanner-state.tsx';
import { connectionText } from '../pick-queue.ts';
import { scanHint, type ScanTone } from '../picking-state.ts';

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
  const text = connectionText(offline, waiting);
  const connection = text === null ? null : { tone: offline ? ('offline' as const) : ('waiting' as const), text };
  return (
    <section ref={ref} tabIndex={-1} className="card scan-panel" aria-labelledby="scan-panel-title">
      <div className="scan-panel-head">
        <h2 id="scan-panel-title" className="card-title">
          Scan
        </h2>
        <ScannerState suffix={scanLocationFirst && atLocation ? ` · at ${atLocation}` : ''} connection={connection} />
      </div>
      <ScanField label="Barcode or SKU" description={scanHint(scanLocationFirst)} onScan={onScan} feedback={feedback} />
    </section>
  );
}
