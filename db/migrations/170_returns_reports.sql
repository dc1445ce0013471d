-- The buyers' returns reports and the dashboard's returns waiting (kept by the returns-reports projection).
--
-- Units per style and size in buckets of UTC time of two grains: 15 minutes (every time zone's offset is a multiple
-- of it, so a range of local days is exact) and calendar months of UTC (a year's range sums a dozen month rows per
-- style size instead of 35,000). Each change is added to both; a query reads the months that lie wholly inside its
-- range and 15-minute buckets for the rest. Sums over unbounded events: bigint.

-- Shipped: units of the orders verified in the bucket, each line less its units recorded short. Keyed by style first:
-- a report reads the shipments of the styles it shows (those with most returns), and the totals from the next table.
create table rm_return_shipped (
  style_code text        not null,
  size       text        not null,
  grain      text        not null check (grain in ('15m', 'month')),
  bucket     timestamptz not null,
  units      bigint      not null,
  primary key (style_code, size, grain, bucket)
);

-- The same for every style at once.
create table rm_return_shipped_total (
  grain  text        not null check (grain in ('15m', 'month')),
  bucket timestamptz not null,
  units  bigint      not null,
  primary key (grain, bucket)
);

-- Returned: units of the parcels received in the bucket (an unmatched parcel's lines until its match replaces them),
-- by reason and by grade.
create table rm_return_received (
  grain              text        not null check (grain in ('15m', 'month')),
  bucket             timestamptz not null,
  style_code         text        not null,
  size               text        not null,
  units              bigint      not null default 0,
  too_small          bigint      not null default 0,
  too_large          bigint      not null default 0,
  not_as_pictured    bigint      not null default 0,
  changed_mind       bigint      not null default 0,
  faulty             bigint      not null default 0,
  damaged_in_transit bigint      not null default 0,
  wrong_item_sent    bigint      not null default 0,
  other              bigint      not null default 0,
  grade_a            bigint      not null default 0,
  grade_b            bigint      not null default 0,
  grade_c            bigint      not null default 0,
  grade_d            bigint      not null default 0,
  primary key (grain, bucket, style_code, size)
);

-- Units restocked from a parcel to a location other than RETURNS, by the bucket of the restock and the time since the
-- parcel's receipt (to the minute under a day, the hour under 60 days, the day beyond): its median and 95th
-- percentile over a range, as exact as the report shows them.
create table rm_return_restock_times (
  grain   text        not null check (grain in ('15m', 'month')),
  bucket  timestamptz not null,
  seconds int         not null,
  units   bigint      not null,
  primary key (grain, bucket, seconds)
);

-- Parcels still open: with units not yet placed (restocked to a location other than RETURNS, or written off), or not
-- yet matched to their order. A parcel leaves when it is matched and every unit is placed. `lines`: its lines as
-- received or matched (line, style_code, size, quantity, reason, grade), which a later match replaces.
create table rm_returns_open (
  return_id    int         primary key,
  order_id     int,
  order_number text,
  received_at  timestamptz not null,
  lines        jsonb       not null,
  units        int         not null,
  waiting      int         not null
);
create index rm_returns_open_received on rm_returns_open (received_at, return_id);

-- The units of the orders verified so far, from today's orders and reports read models (which stand at the same
-- checkpoint). A line ships its units less those recorded short (rm_order_items.short_quantity, set again when a
-- hold is resolved). No parcel came back before this migration: the other tables start empty.
insert into rm_return_shipped (style_code, size, grain, bucket, units)
select i.style_code, i.size, g.grain, g.bucket, sum(i.quantity - coalesce(i.short_quantity, 0))
  from rm_order_items i
  join rm_order_timings t on t.order_id = i.order_id
 cross join lateral (values
         ('15m', date_bin('15 minutes', t.verified_at, timestamptz '2000-01-01 00:00:00+00')),
         ('month', date_trunc('month', t.verified_at at time zone 'UTC') at time zone 'UTC')) as g(grain, bucket)
 where t.verified_at is not null
   and i.quantity - coalesce(i.short_quantity, 0) > 0
 group by 1, 2, 3, 4;

insert into rm_return_shipped_total (grain, bucket, units)
select grain, bucket, sum(units) from rm_return_shipped group by 1, 2;
