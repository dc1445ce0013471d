import { queryOptions } from '@tanstack/react-query';
import type { CreateLocationBody, CreateLocationRangeBody, Location, LocationRangeResult, UpdateLocationBody } from '@wh/contracts/inventory/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';

export const layoutKeys = {
  all: ['inventory', 'locations'] as const,
  layout: ['inventory', 'locations', 'layout'] as const,
};

// A location's layout changes with locations pushes, its fill with every push that moves stock.
export const settingsLiveKeys: LiveKeys = dependsOn(['locations', 'inventory', 'styles', 'receipts'], [layoutKeys.all]);

export const layoutQuery = () =>
  queryOptions({
    queryKey: layoutKeys.layout,
    queryFn: ({ signal }) =>
      apiData<{ locations: Location[] }>('/locations', {
        query: { include_inactive: true },
        defaultMessage: 'Failed to fetch locations',
        signal,
      }),
  });

export const createLocation = (body: CreateLocationBody) =>
  apiRequest<Location>('/locations', { method: 'POST', body, defaultMessage: 'Failed to create location' });

export const createLocationRange = (body: CreateLocationRangeBody) =>
  apiRequest<LocationRangeResult>('/locations/range', { method: 'POST', body, defaultMessage: 'Failed to create locations' });

export const updateLocation = (code: string, body: UpdateLocationBody, defaultMessage = 'Failed to update location') =>
  apiData<Location>(`/locations/${encodeURIComponent(code)}`, { method: 'PATCH', body, defaultMessage });
