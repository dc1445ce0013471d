-- A projection that fails on an event (services/projector runner.ts): the projector records the event and the error
-- here, outside the batch's transaction (which rolls back), so that /api/ready on every command instance reports it.
-- The projector deletes the row once a batch commits past the event; /api/ready also ignores a row the checkpoint has
-- passed (a rebuild, another projector instance).
create table projector_faults (
  name            text primary key references projector_checkpoints (name),
  event_tx        xid8        not null,
  event_pos       bigint      not null,
  event_type      text        not null,
  projection      text,
  message         text        not null,
  attempts        int         not null default 1,
  first_failed_at timestamptz not null default now(),
  last_failed_at  timestamptz not null default now()
);
