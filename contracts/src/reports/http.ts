import { z } from 'zod';
import { paginationSchema } from '../platform/http.ts';
import { calendarDate, FIRST_YEAR, isCalendarDate, isInstant, LAST_YEAR, limitQuery, optionalTextInt, pageQuery, textInt } from '../platform/input.ts';
import { inventoryStatusSchema, LOW_STOCK_THRESHOLD } from '../inventory/http.ts';
import { normaliseCode, STYLE_CODE_MAX } from '../platform/codes.ts';
import { FIT_REASONS, RETURN_GRADES, RETURN_REASONS, type ReturnReason } from '../returns/events.ts';
import { FIT_FLAGS, fitFlag, type FitFlag } from './fit-flag.ts';

// Dashboard, reports and the audit view. Every figure comes from read models the projector keeps (rm_report_*,
// rm_order_timings, rm_audit); no call scans the event table.
//
// Routes (all under /api; answers are successEnvelope(...) unless said otherwise):
//   GET /reports/daily-summary      signed-in        DailySummaryQuery -> DailySummary (shaped by the caller's role)
//   GET /reports/inventory-status   inventory:alerts InventoryStatusReportQuery -> InventoryStatus (the same answer
//                                                    as GET /inventory/status)
//   GET /reports/order-analytics    reports:view     ReportRangeQuery -> OrderAnalytics
//   GET /reports/worker-productivity reports:view    ReportRangeQuery -> WorkerProductivity
//   GET /reports/returns            reports:view     ReturnsReportQuery -> ReturnsReport (rate, reasons and fit flags
//                                                    by style and size)
//   GET /reports/returns-processing reports:view     ReportRangeQuery -> ReturnsProcessing (grades, receipt to
//                                                    restock, open returns by age)
//   GET /reports/count-accuracy     reports:view     ReportRangeQuery -> CountAccuracy (first counts that matched,
//                                                    by ISO week; what is open and overdue now)
//   GET /reports/count-accuracy/export reports:view  CountAccuracyExportQuery -> CSV/XLSX file of that report
//   GET /reports/export             reports:view     ReportExportQuery -> CSV/XLSX file of the current view
//   GET /audit/events               audit:view       AuditQuery -> AuditPage
//   GET /audit/events/export        audit:view       AuditExportQuery -> CSV/XLSX file (same filters, no paging)
// Live topics: 'dashboard' (everyone) when order, pick, stock or returns figures change; 'reports' (reports:view) when
// the report read models (the returns ones included) or the audit log change.

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

export const REPORT_TYPES = ['inventory', 'orders', 'productivity', 'returns', 'returns-processing'] as const;
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

// What waits at the bench or in RETURNS: units received and not yet restocked to a location other than RETURNS nor
// written off, the parcels holding them or not yet matched to their order, and since when the oldest has waited.
export const returnsWaitingSchema = z.object({
  units: z.number().int(),
  parcels: z.number().int(),
  // Parcels that matched no order, waiting in the unmatched queue (among `parcels`).
  unmatched: z.number().int(),
  // When the longest-waiting parcel was received (ISO); null when nothing waits.
  oldest_received_at: z.string().nullable(),
});
export type ReturnsWaiting = z.infer<typeof returnsWaitingSchema>;

// How often a location's first count found exactly what it held: the first count of each location in a count task
// (rm_count_locations.first_counted_at and first_matched; a send-back keeps it), read by when that count was made. A
// location counted first in several tasks of a period counts once in it, by the earliest of them.
export const countAccuracyFiguresSchema = z.object({
  // Distinct locations whose first count fell in the period (or the week).
  counted: z.number().int(),
  // Of them, those whose first count matched.
  matched: z.number().int(),
  // matched / counted, unrounded; null when none was counted.
  accuracy: z.number().nullable(),
});
export type CountAccuracyFigures = z.infer<typeof countAccuracyFiguresSchema>;

