#!/usr/bin/env bash
# Restores a backup made by backup.sh into a database and a storage, then checks the result against the
# backup's manifest (row counts of every table, checksum of every file). Stop the services first.
#
#   infra/ops/restore.sh SRC_DIR
#
# Environment: the target's DATABASE_URL (created when it does not exist), STORAGE_DRIVER, STORAGE_DIR or
# S3_* (as for backup.sh). The target database must have none of the service schemas and the storage
# folder must be empty, unless RESTORE_OVERWRITE=1 (then the schemas are dropped and the files replaced).
# SKIP_DATABASE=1 / SKIP_STORAGE=1 restore one half only.
set -euo pipefail

SRC=${1:?usage: restore.sh SRC_DIR}
DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/clima}
STORAGE_DRIVER=${STORAGE_DRIVER:-local}
STORAGE_DIR=${STORAGE_DIR:-.data/storage}
SCHEMAS="'auth','catalog','courses','manuals','ranking','billing'"
log() { printf '[restore] %s\n' "$*" >&2; }
fail() { log "$*"; exit 1; }

row_counts() {
  psql "$1" -X -At -v ON_ERROR_STOP=1 -c "
    SELECT string_agg(format('SELECT %L || chr(9) || count(*) FROM %I.%I', table_schema || '.' || table_name, table_schema, table_name), ' UNION ALL ')
      FROM information_schema.tables
     WHERE table_schema IN ($SCHEMAS) AND table_type = 'BASE TABLE'" |
    { read -r q; if [ -n "$q" ]; then psql "$1" -X -At -v ON_ERROR_STOP=1 -c "$q"; fi; } | sort
}
file_sums() {
  (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum)
}

if [ "${SKIP_DATABASE:-}" != 1 ]; then
  [ -f "$SRC/database.dump" ] || fail "$SRC/database.dump not found"
  # the database itself, when missing (connect to the server's postgres database to create it)
  db_name=$(printf '%s' "$DATABASE_URL" | sed -E 's#^[^/]*//[^/]*/([^?]*).*#\1#')
  admin_url=$(printf '%s' "$DATABASE_URL" | sed -E 's#^([^/]*//[^/]*/)[^?]*#\1postgres#')
  exists=$(psql "$admin_url" -X -At -v ON_ERROR_STOP=1 -c "SELECT 1 FROM pg_database WHERE datname = '${db_name//\'/}'")
  if [ "$exists" != 1 ]; then
    log "creating database $db_name"
    psql "$admin_url" -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE \"${db_name//\"/}\""
  fi
  present=$(psql "$DATABASE_URL" -X -At -v ON_ERROR_STOP=1 -c "SELECT string_agg(nspname, ',') FROM pg_namespace WHERE nspname IN ($SCHEMAS)")
  if [ -n "$present" ]; then
    [ "${RESTORE_OVERWRITE:-}" = 1 ] || fail "target database already has schemas ($present); set RESTORE_OVERWRITE=1 to replace them"
    log "dropping schemas $present"
    for s in ${present//,/ }; do psql "$DATABASE_URL" -X -q -v ON_ERROR_STOP=1 -c "DROP SCHEMA \"$s\" CASCADE"; done
  fi
  log "database: pg_restore into $db_name"
  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname "$DATABASE_URL" "$SRC/database.dump"
  if [ -f "$SRC/rows.tsv" ]; then
    diff <(row_counts "$DATABASE_URL") "$SRC/rows.tsv" >/dev/null || fail "row counts differ from the backup's manifest"
    log "database: $(wc -l <"$SRC/rows.tsv") tables, row counts identical to the backup"
  fi
fi

if [ "${SKIP_STORAGE:-}" != 1 ]; then
  [ -f "$SRC/storage.tar.gz" ] || fail "$SRC/storage.tar.gz not found"
  case "$STORAGE_DRIVER" in
    local)
      mkdir -p "$STORAGE_DIR"
      if [ -n "$(ls -A "$STORAGE_DIR")" ]; then
        [ "${RESTORE_OVERWRITE:-}" = 1 ] || fail "$STORAGE_DIR is not empty; set RESTORE_OVERWRITE=1 to replace its files"
        find "$STORAGE_DIR" -mindepth 1 -delete
      fi
      tar -C "$STORAGE_DIR" -xzf "$SRC/storage.tar.gz"
      check_dir=$STORAGE_DIR
      ;;
    s3)
      command -v mc >/dev/null || fail "mc (MinIO client) is needed for STORAGE_DRIVER=s3"
      work=$(mktemp -d)
      trap 'rm -rf "$work"' EXIT
      tar -C "$work" -xzf "$SRC/storage.tar.gz"
      export MC_HOST_clima_backup="${S3_ENDPOINT/:\/\//://${S3_ACCESS_KEY_ID}:${S3_SECRET_ACCESS_KEY}@}"
      mc mb --ignore-existing "clima_backup/${S3_BUCKET}" >/dev/null
      mc mirror --quiet --overwrite ${RESTORE_OVERWRITE:+--remove} "$work" "clima_backup/${S3_BUCKET}"
      check_dir=$work
      ;;
    *) fail "unknown STORAGE_DRIVER: $STORAGE_DRIVER" ;;
  esac
  if [ -f "$SRC/files.sha256" ]; then
    diff <(file_sums "$check_dir") "$SRC/files.sha256" >/dev/null || fail "files differ from the backup's manifest"
    log "storage ($STORAGE_DRIVER): $(wc -l <"$SRC/files.sha256") files, checksums identical to the backup"
  fi
fi
log "done"
