-- The event store (DESIGN.md section 3). Rows are never updated or deleted.
create table events (
  global_position bigint generated always as identity primary key,
  stream_id       text        not null,
  stream_version  int         not null,
  event_type      text        not null,
  data            jsonb       not null,
  metadata        jsonb       not null default '{}'::jsonb,
  transaction_id  xid8        not null default pg_current_xact_id(),
  recorded_at     timestamptz not null default clock_timestamp(),
  constraint events_stream_version_unique unique (stream_id, stream_version)
);
create index events_tx_position on events (transaction_id, global_position);
create index events_type on events (event_type);

create function events_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'events are append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end $$;
create trigger events_no_update_delete before update or delete on events
  for each row execute function events_refuse_change();
create trigger events_no_truncate before truncate on events
  for each statement execute function events_refuse_change();

-- Wakes the projector; delivered at commit, once per appending statement.
create function events_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('events', '');
  return null;
end $$;
create trigger events_notify_append after insert on events
  for each statement execute function events_notify();

-- The projector's position: the (transaction_id, global_position) pair of the last applied event.
create table projector_checkpoints (
  name        text primary key,
  last_tx     xid8        not null default '0'::xid8,
  last_pos    bigint      not null default 0,
  updated_at  timestamptz not null default now()
);
insert into projector_checkpoints (name) values ('main');
