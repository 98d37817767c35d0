#!/usr/bin/env bash
# Restores a backup made by backup.sh into an empty database. Start the product on it afterwards: it creates
# the read models' tables and replays every event into them (the projectors start from the first event).
#   backend/scripts/restore.sh "$DATABASE_URL" backup.dump
set -euo pipefail
database_url="${1:?usage: restore.sh DATABASE_URL FILE}"
file="${2:?usage: restore.sh DATABASE_URL FILE}"
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$database_url" "$file"
# The store orders events by (transaction id, position). Transaction ids belong to the server that wrote them:
# on another server new appends could get lower ones and sort before the restored events. Every restored event
# is committed, so they keep their relative order under one transaction id below any the new server will use.
psql --quiet --no-psqlrc --set=ON_ERROR_STOP=1 --dbname="$database_url" \
  --command="update es_events set transaction_id = '0'::xid8"