// The dashboard's count card (a manager's): this ISO week's accuracy so far, and what is open and overdue now.
export const countSummarySchema = z.object({
  week: countAccuracyFiguresSchema,
  open_locations: z.number().int(),
  overdue: z.number().int(),
});
export type CountSummary = z.infer<typeof countSummarySchema>;

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
  // What waits at the returns bench (inventory:alerts: manager and executive2; null otherwise), as the Returns
  // screen counts it.
  returns_waiting: returnsWaitingSchema.nullable(),
  // Cycle counts (reports:view: manager only; null otherwise): this week's first-count accuracy, open and overdue.
  counts: countSummarySchema.nullable(),
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

// ---------- Returns (the buyers' reports) ----------

// Rate, reasons and fit flags by style and size; grades, receipt to restock and open returns by age. Read from the
// returns-reports read models (rm_return_shipped and its totals, rm_return_received, rm_return_restock_times,
// rm_returns_open), which the projection keeps as returns and verifications happen.
//
// Shipped units: the units of the orders verified in the period (verification is the last step before the parcel
// leaves), each line's units less those recorded short, as OrderVerified's unit_count counts them. Returned units:
// the units of the parcels received in the period (an unmatched parcel's lines count from its receipt; matched later,
// its matched lines replace them), whatever happened to them since.

// The styles with most units returned that the report lists (its export lists every one).
export const RETURN_STYLES_SHOWN = 50;
// The flagged sizes the report lists, most fit returns first.
export const FIT_FLAGGED_SHOWN = 100;

// One style only, by its code (case-insensitive); empty for every style.
const styleFilter = z
  .string()
  .max(STYLE_CODE_MAX, `Style code must be at most ${STYLE_CODE_MAX} characters`)
  .optional()
  .transform((v) => {
    const code = normaliseCode(v ?? '');
    return code === '' ? undefined : code;
  });

export const returnsReportQuerySchema = reportRangeQuerySchema.extend({ style: styleFilter });
export type ReturnsReportQuery = z.input<typeof returnsReportQuerySchema>;

const count = z.number().int();
const reasonCountsSchema = z.object(Object.fromEntries(RETURN_REASONS.map((r) => [r, count])) as Record<ReturnReason, typeof count>);
export type ReasonCounts = z.infer<typeof reasonCountsSchema>;

/** Units returned for fit, by the way the size fits (FIT_REASONS: too small says the size runs small). */
export function fitOf(reasons: ReasonCounts): { small: number; large: number } {
  const fit = { small: 0, large: 0 };
  for (const reason of RETURN_REASONS) {
    const way = FIT_REASONS[reason];
    if (way) fit[way] += reasons[reason];
  }
  return fit;
}

/** The flag of a set of returns, from its fit reasons (fit-flag.ts holds the rule). */
export const flagOf = (reasons: ReasonCounts): FitFlag | null => fitFlag(fitOf(reasons));

export const returnFiguresSchema = z.object({
  shipped: count,
  returned: count,
  // returned / shipped, unrounded; null when nothing shipped. Above 1 when more came back than went out in the period
  // (returns of what shipped before it).
  rate: z.number().nullable(),
  // Units returned, by reason.
  reasons: reasonCountsSchema,
  flag: z.enum(FIT_FLAGS).nullable(),
});
export type ReturnFigures = z.infer<typeof returnFiguresSchema>;

export const returnSizeSchema = returnFiguresSchema.extend({ size: z.string() });
export type ReturnSize = z.infer<typeof returnSizeSchema>;

export const returnStyleSchema = returnFiguresSchema.extend({
  style_code: z.string(),
  // null for a style the catalogue does not hold.
  style_name: z.string().nullable(),
  // In garment size order.
  sizes: z.array(returnSizeSchema),
});
export type ReturnStyle = z.infer<typeof returnStyleSchema>;

export const fitFlaggedSchema = z.object({
  style_code: z.string(),
  style_name: z.string().nullable(),
  size: z.string(),
  flag: z.enum(FIT_FLAGS),
  too_small: count,
  too_large: count,
  returned: count,
  shipped: count,
});
export type FitFlagged = z.infer<typeof fitFlaggedSchema>;

export const returnsReportSchema = z.object({
  period: reportPeriodSchema,
  style: z.string().nullable(),
  totals: returnFiguresSchema,
  // The styles with most units returned (the asked style only, when one is), at most RETURN_STYLES_SHOWN.
  styles: z.array(returnStyleSchema),
  // Styles with units returned in the period.
  style_count: count,
  // Every style size whose fit returns lean one way, most fit returns first, at most FIT_FLAGGED_SHOWN.
  flagged: z.array(fitFlaggedSchema),
});
export type ReturnsReport = z.infer<typeof returnsReportSchema>;

