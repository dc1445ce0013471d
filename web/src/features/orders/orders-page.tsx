import { useReducer } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { usePageError } from '../../lib/timers.ts';
import { useCommand } from '../../lib/use-command.ts';
import { cancelCommand } from './api/orders-api.ts';
import { ExportMenu } from './components/export-menu.tsx';
import { OrderDialogs } from './components/order-dialogs.tsx';
import { OrdersFilters } from './components/orders-filters.tsx';
import { BulkBar, OrdersListMeta, OrdersNotice } from './components/orders-list-meta.tsx';
import { OrdersTable } from './components/orders-table.tsx';
import { UploadOrdersPanel } from './components/upload-panel.tsx';
import { useOrdersList } from './hooks/use-orders-list.ts';
import { ordersAt, ordersReducer } from './orders-state.ts';
import './orders.css';

const PAGE_ERROR_MS = 5_000;

export function OrdersPage() {
  // Open or closed lives in the URL, so /orders/upload and the Upload Orders quick action open the panel; so do the
  // filters a link opens the screen with (the dashboard's cards).
  const [params, setParams] = useSearchParams();
  const [state, dispatch] = useReducer(ordersReducer, params, ordersAt);
  const { list, queryFilter, orders, chosen, workers, workersError } = useOrdersList(state.filter, state.selected, dispatch);
  const [pageError, setPageError] = usePageError(PAGE_ERROR_MS);
  const cancel = useCommand(cancelCommand);
  const pagination = list.data?.pagination;
  const closeDialog = () => dispatch({ type: 'dialog', dialog: null });

  return (
    <section className="page orders-page">
      <PageHeader
        title="Order Management"
        subtitle="Upload, assign and track customer orders"
        actions={<ExportMenu filter={queryFilter} onError={setPageError} />}
      />

      {pageError ? <Alert onDismiss={() => setPageError(null)}>{pageError}</Alert> : null}
      <OrdersNotice notice={state.notice} onDismiss={() => dispatch({ type: 'notice-dismissed' })} />

      <UploadOrdersPanel
        isExpanded={params.get('panel') === 'upload'}
        onExpandedChange={(open) => setParams(open ? { panel: 'upload' } : {}, { replace: true })}
      />

      <OrdersFilters filter={state.filter} searchDraft={state.searchDraft} workers={workers} dispatch={dispatch} />
      <OrdersListMeta shown={orders.length} pagination={pagination} isFetching={list.isFetching} limit={state.filter.limit} dispatch={dispatch} />
      <BulkBar chosen={chosen} dispatch={dispatch} />

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
          selected={state.selected}
          onSelectedChange={(ids) => dispatch({ type: 'selected', ids })}
          onOpen={(order) => dispatch({ type: 'dialog', dialog: { kind: 'details', order } })}
          onAction={(action, order) => {
            setPageError(null);
            dispatch({ type: 'dialog', dialog: { kind: action, order } });
          }}
          busyOrderId={cancel.isPending ? (cancel.variables ?? null) : null}
        />
      )}

      {pagination ? (
        <Pagination
          page={pagination.current_page}
          totalPages={pagination.total_pages}
          onPageChange={(page) => dispatch({ type: 'paged', page })}
          label="Orders pages"
        />
      ) : null}

      <OrderDialogs
        dialog={state.dialog}
        workers={workers}
        workersError={workersError}
        cancel={cancel}
        onClose={closeDialog}
        onDone={(notice) => dispatch({ type: 'bulk-done', notice })}
      />
    </section>
  );
}
