#!/usr/bin/env bash
# Throwaway PostgreSQL on 127.0.0.1 for tests: trust auth, no fsync (data is disposable),
# databases annot and annot_test. Stop it with scripts/pg-down.sh.
#
#   PG_RUN_DIR   data, socket, logs   (default <repo>/.run/pg; see pg_dir below)
#   PG_PORT      port                 (default 55432)
#   PG_ENV_FILE  env file written     (default <repo>/.run/pg.env)
set -euo pipefail
set -o errtrace  # the ERR trap below must also fire for failures inside functions
umask 022        # directories we create must stay traversable by the postgres user

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN_DIR=${PG_RUN_DIR:-$REPO/.run/pg}
PORT=${PG_PORT:-55432}
ENV_FILE=${PG_ENV_FILE:-$REPO/.run/pg.env}
START=$EPOCHREALTIME
# absolute paths: we cd / below
[[ $RUN_DIR == /* ]] || RUN_DIR=$PWD/$RUN_DIR
[[ $ENV_FILE == /* ]] || ENV_FILE=$PWD/$ENV_FILE

elapsed() { awk -v a="$START" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
die() { echo "pg-up: ERROR: $*" >&2; exit 1; }

# Newest installed server (Debian: /usr/lib/postgresql/<major>/bin), not a hardcoded 15.
BIN=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
[[ -x $BIN/initdb && -x $BIN/pg_ctl ]] || die "no PostgreSQL server under /usr/lib/postgresql/*/bin (run scripts/system-deps.sh)"

# initdb and pg_ctl refuse to run as root: as root, run them as the postgres system user.
if [[ $(id -u) -eq 0 ]]; then
  id postgres >/dev/null 2>&1 || die "running as root but there is no 'postgres' user (apt-get install postgresql)"
  AS=(runuser -u postgres --)
else
  AS=()
fi

# Where the cluster really lives. Normally $RUN_DIR; but as root the server runs as
# postgres, which must be able to enter every parent directory, and the socket path
# (<dir>/sock/.s.PGSQL.<port>) must fit in 107 bytes. If either fails (e.g. the repo sits
# under /root, mode 700), use /tmp/annot-pg-<hash of $RUN_DIR> instead: unique per repo
# path, and pg-down.sh computes the same name. Keep this function identical in pg-down.sh.
pg_dir() {
  local fallback a
  fallback=/tmp/annot-pg-$(printf '%s' "$RUN_DIR" | sha256sum | cut -c1-16)
  if ((${#RUN_DIR} + ${#PORT} + 16 > 107)); then echo "$fallback"; return; fi
  if [[ $(id -u) -eq 0 ]]; then
    a=$RUN_DIR
    while [[ ! -d $a ]]; do a=$(dirname "$a"); done
    if ! runuser -u postgres -- test -x "$a"; then echo "$fallback"; return; fi
  fi
  echo "$RUN_DIR"
}
D=$(pg_dir)
DATA=$D/data
SOCK=$D/sock
LOG=$D/log/postgres.log
if [[ $D != "$RUN_DIR" ]]; then echo "pg-up: note: postgres cannot use $RUN_DIR; using $D"; fi

# Client tools work as root, and TCP with trust auth needs no password.
psql_() { "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -X -q -v ON_ERROR_STOP=1 "$@"; }

write_env() {
  mkdir -p "$(dirname "$ENV_FILE")"
  cat > "$ENV_FILE.tmp" <<EOF
DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/annot
TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/annot_test
EOF
  mv -f "$ENV_FILE.tmp" "$ENV_FILE"
}

create_dbs() {
  local db
  for db in annot annot_test; do
    if [[ -z $(psql_ -d postgres -tA -c "select 1 from pg_database where datname = '$db'") ]]; then
      psql_ -d postgres -c "create database $db"
    fi
  done
}

# Ours: postmaster.pid of our data dir names a live process and our port (line 4).
ours_running() {
  [[ -s $DATA/postmaster.pid ]] || return 1
  local pid port
  pid=$(sed -n 1p "$DATA/postmaster.pid"); port=$(sed -n 4p "$DATA/postmaster.pid")
  [[ $port == "$PORT" ]] && kill -0 "$pid" 2>/dev/null
}

# Run postgres tools from a directory the postgres user can enter (our cwd may be /root).
cd /

if ours_running && "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
  create_dbs
  write_env
  echo "pg up (reused) on 127.0.0.1:$PORT after $(elapsed)s; env in $ENV_FILE"
  exit 0
fi

if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
  die "a PostgreSQL that is not the one in $DATA already answers on 127.0.0.1:$PORT (set PG_PORT)"
fi

on_error() {
  local rc=$? f
  echo "pg-up: ERROR: failed (exit $rc) after $(elapsed)s" >&2
  for f in "$D/log/initdb.log" "$LOG"; do
    if [[ -s $f ]]; then echo "---- tail of $f" >&2; tail -n 30 "$f" >&2; fi
  done
  exit "$rc"
}
trap on_error ERR

# A leftover server of ours that does not answer: stop it before wiping its directory.
if [[ -s $DATA/postmaster.pid ]]; then
  "${AS[@]}" "$BIN/pg_ctl" -D "$DATA" -m immediate -w -t 10 stop >/dev/null 2>&1 || true
fi

[[ -n $D && $D != / ]]
rm -rf "$D"
mkdir -p "$D/sock" "$D/log"
if ((${#AS[@]})); then chown -R postgres: "$D"; fi

# UTF8 explicitly: with a C/POSIX environment initdb would pick SQL_ASCII.
"${AS[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --no-sync \
  --encoding=UTF8 --locale=C.UTF-8 >"$D/log/initdb.log" 2>&1

# fsync/synchronous_commit/full_page_writes off: a test database need not survive a crash.
"${AS[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $SOCK -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start </dev/null >>"$D/log/initdb.log" 2>&1

create_dbs
trap - ERR
write_env
echo "pg up on 127.0.0.1:$PORT after $(elapsed)s; env in $ENV_FILE"
