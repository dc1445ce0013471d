import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InventoryStatus } from '@wh/contracts/inventory/http';
import type { AuditPage, CountAccuracy, OrderAnalytics, ReportRange, ReportType, ReturnsProcessing, ReturnsReport, WorkerProductivity } from '@wh/contracts/reports/http';
import type { UserList } from '@wh/contracts/users/http';
import { apiData } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import type { LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';
import type { AuditFilters } from '../audit-filters.ts';
import type { ReportView } from '../report-options.ts';

export const reportsKeys = {
  all: ['reports'] as const,
  inventory: (threshold: number) => ['reports', 'inventory-status', threshold] as const,
  orders: (range: ReportRange) => ['reports', 'order-analytics', range] as const,
  productivity: (range: ReportRange) => ['reports', 'worker-productivity', range] as const,
  returns: (range: ReportRange, style: string) => ['reports', 'returns', range, style] as const,
  returnsProcessing: (range: ReportRange) => ['reports', 'returns-processing', range] as const,
  countAccuracy: (range: ReportRange) => ['reports', 'count-accuracy', range] as const,
  audit: (filters: AuditFilters, page: number) => ['reports', 'audit', filters, page] as const,
  // Not under 'reports': the audit filter's user list changes with users.
  users: ['users', 'reports-audit-filter'] as const,
};

/**
 * The reports and the inventory report refresh on reports and inventory pushes, count accuracy on the counts' too;
 * the audit user list on users.
 */
export const reportsLiveKeys: LiveKeys = {
  reports: [reportsKeys.all],
  counts: [['reports', 'count-accuracy']],
  inventory: [reportsKeys.all],
  users: [reportsKeys.users],
  user: [reportsKeys.users],
};

export const AUDIT_PAGE_SIZE = 50;
export type ExportFormat = 'csv' | 'xlsx';

export const inventoryReportQuery = (threshold: number) =>
  queryOptions({
    queryKey: reportsKeys.inventory(threshold),
    queryFn: ({ signal }) =>
      apiData<InventoryStatus>('/reports/inventory-status', {
        query: { threshold },
        defaultMessage: 'Failed to fetch inventory status',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const orderAnalyticsQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportsKeys.orders(range),
    queryFn: ({ signal }) =>
      apiData<OrderAnalytics>('/reports/order-analytics', { query: { range }, defaultMessage: 'Failed to fetch order analytics', signal }),
    placeholderData: keepPreviousData,
  });

export const workerProductivityQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportsKeys.productivity(range),
    queryFn: ({ signal }) =>
      apiData<WorkerProductivity>('/reports/worker-productivity', {
        query: { range },
        defaultMessage: 'Failed to fetch worker productivity',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Returns by style and size; `style` a style code, or '' for every style. */
export const returnsReportQuery = (range: ReportRange, style: string) =>
  queryOptions({
    queryKey: reportsKeys.returns(range, style),
    queryFn: ({ signal }) =>
      apiData<ReturnsReport>('/reports/returns', { query: { range, ...(style ? { style } : {}) }, defaultMessage: 'Failed to fetch the returns report', signal }),
    placeholderData: keepPreviousData,
  });

export const returnsProcessingQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportsKeys.returnsProcessing(range),
    queryFn: ({ signal }) =>
      apiData<ReturnsProcessing>('/reports/returns-processing', { query: { range }, defaultMessage: 'Failed to fetch returns processing', signal }),
    placeholderData: keepPreviousData,
  });

export const countAccuracyQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportsKeys.countAccuracy(range),
    queryFn: ({ signal }) => apiData<CountAccuracy>('/reports/count-accuracy', { query: { range }, defaultMessage: 'Failed to fetch count accuracy', signal }),
    placeholderData: keepPreviousData,
  });

export const auditEventsQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: reportsKeys.audit(filters, page),
    queryFn: ({ signal }) =>
      apiData<AuditPage>('/audit/events', {
        query: { ...filters, page, limit: AUDIT_PAGE_SIZE },
        defaultMessage: 'Failed to fetch the audit log',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const auditUsersQuery = () =>
  queryOptions({
    queryKey: reportsKeys.users,
    queryFn: ({ signal }) =>
      apiData<UserList>('/users', { query: { include_deleted: true, limit: 100 }, defaultMessage: 'Failed to fetch users', signal }),
    staleTime: 60_000,
  });

export const exportReport = (report: ReportType, range: ReportRange, format: ExportFormat, style = '') =>
  downloadFile('/reports/export', { report, range, format, ...(style ? { style } : {}) }, 'Failed to export report');

export const exportCountAccuracy = (range: ReportRange, format: ExportFormat) =>
  downloadFile('/reports/count-accuracy/export', { range, format }, 'Failed to export report');

export const exportAudit = (filters: AuditFilters, format: ExportFormat) =>
  downloadFile('/audit/events/export', { ...filters, format }, 'Failed to export the audit log');

/**
 * Downloads what the screen shows: the audit log with its filters, count accuracy from its own route, or the chosen
 * report for its range (and style).
 */
export const exportCommand: CommandSpec<{ view: ReportView; filters: AuditFilters; style: string; format: ExportFormat }, string> = {
  send: ({ view, filters, style, format }) => {
    if (view.type === 'audit') return exportAudit(filters, format);
    if (view.type === 'count-accuracy') return exportCountAccuracy(view.range, format);
    return exportReport(view.type, view.range, format, view.type === 'returns' ? style : '');
  },
  fallbackError: 'Failed to export report',
};
