#!/bin/sh
# First start on an empty data directory: a cluster whose superuser is $POSTGRES_USER with
# $POSTGRES_PASSWORD, and the database $POSTGRES_DB; then PostgreSQL listening on every address.
set -e
if [ "$1" = postgres ]; then
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    initdb -D "$PGDATA" --username="${POSTGRES_USER:-postgres}" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    if [ -n "$POSTGRES_DB" ] && [ "$POSTGRES_DB" != postgres ]; then
      pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
      createdb -U "${POSTGRES_USER:-postgres}" "$POSTGRES_DB"
      pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    fi
  fi
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
