-- Cycle counts: the tasks' ids, what the command side keeps to decide (which locations are in an open count, which
-- events have set off a count, which days have their plan), the counts' read model, and their settings.

-- Each count task is its own stream (count-<id>), its id drawn from this sequence.
create sequence count_id_seq;

-- A location is in at most one open count: claimed when a task takes it, freed when its count is approved. Written
-- with the task's events (the command side's registry), never by a projection.
create table count_open_locations (
  location text primary key,
  count_id int  not null
);

-- The events that have set off an automatic count (a short pick, a discrepancy at verification), by global position:
-- a replay of the same event finds its claim and counts nothing twice. count_id null: its locations were all in open
-- counts already.
create table count_trigger_claims (
  position bigint primary key,
  count_id int
);

-- The events that set off a count, for the reactions to find those not claimed yet (features/counts/reactions.ts).
create index events_count_triggers on events (global_position) where event_type in ('OrderItemShortPicked', 'OrderHoldResolved');

-- The local days whose daily plan is made, with its task (null when nothing was due).
create table count_plan_days (
  day      text primary key, -- the local day, YYYY-MM-DD
  count_id int
);

-- The count tasks (kept by the counts projection). status: open (a location to count or recount), settled (every
-- location settled, some not approved), done (every location approved). The counts per location status beside.
create table rm_count_tasks (
  id          int         primary key,
  status      text        not null check (status in ('open', 'settled', 'done')),
  source      text        not null,
  reason      text,
  assignee_id int,
  due         text, -- the local day, YYYY-MM-DD
  created_at  timestamptz not null,
  created_by  int,
  locations   int         not null,
  to_count    int         not null,
  recount     int         not null,
  settled     int         not null,
  approved    int         not null,
  updated_at  timestamptz not null
);
create index rm_count_tasks_status on rm_count_tasks (status, created_at desc, id desc);
create index rm_count_tasks_assignee on rm_count_tasks (assignee_id, status) where status = 'open';

-- Each location of a task. rounds: [{ round, counted_by, at, empty, lines: [{ sku, counted, expected }] }] since it was
-- last sent back (earlier rounds stay in the events); variance: the settled one, [{ sku, style_code, variance }].
-- first_matched: its first count found what the location held (null until counted); first_counted_at: that count's
-- instant, which the accuracy figures go by; counted_at: its latest count.
create table rm_count_locations (
  count_id         int         not null,
  location         text        not null,
  status           text        not null check (status in ('to_count', 'recount', 'settled', 'approved')),
  last_counted_by  int,
  rounds           jsonb       not null default '[]',
  variance         jsonb       not null default '[]',
  first_matched    boolean,
  first_counted_at timestamptz,
  counted_at       timestamptz,
  approved_at      timestamptz,
  primary key (count_id, location)
);
-- When a location was last counted (the plan, "not counted for N days"), and the accuracy by week.
create index rm_count_locations_counted on rm_count_locations (location, counted_at);
create index rm_count_locations_first on rm_count_locations (first_counted_at) where first_counted_at is not null;

-- The counts' settings, on the warehouse settings row (null until a manager sets them: counts/http.ts defaults).
alter table rm_warehouse_settings
  add column count_daily_plan boolean,
  add column count_every_days int,
  add column count_daily_cap int,
  add column count_recount_over_units int;
