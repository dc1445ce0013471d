-- Short picks ("Can't find it"): a line whose units the picker could not find all of is recorded short, with where
-- they looked. No order has a short line before this migration, so the defaults are what a rebuild would give.
alter table rm_order_items add column short_quantity int, add column looked_in text[] not null default '{}';
alter table rm_orders add column short_items int not null default 0;
-- The dashboard's count of lines recorded short, per 15-minute bucket (less those undone in it).
alter table rm_report_buckets add column shorted int not null default 0;

-- Locations flagged for a count: each short names where the picker looked, and a count settles what is there. One row
-- per location and order line (a line recorded short again replaces its row); an undone short takes its rows away.
create table rm_count_flags (
  location     text        not null,
  item_id      int         not null,
  sku          text        not null,
  order_id     int         not null,
  order_number text        not null,
  reason       text        not null,
  flagged_by   int,
  flagged_at   timestamptz not null,
  primary key (location, item_id)
);
create index rm_count_flags_newest on rm_count_flags (flagged_at desc, location);
create index rm_count_flags_item on rm_count_flags (item_id);
