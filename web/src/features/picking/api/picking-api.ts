import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderList } from '@wh/contracts/orders/http';
import { apiData } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import type { LocationQuery } from '../location-query.ts';

const PICKING_LIMIT = 100;

// Rooted at 'orders' with 'picking' second: pushes on worker:N (the worker's own orders) and on orders
// (a manager's view of every worker) both refresh it.
export const pickingKeys = {
  all: ['orders', 'picking'] as const,
  list: (workerId: number | null) => ['orders', 'picking', workerId ?? 'all'] as const,
};

/** The orders to pick: assigned or in progress, the worker's own (a manager sees every worker's). */
export const pickingOrdersQuery = (workerId: number | null, pollMs: number) =>
  queryOptions({
    queryKey: pickingKeys.list(workerId),
    queryFn: ({ signal }) =>
      apiData<OrderList>('/orders', {
        query: { status: 'assigned,picking', worker_id: workerId ?? undefined, limit: PICKING_LIMIT },
        defaultMessage: 'Failed to fetch orders',
        signal,
      }),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
  });

export const pickItem = (orderId: number, itemId: number, location: string | null) =>
  apiData<Order>(`/orders/${orderId}/items/${itemId}/pick`, {
    method: 'POST',
    body: location ? { location } : {},
    defaultMessage: 'Failed to pick item',
  });

export const completeOrder = (orderId: number) =>
  apiData<Order>(`/orders/${orderId}/complete`, { method: 'POST', defaultMessage: 'Failed to complete order' });

/** The locations a refused pick names (409 details 'A-1-1: 5'), most first. */
export function holdersOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  return error.details.filter((d) => d.field === 'location').map((d) => d.message.split(':')[0]?.trim() ?? '').filter(Boolean);
}

// The inventory search answer (spec section 3); the route belongs to the inventory work.
export interface StockLocation {
  location: string;
  type?: string | null;
  location_type?: string | null;
  quantity: number;
}
export interface InventoryMatch {
  sku: string;
  style_name: string | null;
  style_code?: string;
  color?: string;
  size?: string;
  quantity: number;
  locations: StockLocation[];
}

function matchesOf(data: unknown): InventoryMatch[] {
  if (Array.isArray(data)) return data as InventoryMatch[];
  if (typeof data === 'object' && data !== null) {
    for (const key of ['items', 'results', 'inventory', 'matches']) {
      const value = (data as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as InventoryMatch[];
    }
  }
  return [];
}

export async function searchInventory(query: LocationQuery): Promise<InventoryMatch[]> {
  try {
    return matchesOf(await apiData<unknown>('/inventory/search', { query: { ...query }, defaultMessage: 'Failed to search inventory' }));
  } catch (error) {
    // The route arrives with the inventory work; until then say so instead of a bare 'Not found'.
    if (error instanceof ApiError && error.status === 404 && error.message === 'Not found') {
      throw new ApiError('Location search is not available on this server yet.', 404, error.code);
    }
    throw error;
  }
}
