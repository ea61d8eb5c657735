#!/usr/bin/env bash
# Starts the local PostgreSQL and Redis of this machine when they are down (idempotent).
# No Docker here: this uses the Debian packages' own tools. Safe to run any number of times.
set -euo pipefail

PG_HOST=127.0.0.1
REDIS_HOST=127.0.0.1
REDIS_PORT=6379
WAIT_SECONDS=${WAIT_SECONDS:-30}

pg_up() { pg_isready -h "$PG_HOST" -q; }
redis_up() { [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = "PONG" ]; }

wait_for() {
  local name=$1 check=$2 i
  for ((i = 0; i < WAIT_SECONDS * 5; i++)); do
    if "$check"; then echo "$name: up"; return 0; fi
    sleep 0.2
  done
  echo "$name: still down after ${WAIT_SECONDS}s" >&2
  return 1
}

status=0

if pg_up; then
  echo "postgres: already up"
else
  echo "postgres: starting"
  # pg_ctlcluster fails when the cluster is already starting; the readiness wait below decides.
  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start || true
  wait_for postgres pg_up || status=1
fi

if redis_up; then
  echo "redis: already up"
else
  echo "redis: starting"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no
  wait_for redis redis_up || status=1
fi

exit "$status"
