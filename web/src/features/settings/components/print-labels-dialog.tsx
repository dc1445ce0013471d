import { useState } from 'react';
import type { Location } from '@wh/contracts/inventory/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { labelsPrintPath, selectLabelRange, type LabelType } from '../labels.ts';
import { TYPE_OPTIONS } from './location-fields.tsx';

type TypeChoice = LabelType | 'any';
const TYPE_CHOICES: { id: TypeChoice; label: string }[] = [{ id: 'any', label: 'Any type' }, ...TYPE_OPTIONS];

export interface PrintLabelsDialogProps {
  /** The layout in the server's location order. */
  locations: readonly Location[];
  onClose: () => void;
}

// Labels for a range of the layout: checked here against the layout, printed in a tab of their own.
export function PrintLabelsDialog({ locations, onClose }: PrintLabelsDialogProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState<TypeChoice>('any');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const range = { from, to, ...(type === 'any' ? {} : { type }) };
    const selection = selectLabelRange(locations, range);
    if (!selection.ok) {
      setError(selection.message);
      return;
    }
    window.open(labelsPrintPath(range), '_blank', 'noopener');
    onClose();
  };

  return (
    <Dialog title="Print labels" isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="range-fields">
          <TextField label="From" value={from} onChange={(v) => setFrom(v.toUpperCase())} description="First location code, e.g. A-1-1" isRequired />
          <TextField label="To" value={to} onChange={(v) => setTo(v.toUpperCase())} description="Last location code, inclusive" isRequired />
        </div>
        <Select<TypeChoice> label="Type" options={TYPE_CHOICES} value={type} onChange={setType} description="Only locations of this type" />
        <p className="muted small">The range follows the layout order below; the receiving area and deactivated locations get no label.</p>
        {error ? <Alert>{error}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">Open Print View</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
