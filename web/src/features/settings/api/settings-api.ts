import type { PickingSettings, UpdatePickingSettingsBody } from '@wh/contracts/settings/http';
import { apiData } from '../../../lib/api-client.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import { pickingSettingsKey } from '../../../lib/warehouse-settings.ts';

export const updatePickingSettings = (body: UpdatePickingSettingsBody) =>
  apiData<PickingSettings>('/settings/picking', { method: 'PUT', body, defaultMessage: 'Failed to save picking settings' });

export const pickingSettingsCommand: CommandSpec<UpdatePickingSettingsBody, PickingSettings> = {
  send: updatePickingSettings,
  apply: (queryClient, saved) => queryClient.setQueryData(pickingSettingsKey, saved),
  fallbackError: 'Failed to save picking settings',
};
