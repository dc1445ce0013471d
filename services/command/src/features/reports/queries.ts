import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  can,
  eventName,
  dashboardOrderFilters,
  LOW_STOCK_THRESHOLD,
  myAssignedFilter,
  type ActivityStatus,
  type DailySummary,
  type DurationStats,
  type InventoryStatus,
  type OrderFigureFilter,
  type OrderStatus,
  type OrderAnalytics,
  type OrderDayCounts,
  type PickerProductivity,
  type RecentActivity,
  type ReportRange,
  type Role,
  type VerifierProductivity,
  type WorkerProductivity,
} from '@wh/contracts';
import { describePeriod, rangePeriod, type Period } from './period.ts';
import { countSummary } from './count-accuracy.ts';
import { returnsWaiting } from './returns.ts';

type Db = Kysely<Database>;

// The spec's Inventory status entity is the inventory feature's: its bin and rack utilisation are the location
// screens' figures. The app hands its query to reports (app.ts) for /reports/inventory-status, the inventory export
// and the manager's daily low-stock count.
export type InventoryStatusQuery = (db: Db, threshold: number, limit: number) => Promise<InventoryStatus>;
// The orders feature's count of what its list shows under these filters, handed over the same way: each order figure
// of the dashboard is what the Orders screen (or the picking screen) shows when its card is followed.
export type OrderCountQuery = (db: Db, filters: { date?: string; status?: OrderStatus[]; worker_id?: number }) => Promise<number>;

export interface SummaryQueries {
  inventoryStatus: InventoryStatusQuery;
  countOrders: OrderCountQuery;
}
const userName = sql<string>`coalesce(u.full_name, u.username)`;
const RECENT_ACTIVITY = 5;
const TOP_WORKERS = 5;
const UNSTOCKED_SHOWN = 20;
const WORKER_ACTIVITIES = 50;
// Sessions are not warehouse activity.
const SESSION_EVENTS = ['UserSignedIn', 'UserSignedOut'];

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

async function namesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('rm_users as u').select(['u.id', userName.as('name')]).where('u.id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------- Order analytics ----------

const TIMINGS = { time_to_assignment: 'assigned_at', time_to_completion: 'completed_at', time_to_verification: 'verified_at' } as const;

async function durationStats(db: Db, column: 'assigned_at' | 'completed_at' | 'verified_at', p: Period): Promise<DurationStats> {
  // float8, not extract's numeric: sorting numerics is several times slower.
  const minutes = sql<number>`extract(epoch from (${sql.ref(column)} - imported_at))::float8 / 60`;
  const row = await db
    .selectFrom('rm_order_timings')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number | null>`avg(${minutes})::float8`.as('average'),
      // Both percentiles from one sort.
      sql<number[] | null>`percentile_cont(array[0.5, 0.9]) within group (order by ${minutes})::float8[]`.as('percentiles'),
    ])
    .where(column, '>=', p.start)
    .where(column, '<', p.end)
    .executeTakeFirstOrThrow();
  const fix = (v: number | null) => (v === null ? null : round(Number(v), 1));
  return {
    count: row.count,
    average_minutes: fix(row.average),
    median_minutes: fix(row.percentiles?.[0] ?? null),
    p90_minutes: fix(row.percentiles?.[1] ?? null),
  };
}

// The three sorts run side by side on the pool's connections.
async function timings(db: Db, p: Period) {
  const [a, c, v] = await Promise.all([
    durationStats(db, TIMINGS.time_to_assignment, p),
    durationStats(db, TIMINGS.time_to_completion, p),
    durationStats(db, TIMINGS.time_to_verification, p),
  ]);
  return { time_to_assignment: a, time_to_completion: c, time_to_verification: v };
}

export async function orderAnalytics(db: Db, range: ReportRange, now: Date, timeZone: string): Promise<OrderAnalytics> {
  const p = await rangePeriod(db, range, now, timeZone);
  const rows = await db
    .selectFrom('rm_report_buckets')
    .select([
      sql<string>`to_char(bucket at time zone ${timeZone}, 'YYYY-MM-DD')`.as('date'),
      sql<number>`sum(received)::int`.as('received'),
      sql<number>`sum(assigned)::int`.as('assigned'),
      sql<number>`sum(completed)::int`.as('completed'),
      sql<number>`sum(verified)::int`.as('verified'),
      sql<number>`sum(cancelled)::int`.as('cancelled'),
    ])
    .where('bucket', '>=', p.start)
    .where('bucket', '<', p.end)
    // By position: the zone is a parameter, and two parameters are two expressions to PostgreSQL.
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const zero: OrderDayCounts = { received: 0, assigned: 0, completed: 0, verified: 0, cancelled: 0 };
  const days = p.days.map((date) => {
    const r = byDay.get(date);
    return { date, ...(r ? { received: r.received, assigned: r.assigned, completed: r.completed, verified: r.verified, cancelled: r.cancelled } : zero) };
  });
  const totals = { ...zero };
  for (const d of days) for (const k of Object.keys(zero) as (keyof OrderDayCounts)[]) totals[k] += d[k];
  return {
    period: describePeriod(range, p),
    days,
    totals,
    ...(await timings(db, p)),
  };
}

