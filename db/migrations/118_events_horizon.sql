-- The transaction id below which no transaction that can still write this database's events is in progress. A
-- snapshot's xmin is the server's: a writing transaction held open in another database of the same server (a second
-- app, a test file beside this one, a restore drill) holds back everything read below the xmin for as long, though it
-- can never write these events. The projector reads up to this horizon when nothing below the xmin is left to read
-- while committed events wait beyond it (batch.ts); the rebuild's reader reads up to it (rebuild-io.ts).
--
-- A transaction in the snapshot's in-progress list is passed over only when it is known to belong to another
-- database: the backend holding its transaction id lock (pg_locks, by pid) is connected to another database
-- (pg_stat_get_activity for that pid), and a backend never changes database. Anything not known so (a prepared
-- transaction, a background process without a database) holds the horizon back, as it holds the xmin. Looked up by
-- pid, not by pg_stat_activity's backend_xid: that column is read from the process slot after the slot's database,
-- so a slot handed from a backend of another database to one of this database between the two reads would pass
-- over one of this database's transactions.
create or replace function events_horizon() returns xid8
language sql stable as $$
  with snap as (select pg_current_snapshot() as s),
  here as (select oid from pg_database where datname = current_database()),
  elsewhere as (
    select t.transactionid from pg_locks t
     where t.locktype = 'transactionid' and t.mode = 'ExclusiveLock' and t.granted and t.pid is not null
       and exists (select 1 from pg_stat_get_activity(t.pid) a where a.datid <> (select oid from here)))
  select coalesce(
    (select min(x) from snap, pg_snapshot_xip(snap.s) as x
      where xid(x) not in (select transactionid from elsewhere)),
    (select pg_snapshot_xmax(s) from snap))
$$;
