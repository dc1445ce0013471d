import { useState } from 'react';
import type { Location, UpdateLocationBody } from '@wh/contracts/inventory/http';
import { derivedWalkSequence, MAX_WALK_SEQUENCE } from '@wh/contracts/inventory/walk';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useCommand } from '../../../lib/use-command.ts';
import { updateLocationCommand } from '../api/locations-api.ts';

export type LocationNumber = 'capacity' | 'walk_sequence';

// What each number of a location reads as in its dialog. An empty field sends null: no capacity (racks), or the walk
// sequence its code gives.
const FIELDS: Record<
  LocationNumber,
  {
    title: string;
    label: string;
    save: string;
    max?: number;
    current: (l: Location) => number | null;
    description: (l: Location) => string;
    saved: (l: Location) => string;
  }
> = {
  capacity: {
    title: 'Edit Capacity of',
    label: 'Capacity',
    save: 'Save Capacity',
    current: (l) => l.capacity,
    description: (l) => `Holds ${l.current_stock} units now`,
    saved: (l) => `Capacity of ${l.code} is now ${l.capacity ?? 'unlimited'}`,
  },
  walk_sequence: {
    title: 'Walk Order of',
    label: 'Walk sequence',
    save: 'Save Walk Order',
    max: MAX_WALK_SEQUENCE,
    current: (l) => l.walk_sequence_override,
    description: (l) =>
      `Pickers walk lower numbers first. Empty: from the code, ${derivedWalkSequence(l.code)} (zone × 1000000 + aisle × 1000 + shelf).`,
    saved: (l) => (l.walk_sequence_override === null ? `${l.code} is walked in code order again (${l.walk_sequence})` : `${l.code} is walked at ${l.walk_sequence}`),
  },
};

/** Edits one number of a location: its capacity, or its place on the pick path. */
export function LocationNumberDialog({
  location,
  field,
  onClose,
  onSaved,
}: {
  location: Location;
  field: LocationNumber;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const f = FIELDS[field];
  const [value, setValue] = useState<number>(f.current(location) ?? Number.NaN);
  const update = useCommand(updateLocationCommand);
  const save = () => {
    const body: UpdateLocationBody = { [field]: Number.isNaN(value) ? null : value };
    update.run({ code: location.code, body }, { onSuccess: (saved) => onSaved(f.saved(saved)) });
  };
  return (
    <Dialog title={`${f.title} ${location.code}`} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <NumberField label={f.label} minValue={0} maxValue={f.max} value={value} onChange={setValue} description={f.description(location)} autoFocus />
        {update.error ? <Alert>{update.error}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={update.isPending}>
            {update.isPending ? 'Saving...' : f.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
