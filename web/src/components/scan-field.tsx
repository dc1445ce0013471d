import { useState } from 'react';
import { SCAN_FIELD_ATTRIBUTE } from '../lib/barcode-scanner.ts';
import { Button } from './ui/button.tsx';
import { TextField } from './ui/text-field.tsx';
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
  const [text, setText] = useState('');
  return (
    <>
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
        <TextField label={label} value={text} onChange={setText} description={description} autoComplete="off" spellCheck="false" />
        <Button type="submit" variant="secondary">
          Enter
        </Button>
      </form>
      <p className={`scan-feedback ${feedback ? `scan-feedback-${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback?.text ?? ''}
      </p>
    </>
  );
}
