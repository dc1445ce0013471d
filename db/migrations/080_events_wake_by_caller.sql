-- A pg_notify('events') in an appending transaction takes PostgreSQL's notify-queue lock at pre-commit and holds it
-- through the commit's WAL flush, so notifying appends commit one at a time (docs/decisions.md, "Projector wake-up
-- without a NOTIFY per append"). A writer that wakes the projectors itself after its commit (the command service's
-- single-statement appends: an in-process projector directly, others by a coalesced NOTIFY outside the transaction)
-- sets warehouse.events_wake = 'caller' for its transaction and is not notified for. Every other writer (uploads,
-- scripts, tests, psql) is notified for by this trigger, so none can leave the projector to its poll.
create or replace function events_notify() returns trigger language plpgsql as $$
begin
  if current_setting('warehouse.events_wake', true) is distinct from 'caller' then
    perform pg_notify('events', '');
  end if;
  return null;
end $$;
