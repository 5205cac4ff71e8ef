#!/usr/bin/env bash
# Backup of the platform: the whole PostgreSQL database (every service schema, extensions, sequences)
# and the stored files (videos, manuals), plus a manifest (row counts per table, file checksums) that
# restore.sh checks after restoring.
#
#   infra/ops/backup.sh [DEST_DIR]        default: .data/backups/<UTC timestamp>
#
# Environment (same names as the services):
#   DATABASE_URL     postgres://… of the database to back up
#   STORAGE_DRIVER   local (default): tar of STORAGE_DIR | s3: `mc mirror` of S3_BUCKET (needs mc)
#   STORAGE_DIR      local storage folder (default .data/storage)
#   S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY   for s3
#   SKIP_DATABASE=1 / SKIP_STORAGE=1   one half only (e.g. each from its own container in docker-compose)
# pg_dump's major version must be at least the server's.
set -euo pipefail

DEST=${1:-.data/backups/$(date -u +%Y%m%dT%H%M%SZ)}
DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/clima}
STORAGE_DRIVER=${STORAGE_DRIVER:-local}
STORAGE_DIR=${STORAGE_DIR:-.data/storage}
SCHEMAS="'auth','catalog','courses','manuals','ranking','billing'"

mkdir -p "$DEST"
chmod 700 "$DEST"
log() { printf '[backup] %s\n' "$*" >&2; }

# Row counts of every table of the service schemas, one "schema.table<TAB>rows" line each, sorted.
row_counts() {
  psql "$1" -X -At -v ON_ERROR_STOP=1 -c "
    SELECT string_agg(format('SELECT %L || chr(9) || count(*) FROM %I.%I', table_schema || '.' || table_name, table_schema, table_name), ' UNION ALL ')
      FROM information_schema.tables
     WHERE table_schema IN ($SCHEMAS) AND table_type = 'BASE TABLE'" |
    { read -r q; if [ -n "$q" ]; then psql "$1" -X -At -v ON_ERROR_STOP=1 -c "$q"; fi; } | sort
}

# "sha256  path" of every file under a folder, sorted by path.
file_sums() {
  (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum)
}

if [ "${SKIP_DATABASE:-}" != 1 ]; then
  log "database: pg_dump $(printf '%s' "$DATABASE_URL" | sed -E 's#//([^:@/]+):[^@]*@#//\1:***@#')"
  pg_dump --format=custom --compress=6 --no-owner --no-privileges --file "$DEST/database.dump" "$DATABASE_URL"
  row_counts "$DATABASE_URL" >"$DEST/rows.tsv"
  log "database: $(wc -l <"$DEST/rows.tsv") tables, $(awk -F'\t' '{s+=$2} END {print s+0}' "$DEST/rows.tsv") rows"
fi

if [ "${SKIP_STORAGE:-}" != 1 ]; then
  case "$STORAGE_DRIVER" in
    local)
      mkdir -p "$STORAGE_DIR"
      tar -C "$STORAGE_DIR" -czf "$DEST/storage.tar.gz" .
      file_sums "$STORAGE_DIR" >"$DEST/files.sha256"
      ;;
    s3)
      command -v mc >/dev/null || { log "mc (MinIO client) is needed for STORAGE_DRIVER=s3"; exit 1; }
      export MC_HOST_clima_backup="${S3_ENDPOINT/:\/\//://${S3_ACCESS_KEY_ID}:${S3_SECRET_ACCESS_KEY}@}"
      mc mirror --quiet --overwrite "clima_backup/${S3_BUCKET}" "$DEST/storage"
      file_sums "$DEST/storage" >"$DEST/files.sha256"
      tar -C "$DEST/storage" -czf "$DEST/storage.tar.gz" . && rm -rf "$DEST/storage"
      ;;
    *) log "unknown STORAGE_DRIVER: $STORAGE_DRIVER"; exit 1 ;;
  esac
  log "storage ($STORAGE_DRIVER): $(wc -l <"$DEST/files.sha256") files"
fi

printf 'created_at=%s\nstorage_driver=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$STORAGE_DRIVER" >"$DEST/backup.info"
log "done: $DEST"
printf '%s\n' "$DEST"
