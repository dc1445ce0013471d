import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES } from '@wh/contracts/orders/events';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchFilter } from '../../components/search-filter.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ActionMenu } from '../../components/ui/menu.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Select } from '../../components/ui/select.tsx';
import { RemovableTags } from '../../components/ui/tag-group.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useDebouncedValue } from '../../lib/debounce.ts';
import { usePageError } from '../../lib/timers.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { assignableWorkersQuery, cancelOrder, deassignWorker, exportOrders, ordersKeys, ordersListQuery } from './api/orders-api.ts';
import { bulkSummary, runBulk, type BulkFailure, type BulkOutcome, type BulkVerb } from './bulk.ts';
import { AssignDialog } from './components/assign-dialog.tsx';
import { BulkAssignDialog } from './components/bulk-assign-dialog.tsx';
import { OrderDetailsDialog } from './components/order-details-dialog.tsx';
import { OrdersTable } from './components/orders-table.tsx';
import { UploadOrdersPanel } from './components/upload-panel.tsx';
import {
  activeChips,
  clearFilters,
  INITIAL_FILTER,
  PAGE_SIZES,
  removeChip,
  STATUS_LABELS,
  withFilter,
  workerName,
  type ChipId,
  type OrdersFilter,
  type WorkerFilter,
} from './order-filters.ts';
import { selectedOrders, type RowAction } from './order-rows.ts';
import './orders.css';

const FILTER_DEBOUNCE_MS = 500;
const PAGE_ERROR_MS = 5_000;
const STATUS_OPTIONS = [{ id: 'all', label: 'All Statuses' }, ...ORDER_STATUSES.map((s) => ({ id: s, label: STATUS_LABELS[s] }))];
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((n) => ({ id: String(n), label: String(n) }));

type OpenDialog =
  | { kind: 'details' | 'assign' | 'cancel' | 'deassign'; order: OrderSummary }
  | { kind: 'bulk-assign' | 'bulk-cancel'; orders: OrderSummary[] }
  | null;

interface Notice {
  text: string;
  failures: BulkFailure[];
}

