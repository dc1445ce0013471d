-- Reports, dashboard and audit read models (kept by the reports and audit projections).
--
-- Figures are bucketed by the business time the events carry. Buckets are 15 minutes of UTC: every time zone's
-- offset is a multiple of 15 minutes, so the query side groups them into local days of WAREHOUSE_TIMEZONE exactly,
-- and the projector needs no time zone (changing it needs no rebuild).

-- Order events per 15-minute bucket: Order Analytics per day and its totals.
create table rm_report_buckets (
  bucket     timestamptz primary key,
  received   int not null default 0,
  assigned   int not null default 0,
  completed  int not null default 0,
  verified   int not null default 0,
  cancelled  int not null default 0
);

-- Picks per picker per 15-minute bucket: Worker Productivity over long ranges.
create table rm_report_worker_buckets (
  bucket        timestamptz not null,
  worker_id     int         not null,
  items_picked  int         not null default 0,
  units_picked  int         not null default 0,
  primary key (bucket, worker_id)
);

-- One row per order: the moments of its life (timings, completion and verification credit, today's counters).
create table rm_order_timings (
  order_id            int primary key,
  order_number        text        not null,
  status              text        not null,
  total_items         int         not null,
  picked_items        int         not null default 0,
  imported_at         timestamptz not null,
  -- The worker assigned now (null when unassigned).
  worker_id           int,
  -- First assignment.
  assigned_at         timestamptz,
  first_pick_at       timestamptz,
  last_pick_at        timestamptz,
  completed_at        timestamptz,
  -- The worker the order was assigned to when completed: credited with it.
  completed_worker_id int,
  verified_at         timestamptz,
  verified_by         int,
  -- The picker the verification names.
  picked_by           int,
  discrepancy_count   int         not null default 0,
  cancelled_at        timestamptz,
  last_activity_at    timestamptz not null
);
create index rm_order_timings_imported on rm_order_timings (imported_at);
create index rm_order_timings_assigned on rm_order_timings (assigned_at) where assigned_at is not null;
create index rm_order_timings_completed on rm_order_timings (completed_at) where completed_at is not null;
create index rm_order_timings_verified on rm_order_timings (verified_at) where verified_at is not null;
-- A worker's own picked orders, most recent first (their dashboard's Recent Activity).
create index rm_order_timings_worker_activity on rm_order_timings (worker_id, last_activity_at desc)
  where first_pick_at is not null;
-- A worker's open orders (My Assigned Orders).
create index rm_order_timings_worker_open on rm_order_timings (worker_id) where status in ('assigned', 'picking');

-- One row per pick: the day's worker activities and the manager's unstocked-pick alert.
create table rm_report_picks (
  position     bigint primary key,
  order_id     int         not null,
  order_number text        not null,
  item_id      int         not null,
  sku          text        not null,
  style_code   text        not null,
  quantity     int         not null,
  picked_by    int         not null,
  worker_id    int         not null,
  unstocked    boolean     not null,
  picked_at    timestamptz not null
);
create index rm_report_picks_at on rm_report_picks (picked_at);
create index rm_report_picks_unstocked on rm_report_picks (picked_at desc) where unstocked;

-- The audit log: one row per event, with what its filters look for pulled out of the event data.
create table rm_audit (
  position     bigint primary key,
  event_type   text        not null,
  stream_id    text        not null,
  occurred_at  timestamptz not null,
  actor_id     int,
  actor_role   text,
  -- The actor and every user the event concerns (assigned worker, picker, verifier, the user changed).
  user_ids     int[]       not null,
  -- Upper-cased, as order numbers are compared.
  order_key    text,
  order_number text,
  skus         text[]      not null,
  locations    text[]      not null,
  summary      text        not null
);
create index rm_audit_occurred on rm_audit (occurred_at, position);
create index rm_audit_type on rm_audit (event_type, position);
create index rm_audit_order on rm_audit (order_key, position) where order_key is not null;
create index rm_audit_users on rm_audit using gin (user_ids);
create index rm_audit_skus on rm_audit using gin (skus);
create index rm_audit_locations on rm_audit using gin (locations);
