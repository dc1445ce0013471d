import { ScanCodeForm } from './scan-code-form.tsx';
import './scan-field.css';

export interface ScanFieldProps {
  label: string;
  description: string;
  onScan: (code: string) => void;
  /** What the last scan did, read out as it changes. */
  feedback: { tone: 'success' | 'info' | 'error'; text: string } | null;
}

/**
 * A code typed (or a scanner aimed at the field) and Enter: a scan, as a scanner's burst anywhere on the page is
 * (useBarcodeScanner); the line under it says what the last scan did.
 */
export function ScanField({ label, description, onScan, feedback }: ScanFieldProps) {
  return (
    <>
      <ScanCodeForm label={label} hint={description} className="scan-form" onScan={onScan} />
      <p className={`scan-feedback ${feedback ? `scan-feedback-${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback?.text ?? ''}
      </p>
    </>
  );
}
