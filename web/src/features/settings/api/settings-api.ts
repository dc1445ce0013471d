import type { PickingSettings, UpdatePickingSettingsBody } from '@wh/contracts/settings/http';
import { apiData } from '../../../lib/api-client.ts';

export const updatePickingSettings = (body: UpdatePickingSettingsBody) =>
  apiData<PickingSettings>('/settings/picking', { method: 'PUT', body, defaultMessage: 'Failed to save picking settings' });
