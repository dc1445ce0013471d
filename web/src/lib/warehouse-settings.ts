import { queryOptions } from '@tanstack/react-query';
import type { PickingSettings } from '@wh/contracts/settings/http';
import { apiData } from './api-client.ts';

// The warehouse-wide picking settings: the picking screen follows them, Settings changes them. The key starts with
// the live topic's kind ('settings'), so a manager's change reaches every open screen at once.
export const pickingSettingsKey = ['settings', 'picking'] as const;

export const pickingSettingsQuery = () =>
  queryOptions({
    queryKey: pickingSettingsKey,
    queryFn: ({ signal }) => apiData<PickingSettings>('/settings/picking', { defaultMessage: 'Failed to fetch picking settings', signal }),
  });
