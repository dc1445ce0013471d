import { useState } from 'react';
import { MAX_LOOKED_IN } from '@wh/contracts/orders/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lookedInCodes, type PickRequest } from '../picking-state.ts';
import type { ShortPickVariables } from '../api/picking-api.ts';

export interface ShortPickDialogProps {
  request: PickRequest;
  /** Where the picker most likely looked: the location shown for the line, else the label scanned last. */
  lookedIn: string | null;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onRecord: (variables: ShortPickVariables) => void;
}

/**
 * "Can't find it": where the picker looked (the locations are flagged for a count) and, for a line of several units,
 * how many they did find (taken from the first location); the rest is recorded short. Nothing is picked that was not
 * found.
 */
export function ShortPickDialog({ request, lookedIn, pending, error, onClose, onRecord }: ShortPickDialogProps) {
  const { item } = request;
  const [where, setWhere] = useState(lookedIn ?? '');
  const [found, setFound] = useState(0);
  const codes = lookedInCodes(where);
  const foundProblem = found > 0 && codes.length === 0 ? 'Name the location where you found them' : undefined;
  const tooMany = codes.length > MAX_LOOKED_IN ? `At most ${MAX_LOOKED_IN} locations` : undefined;
  const record = () =>
    onRecord({ orderId: request.orderId, itemId: item.id, short_quantity: item.quantity - found, looked_in: codes });
  return (
    <Dialog title="Can't find it" isOpen onOpenChange={(open) => !open && onClose()}>
      {error ? <Alert>{error}</Alert> : null}
      <p>
        <strong>{item.sku}</strong> ({item.style_name}, {item.size} {item.color}) · Qty {item.quantity}
      </p>
      <TextField
        label="Where did you look?"
        description="Location codes, separated by commas; each is flagged for a count."
        value={where}
        onChange={setWhere}
        errorMessage={tooMany}
      />
      {item.quantity > 1 ? (
        <NumberField
          label="Units you found"
          minValue={0}
          maxValue={item.quantity - 1}
          value={found}
          onChange={(v) => setFound(Number.isNaN(v) ? 0 : v)}
          errorMessage={foundProblem}
        />
      ) : null}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Go Back
        </Button>
        <Button onPress={record} isDisabled={pending || foundProblem !== undefined || tooMany !== undefined}>
          {pending ? 'Recording...' : 'Record Short'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
