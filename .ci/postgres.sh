#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster for the store/postgres tests.
#
#   .ci/postgres.sh            start one; the last stdout line is its DSN,
#                              the line before is "cluster: DIR"
#   .ci/postgres.sh stop DIR   stop that cluster and delete DIR
#
# Installs Debian's postgresql package when no server binaries are found.
# The cluster listens on 127.0.0.1 on a free port with trust auth, runs as
# the postgres user when started by root, and has fsync off (test data only).
# Progress and errors go to stderr, so `$(.ci/postgres.sh | tail -1)` is the DSN.
set -euo pipefail

log() { echo "postgres.sh: $*" >&2; }

find_bin() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then
      echo "$d"
      return 0
    fi
  done
  return 1
}

# as_owner CMD...: run CMD as the cluster owner (postgres when we are root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "${1:-}" = "stop" ]; then
  dir="${2:?usage: postgres.sh stop DIR}"
  bin="$(find_bin)" || { log "no PostgreSQL binaries"; exit 1; }
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || log "pg_ctl stop failed"
  fi
  rm -rf -- "$dir"
  exit 0
fi

if ! bin="$(find_bin)"; then
  log "PostgreSQL server binaries not found; installing the postgresql package"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y postgresql >&2
  bin="$(find_bin)" || { log "postgresql installed but no server binaries under /usr/lib/postgresql/*/bin"; exit 1; }
fi
log "using $bin"

if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
  useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/tresham-pg.XXXXXX")"
chmod 755 "$dir"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi

as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; log "initdb failed"; exit 1; }

# port_busy PORT: true if something accepts connections on 127.0.0.1:PORT.
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

port=""
for _ in $(seq 1 20); do
  p=$((20000 + RANDOM % 30000))
  if port_busy "$p"; then continue; fi
  if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $p -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >&2; then
    port="$p"
    break
  fi
  log "could not start on port $p; trying another"
done
if [ -z "$port" ]; then
  cat "$dir/server.log" >&2 || true
  log "could not start PostgreSQL"
  exit 1
fi

as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres tresham_test >&2
log "PostgreSQL running on 127.0.0.1:$port (stop with: $0 stop $dir)"
echo "cluster: $dir"
echo "postgres://postgres@127.0.0.1:$port/tresham_test?sslmode=disable"
