import { useQuery } from '@tanstack/react-query';
import { RECEIVING_LOCATION, type OverCapacity } from '@wh/contracts/platform/stock';
import type { ApprovedReceipt, Receipt } from '@wh/contracts/receiving/http';
import { SuggestionList } from '../../../components/location-suggestion-list.tsx';
import { suggestLocations } from '../../../components/location-suggestion.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { unitCount } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { receivingKeys } from '../api/receiving-api.ts';
import { approveReceiptCommand } from '../api/receiving-commands.ts';
import { ApprovalDialog, type ApprovalBody } from './approval-dialog.tsx';

export interface ApproveReceiptDialogProps {
  receipt: Receipt;
  onClose: () => void;
  onApproved: (message: string, overCapacity: readonly OverCapacity[]) => void;
}

/** Approve a receipt into a chosen location (suggestions shown), or leave it in the receiving area. */
export function ApproveReceiptDialog({ receipt, onClose, onApproved }: ApproveReceiptDialogProps) {
  const approve = useCommand<ApprovalBody, ApprovedReceipt>(approveReceiptCommand(receipt.id));
  const suggestions = useQuery({
    queryKey: receivingKeys.suggestions(receipt),
    queryFn: () =>
      suggestLocations({ style_code: receipt.style_code, quantity: receipt.quantity, size: receipt.size, color: receipt.color }),
  });

  return (
    <ApprovalDialog
      title="Approve Stock"
      summary={
        <>
          <p>
            <strong>{receipt.sku}</strong> · {unitCount(receipt.quantity)}
            {receipt.gatepass_number ? ` · Gatepass ${receipt.gatepass_number}` : ''}
          </p>
          {receipt.style_known ? null : <Alert tone="info">This style is not in the catalogue yet; approving creates it.</Alert>}
        </>
      }
      units={receipt.quantity}
      approveLabel="Approve"
      command={approve}
      onApproved={(approved) =>
        onApproved(`Approved ${receipt.quantity} × ${receipt.sku} into ${approved.location ?? RECEIVING_LOCATION}`, approved.over_capacity)
      }
      onClose={onClose}
    >
      {(destination) => (
        <div>
          <h3 className="section-title">Suggested locations</h3>
          {suggestions.isPending ? (
            <p className="muted small" role="status">
              Finding locations...
            </p>
          ) : suggestions.isError ? (
            <Alert title="Error">{messageOf(suggestions.error, 'Failed to get location suggestions')}</Alert>
          ) : (
            <SuggestionList
              suggestions={suggestions.data.suggested_locations}
              pickedId={destination.chosen?.id ?? null}
              onPick={(s) => destination.setChoice(String(s.location_id))}
            />
          )}
        </div>
      )}
    </ApprovalDialog>
  );
}
