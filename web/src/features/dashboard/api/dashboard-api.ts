import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Readiness } from '@wh/contracts/platform/http';
import type { InventoryStatus } from '@wh/contracts/inventory/http';
import type { DailySummary } from '@wh/contracts/reports/http';
import { apiData } from '../../../lib/api-client.ts';
import { refreshCurrentUser } from '../../../lib/current-user.ts';
import { dependsOn, type LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

const DASHBOARD_ERROR = 'Failed to load dashboard data';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'daily-summary'] as const,
  inventory: ['dashboard', 'inventory-status'] as const,
  system: ['dashboard', 'system-status'] as const,
};

// The dashboard sums up orders, workers and stock; 'system' is the projector's health, shown in System Status.
export const dashboardLiveKeys: LiveKeys = dependsOn(['dashboard', 'orders', 'order', 'worker', 'inventory', 'system', 'counts'], [dashboardKeys.all]);

/** Today's summary, shaped by the caller's role on the server (the warehouse's today, not the browser's). */
export const dailySummaryQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => apiData<DailySummary>('/reports/daily-summary', { defaultMessage: DASHBOARD_ERROR, signal }),
  });

/** Inventory Alerts (manager, executive2): utilisation and the low-stock list. */
export const dashboardInventoryQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.inventory,
    queryFn: ({ signal }) =>
      apiData<InventoryStatus>('/reports/inventory-status', { defaultMessage: 'Failed to fetch inventory status', signal }),
  });

/**
 * System Status: GET /api/ready. Any push refreshes it too, the projector's own `system` notice (a projection failing
 * or recovering) among them; polling every few seconds covers a socket that is down and keeps the lag figure fresh
 * when quiet. One /api/ready is two index lookups and a one-row join, so a visible dashboard's poll costs little.
 */
const SYSTEM_STATUS_POLL_MS = 5000;
export const systemStatusQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.system,
    queryFn: ({ signal }) => apiData<Readiness>('/ready', { auth: false, defaultMessage: 'The database is unreachable', signal }),
    refetchInterval: SYSTEM_STATUS_POLL_MS,
    retry: false,
  });

/**
 * Refresh: reads the dashboard and the signed-in user again, pending until both are answered. It is given the query
 * client whose dashboard it reads.
 */
export const refreshDashboardCommand: CommandSpec<QueryClient, void> = {
  send: async (queryClient) => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: dashboardKeys.all }), refreshCurrentUser()]);
  },
  fallbackError: DASHBOARD_ERROR,
};
