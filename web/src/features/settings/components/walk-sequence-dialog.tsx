import { useState } from 'react';
import type { Location } from '@wh/contracts/inventory/http';
import { derivedWalkSequence, MAX_WALK_SEQUENCE } from '@wh/contracts/inventory/walk';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { updateLocation } from '../api/locations-api.ts';

/** A location's place on the pick path: a number of the manager's, or (empty) the one its code gives. */
export function WalkSequenceDialog({ location, onClose, onSaved }: { location: Location; onClose: () => void; onSaved: (message: string) => void }) {
  const [sequence, setSequence] = useState<number>(location.walk_sequence_override ?? Number.NaN);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const derived = derivedWalkSequence(location.code);
  const save = async (value: number | null) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await updateLocation(location.code, { walk_sequence: value });
      onSaved(
        saved.walk_sequence_override === null
          ? `${saved.code} is walked in code order again (${saved.walk_sequence})`
          : `${saved.code} is walked at ${saved.walk_sequence}`,
      );
    } catch (cause) {
      setError(messageOf(cause, 'Failed to update location'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Walk Order of ${location.code}`} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(Number.isNaN(sequence) ? null : sequence);
        }}
      >
        <NumberField
          label="Walk sequence"
          minValue={0}
          maxValue={MAX_WALK_SEQUENCE}
          value={sequence}
          onChange={setSequence}
          placeholder={String(derived)}
          description={`Pickers walk lower numbers first. Empty: from the code, ${derived} (zone × 1000000 + aisle × 1000 + shelf).`}
          autoFocus
        />
        {error ? <Alert>{error}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          {location.walk_sequence_override !== null ? (
            <Button variant="secondary" onPress={() => void save(null)} isDisabled={busy}>
              Use Code Order
            </Button>
          ) : null}
          <Button type="submit" isDisabled={busy}>
            {busy ? 'Saving...' : 'Save Walk Order'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