// ---------- Processing: grades, receipt to restock, open returns ----------

// How long open returns have waited since the parcel was received. `under_days`: the bucket holds ages below it.
export const RETURN_AGES = [
  { id: 'under_1d', label: 'Under 1 day', under_days: 1 },
  { id: '1_3d', label: '1 to 3 days', under_days: 3 },
  { id: '3_7d', label: '3 to 7 days', under_days: 7 },
  { id: '7_14d', label: '7 to 14 days', under_days: 14 },
  { id: 'over_14d', label: '14 days or more', under_days: null },
] as const;
export type ReturnAge = (typeof RETURN_AGES)[number]['id'];

export const returnAgeSchema = z.object({
  age: z.enum(RETURN_AGES.map((a) => a.id) as [ReturnAge, ...ReturnAge[]]),
  label: z.string(),
  units: count,
  parcels: count,
  unmatched: count,
});
export type ReturnAgeRow = z.infer<typeof returnAgeSchema>;

export const restockTimeSchema = z.object({
  // Units restocked in the period to a location other than RETURNS (those still waiting are not in it).
  units: count,
  // From the parcel's receipt to the unit's restock, over those units: the median and the 95th percentile, to the
  // minute under a day, the hour under 60 days, the day beyond.
  p50_seconds: z.number().nullable(),
  p95_seconds: z.number().nullable(),
});
export type RestockTime = z.infer<typeof restockTimeSchema>;

export const returnsProcessingSchema = z.object({
  period: reportPeriodSchema,
  // Units received in the period, by grade.
  received: count,
  grades: z.object(Object.fromEntries(RETURN_GRADES.map((g) => [g, count])) as Record<(typeof RETURN_GRADES)[number], typeof count>),
  restock_time: restockTimeSchema,
  // Now, whatever the period.
  open: returnsWaitingSchema.extend({ as_of: z.string(), ages: z.array(returnAgeSchema) }),
});
export type ReturnsProcessing = z.infer<typeof returnsProcessingSchema>;

// ---------- Cycle count accuracy ----------

// The figures' rule is countAccuracyFiguresSchema's (above, beside the dashboard's count card).
export const countAccuracyWeekSchema = countAccuracyFiguresSchema.extend({
  // The ISO week's Monday, YYYY-MM-DD (local), and the days of it the period covers.
  week: z.string(),
  from: z.string(),
  to: z.string(),
});
export type CountAccuracyWeek = z.infer<typeof countAccuracyWeekSchema>;

export const countAccuracyNowSchema = z.object({
  // Locations in an open count still to count or to recount.
  open_locations: count,
  // Locations counted and settled, waiting for a manager's approval.
  to_approve: count,
  // Active bins and racks not counted within every_days (never counted included).
  overdue: count,
  // The counts' setting the overdue figure goes by.
  every_days: count,
});
export type CountAccuracyNow = z.infer<typeof countAccuracyNowSchema>;

export const countAccuracySchema = z.object({
  period: reportPeriodSchema,
  totals: z.object({ locations_counted: count, first_count_matched: count, accuracy: z.number().nullable() }),
  // Every ISO week (Monday start) the period touches, oldest first, with none counted too.
  weeks: z.array(countAccuracyWeekSchema),
  // Now, whatever the period.
  now: countAccuracyNowSchema,
});
export type CountAccuracy = z.infer<typeof countAccuracySchema>;

// ---------- Export ----------

export const reportExportQuerySchema = z.object({
  report: z.enum(REPORT_TYPES, { error: `Report must be one of ${REPORT_TYPES.join(', ')}` }),
  range: reportRange.default('week'),
  // The returns report's style, when it shows one.
  style: styleFilter,
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv'),
});
export type ReportExportQuery = z.input<typeof reportExportQuerySchema>;

export const countAccuracyExportQuerySchema = reportRangeQuerySchema.extend({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv'),
});
export type CountAccuracyExportQuery = z.input<typeof countAccuracyExportQuerySchema>;

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