// ---------- Worker productivity ----------

export async function workerProductivity(db: Db, range: ReportRange, now: Date, timeZone: string): Promise<WorkerProductivity> {
  const p = await rangePeriod(db, range, now, timeZone);
  const picksQuery = db
    .selectFrom('rm_report_worker_buckets')
    .select(['worker_id', sql<number>`sum(items_picked)::int`.as('items'), sql<number>`sum(units_picked)::float8`.as('units')])
    .where('bucket', '>=', p.start)
    .where('bucket', '<', p.end)
    .groupBy('worker_id')
    // A picker whose every pick of the range was undone picked nothing.
    .having(sql`sum(items_picked)`, '>', 0)
    .execute();
  const completedQuery = db
    .selectFrom('rm_order_timings')
    .select([
      'completed_worker_id as worker_id',
      sql<number>`count(*)::int`.as('orders'),
      sql<number>`sum(total_items)::int`.as('items'),
      sql<number>`sum(extract(epoch from (completed_at - coalesce(first_pick_at, completed_at))))::float8`.as('seconds'),
    ])
    .where('completed_at', '>=', p.start)
    .where('completed_at', '<', p.end)
    .where('completed_worker_id', 'is not', null)
    .groupBy('completed_worker_id')
    .execute();
  const verifiedOf = (by: 'picked_by' | 'verified_by') =>
    db
      .selectFrom('rm_order_timings')
      .select([
        sql<number>`${sql.ref(by)}`.as('user_id'),
        sql<number>`count(*)::int`.as('orders'),
        sql<number>`(count(*) filter (where discrepancy_count > 0))::int`.as('with_discrepancies'),
      ])
      .where('verified_at', '>=', p.start)
      .where('verified_at', '<', p.end)
      .where(by, 'is not', null)
      .groupBy(by)
      .execute();
  // Independent reads: side by side on the pool's connections.
  const [picks, completed, byPicker, byVerifier] = await Promise.all([picksQuery, completedQuery, verifiedOf('picked_by'), verifiedOf('verified_by')]);

  const ids = [...picks.map((r) => r.worker_id), ...completed.map((r) => r.worker_id as number), ...byPicker.map((r) => r.user_id), ...byVerifier.map((r) => r.user_id)];
  const names = await namesOf(db, ids);
  const nameOf = (id: number) => names.get(id) ?? `User #${id}`;

  const workers = new Map<number, PickerProductivity>();
  const worker = (id: number): PickerProductivity => {
    let w = workers.get(id);
    if (!w) {
      w = {
        worker_id: id,
        worker_name: nameOf(id),
        items_picked: 0,
        units_picked: 0,
        orders_completed: 0,
        average_seconds_per_item: null,
        orders_verified: 0,
        orders_with_discrepancies: 0,
        discrepancy_rate: null,
      };
      workers.set(id, w);
    }
    return w;
  };
  for (const r of picks) Object.assign(worker(r.worker_id), { items_picked: r.items, units_picked: r.units });
  for (const r of completed) {
    const w = worker(r.worker_id as number);
    w.orders_completed = r.orders;
    w.average_seconds_per_item = r.items > 0 ? round(Number(r.seconds) / r.items, 1) : null;
  }
  for (const r of byPicker) {
    const w = worker(r.user_id);
    w.orders_verified = r.orders;
    w.orders_with_discrepancies = r.with_discrepancies;
    w.discrepancy_rate = r.orders > 0 ? round(r.with_discrepancies / r.orders, 4) : null;
  }
  const verifiers: VerifierProductivity[] = byVerifier
    .map((r) => ({ verifier_id: r.user_id, verifier_name: nameOf(r.user_id), orders_verified: r.orders, orders_with_discrepancies: r.with_discrepancies }))
    .sort((a, b) => b.orders_verified - a.orders_verified || a.verifier_name.localeCompare(b.verifier_name));
  const list = [...workers.values()].sort(
    (a, b) => b.items_picked - a.items_picked || b.orders_completed - a.orders_completed || a.worker_name.localeCompare(b.worker_name),
  );
  return {
    period: describePeriod(range, p),
    workers: list,
    verifiers,
    totals: {
      items_picked: list.reduce((s, w) => s + w.items_picked, 0),
      units_picked: list.reduce((s, w) => s + w.units_picked, 0),
      orders_completed: list.reduce((s, w) => s + w.orders_completed, 0),
      orders_verified: verifiers.reduce((s, v) => s + v.orders_verified, 0),
    },
  };
}

