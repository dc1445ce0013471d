-- A projection stopped at an event it cannot apply (services/projector stops.ts): the others go on past it under the
-- main checkpoint, and this row is the stopped one's own position until it has caught up and rejoined them. Written
-- outside the batch that failed (which rolls back) so that /api/ready and the read-your-writes waits on every command
-- instance see it. The event columns are null once a rebuild has taken the projection past the event (it then only
-- catches up from the rebuild's checkpoint).
create table projection_stops (
  projection      text primary key,
  last_tx         xid8        not null,
  last_pos        bigint      not null,
  event_tx        xid8,
  event_pos       bigint,
  event_type      text,
  event_stream    text,
  message         text,
  -- The event types the projection handles: a command whose events include one answers projected: false at once.
  event_types     text[]      not null,
  attempts        int         not null default 1,
  stopped_at      timestamptz not null default now(),
  last_attempt_at timestamptz not null default now()
);
