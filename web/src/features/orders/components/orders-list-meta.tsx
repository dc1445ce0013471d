import type { Dispatch } from 'react';
import { MAX_BATCH_ORDERS, MIN_BATCH_ORDERS } from '@wh/contracts/orders/events';
import type { OrderSummary } from '@wh/contracts/orders/http';
import type { Pagination } from '@wh/contracts/platform/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { PAGE_SIZES } from '../order-filters.ts';
import { fitsOneBatch } from '../order-rows.ts';
import type { Notice, OrdersEvent } from '../orders-state.ts';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((n) => ({ id: String(n), label: String(n) }));

export interface OrdersListMetaProps {
  shown: number;
  pagination: Pagination | undefined;
  isFetching: boolean;
  limit: number;
  dispatch: Dispatch<OrdersEvent>;
}

/** 'Showing N of M orders', a sign while the list reads again, and the page size. */
export function OrdersListMeta({ shown, pagination, isFetching, limit, dispatch }: OrdersListMetaProps) {
  return (
    <div className="list-meta orders-meta">
      <p aria-live="polite">
        Showing {shown} of {pagination?.total_records ?? 0}
        {pagination?.total_capped ? '+' : ''} orders
      </p>
      {isFetching ? (
        <span className="muted small" role="status">
          Updating...
        </span>
      ) : null}
      <Select
        label="Per page"
        className="page-size"
        options={PAGE_SIZE_OPTIONS}
        value={String(limit)}
        onChange={(v) => dispatch({ type: 'page-sized', limit: Number(v) })}
      />
    </div>
  );
}

/** What can be done with the selected orders. */
export function BulkBar({ chosen, dispatch }: { chosen: OrderSummary[]; dispatch: Dispatch<OrdersEvent> }) {
  if (chosen.length === 0) return null;
  return (
    <div className="bulk-bar" role="region" aria-label="Bulk actions">
      <span>{chosen.length} selected</span>
      <Button size="sm" onPress={() => dispatch({ type: 'dialog', dialog: { kind: 'bulk-assign', orders: chosen } })}>
        Bulk Assign
      </Button>
      <Button
        size="sm"
        variant="secondary"
        isDisabled={!fitsOneBatch(chosen.length)}
        aria-describedby="batch-size-hint"
        onPress={() => dispatch({ type: 'dialog', dialog: { kind: 'create-batch', orders: chosen } })}
      >
        Create Batch
      </Button>
      {fitsOneBatch(chosen.length) ? null : (
        <span id="batch-size-hint" className="muted small">
          A batch takes {MIN_BATCH_ORDERS} to {MAX_BATCH_ORDERS} orders
        </span>
      )}
      <Button size="sm" variant="danger" onPress={() => dispatch({ type: 'dialog', dialog: { kind: 'bulk-cancel', orders: chosen } })}>
        Bulk Cancel
      </Button>
      <Button size="sm" variant="ghost" onPress={() => dispatch({ type: 'selected', ids: new Set() })}>
        Clear Selection
      </Button>
    </div>
  );
}

/** What the last bulk action did, with each order that failed and why. */
export function OrdersNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <Alert tone={notice.failures.length > 0 ? 'info' : 'success'} onDismiss={onDismiss}>
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
      {notice.noStock && notice.noStock.length > 0 ? (
        <>
          <p>No location holds some of their items:</p>
          <ul className="plain-list" aria-label="Orders with items without stock">
            {notice.noStock.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Alert>
  );
}
