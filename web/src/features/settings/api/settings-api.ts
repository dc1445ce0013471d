import { queryOptions } from '@tanstack/react-query';
import type { CountSettings, CountSettingsView } from '@wh/contracts/counts/http';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import type { PickingSettings, UpdatePickingSettingsBody } from '@wh/contracts/settings/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import { pickingSettingsKey } from '../../../lib/warehouse-settings.ts';

export const updatePickingSettings = (body: UpdatePickingSettingsBody) =>
  apiData<PickingSettings>('/settings/picking', { method: 'PUT', body, defaultMessage: 'Failed to save picking settings' });

export const pickingSettingsCommand: CommandSpec<UpdatePickingSettingsBody, PickingSettings> = {
  send: updatePickingSettings,
  apply: (queryClient, saved) => queryClient.setQueryData(pickingSettingsKey, saved),
  fallbackError: 'Failed to save picking settings',
};

// The cycle counts' settings (a manager's): the daily plan, how often each location comes round, the recount threshold.
// Under 'settings', so a change pushed on that topic refreshes them on every open Settings screen.
export const countSettingsKey = ['settings', 'counts'] as const;
export const countSettingsLiveKeys: LiveKeys = dependsOn(['settings'], [countSettingsKey]);

export const countSettingsQuery = () =>
  queryOptions({
    queryKey: countSettingsKey,
    queryFn: ({ signal }) => apiData<CountSettingsView>('/settings/counts', { defaultMessage: 'Failed to fetch count settings', signal }),
  });

// The whole envelope: the card shows the server's words for the save.
export const updateCountSettings = (body: CountSettings) =>
  apiRequest<CountSettingsView>('/settings/counts', { method: 'PUT', body, defaultMessage: 'Failed to save count settings' });

export const countSettingsCommand: CommandSpec<CountSettings, SuccessEnvelope<CountSettingsView>> = {
  send: updateCountSettings,
  apply: (queryClient, saved) => queryClient.setQueryData(countSettingsKey, saved.data),
  fallbackError: 'Failed to save count settings',
};
