import { ScanField } from '../../../components/scan-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useBarcodeScanner } from '../../../lib/barcode-scanner.ts';
import type { BenchFeedback, WrongItem } from '../bench.ts';

export interface BenchScanProps {
  feedback: BenchFeedback | null;
  wrongItems: readonly WrongItem[];
  onScan: (code: string) => void;
  onRemoveWrong: (code: string) => void;
}

/** Each unit scanned at the bench (a scanner anywhere on the page, or a code typed and Enter), and what it did. */
export function BenchScan({ feedback, wrongItems, onScan, onRemoveWrong }: BenchScanProps) {
  useBarcodeScanner(onScan);
  return (
    <div className="bench-scan">
      <ScanField label="Scan each unit" description="Scan its barcode, or type its SKU and press Enter" onScan={onScan} feedback={feedback} />
      {wrongItems.length > 0 ? (
        <ul className="bench-wrong" aria-label="Not in this order">
          {wrongItems.map((w) => (
            <li key={w.code}>
              <span>
                Not in this order: <strong>{w.code}</strong>
                {w.quantity > 1 ? ` × ${w.quantity}` : ''}
              </span>
              <Button variant="ghost" size="sm" onPress={() => onRemoveWrong(w.code)} aria-label={`Remove ${w.code}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
