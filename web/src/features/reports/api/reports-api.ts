import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InventoryStatus } from '@wh/contracts/inventory/http';
import type { AuditPage, OrderAnalytics, ReportRange, WorkerProductivity } from '@wh/contracts/reports/http';
import type { UserList } from '@wh/contracts/users/http';
import { apiData } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import type { AuditFilters } from '../audit-filters.ts';

// Keys start with 'reports': the 'reports' and 'inventory' live topics refetch them (lib/live-topics.ts).
export const reportsKeys = {
  inventory: (threshold: number) => ['reports', 'inventory-status', threshold] as const,
  orders: (range: ReportRange) => ['reports', 'order-analytics', range] as const,
  productivity: (range: ReportRange) => ['reports', 'worker-productivity', range] as const,
  audit: (filters: AuditFilters, page: number) => ['reports', 'audit', filters, page] as const,
  // Under 'users': the audit filter's user list changes with users.
  users: ['users', 'reports-audit-filter'] as const,
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

export const exportReport = (report: 'inventory' | 'orders' | 'productivity', range: ReportRange, format: ExportFormat) =>
  downloadFile('/reports/export', { report, range, format }, 'Failed to export report');

export const exportAudit = (filters: AuditFilters, format: ExportFormat) =>
  downloadFile('/audit/events/export', { ...filters, format }, 'Failed to export the audit log');
