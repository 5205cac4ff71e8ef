#!/bin/sh
# As the official image: Redis without protected mode (the compose network is what keeps it private; the
# compose file gives its own `redis-server …` command).
set -e
if [ "$1" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
