import { useState } from 'react';
import type { Role } from '@wh/contracts/auth/permissions';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { SearchFilter } from '../../../components/search-filter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { unitCount } from '../../../lib/format.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { receiptsQuery } from '../api/receiving-api.ts';
import { canDecide, NEEDS_MANAGER, pageSelection, selectableIds, selectedReceipts, sourceLabel, togglePage } from '../receipts.ts';
import { ApproveReceiptDialog } from './approve-receipt-dialog.tsx';
import { BulkApprovalResult } from './bulk-approval-result.tsx';
import { BulkApproveDialog } from './bulk-approve-dialog.tsx';
import { RejectReceiptDialog } from './reject-receipt-dialog.tsx';
import '../receiving.css';

export interface PendingReceiptsProps {
  role: Role;
  onDecided: (message: string, overCapacity?: readonly OverCapacity[]) => void;
}

type Open = { kind: 'approve' | 'reject'; receipt: Receipt } | { kind: 'bulk'; receipts: Receipt[] } | null;

/** Receipts from stock uploads waiting for approval: approve into a location, or reject; or select many and approve them together. */
export function PendingReceipts({ role, onDecided }: PendingReceiptsProps) {
  const [filter, setFilter] = useState({ search: '', page: 1 });
  const [open, setOpen] = useState<Open>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkResult, setBulkResult] = useState<{ result: BulkApproveResult; sent: Receipt[] } | null>(null);
  const search = (text: string) => setFilter({ search: text, page: 1 });
  const receipts = useScreenQuery(receiptsQuery(filter));
  const list = receipts.data?.receipts ?? [];
  const counts = receipts.data?.counts;
  const selectable = selectableIds(role, list);
  const chosen = selectedReceipts(role, list, selected);
  const pageState = pageSelection(selectable, selected);

  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="card stack" aria-labelledby="pending-receipts-title">
      <h2 className="card-title" id="pending-receipts-title">
        Awaiting Approval{counts ? ` (${counts.pending})` : ''}
      </h2>
      {counts && counts.pending_manager > 0 ? (
        <p className="muted small">{counts.pending_manager} of them are for styles not in the catalogue and need a manager.</p>
      ) : null}
      <SearchFilter
        label="Filter receipts"
        searchLabel="Search receipts"
        placeholder="Style, SKU, colour, gatepass or file"
        value={filter.search}
        onChange={search}
        onSearch={search}
      />
      {bulkResult ? <BulkApprovalResult result={bulkResult.result} sent={bulkResult.sent} onDismiss={() => setBulkResult(null)} /> : null}
      {receipts.isError ? <Alert>{messageOf(receipts.error, 'Failed to fetch receipts')}</Alert> : null}
      {receipts.isPending ? (
        <p className="muted" role="status">
          Loading receipts...
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No receipts awaiting approval.</p>
      ) : (
        <>
          <div className="receipt-toolbar">
            <Checkbox
              isSelected={pageState === 'all'}
              isIndeterminate={pageState === 'some'}
              isDisabled={selectable.length === 0}
              onChange={() => setSelected(togglePage(selectable, selected))}
            >
              Select all on this page
            </Checkbox>
            {chosen.length > 0 ? (
              <div className="receipt-toolbar-actions">
                <span>
                  {chosen.length} selected · {unitCount(chosen.reduce((sum, r) => sum + r.quantity, 0))}
                </span>
                <Button size="sm" variant="ghost" onPress={() => setSelected(new Set())}>
                  Clear selection
                </Button>
                <Button size="sm" onPress={() => setOpen({ kind: 'bulk', receipts: chosen })}>
                  Approve Selected
                </Button>
              </div>
            ) : null}
          </div>
          <ul className="receipt-list" aria-label="Receipts awaiting approval">
            {list.map((r) => {
              const allowed = canDecide(role, r);
              return (
                <li key={r.id} className="receipt" aria-label={`Receipt ${r.sku}`}>
                  <div className="receipt-main">
                    <Checkbox isSelected={allowed && selected.has(r.id)} isDisabled={!allowed} onChange={(on) => select(r.id, on)}>
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
                    <Button size="sm" isDisabled={!allowed} onPress={() => setOpen({ kind: 'approve', receipt: r })}>
                      Approve
                    </Button>
                    <Button size="sm" variant="ghost-danger" isDisabled={!allowed} onPress={() => setOpen({ kind: 'reject', receipt: r })}>
                      Reject
                    </Button>
                    {allowed ? null : <span className="muted small">Only a manager can approve a new style.</span>}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {receipts.data ? (
        <Pagination
          page={receipts.data.pagination.current_page}
          totalPages={receipts.data.pagination.total_pages}
          onPageChange={(page) => setFilter((f) => ({ ...f, page }))}
          label="Receipt pages"
          maxButtons={5}
        />
      ) : null}
      {open?.kind === 'approve' ? (
        <ApproveReceiptDialog
          receipt={open.receipt}
          onClose={() => setOpen(null)}
          onApproved={(message, overCapacity) => {
            setOpen(null);
            onDecided(message, overCapacity);
          }}
        />
      ) : null}
      {open?.kind === 'reject' ? (
        <RejectReceiptDialog
          receipt={open.receipt}
          onClose={() => setOpen(null)}
          onRejected={(message) => {
            setOpen(null);
            onDecided(message);
          }}
        />
      ) : null}
      {open?.kind === 'bulk' ? (
        <BulkApproveDialog
          receipts={open.receipts}
          onClose={() => setOpen(null)}
          onApproved={(result) => {
            const sent = open.receipts;
            setOpen(null);
            setSelected(new Set());
            setBulkResult({ result, sent });
          }}
        />
      ) : null}
    </section>
  );
}
