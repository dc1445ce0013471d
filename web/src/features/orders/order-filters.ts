import type { OrderStatus } from '@wh/contracts/orders/events';
import type { UserRef } from '@wh/contracts/orders/http';

// The Order Management filters (spec section 2): search, status, assigned worker, order date; page and size.

export type WorkerFilter = 'all' | 'unassigned' | `${number}`;
export type ChipId = 'search' | 'status' | 'worker' | 'date';

export interface OrdersFilter {
  search: string;
  status: OrderStatus | 'all';
  worker: WorkerFilter;
  /** YYYY-MM-DD or ''. */
  date: string;
  page: number;
  limit: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const INITIAL_FILTER: OrdersFilter = { search: '', status: 'all', worker: 'all', date: '', page: 1, limit: 10 };

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  picking: 'Picking',
  picked: 'Picked',
  completed: 'Completed',
  on_hold: 'On Hold',
  verified: 'Verified',
  cancelled: 'Cancelled',
};

/** The query-string filters of GET /orders and GET /orders/export. */
export function filtersToQuery(filter: OrdersFilter): Record<string, string | undefined> {
  return {
    search: filter.search.trim() || undefined,
    status: filter.status === 'all' ? undefined : filter.status,
    worker_id: filter.worker === 'all' ? undefined : filter.worker,
    date: filter.date || undefined,
  };
}

/** Any filter change goes back to page 1 (spec section 2). */
export function withFilter(filter: OrdersFilter, patch: Partial<Omit<OrdersFilter, 'page'>>): OrdersFilter {
  return { ...filter, ...patch, page: 1 };
}

export const workerName = (w: Pick<UserRef, 'full_name' | 'username'>) => w.full_name || w.username;

export interface Chip {
  id: ChipId;
  label: string;
}

export function activeChips(filter: OrdersFilter, workers: readonly UserRef[]): Chip[] {
  const chips: Chip[] = [];
  if (filter.search.trim()) chips.push({ id: 'search', label: `Search: ${filter.search.trim()}` });
  if (filter.status !== 'all') chips.push({ id: 'status', label: `Status: ${STATUS_LABELS[filter.status]}` });
  if (filter.worker === 'unassigned') chips.push({ id: 'worker', label: 'Worker: Unassigned' });
  else if (filter.worker !== 'all') {
    const worker = workers.find((w) => String(w.id) === filter.worker);
    chips.push({ id: 'worker', label: `Worker: ${worker ? workerName(worker) : `#${filter.worker}`}` });
  }
  if (filter.date) chips.push({ id: 'date', label: `Date: ${filter.date}` });
  return chips;
}

export function removeChip(filter: OrdersFilter, id: ChipId): OrdersFilter {
  switch (id) {
    case 'search':
      return withFilter(filter, { search: '' });
    case 'status':
      return withFilter(filter, { status: 'all' });
    case 'worker':
      return withFilter(filter, { worker: 'all' });
    case 'date':
      return withFilter(filter, { date: '' });
  }
}

export function clearFilters(filter: OrdersFilter): OrdersFilter {
  return { ...INITIAL_FILTER, limit: filter.limit };
}
