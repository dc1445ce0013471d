import { queryOptions } from '@tanstack/react-query';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import type { LocationStock, MoveStockBody, StockMove } from '@wh/contracts/inventory/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import { inventoryKeys } from './inventory-api.ts';

// Moving stock, and what a location holds (the Move Stock screen's list once a from-location is scanned), under
// the inventory keys: every stock change invalidates them (inventoryLiveKeys).

export const locationStockQuery = (code: string) =>
  queryOptions({
    queryKey: [...inventoryKeys.all, 'location-stock', code] as const,
    queryFn: ({ signal }) => apiData<LocationStock>(`/locations/${encodeURIComponent(code)}/stock`, { defaultMessage: 'Failed to fetch stock', signal }),
  });

export const moveStockCommand: CommandSpec<MoveStockBody, SuccessEnvelope<StockMove>> = {
  send: (body) => apiRequest<StockMove>('/inventory/move', { method: 'POST', body, defaultMessage: 'Failed to move stock' }),
  invalidates: [inventoryKeys.all],
  fallbackError: 'Failed to move stock',
};
