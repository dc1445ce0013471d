import { catalogueLiveKeys } from '../features/catalogue/api/styles-api.ts';
import { countsLiveKeys } from '../features/counts/api/counts-api.ts';
import { dashboardLiveKeys } from '../features/dashboard/api/dashboard-api.ts';
import { inventoryLiveKeys } from '../features/inventory/api/inventory-api.ts';
import { ordersLiveKeys } from '../features/orders/api/orders-api.ts';
import { pickingLiveKeys } from '../features/picking/api/picking-api.ts';
import { receivingLiveKeys } from '../features/receiving/api/receiving-api.ts';
import { reportsLiveKeys } from '../features/reports/api/reports-api.ts';
import { returnsLiveKeys } from '../features/returns/api/returns-api.ts';
import { settingsLiveKeys } from '../features/settings/api/locations-api.ts';
import { countSettingsLiveKeys } from '../features/settings/api/settings-api.ts';
import { usersLiveKeys } from '../features/users/api/users-api.ts';
import { verificationLiveKeys } from '../features/verification/api/verification-api.ts';
import { composeLiveKeys } from '../lib/live-topics.ts';
import { warehouseSettingsLiveKeys } from '../lib/warehouse-settings.ts';

/** What each kind of live topic makes stale, across every screen: each feature declares what its queries depend on. */
export const LIVE_KEYS = composeLiveKeys(
  usersLiveKeys,
  ordersLiveKeys,
  verificationLiveKeys,
  pickingLiveKeys,
  dashboardLiveKeys,
  inventoryLiveKeys,
  receivingLiveKeys,
  settingsLiveKeys,
  countSettingsLiveKeys,
  reportsLiveKeys,
  returnsLiveKeys,
  countsLiveKeys,
  catalogueLiveKeys,
  warehouseSettingsLiveKeys,
);
