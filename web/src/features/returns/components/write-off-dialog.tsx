import { useState } from 'react';
import type { ReturnParcelLine } from '@wh/contracts/returns/http';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { placeable } from '../bench.ts';

export interface WriteOffDialogProps {
  line: ReturnParcelLine;
  onWriteOff: (quantity: number, note: string | null) => Promise<void>;
  onClose: () => void;
}

/** A manager's write-off of a line's waiting units: never sold again, with a note of why if there is more to say. */
export function WriteOffDialog({ line, onWriteOff, onClose }: WriteOffDialogProps) {
  const [note, setNote] = useState('');
  const quantity = placeable(line);
  return (
    <ConfirmDialog
      title="Write off returned units"
      confirmLabel={`Write off ${quantity}`}
      onConfirm={() => onWriteOff(quantity, note.trim() === '' ? null : note.trim())}
      onClose={onClose}
      fallbackError="Failed to write off the units"
    >
      <p>{`${quantity} ${quantity === 1 ? 'unit' : 'units'} of ${line.sku} will not be sold again.`}</p>
      <TextField label="Note" value={note} onChange={setNote} />
    </ConfirmDialog>
  );
}
