#!/usr/bin/env bash
# Stops the PostgreSQL started by scripts/pg-up.sh and removes its directory and env file.
# Safe to run when nothing is up. Same env as pg-up.sh (PG_RUN_DIR, PG_ENV_FILE).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN_DIR=${PG_RUN_DIR:-$REPO/.run/pg}
ENV_FILE=${PG_ENV_FILE:-$REPO/.run/pg.env}
[[ $RUN_DIR == /* ]] || RUN_DIR=$PWD/$RUN_DIR

BIN=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
if [[ $(id -u) -eq 0 ]]; then AS=(runuser -u postgres --); else AS=(); fi
cd /   # postgres (as root we run pg_ctl as that user) may not be able to enter our cwd

# pg-up.sh puts the cluster in $RUN_DIR, or in this /tmp fallback when the postgres user
# cannot reach $RUN_DIR: look at both (the name is unique per $RUN_DIR, so it is ours).
fallback=/tmp/annot-pg-$(printf '%s' "$RUN_DIR" | sha256sum | cut -c1-16)

stopped=0
for D in "$RUN_DIR" "$fallback"; do
  [[ -d $D ]] || continue
  if [[ -s $D/data/postmaster.pid && -x $BIN/pg_ctl ]] \
     && "${AS[@]}" "$BIN/pg_ctl" -D "$D/data" status >/dev/null 2>&1; then
    # fast = roll back sessions and stop now; immediate (no checkpoint) if that hangs
    if ! "${AS[@]}" "$BIN/pg_ctl" -D "$D/data" -m fast -w -t 10 stop >/dev/null 2>&1; then
      "${AS[@]}" "$BIN/pg_ctl" -D "$D/data" -m immediate -w -t 10 stop >/dev/null 2>&1 || true
    fi
    stopped=$((stopped + 1))
  fi
  if [[ -n $D && $D != / ]]; then rm -rf "$D"; fi
done
rm -f "$ENV_FILE" "$ENV_FILE.tmp"
echo "pg down (stopped $stopped server(s))"
