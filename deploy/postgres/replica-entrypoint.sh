#!/bin/bash
# The streaming replica (docker-compose.yml postgres-replica). On its first start the data directory is empty: it is
# copied from the primary with pg_basebackup -R, which also writes the connection to the primary and the slot into
# postgresql.auto.conf and leaves standby.signal, so PostgreSQL starts as a hot standby that follows the primary.
# Later starts find the copy and resume streaming from where it stopped.
set -euo pipefail
: "${PGDATA:=/var/lib/postgresql/data}"
: "${PRIMARY_HOST:=postgres}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready --host "$PRIMARY_HOST" --username replicator --quiet; do sleep 1; done
  # PGPASSWORD (REPLICATION_PASSWORD) authenticates the copy and, through the written connection, the streaming.
  pg_basebackup --host "$PRIMARY_HOST" --username replicator --pgdata "$PGDATA" --wal-method stream \
    --slot replica1 --write-recovery-conf --checkpoint fast
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on
