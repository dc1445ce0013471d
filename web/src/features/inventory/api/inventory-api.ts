import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import type {
  AdjustInventoryBody,
  AdjustmentRecord,
  AdjustmentResult,
  AdjustmentSummary,
  AsOf,
  AvailableItems,
  Bins,
  InventorySearchResult,
  InventoryStatus,
  Ledger,
  Location,
  Racks,
} from '@wh/contracts/inventory/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import type { SearchQuery } from '../search-input.ts';
import { PAGE_SIZE } from '../options.ts';

export const inventoryKeys = {
  all: ['inventory'] as const,
  search: (q: SearchQuery) => ['inventory', 'search', q] as const,
  available: (f: AvailableFilter) => ['inventory', 'available', f] as const,
  bins: ['inventory', 'bins'] as const,
  racks: ['inventory', 'racks'] as const,
  status: ['inventory', 'status'] as const,
  locations: ['inventory', 'locations'] as const,
  adjustments: ['inventory', 'adjustments'] as const,
  ledger: (f: HistoryTarget, page: number) => ['inventory', 'ledger', f, page] as const,
  asOf: (f: HistoryTarget, at: string) => ['inventory', 'as-of', f, at] as const,
};

// Stock moves with inventory pushes and with approved receipts; styles and locations name what the screen lists.
export const inventoryLiveKeys: LiveKeys = dependsOn(['inventory', 'styles', 'locations', 'receipts'], [inventoryKeys.all]);

export const inventorySearchQuery = (q: SearchQuery) =>
  queryOptions({
    queryKey: inventoryKeys.search(q),
    queryFn: ({ signal }) =>
      apiData<InventorySearchResult>('/inventory/search', { query: { ...q }, defaultMessage: 'Failed to search inventory', signal }),
  });

export interface AvailableFilter {
  search: string;
  color?: string | undefined;
  size?: string | undefined;
  page: number;
}

export const availableItemsQuery = (f: AvailableFilter) =>
  queryOptions({
    queryKey: inventoryKeys.available(f),
    queryFn: ({ signal }) =>
      apiData<AvailableItems>('/inventory/available-items', {
        query: { search: f.search.trim() || undefined, color: f.color, size: f.size, page: f.page, limit: PAGE_SIZE },
        defaultMessage: 'Failed to fetch available items',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const binsQuery = () =>
  queryOptions({
    queryKey: inventoryKeys.bins,
    queryFn: ({ signal }) => apiData<Bins>('/locations/bins', { defaultMessage: 'Failed to fetch bins', signal }),
  });

export const racksQuery = () =>
  queryOptions({
    queryKey: inventoryKeys.racks,
    queryFn: ({ signal }) => apiData<Racks>('/locations/racks', { defaultMessage: 'Failed to fetch racks', signal }),
  });

export const inventoryStatusQuery = () =>
  queryOptions({
    queryKey: inventoryKeys.status,
    queryFn: ({ signal }) => apiData<InventoryStatus>('/inventory/status', { defaultMessage: 'Failed to fetch inventory status', signal }),
  });

/** Active locations, for choosing where an adjustment happens. */
export const activeLocationsQuery = () =>
  queryOptions({
    queryKey: [...inventoryKeys.locations, 'active'] as const,
    queryFn: ({ signal }) => apiData<{ locations: Location[] }>('/locations', { defaultMessage: 'Failed to fetch bins', signal }),
  });

export const recentAdjustmentsQuery = (limit = 50) =>
  queryOptions({
    queryKey: [...inventoryKeys.adjustments, 'recent', limit] as const,
    queryFn: ({ signal }) =>
      apiData<{ adjustments: AdjustmentRecord[] }>('/inventory/adjustments/recent', {
        query: { limit },
        defaultMessage: 'Failed to fetch recent adjustments',
        signal,
      }),
  });

export const adjustmentSummaryQuery = (days = 30) =>
  queryOptions({
    queryKey: [...inventoryKeys.adjustments, 'summary', days] as const,
    queryFn: ({ signal }) =>
      apiData<AdjustmentSummary>('/inventory/adjustments/summary', { query: { days }, defaultMessage: 'Failed to fetch adjustment summary', signal }),
  });

export const adjustInventory = (body: AdjustInventoryBody) =>
  apiRequest<AdjustmentResult>('/inventory/adjust', { method: 'POST', body, defaultMessage: 'Failed to process inventory adjustment' });

export const adjustInventoryCommand: CommandSpec<AdjustInventoryBody, SuccessEnvelope<AdjustmentResult>> = {
  send: adjustInventory,
  invalidates: [inventoryKeys.all],
  fallbackError: 'Failed to process inventory adjustment',
};

export type HistoryTarget = { sku: string } | { location: string };

export const ledgerQuery = (target: HistoryTarget, page: number) =>
  queryOptions({
    queryKey: inventoryKeys.ledger(target, page),
    queryFn: ({ signal }) =>
      apiData<Ledger>('/inventory/ledger', {
        query: { ...target, page, limit: PAGE_SIZE },
        defaultMessage: 'Failed to fetch stock history',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const asOfQuery = (target: HistoryTarget, at: string) =>
  queryOptions({
    queryKey: inventoryKeys.asOf(target, at),
    queryFn: ({ signal }) =>
      apiData<AsOf>('/inventory/as-of', { query: { ...target, at }, defaultMessage: 'Failed to fetch stock history', signal }),
  });
