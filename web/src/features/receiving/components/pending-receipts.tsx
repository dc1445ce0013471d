import { useState } from 'react';
import type { Role } from '@wh/contracts/auth/permissions';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { SearchFilter } from '../../../components/search-filter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { receiptsQuery } from '../api/receiving-api.ts';
import { pageSelection, selectableIds, selectedReceipts, togglePage } from '../receipts.ts';
import { BulkApprovalResult } from './bulk-approval-result.tsx';
import { ReceiptDialogs, type OpenReceiptDialog } from './pending-receipt-dialogs.tsx';
import { ReceiptItem, ReceiptsHeading, ReceiptToolbar } from './receipt-item.tsx';
import '../receiving.css';

export interface PendingReceiptsProps {
  role: Role;
  onDecided: (message: string, overCapacity?: readonly OverCapacity[]) => void;
}

/** Receipts from stock uploads waiting for approval: approve into a location, or reject; or select many and approve them together. */
export function PendingReceipts({ role, onDecided }: PendingReceiptsProps) {
  const [filter, setFilter] = useState({ search: '', page: 1 });
  const [open, setOpen] = useState<OpenReceiptDialog>(null);
  const [selected, setSelected, select] = useSelection();
  const [bulkResult, setBulkResult] = useState<{ result: BulkApproveResult; sent: Receipt[] } | null>(null);
  const search = (text: string) => setFilter({ search: text, page: 1 });
  const receipts = useScreenQuery(receiptsQuery(filter));
  const list = receipts.data?.receipts ?? [];
  const selectable = selectableIds(role, list);
  const chosen = selectedReceipts(role, list, selected);
  const pageState = pageSelection(selectable, selected);

  return (
    <section className="card stack" aria-labelledby="pending-receipts-title">
      <ReceiptsHeading counts={receipts.data?.counts} />
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
          <ReceiptToolbar
            pageState={pageState}
            selectable={selectable}
            chosen={chosen}
            onTogglePage={() => setSelected(togglePage(selectable, selected))}
            onClear={() => setSelected(new Set())}
            onApproveSelected={() => setOpen({ kind: 'bulk', receipts: chosen })}
          />
          <ul className="receipt-list" aria-label="Receipts awaiting approval">
            {list.map((r) => (
              <ReceiptItem
                key={r.id}
                receipt={r}
                role={role}
                selected={selected.has(r.id)}
                onSelect={(on) => select(r.id, on)}
                onDecide={(kind) => setOpen({ kind, receipt: r })}
              />
            ))}
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
      <ReceiptDialogs
        open={open}
        onClose={() => setOpen(null)}
        onDecided={onDecided}
        onBulkApproved={(result, sent) => {
          setOpen(null);
          setSelected(new Set());
          setBulkResult({ result, sent });
        }}
      />
    </section>
  );
}

function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return [selected, setSelected, select] as const;
}
