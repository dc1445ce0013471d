import { z } from 'zod';
import { paginationSchema } from '../platform/http.ts';
import { calendarDate, FIRST_YEAR, isCalendarDate, isInstant, LAST_YEAR, limitQuery, optionalTextInt, pageQuery, textInt } from '../platform/input.ts';
import { inventoryStatusSchema, LOW_STOCK_THRESHOLD } from '../inventory/http.ts';

// Dashboard, reports and the audit view. Every figure comes from read models the projector keeps (rm_report_*,
// rm_order_timings, rm_audit); no call scans the event table.
//
// Routes (all under /api; answers are successEnvelope(...) unless said otherwise):
//   GET /reports/daily-summary      signed-in        DailySummaryQuery -> DailySummary (shaped by the caller's role)
//   GET /reports/inventory-status   inventory:alerts InventoryStatusReportQuery -> InventoryStatus (the same answer
//                                                    as GET /inventory/status)
//   GET /reports/order-analytics    reports:view     ReportRangeQuery -> OrderAnalytics
//   GET /reports/worker-productivity reports:view    ReportRangeQuery -> WorkerProductivity
//   GET /reports/export             reports:view     ReportExportQuery -> CSV/XLSX file of the current view
//   GET /audit/events               audit:view       AuditQuery -> AuditPage
//   GET /audit/events/export        audit:view       AuditExportQuery -> CSV/XLSX file (same filters, no paging)
// Live topics: 'dashboard' (everyone) when order, pick or stock figures change; 'reports' (reports:view) when the
// report read models or the audit log change.

// ---------- Shared ----------

export const REPORT_RANGES = ['today', 'week', 'month', 'quarter', 'year'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
// Every range ends today (local, included). The week is the last 7 days, rolling; month, quarter and year are the
// calendar month, quarter and year to date, as their names say.
export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  today: 'Today',
  week: 'Last 7 Days',
  month: 'This Month',
  quarter: 'This Quarter',
  year: 'This Year',
};

// The longest run of days a range covers: a year to date in a leap year.
export const MAX_RANGE_DAYS = 366;

