import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { DateTimeField } from '../../../components/ui/date-time-field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { HistoryTarget } from '../api/inventory-api.ts';
import { parseHistory, toLocalInput, type HistoryBy } from '../history-input.ts';
import { HistoryResult } from './stock-history-result.tsx';

const BY_OPTIONS = [
  { id: 'sku' as const, label: 'SKU' },
  { id: 'location' as const, label: 'Location' },
];

// The movement ledger of a SKU or a location, and what it held at a chosen past moment.
export function StockHistoryTab() {
  // Opened from a search result or a location (?tab=history&sku=... or &location=...), it shows that history at once.
  const [params] = useSearchParams();
  const linked: { by: HistoryBy; code: string } | null = params.get('sku')
    ? { by: 'sku', code: params.get('sku') ?? '' }
    : params.get('location')
      ? { by: 'location', code: params.get('location') ?? '' }
      : null;
  const [by, setBy] = useState<HistoryBy>(linked?.by ?? 'sku');
  const [code, setCode] = useState(linked?.code ?? '');
  const [at, setAt] = useState(() => toLocalInput(new Date()));
  const [errors, setErrors] = useState<Partial<Record<'code' | 'at', string>>>({});
  const [shown, setShown] = useState<{ target: HistoryTarget; at: string } | null>(() => {
    if (!linked) return null;
    const parsed = parseHistory(linked.by, linked.code, at);
    return 'errors' in parsed ? null : parsed;
  });

  const submit = () => {
    const parsed = parseHistory(by, code, at);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setShown(parsed);
  };

  return (
    <div className="inventory-tab">
      <form
        className="card history-form"
        aria-label="Stock history"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <RadioGroup<HistoryBy>
          label="History of"
          orientation="horizontal"
          options={BY_OPTIONS}
          value={by}
          onChange={(next) => {
            setBy(next);
            setErrors({});
          }}
        />
        <TextField
          label={by === 'sku' ? 'SKU' : 'Location'}
          placeholder={by === 'sku' ? 'e.g. DR1000-8-BEIGE' : 'e.g. A-1-1'}
          value={code}
          onChange={(v) => setCode(v.toUpperCase())}
          errorMessage={errors.code}
          isRequired
        />
        <DateTimeField label="Stock as of" value={at} onChange={setAt} errorMessage={errors.at} withSeconds isRequired />
        <div className="filter-actions">
          <Button type="submit">Show History</Button>
          <Button variant="secondary" onPress={() => setAt(toLocalInput(new Date()))}>
            Now
          </Button>
        </div>
      </form>

      {shown ? <HistoryResult key={JSON.stringify(shown)} target={shown.target} at={shown.at} /> : null}
    </div>
  );
}
