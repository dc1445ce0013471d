import { queryOptions } from '@tanstack/react-query';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import type { CreateLocationBody, CreateLocationRangeBody, Location, LocationRangeResult, UpdateLocationBody } from '@wh/contracts/inventory/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

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

const LAYOUT_KEYS = [layoutKeys.all];

export const createLocationCommand: CommandSpec<CreateLocationBody, SuccessEnvelope<Location>> = {
  send: createLocation,
  invalidates: LAYOUT_KEYS,
  fallbackError: 'Failed to create location',
};

export const createLocationRangeCommand: CommandSpec<CreateLocationRangeBody, SuccessEnvelope<LocationRangeResult>> = {
  send: createLocationRange,
  invalidates: LAYOUT_KEYS,
  fallbackError: 'Failed to create locations',
};

export interface LocationUpdate {
  code: string;
  body: UpdateLocationBody;
  /** The refusal's text when the server gives none (deactivate and reactivate word theirs). */
  defaultMessage?: string;
}

export const updateLocationCommand: CommandSpec<LocationUpdate, Location> = {
  send: ({ code, body, defaultMessage }) => updateLocation(code, body, defaultMessage),
  // The layout shows the changed location at once; the refetch brings its neighbours' figures.
  apply: (queryClient, location) =>
    queryClient.setQueryData<{ locations: Location[] }>(layoutKeys.layout, (old) =>
      old ? { locations: old.locations.map((l) => (l.code === location.code ? location : l)) } : old,
    ),
  invalidates: LAYOUT_KEYS,
  fallbackError: 'Failed to update location',
};
