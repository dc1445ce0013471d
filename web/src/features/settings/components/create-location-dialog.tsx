import { useState } from 'react';
import type { LocationRangeResult } from '@wh/contracts/inventory/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { createLocationCommand, createLocationRangeCommand } from '../api/locations-api.ts';
import { rangeSize } from '../layout.ts';
import { codeHint, LocationShapeFields, shapeBody, type LocationShape } from './location-fields.tsx';

export type CreateMode = 'one' | 'range';

export interface CreateLocationDialogProps {
  mode: CreateMode;
  onClose: () => void;
  onCreated: (message: string) => void;
}

const rangeMessage = (r: LocationRangeResult) =>
  `${r.created.length} locations created${r.existing.length > 0 ? `, ${r.existing.length} already existed` : ''}`;

const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? Object.fromEntries(error.details.map((d) => [d.field, d.message])) : {};

// One location, or a whole range (A-1-1 to C-4-3) with one capacity.
export function CreateLocationDialog({ mode, onClose, onCreated }: CreateLocationDialogProps) {
  const [shape, setShape] = useState<LocationShape>({ type: 'bin', capacity: 50, gender: null });
  const [code, setCode] = useState('');
  const [to, setTo] = useState('');
  const createOne = useCommand(createLocationCommand);
  const createRange = useCommand(createLocationRangeCommand);
  const create = mode === 'one' ? createOne : createRange;
  const errors = fieldErrors(create.failure);
  const count = mode === 'range' ? rangeSize(shape.type, code, to) : null;

  const submit = () => {
    if (mode === 'one') {
      createOne.run({ code, ...shapeBody(shape) }, { onSuccess: (answer) => onCreated(answer.message ?? `Location ${answer.data.code} created`) });
    } else {
      createRange.run({ from: code, to, ...shapeBody(shape) }, { onSuccess: (answer) => onCreated(answer.message ?? rangeMessage(answer.data)) });
    }
  };

  return (
    <Dialog title={mode === 'one' ? 'Add Location' : 'Add Location Range'} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <LocationShapeFields shape={shape} onChange={setShape} errors={errors}>
          {mode === 'one' ? (
            <TextField label="Code" value={code} onChange={(v) => setCode(v.toUpperCase())} description={codeHint(shape.type)} errorMessage={errors.code} isRequired />
          ) : (
            <div className="range-fields">
              <TextField label="From" value={code} onChange={(v) => setCode(v.toUpperCase())} description={codeHint(shape.type)} errorMessage={errors.from} isRequired />
              <TextField label="To" value={to} onChange={(v) => setTo(v.toUpperCase())} errorMessage={errors.to} isRequired />
            </div>
          )}
        </LocationShapeFields>
        {mode === 'range' && count !== null ? (
          <p className="muted small" aria-live="polite">
            {count} {count === 1 ? 'location' : 'locations'} in this range
            {shape.type === 'bin' ? ' (every zone, aisle and shelf between)' : ''}
          </p>
        ) : null}
        {create.error ? <Alert>{create.error}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={create.isPending}>
            {create.isPending ? 'Creating...' : mode === 'one' ? 'Create Location' : 'Create Range'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
