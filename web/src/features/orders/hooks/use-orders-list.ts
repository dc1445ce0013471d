import { useEffect, useMemo, type Dispatch } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api-errors.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { assignableWorkersQuery, ordersListQuery } from '../api/orders-api.ts';
import type { OrdersFilter } from '../order-filters.ts';
import { selectedOrders } from '../order-rows.ts';
import type { OrdersEvent } from '../orders-state.ts';

const FILTER_DEBOUNCE_MS = 500;

/** The page of orders the filters ask for (a filter change settles for 500 ms first; paging is fetched at once). */
export function useOrdersList(filter: OrdersFilter, selected: ReadonlySet<number>, dispatch: Dispatch<OrdersEvent>) {
  const { page, limit, search, status, worker, date, noStock } = filter;
  // Memoised so the debounce sees a new value only when a filter really changes.
  const fields = useMemo(() => ({ search, status, worker, date, noStock }), [search, status, worker, date, noStock]);
  const settledFields = useDebouncedValue(fields, FILTER_DEBOUNCE_MS);
  const queryFilter = useMemo(() => ({ ...settledFields, page, limit }), [settledFields, page, limit]);
  const list = useScreenQuery(ordersListQuery(queryFilter));
  const workers = useQuery(assignableWorkersQuery());

  // A selection belongs to the list it was made in.
  const listKey = JSON.stringify(queryFilter);
  useEffect(() => dispatch({ type: 'selected', ids: new Set() }), [listKey, dispatch]);

  const orders = list.data?.orders ?? [];
  return {
    list,
    queryFilter,
    orders,
    chosen: selectedOrders(orders, selected),
    workers: workers.data?.workers,
    workersError: workers.isError ? messageOf(workers.error, 'Failed to fetch users') : null,
  };
}

export type OrdersList = ReturnType<typeof useOrdersList>;
