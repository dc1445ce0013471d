import { queryOptions } from '@tanstack/react-query';
import type { PickingSettings } from '@wh/contracts/settings/http';
import { apiData } from './api-client.ts';
import { dependsOn, type LiveKeys } from './live-topics.ts';

// The warehouse-wide picking settings: the picking screen follows them, Settings changes them. They depend on the
// 'settings' topic, so a manager's change reaches every open screen at once.
export const pickingSettingsKey = ['settings', 'picking'] as const;
export const warehouseSettingsLiveKeys: LiveKeys = dependsOn(['settings'], [pickingSettingsKey]);

export const pickingSettingsQuery = () =>
  queryOptions({
    queryKey: pickingSettingsKey,
    queryFn: ({ signal }) => apiData<PickingSettings>('/settings/picking', { defaultMessage: 'Failed to fetch picking settings', signal }),
  });
