import { ScanCodeForm } from '../../../components/scan-code-form.tsx';
import { ScannerState } from '../../../components/scanner-state.tsx';
import type { MoveScanState } from '../move-scan.ts';

export interface MoveScanCardProps {
  hint: string;
  feedback: MoveScanState['feedback'];
  onScan: (code: string) => void;
}

/** Whether a scan would be heard, what to scan next, a field for a typed code, and what the last scan did. */
export function MoveScanCard({ hint, feedback, onScan }: MoveScanCardProps) {
  return (
    <section className="card move-scan" aria-labelledby="move-scan-title">
      <div className="move-scan-head">
        <h2 id="move-scan-title" className="card-title">
          Scan
        </h2>
        <ScannerState />
      </div>
      <p className={`move-feedback ${feedback ? `move-feedback-${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback?.text ?? ''}
      </p>
      <ScanCodeForm className="move-scan-form" label="Label or SKU" hint={hint} onScan={onScan} />
    </section>
  );
}
