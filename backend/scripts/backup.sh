#!/usr/bin/env bash
# Backs up what cannot be rebuilt: the event store (streams, events, command results), the id sequence,
# the material files' bytes, the operators' recorded projection skips, the per-person keys of the events'
# personal fields, teachers' photos and the Google Calendar tokens. Read models are not in it: they
# are rebuilt from the events when the product starts on the restored database.
#   backend/scripts/backup.sh "$DATABASE_URL" backup.dump
set -euo pipefail
database_url="${1:?usage: backup.sh DATABASE_URL FILE}"
file="${2:?usage: backup.sh DATABASE_URL FILE}"
pg_dump --format=custom --no-owner --no-privileges \
  --table='es_*' --table=entity_ids --table=catalog_material_files --table=projection_skips \
  --table=personal_data_keys --table=teacher_photos --table=google_calendar_tokens \
  --file="$file" "$database_url"
