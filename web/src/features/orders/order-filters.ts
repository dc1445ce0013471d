import type { OrderStatus } from '@wh/contracts/orders/events';
import type { UserRef } from '@wh/contracts/orders/http';

// The Order Management filters (spec section 2): search, status, assigned worker, order date, and orders with items no
// location holds; page and size.

export type WorkerFilter = 'all' | 'unassigned' | `${number}`;
export type ChipId = 'search' | 'status' | 'worker' | 'date' | 'noStock';

// Statuses chosen together: the dashboard's Completed Orders counts completed and verified orders alike.
export const STATUS_GROUPS = { 'completed,verified': 'Completed or Verified' } as const;
export type StatusFilter = OrderStatus | keyof typeof STATUS_GROUPS | 'all';

export interface OrdersFilter {
  search: string;
  status: StatusFilter;
  worker: WorkerFilter;
  /** YYYY-MM-DD or ''. */
  date: string;
  /** Only open orders with items no location holds. */
  noStock: boolean;
  page: number;
  limit: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const INITIAL_FILTER: OrdersFilter = { search: '', status: 'all', worker: 'all', date: '', noStock: false, page: 1, limit: 10 };

export const NO_STOCK_LABEL = 'No stock anywhere';

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

/** A status filter's label ('Picking', 'Completed or Verified'). */
export function statusFilterLabel(status: Exclude<StatusFilter, 'all'>): string {
  return isStatusGroup(status) ? STATUS_GROUPS[status] : STATUS_LABELS[status];
}

const isStatusGroup = (value: string): value is keyof typeof STATUS_GROUPS => Object.hasOwn(STATUS_GROUPS, value);
const isStatusFilter = (value: string): value is StatusFilter => value === 'all' || Object.hasOwn(STATUS_LABELS, value) || isStatusGroup(value);

/**
 * The filters an address asks for (a dashboard card links to the Orders screen filtered as it counts): status (one,
 * or a group such as completed,verified), worker (an id or unassigned) and order date; anything else is left unset.
 */
export function filtersFromQuery(query: URLSearchParams): OrdersFilter {
  const status = query.get('status') ?? '';
  const worker = query.get('worker_id') ?? '';
  const date = query.get('date') ?? '';
  return {
    ...INITIAL_FILTER,
    status: isStatusFilter(status) ? status : 'all',
    worker: worker === 'unassigned' || /^\d{1,10}$/.test(worker) ? (worker as WorkerFilter) : 'all',
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    noStock: query.get('no_stock') === 'true',
  };
}

/** The query-string filters of GET /orders and GET /orders/export. */
export function filtersToQuery(filter: OrdersFilter): Record<string, string | undefined> {
  return {
    search: filter.search.trim() || undefined,
    status: filter.status === 'all' ? undefined : filter.status,
    worker_id: filter.worker === 'all' ? undefined : filter.worker,
    date: filter.date || undefined,
    no_stock: filter.noStock ? 'true' : undefined,
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
  if (filter.status !== 'all') chips.push({ id: 'status', label: `Status: ${statusFilterLabel(filter.status)}` });
  if (filter.worker === 'unassigned') chips.push({ id: 'worker', label: 'Worker: Unassigned' });
  else if (filter.worker !== 'all') {
    const worker = workers.find((w) => String(w.id) === filter.worker);
    chips.push({ id: 'worker', label: `Worker: ${worker ? workerName(worker) : `#${filter.worker}`}` });
  }
  if (filter.date) chips.push({ id: 'date', label: `Date: ${filter.date}` });
  if (filter.noStock) chips.push({ id: 'noStock', label: NO_STOCK_LABEL });
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
    case 'noStock':
      return withFilter(filter, { noStock: false });
  }
}

export function clearFilters(filter: OrdersFilter): OrdersFilter {
  return { ...INITIAL_FILTER, limit: filter.limit };
}