export function OrdersPage() {
  const queryClient = useQueryClient();
  // Open or closed lives in the URL, so /orders/upload and the Upload Orders quick action open the panel.
  const [params, setParams] = useSearchParams();
  const uploadOpen = params.get('panel') === 'upload';
  const [filter, setFilter] = useState<OrdersFilter>(INITIAL_FILTER);
  const [searchDraft, setSearchDraft] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busyOrderId, setBusyOrderId] = useState<number | null>(null);
  const [pageError, setPageError] = usePageError(PAGE_ERROR_MS);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [exporting, setExporting] = useState(false);

  // Filter changes settle for 500 ms before they are fetched; paging is fetched at once.
  const { page, limit, search, status, worker, date } = filter;
  // Memoised so the debounce sees a new value only when a filter really changes.
  const fields = useMemo(() => ({ search, status, worker, date }), [search, status, worker, date]);
  const settledFields = useDebouncedValue(fields, FILTER_DEBOUNCE_MS);
  const queryFilter = useMemo(() => ({ ...settledFields, page, limit }), [settledFields, page, limit]);
  const list = useScreenQuery(ordersListQuery(queryFilter));
  const workers = useQuery(assignableWorkersQuery());

  const orders = list.data?.orders ?? [];
  const pagination = list.data?.pagination;
  const chips = activeChips(filter, workers.data?.workers ?? []);

  // A selection belongs to the list it was made in.
  const listKey = JSON.stringify(queryFilter);
  useEffect(() => setSelected(new Set()), [listKey]);

  const update = (patch: Partial<Omit<OrdersFilter, 'page'>>) => setFilter((f) => withFilter(f, patch));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ordersKeys.all });

  const onRemoveChip = (id: string) => {
    if (id === 'search') setSearchDraft('');
    setFilter((f) => removeChip(f, id as ChipId));
  };
  const onClearAll = () => {
    setSearchDraft('');
    setFilter(clearFilters);
  };

  const showBulkResult = (verb: BulkVerb, outcome: BulkOutcome) => {
    setDialog(null);
    setSelected(new Set());
    setNotice({ text: bulkSummary(verb, outcome), failures: outcome.failures });
    void refresh();
  };

  const onAction = (action: RowAction, order: OrderSummary) => {
    setPageError(null);
    setDialog({ kind: action, order });
  };

  const runExport = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await exportOrders(queryFilter, format);
    } catch (error) {
      setPageError(messageOf(error, 'Failed to export orders'));
    } finally {
      setExporting(false);
    }
  };

  const chosen = selectedOrders(orders, selected);
  const workerOptions = [
    { id: 'all', label: 'All Workers' },
    { id: 'unassigned', label: 'Unassigned' },
    ...(workers.data?.workers ?? []).map((w) => ({ id: String(w.id), label: workerName(w) })),
  ];
  const workersError = workers.isError ? messageOf(workers.error, 'Failed to fetch users') : null;

  return (
    <section className="page orders-page">
      <PageHeader
        title="Order Management"
        subtitle="Upload, assign and track customer orders"
        actions={
          <ActionMenu<'csv' | 'xlsx'>
            label={exporting ? 'Exporting...' : 'Export'}
            size="md"
            aria-label="Export orders"
            actions={[
              { id: 'csv', label: 'Export as CSV' },
              { id: 'xlsx', label: 'Export as Excel (.xlsx)' },
            ]}
            onAction={(format) => void runExport(format)}
          />
        }
      />

      {pageError ? <Alert onDismiss={() => setPageError(null)}>{pageError}</Alert> : null}
      {notice ? (
        <Alert tone={notice.failures.length > 0 ? 'info' : 'success'} onDismiss={() => setNotice(null)}>
          <p>{notice.text}</p>
          {notice.failures.length > 0 ? (
            <ul className="plain-list" aria-label="Failed orders">
              {notice.failures.map((f) => (
                <li key={f.label}>
                  {f.label}: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      <UploadOrdersPanel
        onUploaded={() => void refresh()}
        isExpanded={uploadOpen}
        onExpandedChange={(open) => setParams(open ? { panel: 'upload' } : {}, { replace: true })}
      />

      <SearchFilter
        label="Filter orders"
        className="orders-filters card"
        placeholder="Order number, SKU or style name"
        value={searchDraft}
        onChange={setSearchDraft}
        onSearch={(search) => update({ search })}
        submitLabel="Apply Filters"
      >
        <Select label="Status" options={STATUS_OPTIONS} value={filter.status} onChange={(status) => update({ status: status as OrdersFilter['status'] })} />
        <Select label="Assigned Worker" options={workerOptions} value={filter.worker} onChange={(worker) => update({ worker: worker as WorkerFilter })} />
        <DateInput label="Order Date" value={filter.date} onChange={(date) => update({ date })} />
      </SearchFilter>

      {chips.length > 0 ? (
        <RemovableTags
          label="Active filters"
          items={chips}
          onRemove={onRemoveChip}
          trailing={
            <Button variant="ghost" size="sm" onPress={onClearAll}>
              Clear All ({chips.length})
            </Button>
          }
        />
      ) : null}

      <div className="list-meta orders-meta">
        <p aria-live="polite">
          Showing {orders.length} of {pagination?.total_records ?? 0}
          {pagination?.total_capped ? '+' : ''} orders
        </p>
        {list.isFetching ? (
          <span className="muted small" role="status">
            Updating...
          </span>
        ) : null}
        <Select
          label="Per page"
          className="page-size"
          options={PAGE_SIZE_OPTIONS}
          value={String(filter.limit)}
          onChange={(v) => setFilter((f) => ({ ...f, limit: Number(v), page: 1 }))}
        />
      </div>

      {chosen.length > 0 ? (
        <div className="bulk-bar" role="region" aria-label="Bulk actions">
          <span>{chosen.length} selected</span>
          <Button size="sm" onPress={() => setDialog({ kind: 'bulk-assign', orders: chosen })}>
            Bulk Assign
          </Button>
          <Button size="sm" variant="danger" onPress={() => setDialog({ kind: 'bulk-cancel', orders: chosen })}>
            Bulk Cancel
          </Button>
          <Button size="sm" variant="ghost" onPress={() => setSelected(new Set())}>
            Clear Selection
          </Button>
        </div>
      ) : null}

      {list.isError ? (
        <Alert title="Error">
          {messageOf(list.error, 'Failed to fetch orders')}{' '}
          <Button size="sm" variant="secondary" onPress={() => void list.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : null}

      {list.isPending ? (
        <p className="muted" role="status">
          Loading orders...
        </p>
      ) : (
        <OrdersTable
          orders={orders}
          selected={selected}
          onSelectedChange={setSelected}
          onOpen={(order) => setDialog({ kind: 'details', order })}
          onAction={onAction}
          busyOrderId={busyOrderId}
        />
      )}

      {pagination ? (
        <Pagination
          page={pagination.current_page}
          totalPages={pagination.total_pages}
          onPageChange={(p) => setFilter((f) => ({ ...f, page: p }))}
          label="Orders pages"
        />
      ) : null}

      {dialog?.kind === 'details' ? <OrderDetailsDialog order={dialog.order} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'assign' ? (
        <AssignDialog
          order={dialog.order}
          workers={workers.data?.workers}
          workersError={workersError}
          onClose={() => setDialog(null)}
          onAssigned={() => {
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <ConfirmDialog
          title="Cancel Order"
          confirmLabel="Cancel Order"
          fallbackError="Failed to cancel order"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            setBusyOrderId(dialog.order.id);
            try {
              await cancelOrder(dialog.order.id);
            } finally {
              setBusyOrderId(null);
            }
            setDialog(null);
            void refresh();
          }}
        >
          <p>
            Cancel order <strong>{dialog.order.order_number}</strong>? This action cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'deassign' ? (
        <ConfirmDialog
          title="Deassign Worker"
          confirmLabel="Deassign"
          tone="primary"
          fallbackError="Failed to deassign worker"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deassignWorker(dialog.order.id);
            setDialog(null);
            void refresh();
          }}
        >
          <p>
            Remove <strong>{dialog.order.assigned_worker_name ?? 'the worker'}</strong> from order{' '}
            <strong>{dialog.order.order_number}</strong>? The order returns to pending status.
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'bulk-assign' ? (
        <BulkAssignDialog
          orders={dialog.orders}
          workers={workers.data?.workers}
          onClose={() => setDialog(null)}
          onDone={showBulkResult}
          onBatched={(text) => {
            setDialog(null);
            setSelected(new Set());
            setNotice({ text, failures: [] });
            void refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'bulk-cancel' ? (
        <ConfirmDialog
          title="Cancel Orders"
          confirmLabel={`Cancel ${dialog.orders.length} Orders`}
          fallbackError="Failed to cancel order"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const outcome = await runBulk(dialog.orders, (o) => cancelOrder(o.id), (o) => o.order_number);
            showBulkResult('cancelled', outcome);
          }}
        >
          <p>Cancel {dialog.orders.length} selected orders? This action cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
