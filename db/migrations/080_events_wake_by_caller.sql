-- Appending transactions were committed one at a time: every append's pg_notify('events') takes PostgreSQL's
-- notify-queue lock at pre-commit and holds it through the commit's WAL flush (docs/decisions.md, "Projector
-- wake-up without a NOTIFY per append"). A writer that wakes the projectors itself after its commit (the command
-- service's single-statement appends: an in-process projector directly, others by a coalesced NOTIFY outside the
-- transaction) sets warehouse.events_wake = 'caller' for its transaction and is not notified for. Every other
-- writer (uploads, scripts, tests, psql) still notifies as before, so none can leave the projector to its poll.
create or replace function events_notify() returns trigger language plpgsql as $$
begin
  if current_setting('warehouse.events_wake', true) is distinct from 'caller' then
    perform pg_notify('events', '');
  end if;
  return null;
end $$;
