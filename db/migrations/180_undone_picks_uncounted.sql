-- Productivity counts the picks that stand: a pick undone (OrderItemPickUndone, or its line sent back from the bench,
-- OrderSentBack) loses its row of rm_report_picks and its picker's credit in rm_report_worker_buckets, in the bucket
-- of the pick (services/projector/src/projections/reports/fold.ts).

-- An undo reads its order's standing picks.
create index rm_report_picks_order on rm_report_picks (order_id);

-- The undos already projected (up to the reports projection's position: the main checkpoint, or its own while it is
-- stopped; later ones the projector takes back itself), each taking back the last pick of its line before it.
with projected as (
  select coalesce(s.last_tx, c.last_tx) as last_tx, coalesce(s.last_pos, c.last_pos) as last_pos
    from projector_checkpoints c
    left join projection_stops s on s.projection = 'reports'
   where c.name = 'main'),
undone as (
  select (e.data->>'order_id')::int as order_id, (e.data->>'item_id')::int as item_id, e.global_position as pos
    from events e, projected p
   where e.event_type = 'OrderItemPickUndone' and e.data->>'undone' = 'pick'
     and (e.transaction_id, e.global_position) <= (p.last_tx, p.last_pos)
  union all
  select (e.data->>'order_id')::int, (l->>'item_id')::int, e.global_position
    from events e, projected p, jsonb_array_elements(e.data->'lines') l
   where e.event_type = 'OrderSentBack' and l->>'undone' = 'pick'
     and (e.transaction_id, e.global_position) <= (p.last_tx, p.last_pos)),
taken as (
  select distinct on (u.pos, u.item_id) r.position, r.picked_by, r.quantity,
         to_timestamp(floor(extract(epoch from r.picked_at) / 900) * 900) as bucket
    from undone u
    join rm_report_picks r on r.order_id = u.order_id and r.item_id = u.item_id and r.position < u.pos
   order by u.pos, u.item_id, r.position desc),
gone as (
  delete from rm_report_picks r using taken t where r.position = t.position returning r.position)
update rm_report_worker_buckets b
   set items_picked = b.items_picked - x.items, units_picked = b.units_picked - x.units
  from (select bucket, picked_by, count(*)::int as items, sum(quantity) as units
          from taken where position in (select position from gone) group by bucket, picked_by) x
 where b.bucket = x.bucket and b.worker_id = x.picked_by;
