#!/bin/bash
# The primary's first start (docker-entrypoint-initdb.d): a role the streaming replica connects as, the slot that keeps
# the WAL it has not received yet, and the pg_hba line that lets it in.
set -euo pipefail
psql -v ON_ERROR_STOP=1 -v password="${REPLICATION_PASSWORD:?set REPLICATION_PASSWORD}" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SELECT pg_create_physical_replication_slot('replica1');
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