// ---------- Daily summary ----------

function eventActivityStatus(type: string): ActivityStatus {
  if (type === 'OrderCancelled' || type === 'StockReceiptRejected') return 'failed';
  if (type === 'OrderImported' || type === 'StockReceiptRecorded' || type === 'OrderDeassigned') return 'pending';
  if (type === 'OrderAssigned' || type === 'OrderItemPicked') return 'in_progress';
  return 'completed';
}

function orderActivityStatus(status: string): ActivityStatus {
  if (status === 'completed' || status === 'verified') return 'completed';
  if (status === 'cancelled') return 'failed';
  if (status === 'pending') return 'pending';
  return 'in_progress';
}

async function systemActivity(db: Db): Promise<RecentActivity[]> {
  const rows = await db
    .selectFrom('rm_audit')
    .select(['position', 'event_type', 'summary', 'occurred_at'])
    .where('event_type', 'not in', SESSION_EVENTS)
    .orderBy('position', 'desc')
    .limit(RECENT_ACTIVITY)
    .execute();
  return rows.map((r) => ({
    id: `event-${r.position}`,
    title: eventName(r.event_type),
    description: r.summary,
    timestamp: r.occurred_at.toISOString(),
    status: eventActivityStatus(r.event_type),
  }));
}

async function ownPickedOrders(db: Db, workerId: number): Promise<RecentActivity[]> {
  const rows = await db
    .selectFrom('rm_order_timings')
    .select(['order_id', 'order_number', 'status', 'picked_items', 'total_items', 'last_activity_at'])
    .where('worker_id', '=', workerId)
    .where('first_pick_at', 'is not', null)
    .orderBy('last_activity_at', 'desc')
    .orderBy('order_id', 'desc')
    .limit(RECENT_ACTIVITY)
    .execute();
  return rows.map((r) => ({
    id: `order-${r.order_id}`,
    title: `Order ${r.order_number}`,
    description: `${r.picked_items} of ${r.total_items} items picked`,
    timestamp: r.last_activity_at.toISOString(),
    status: orderActivityStatus(r.status),
  }));
}

