#!/usr/bin/env bash
# Stops the gateway started by scripts/s3-up.sh and removes its state and env file.
# Safe to run when nothing is up. Same env as s3-up.sh (S3_RUN_DIR, S3_ENV_FILE).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$REPO/scripts/lib/proc.sh"
D=${S3_RUN_DIR:-$REPO/.run/s3}
ENV_FILE=${S3_ENV_FILE:-$REPO/.run/s3.env}
[[ $D == /* ]] || D=$PWD/$D   # as s3-up.sh does

# Pid of a daemon from its pid file, only if that process is still ours: its command line
# must name our ceph.conf (guards against the pid having been reused by something else).
our_pid() {
  local f=$1 pid
  [[ -s $f ]] || return 1
  pid=$(cat "$f")
  [[ $pid =~ ^[0-9]+$ && -r /proc/$pid/cmdline ]] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF -- "$D/ceph.conf" || return 1
  echo "$pid"
}


# Stop in dependency order, gateway -> OSD -> monitor, each exiting before the next gets
# its signal: killed together, radosgw hangs in shutdown waiting for the vanished OSD (it
# arms a 120 s alarm), and the OSD waits for the monitor to acknowledge its going down.
# One shared deadline of ~10 s, then SIGKILL for whatever remains.
deadline=$((SECONDS + 10))
stopped=0
remaining=()
for group in 'client.rgw.*' 'osd.*' 'mon.*' '*'; do
  pids=()
  for f in "$D"/run/$group.pid; do
    if pid=$(our_pid "$f"); then pids+=("$pid"); rm -f "$f"; fi
  done
  ((${#pids[@]})) || continue
  kill "${pids[@]}" 2>/dev/null || true
  stopped=$((stopped + ${#pids[@]}))
  while alive "${pids[@]}" && ((SECONDS < deadline)); do sleep 0.1; done
  remaining+=("${pids[@]}")
done
kill -9 "${remaining[@]}" 2>/dev/null || true

if [[ -n $D && $D != / ]]; then rm -rf "$D"; fi
rm -f "$ENV_FILE" "$ENV_FILE.tmp"
echo "s3 down (stopped $stopped daemons)"
