import { useState } from 'react';
import { SCAN_FIELD_ATTRIBUTE } from '../lib/barcode-scanner.ts';
import { Button } from './ui/button.tsx';
import { TextField } from './ui/text-field.tsx';

export interface ScanCodeFormProps {
  label: string;
  /** What to scan next, under the field. */
  hint: string;
  className: string;
  onScan: (code: string) => void;
}

/** A scanning screen's field for a typed code: what is typed there counts as a scan once Enter submits it. */
export function ScanCodeForm({ label, hint, className, onScan }: ScanCodeFormProps) {
  const [text, setText] = useState('');
  return (
    <form
      className={className}
      {...{ [SCAN_FIELD_ATTRIBUTE]: '' }}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return;
        onScan(text);
        setText('');
      }}
    >
      <TextField label={label} value={text} onChange={setText} description={hint} autoComplete="off" spellCheck="false" />
      <Button type="submit" variant="secondary">
        Enter
      </Button>
    </form>
  );
}