export async function dailySummary(
  db: Db,
  user: { id: number; role: Role },
  day: Period,
  { inventoryStatus, countOrders }: SummaryQueries,
  // What is open and overdue in the counts goes by the moment asked, whatever the day summarised.
  now: Date,
): Promise<DailySummary> {
  const isManager = user.role === 'manager';
  const seesWorkers = user.role === 'manager' || user.role === 'executive1';
  const count = ({ status, ...f }: OrderFigureFilter) => countOrders(db, { ...f, ...(status ? { status: [...status] } : {}) });
  const figures = dashboardOrderFilters(day.from);
  const [total, completed, pending] = await Promise.all([count(figures.total), count(figures.completed), count(figures.pending)]);
  const orders = { total, completed, pending };
  const myAssigned = user.role === 'worker' ? await count(myAssignedFilter(user.id)) : 0;

  const recent = isManager ? await systemActivity(db) : user.role === 'worker' ? await ownPickedOrders(db, user.id) : [];

  let activities: DailySummary['worker_activities'] = [];
  if (user.role !== 'executive2') {
    let q = db
      .selectFrom('rm_report_picks as p')
      .innerJoin('rm_order_timings as o', 'o.order_id', 'p.order_id')
      .leftJoin('rm_users as u', 'u.id', 'p.picked_by')
      .select([
        'p.order_id as id',
        'p.order_number',
        'p.picked_by as worker_id',
        sql<string | null>`max(coalesce(u.full_name, u.username))`.as('worker_name'),
        sql<number>`count(*)::int`.as('items_picked'),
        'o.completed_at',
        'o.status',
      ])
      .where('p.picked_at', '>=', day.start)
      .where('p.picked_at', '<', day.end);
    if (user.role === 'worker') q = q.where('p.picked_by', '=', user.id);
    const rows = await q
      .groupBy(['p.order_id', 'p.order_number', 'p.picked_by', 'o.completed_at', 'o.status'])
      .orderBy(sql`max(p.picked_at)`, 'desc')
      .orderBy('p.order_id', 'desc')
      .limit(WORKER_ACTIVITIES)
      .execute();
    activities = rows.map((r) => ({ ...r, completed_at: r.completed_at?.toISOString() ?? null }));
  }

  let workers: DailySummary['workers'] = [];
  let performance: DailySummary['worker_performance'] = null;
  if (seesWorkers) {
    const rows = await db
      .selectFrom('rm_report_worker_buckets as b')
      .leftJoin('rm_users as u', 'u.id', 'b.worker_id')
      .select([
        'b.worker_id',
        sql<string | null>`max(coalesce(u.full_name, u.username))`.as('worker_name'),
        sql<number>`sum(b.items_picked)::int`.as('items_picked'),
        sql<number>`sum(b.units_picked)::float8`.as('units_picked'),
      ])
      .where('b.bucket', '>=', day.start)
      .where('b.bucket', '<', day.end)
      .groupBy('b.worker_id')
      .having(sql`sum(b.items_picked)`, '>', 0)
      .execute();
    const all = rows
      .map((r) => ({ ...r, worker_name: r.worker_name ?? `User #${r.worker_id}` }))
      .sort((a, b) => b.items_picked - a.items_picked || a.worker_name.localeCompare(b.worker_name));
    workers = all.slice(0, TOP_WORKERS);
    const total = all.reduce((s, r) => s + r.items_picked, 0);
    performance = { active_workers: all.length, total_items_picked: total, average_per_worker: all.length === 0 ? 0 : round(total / all.length, 1) };
  }

  let totalInventory: number;
  let lowStock: number | null = null;
  if (isManager) {
    const status = await inventoryStatus(db, LOW_STOCK_THRESHOLD, 1);
    totalInventory = status.total_stock;
    lowStock = status.low_stock_count;
  } else {
    totalInventory = (
      await db.selectFrom('rm_sku_stock').select(sql<number>`coalesce(sum(quantity), 0)::float8`.as('n')).executeTakeFirstOrThrow()
    ).n;
  }

  let unstocked: DailySummary['unstocked_picks'] = [];
  let unstockedTotal = 0;
  let shortPicks: number | null = null;
  let overview: DailySummary['system_overview'] = null;
  if (isManager) {
    shortPicks = (
      await db
        .selectFrom('rm_report_buckets')
        .select(sql<number>`coalesce(sum(shorted), 0)::int`.as('n'))
        .where('bucket', '>=', day.start)
        .where('bucket', '<', day.end)
        .executeTakeFirstOrThrow()
    ).n;
    const rows = await db
      .selectFrom('rm_report_picks as p')
      .leftJoin('rm_users as u', 'u.id', 'p.picked_by')
      .select(['p.order_id', 'p.order_number', 'p.item_id', 'p.sku', 'p.style_code', 'p.quantity', 'p.picked_at', userName.as('picked_by')])
      .where('p.unstocked', '=', true)
      .orderBy('p.picked_at', 'desc')
      .orderBy('p.position', 'desc')
      .limit(UNSTOCKED_SHOWN)
      .execute();
    unstocked = rows.map((r) => ({ ...r, picked_at: r.picked_at.toISOString() }));
    unstockedTotal = num(
      (await db.selectFrom('rm_report_picks').select(sql<number>`count(*)::int`.as('n')).where('unstocked', '=', true).executeTakeFirstOrThrow()).n,
    );
    const o = await db
      .selectNoFrom([
        sql<number>`(select count(*) from rm_users where not is_deleted)::int`.as('total_users'),
        sql<number>`(select count(*) from rm_users where not is_deleted and is_active)::int`.as('active_users'),
        sql<number>`(select count(*) from rm_styles)::int`.as('total_styles'),
      ])
      .executeTakeFirstOrThrow();
    overview = { ...o, orders_today: orders.total };
  }

  return {
    date: day.from,
    orders,
    my_assigned_orders: myAssigned,
    recent_activity: recent,
    worker_activities: activities,
    workers,
    worker_performance: performance,
    total_inventory: totalInventory,
    low_stock_count: lowStock,
    unstocked_picks: unstocked,
    unstocked_picks_total: unstockedTotal,
    short_picks_today: shortPicks,
    system_overview: overview,
    returns_waiting: can(user.role, 'inventory:alerts') ? await returnsWaiting(db) : null,
    counts: can(user.role, 'reports:view') ? await countSummary(db, day, now) : null,
  };
}