/** The first local day (YYYY-MM-DD) a range covers, given today's local day. */
export function rangeFirstDay(range: ReportRange, today: string): string {
  const [year = '', month = ''] = today.split('-');
  switch (range) {
    case 'today':
      return today;
    case 'week': {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 6);
      return d.toISOString().slice(0, 10);
    }
    case 'month':
      return `${year}-${month}-01`;
    case 'quarter':
      return `${year}-${String(Math.floor((Number(month) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
    case 'year':
      return `${year}-01-01`;
    default: {
      const exhaustive: never = range;
      return exhaustive;
    }
  }
}

export const REPORT_TYPES = ['inventory', 'orders', 'productivity'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;


const reportRange = z.enum(REPORT_RANGES, { error: 'Range must be one of today, week, month, quarter, year' });

export const reportRangeQuerySchema = z.object({ range: reportRange.default('week') });
export type ReportRangeQuery = z.input<typeof reportRangeQuerySchema>;

// The days a report covers, YYYY-MM-DD in the warehouse's time zone, both ends included.
export const reportPeriodSchema = z.object({
  range: z.enum(REPORT_RANGES),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

// Minutes between two moments of an order's life, over the orders whose later moment falls in the period.
export const durationStatsSchema = z.object({
  count: z.number().int(),
  // null when count is 0.
  average_minutes: z.number().nullable(),
  median_minutes: z.number().nullable(),
  p90_minutes: z.number().nullable(),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

// ---------- Daily summary (dashboard) ----------

export const dailySummaryQuerySchema = z.object({
  // Default: today in the warehouse's time zone.
  date: calendarDate().optional(),
});
export type DailySummaryQuery = z.input<typeof dailySummaryQuerySchema>;

export const ACTIVITY_STATUSES = ['completed', 'pending', 'in_progress', 'failed'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const recentActivitySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  // ISO timestamp.
  timestamp: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

// An order a worker picked on the day (a worker sees their own; manager and executive1 everyone's).
export const workerActivitySchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  worker_id: z.number().int().nullable(),
  worker_name: z.string().nullable(),
  // Items (order lines) picked that day.
  items_picked: z.number().int(),
  completed_at: z.string().nullable(),
  // The order's current status (pending, assigned, picking, picked, completed, verified, cancelled).
  status: z.string(),
});
export type WorkerActivity = z.infer<typeof workerActivitySchema>;

export const workerPerformanceSchema = z.object({
  worker_id: z.number().int(),
  worker_name: z.string(),
  // Items (order lines) picked that day, and the units they held.
  items_picked: z.number().int(),
  units_picked: z.number().int(),
});
export type WorkerPerformance = z.infer<typeof workerPerformanceSchema>;

export const workerPerformanceTotalsSchema = z.object({
  // Workers who picked at least one item that day.
  active_workers: z.number().int(),
  total_items_picked: z.number().int(),
  // total_items_picked / active_workers, one decimal; 0 when nobody picked.
  average_per_worker: z.number(),
});
export type WorkerPerformanceTotals = z.infer<typeof workerPerformanceTotalsSchema>;

// An item picked while no location held its SKU (the manager's alert).
export const unstockedPickSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  item_id: z.number().int(),
  sku: z.string(),
  style_code: z.string(),
  quantity: z.number().int(),
  picked_at: z.string(),
  picked_by: z.string().nullable(),
});
export type UnstockedPick = z.infer<typeof unstockedPickSchema>;

export const systemOverviewSchema = z.object({
  total_users: z.number().int(),
  active_users: z.number().int(),
  total_styles: z.number().int(),
  orders_today: z.number().int(),
});
export type SystemOverview = z.infer<typeof systemOverviewSchema>;

export const dailySummarySchema = z.object({
  // The day summarised, YYYY-MM-DD in the warehouse's time zone.
  date: z.string(),
  // The day's orders, each count under the Orders screen's filters its card links to (dashboardOrderFilters,
  // reports/dashboard.ts): all, completed or verified, pending (waiting for a worker).
  orders: z.object({ total: z.number().int(), completed: z.number().int(), pending: z.number().int() }),
  // Worker: their orders to pick (assigned or picking), whatever the day, as the picking screen lists them. 0 for
  // other roles.
  my_assigned_orders: z.number().int(),
  // At most 5, newest first. Manager: system activity; worker: their own picked orders; others: [].
  recent_activity: z.array(recentActivitySchema),
  // Orders with picks that day: a worker's own; manager and executive1 all; executive2 [].
  worker_activities: z.array(workerActivitySchema),
  // Top 5 pickers of the day (manager and executive1; [] otherwise), most items first.
  workers: z.array(workerPerformanceSchema),
  // Worker Performance Today totals (manager and executive1; null otherwise).
  worker_performance: workerPerformanceTotalsSchema.nullable(),
  // Units in stock now, every location.
  total_inventory: z.number().int(),
  // SKUs at or below the default threshold (manager only; null otherwise).
  low_stock_count: z.number().int().nullable(),
  // Manager only ([] otherwise): picks made while no location held the SKU, newest first, at most 20.
  unstocked_picks: z.array(unstockedPickSchema),
  unstocked_picks_total: z.number().int(),
  // Manager only (null otherwise): lines recorded short that day ("Can't find it"), less shorts undone that day.
  short_picks_today: z.number().int().nullable(),
  // Manager only (null otherwise).
  system_overview: systemOverviewSchema.nullable(),
});
export type DailySummary = z.infer<typeof dailySummarySchema>;

// ---------- Inventory status ----------

export const inventoryStatusReportQuerySchema = z.object({
  threshold: textInt({ min: 0, max: 100_000 }).default(LOW_STOCK_THRESHOLD),
  limit: limitQuery(1000, 100),
});
export type InventoryStatusReportQuery = z.input<typeof inventoryStatusReportQuerySchema>;
export const inventoryStatusReportSchema = inventoryStatusSchema;

// ---------- Order analytics ----------

export const orderDayCountsSchema = z.object({
  received: z.number().int(),
  assigned: z.number().int(),
  completed: z.number().int(),
  verified: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderDayCounts = z.infer<typeof orderDayCountsSchema>;

export const orderAnalyticsDaySchema = orderDayCountsSchema.extend({ date: z.string() });
export type OrderAnalyticsDay = z.infer<typeof orderAnalyticsDaySchema>;

export const orderAnalyticsSchema = z.object({
  period: reportPeriodSchema,
  // Every day of the period, oldest first (days without activity carry zeros).
  days: z.array(orderAnalyticsDaySchema),
  totals: orderDayCountsSchema,
  // From import to first assignment / completion / verification, over orders assigned / completed / verified in
  // the period.
  time_to_assignment: durationStatsSchema,
  time_to_completion: durationStatsSchema,
  time_to_verification: durationStatsSchema,
});
export type OrderAnalytics = z.infer<typeof orderAnalyticsSchema>;

// ---------- Worker productivity ----------

export const pickerProductivitySchema = z.object({
  worker_id: z.number().int(),
  worker_name: z.string(),
  // Items (order lines) and units picked in the period.
  items_picked: z.number().int(),
  units_picked: z.number().int(),
  orders_completed: z.number().int(),
  // Over the worker's orders completed in the period: (completion - first pick) summed, divided by their items.
  // null when none completed.
  average_seconds_per_item: z.number().nullable(),
  // Orders of theirs verified in the period, and how many of those had at least one discrepancy.
  orders_verified: z.number().int(),
  orders_with_discrepancies: z.number().int(),
  // orders_with_discrepancies / orders_verified, 0..1 with 4 decimals; null when none verified.
  discrepancy_rate: z.number().nullable(),
});
export type PickerProductivity = z.infer<typeof pickerProductivitySchema>;

export const verifierProductivitySchema = z.object({
  verifier_id: z.number().int(),
  verifier_name: z.string(),
  orders_verified: z.number().int(),
  orders_with_discrepancies: z.number().int(),
});
export type VerifierProductivity = z.infer<typeof verifierProductivitySchema>;

export const workerProductivitySchema = z.object({
  period: reportPeriodSchema,
  // Most items picked first.
  workers: z.array(pickerProductivitySchema),
  // Most orders verified first.
  verifiers: z.array(verifierProductivitySchema),
  totals: z.object({
    items_picked: z.number().int(),
    units_picked: z.number().int(),
    orders_completed: z.number().int(),
    orders_verified: z.number().int(),
  }),
});
export type WorkerProductivity = z.infer<typeof workerProductivitySchema>;

// ---------- Export ----------

export const reportExportQuerySchema = z.object({
  report: z.enum(REPORT_TYPES, { error: 'Report must be one of inventory, orders, productivity' }),
  range: reportRange.default('week'),
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv'),
});
export type ReportExportQuery = z.input<typeof reportExportQuerySchema>;

// ---------- Audit ----------

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => {
      const t = (v ?? '').trim();
      return t === '' ? undefined : t;
    })
    .pipe(z.string().max(max).optional());

// A day (YYYY-MM-DD: from its local start / to its local end) or an ISO timestamp.
const moment = z
  .string()
  .optional()
  .transform((v) => {
    const t = (v ?? '').trim();
    return t === '' ? undefined : t;
  })
  .pipe(
    z
      .string()
      .refine(
        (t) => isCalendarDate(t) || isInstant(t),
        `Date must be YYYY-MM-DD or an ISO timestamp, between ${FIRST_YEAR} and ${LAST_YEAR}`,
      )
      .optional(),
  );

export const auditFiltersSchema = z.object({
  // The user who did it or whom it concerns (assigned worker, picker, verifier, the user changed).
  // An empty select sends ''.
  user_id: optionalTextInt({ min: 1, message: 'User must be a user id' }),
  // Exact, case-insensitive.
  order_number: optionalText(100),
  sku: optionalText(100),
  location: optionalText(50),
  event_type: optionalText(100),
  from: moment,
  to: moment,
});
export type AuditFilters = z.input<typeof auditFiltersSchema>;

export const auditQuerySchema = auditFiltersSchema.extend({
  page: pageQuery(),
  limit: limitQuery(500, 50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditExportQuerySchema = auditFiltersSchema.extend({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv'),
});
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

export const auditEntrySchema = z.object({
  // The event's global position (text: it is a bigint).
  position: z.string(),
  event_type: z.string(),
  stream_id: z.string(),
  // Business time of the event (ISO).
  occurred_at: z.string(),
  // Who did it: null for the system (bootstrap, a rebuild-free import...).
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  role: z.string().nullable(),
  // One line a person reads.
  summary: z.string(),
  order_number: z.string().nullable(),
  skus: z.array(z.string()),
  locations: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEntrySchema),
  pagination: paginationSchema,
  // Event types present in the log, for the filter select.
  event_types: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
