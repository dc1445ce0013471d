import { ScanCodeForm } from './scan-code-form.tsx';
import { ScannerState } from './scanner-state.tsx';
import './scan-field.css';

export interface ScanCardProps {
  /** The typed code's field. */
  label: string;
  hint: string;
  feedback: { tone: 'success' | 'info' | 'error'; text: string } | null;
  onScan: (code: string) => void;
}

/**
 * A phone screen's scanning card (Move Stock, the returns bench): whether a scan would be heard, what the last scan
 * did in large type, and a field for a typed code with what to scan next under it.
 */
export function ScanCard({ label, hint, feedback, onScan }: ScanCardProps) {
  return (
    <section className="card scan-card" aria-labelledby="scan-card-title">
      <div className="scan-card-head">
        <h2 id="scan-card-title" className="card-title">
          Scan
        </h2>
        <ScannerState />
      </div>
      <p className={`scan-card-feedback ${feedback ? `scan-feedback-${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback?.text ?? ''}
      </p>
      <ScanCodeForm className="scan-card-form" label={label} hint={hint} onScan={onScan} />
    </section>
  );
}
