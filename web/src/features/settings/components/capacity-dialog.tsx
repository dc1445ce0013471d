import { useState } from 'react';
import type { Location } from '@wh/contracts/inventory/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { updateLocation } from '../api/locations-api.ts';

export function CapacityDialog({ location, onClose, onSaved }: { location: Location; onClose: () => void; onSaved: (message: string) => void }) {
  const [capacity, setCapacity] = useState<number>(location.capacity ?? Number.NaN);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await updateLocation(location.code, { capacity: Number.isNaN(capacity) ? null : capacity });
      onSaved(`Capacity of ${saved.code} is now ${saved.capacity ?? 'unlimited'}`);
    } catch (cause) {
      setError(messageOf(cause, 'Failed to update location'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Edit Capacity of ${location.code}`} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <NumberField
          label="Capacity"
          minValue={0}
          value={capacity}
          onChange={setCapacity}
          description={`Holds ${location.current_stock} units now`}
          autoFocus
        />
        {error ? <Alert>{error}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? 'Saving...' : 'Save Capacity'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
