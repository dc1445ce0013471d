-- Two indexes no read uses, maintained on every append (docs/performance.md, "Import"):
-- events_type: nothing reads events by type through an index (the projector reads by (transaction_id,
-- global_position), a stream by (stream_id, stream_version); one-off scripts that filter by type scan).
-- order_registry's unique order_id: the ids come from order_id_seq, and nothing looks a claim up by its id; the
-- number's primary key is what refuses a second claim. Each costs every append an index entry.
drop index if exists events_type;
alter table order_registry drop constraint if exists order_registry_order_id_key;
