-- The returns reports' buckets gain calendar years of UTC: a year's range (This Year, read whole because nothing is
-- counted after the clock's now) sums one row per style size instead of twelve. The year rows are the sums of the
-- month rows already there; from here on the projection adds every change to all three grains.

alter table rm_return_shipped drop constraint rm_return_shipped_grain_check,
  add constraint rm_return_shipped_grain_check check (grain in ('15m', 'month', 'year'));
alter table rm_return_shipped_total drop constraint rm_return_shipped_total_grain_check,
  add constraint rm_return_shipped_total_grain_check check (grain in ('15m', 'month', 'year'));
alter table rm_return_received drop constraint rm_return_received_grain_check,
  add constraint rm_return_received_grain_check check (grain in ('15m', 'month', 'year'));
alter table rm_return_restock_times drop constraint rm_return_restock_times_grain_check,
  add constraint rm_return_restock_times_grain_check check (grain in ('15m', 'month', 'year'));

insert into rm_return_shipped (style_code, size, grain, bucket, units)
select style_code, size, 'year', date_trunc('year', bucket at time zone 'UTC') at time zone 'UTC', sum(units)
  from rm_return_shipped where grain = 'month' group by 1, 2, 4;

insert into rm_return_shipped_total (grain, bucket, units)
select 'year', date_trunc('year', bucket at time zone 'UTC') at time zone 'UTC', sum(units)
  from rm_return_shipped_total where grain = 'month' group by 2;

insert into rm_return_received (grain, bucket, style_code, size, units, too_small, too_large, not_as_pictured, changed_mind,
                                faulty, damaged_in_transit, wrong_item_sent, other, grade_a, grade_b, grade_c, grade_d)
select 'year', date_trunc('year', bucket at time zone 'UTC') at time zone 'UTC', style_code, size, sum(units), sum(too_small),
       sum(too_large), sum(not_as_pictured), sum(changed_mind), sum(faulty), sum(damaged_in_transit), sum(wrong_item_sent),
       sum(other), sum(grade_a), sum(grade_b), sum(grade_c), sum(grade_d)
  from rm_return_received where grain = 'month' group by 2, 3, 4;

insert into rm_return_restock_times (grain, bucket, seconds, units)
select 'year', date_trunc('year', bucket at time zone 'UTC') at time zone 'UTC', seconds, sum(units)
  from rm_return_restock_times where grain = 'month' group by 2, 3;
