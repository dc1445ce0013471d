import type { OrderItem } from '@wh/contracts/orders/http';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { itemOptionLabel, type DiscrepancyDraft } from '../discrepancies.ts';

export interface DiscrepancyEditorProps {
  items: readonly OrderItem[];
  value: readonly DiscrepancyDraft[];
  onAdd: () => void;
  onChange: (key: number, patch: Partial<DiscrepancyDraft>) => void;
  onRemove: (key: number) => void;
}

export function DiscrepancyEditor({ items, value, onAdd, onChange, onRemove }: DiscrepancyEditorProps) {
  const options = items.map((i) => ({ id: String(i.id), label: itemOptionLabel(i) }));
  return (
    <fieldset className="discrepancies">
      <legend className="field-label">Discrepancies</legend>
      {value.length === 0 ? <p className="muted">No discrepancies reported</p> : null}
      {value.map((d, index) => (
        <div key={d.key} className="discrepancy" role="group" aria-label={`Discrepancy ${index + 1}`}>
          <Select label="Item" options={options} value={d.item_id === '0' ? null : d.item_id} onChange={(item_id) => onChange(d.key, { item_id })} />
          <TextField label="Issue" placeholder="Describe the issue..." value={d.issue} onChange={(issue) => onChange(d.key, { issue })} />
          <TextField
            label="Resolution"
            placeholder="How was it resolved..."
            value={d.resolution}
            onChange={(resolution) => onChange(d.key, { resolution })}
          />
          <Button variant="ghost-danger" size="sm" onPress={() => onRemove(d.key)} aria-label={`Remove discrepancy ${index + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onPress={onAdd}>
        Add Discrepancy
      </Button>
    </fieldset>
  );
}
