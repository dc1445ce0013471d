import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { unitCount } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { bulkApproveCommand } from '../api/receiving-commands.ts';
import { ApprovalDialog, type ApprovalBody } from './approval-dialog.tsx';

export interface BulkApproveDialogProps {
  receipts: readonly Receipt[];
  onClose: () => void;
  onApproved: (result: BulkApproveResult) => void;
}

/** Approve the selected receipts together into one location, or leave them all in the receiving area. */
export function BulkApproveDialog({ receipts, onClose, onApproved }: BulkApproveDialogProps) {
  const bulkApprove = useCommand<ApprovalBody, BulkApproveResult>(bulkApproveCommand(receipts.map((r) => r.id)));
  const units = receipts.reduce((sum, r) => sum + r.quantity, 0);
  const count = `${receipts.length} ${receipts.length === 1 ? 'receipt' : 'receipts'}`;
  return (
    <ApprovalDialog
      title="Approve Selected Stock"
      summary={
        <>
          <p>
            {count} · {unitCount(units)}
          </p>
          <ul className="bulk-approve-skus small muted" aria-label="Selected receipts">
            {receipts.map((r) => (
              <li key={r.id}>
                {r.sku} · {unitCount(r.quantity)}
              </li>
            ))}
          </ul>
        </>
      }
      units={units}
      destinationHint="Every selected receipt goes here"
      approveLabel={`Approve ${count}`}
      command={bulkApprove}
      onApproved={onApproved}
      onClose={onClose}
    />
  );
}
