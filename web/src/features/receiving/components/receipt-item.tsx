import type { Role } from '@wh/contracts/auth/permissions';
import type { Receipt, ReceiptList } from '@wh/contracts/receiving/http';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { unitCount } from '../../../lib/format.ts';
import { canDecide, NEEDS_MANAGER, sourceLabel } from '../receipts.ts';

export interface ReceiptToolbarProps {
  pageState: 'all' | 'some' | 'none';
  selectable: readonly number[];
  chosen: readonly Receipt[];
  onTogglePage: () => void;
  onClear: () => void;
  onApproveSelected: () => void;
}

/** Select all on the page, and what to do with the selection. */
export function ReceiptToolbar({ pageState, selectable, chosen, onTogglePage, onClear, onApproveSelected }: ReceiptToolbarProps) {
  return (
    <div className="receipt-toolbar">
      <Checkbox
        isSelected={pageState === 'all'}
        isIndeterminate={pageState === 'some'}
        isDisabled={selectable.length === 0}
        onChange={onTogglePage}
      >
        Select all on this page
      </Checkbox>
      {chosen.length > 0 ? (
        <div className="receipt-toolbar-actions">
          <span>
            {chosen.length} selected · {unitCount(chosen.reduce((sum, r) => sum + r.quantity, 0))}
          </span>
          <Button size="sm" variant="ghost" onPress={onClear}>
            Clear selection
          </Button>
          <Button size="sm" onPress={onApproveSelected}>
            Approve Selected
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export interface ReceiptItemProps {
  receipt: Receipt;
  role: Role;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onDecide: (kind: 'approve' | 'reject') => void;
}

/** One receipt awaiting approval: select it, approve it or reject it. */
export function ReceiptItem({ receipt: r, role, selected, onSelect, onDecide }: ReceiptItemProps) {
  const allowed = canDecide(role, r);
  return (
    <li className="receipt" aria-label={`Receipt ${r.sku}`}>
      <div className="receipt-main">
        <Checkbox isSelected={allowed && selected} isDisabled={!allowed} onChange={onSelect}>
          <span className="sr-only">Select {r.sku}</span>
        </Checkbox>
        <strong>{r.sku}</strong>
        <span>{unitCount(r.quantity)}</span>
        {r.approver === 'manager' ? <span className="chip chip-warning">{NEEDS_MANAGER}</span> : null}
      </div>
      <p className="muted small">
        {r.style_name ?? r.style_code} · {r.color} · {r.size} · {sourceLabel(r.source)}
        {r.gatepass_number ? ` · Gatepass ${r.gatepass_number}` : ''}
        {r.received_date ? ` · ${r.received_date}` : ''}
        {r.filename && r.row ? ` · ${r.filename} row ${r.row}` : ''}
      </p>
      <div className="row-actions">
        <Button size="sm" isDisabled={!allowed} onPress={() => onDecide('approve')}>
          Approve
        </Button>
        <Button size="sm" variant="ghost-danger" isDisabled={!allowed} onPress={() => onDecide('reject')}>
          Reject
        </Button>
        {allowed ? null : <span className="muted small">Only a manager can approve a new style.</span>}
      </div>
    </li>
  );
}

export function ReceiptsHeading({ counts }: { counts: ReceiptList['counts'] | undefined }) {
  return (
    <>
      <h2 className="card-title" id="pending-receipts-title">
        Awaiting Approval{counts ? ` (${counts.pending})` : ''}
      </h2>
      {counts && counts.pending_manager > 0 ? (
        <p className="muted small">{counts.pending_manager} of them are for styles not in the catalogue and need a manager.</p>
      ) : null}
    </>
  );
}
