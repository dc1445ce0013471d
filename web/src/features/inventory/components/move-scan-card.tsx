import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { SCAN_FIELD_ATTRIBUTE, useScannerReadiness, type ScannerReadiness } from '../../../lib/barcode-scanner.ts';
import type { MoveScanState } from '../move-scan.ts';

const READINESS_TEXT: Record<ScannerReadiness, string> = {
  ready: 'Scanner ready',
  typing: 'Scanner paused while you type in another field',
  away: 'Scanner paused: tap this page to scan',
};

export interface MoveScanCardProps {
  hint: string;
  feedback: MoveScanState['feedback'];
  onScan: (code: string) => void;
}

/** Whether a scan would be heard, what to scan next, a field for a typed code, and what the last scan did. */
export function MoveScanCard({ hint, feedback, onScan }: MoveScanCardProps) {
  const [text, setText] = useState('');
  const readiness = useScannerReadiness();
  return (
    <section className="card move-scan" aria-labelledby="move-scan-title">
      <div className="move-scan-head">
        <h2 id="move-scan-title" className="card-title">
          Scan
        </h2>
        <span className={`move-scan-state move-scan-${readiness}`}>{READINESS_TEXT[readiness]}</span>
      </div>
      <p className={`move-feedback ${feedback ? `move-feedback-${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback?.text ?? ''}
      </p>
      <form
        className="move-scan-form"
        {...{ [SCAN_FIELD_ATTRIBUTE]: '' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() === '') return;
          onScan(text);
          setText('');
        }}
      >
        <TextField label="Label or SKU" value={text} onChange={setText} description={hint} autoComplete="off" spellCheck="false" />
        <Button type="submit" variant="secondary">
          Enter
        </Button>
      </form>
    </section>
  );
}
