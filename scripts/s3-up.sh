#!/usr/bin/env bash
# Throwaway single-node Ceph RADOS Gateway (S3 + STS) on loopback for tests and benchmarks:
# one monitor, one in-memory (memstore) OSD and radosgw, all state under $S3_RUN_DIR.
# Set up as Ceph's own vstart.sh does. Stop it with scripts/s3-down.sh.
#
#   S3_RUN_DIR    state, logs, pid files   (default <repo>/.run/s3)
#   S3_PORT       gateway port             (default 7480)
#   S3_MON_PORT   monitor port             (default 3300; change it to run two at once)
#   S3_ENV_FILE   env file written for the app/tests (default <repo>/.run/s3.env)
set -euo pipefail
set -o errtrace  # the ERR trap below must also fire for failures inside functions

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$REPO/scripts/lib/proc.sh"
D=${S3_RUN_DIR:-$REPO/.run/s3}
PORT=${S3_PORT:-7480}
MON_PORT=${S3_MON_PORT:-3300}
ENV_FILE=${S3_ENV_FILE:-$REPO/.run/s3.env}
# absolute paths: the daemons chdir to / and s3-down.sh matches $D in their command lines
[[ $D == /* ]] || D=$PWD/$D
[[ $ENV_FILE == /* ]] || ENV_FILE=$PWD/$ENV_FILE
C=$D/ceph.conf
URL=http://127.0.0.1:$PORT
BUCKET=annot-test
ROLE_ARN=arn:aws:iam:::role/app/S3Access
START=$EPOCHREALTIME

export S3_RUN_DIR=$D S3_PORT=$PORT S3_ENV_FILE=$ENV_FILE

elapsed() { awk -v a="$START" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

write_env() {
  mkdir -p "$(dirname "$ENV_FILE")"
  # write then rename, so a reader never sees half a file
  cat > "$ENV_FILE.tmp" <<EOF
S3_ENDPOINT=$URL
S3_REGION=us-east-1
S3_ACCESS_KEY=TESTAK
S3_SECRET_KEY=TESTSK
S3_BUCKET=$BUCKET
S3_FORCE_PATH_STYLE=true
S3_ROLE_ARN=$ROLE_ARN
S3_CEPH_CONF=$C
EOF
  mv -f "$ENV_FILE.tmp" "$ENV_FILE"
}

answers() { curl -s -o /dev/null --max-time 2 "$URL/"; }


# Ours and alive: every daemon's pid file points at a live process, and the gateway answers.
running() {
  local n pid
  for n in mon.a osd.0 client.rgw.a; do
    [[ -s $D/run/$n.pid ]] || return 1
    pid=$(cat "$D/run/$n.pid")
    alive "$pid" || return 1
  done
  answers
}

if running; then
  write_env
  echo "s3 up (reused) on $URL after $(elapsed)s; env in $ENV_FILE"
  exit 0
fi

# Leftovers of a half-started or half-dead earlier run: stop them before wiping the dir.
if compgen -G "$D/run/*.pid" >/dev/null; then
  "$REPO/scripts/s3-down.sh" >/dev/null
fi
if answers; then
  echo "s3-up: ERROR: something not started by this script already answers on $URL (set S3_PORT)" >&2
  exit 1
fi
if ss -Hltn "sport = :$MON_PORT" 2>/dev/null | grep -q .; then
  echo "s3-up: ERROR: port $MON_PORT (ceph monitor) is taken (set S3_MON_PORT)" >&2
  exit 1
fi

# On any failure: say which step, show the end of its log, stop what we started (logs stay).
STEP="setup"; STEP_LOG=""
on_error() {
  local rc=$?
  echo "s3-up: ERROR: step '$STEP' failed (exit $rc) after $(elapsed)s" >&2
  local f
  for f in $STEP_LOG; do
    if [[ -s $f ]]; then echo "---- tail of $f" >&2; tail -n 30 "$f" >&2; fi
  done
  local pidf pids=() p
  for pidf in "$D"/run/*.pid; do
    if [[ -s $pidf ]]; then pids+=("$(cat "$pidf")"); fi
  done
  if ((${#pids[@]})); then
    kill "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "${pids[@]}" || break; sleep 0.1; done
    kill -9 "${pids[@]}" 2>/dev/null || true
  fi
  echo "s3-up: logs are in $D/log" >&2
  exit "$rc"
}
trap on_error ERR

# Every ceph call gets a timeout: a CLI that cannot reach the monitor otherwise waits forever.
ceph_() { timeout 60 ceph -c "$C" --connect-timeout 30 "$@"; }
rgwadmin() { timeout 60 radosgw-admin -c "$C" "$@"; }

[[ -n $D && $D != / ]]
rm -rf "$D"; mkdir -p "$D"/{mon,osd,rgw,run,log}
L=$D/log
FSID=$(cat /proc/sys/kernel/random/uuid)
cat > "$C" <<CONF
[global]
fsid = $FSID
mon host = v2:127.0.0.1:$MON_PORT
mon initial members = a
public network = 127.0.0.0/8
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
# the monitor batches map changes for 1 s by default, and start-up is a chain of them
# (OSD boot, rgw creating its pools, the bucket's pools): measured here 21 s -> 5 s
paxos propose interval = 0.1
mon data avail warn = 1
mon data avail crit = 0
auth allow insecure global id reclaim = false
run dir = $D/run
admin socket = $D/run/\$name.asok
log file = $D/log/\$name.log
pid file = $D/run/\$name.pid
[client.admin]
keyring = $D/admin.keyring
[mon]
mon data = $D/mon
[osd]
osd data = $D/osd
keyring = $D/osd/keyring
osd objectstore = memstore
memstore device bytes = 4294967296
osd max object size = 1073741824
osd op num shards = 1
# the OSD places itself in CRUSH on boot (host=<hostname>, root=default); give it a real
# weight there instead of three separate "ceph osd crush" calls (about 1 s each)
osd crush initial weight = 1.0
[client.rgw.a]
keyring = $D/rgw/keyring
rgw data = $D/rgw
rgw frontends = beast endpoint=127.0.0.1:$PORT
rgw dns name = 127.0.0.1
# STS session tokens are encrypted with this key (must be 16 chars)
rgw sts key = abcdefghijklmnop
rgw s3 auth use sts = true
rgw thread pool size = 64
CONF

STEP="keyrings"; STEP_LOG="$L/setup.log"
{
  ceph-authtool --create-keyring "$D/mon.keyring" --gen-key -n mon. --cap mon 'allow *'
  ceph-authtool --create-keyring "$D/admin.keyring" --gen-key -n client.admin \
    --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *' --cap mds 'allow *'
  ceph-authtool "$D/mon.keyring" --import-keyring "$D/admin.keyring"
  monmaptool --create --addv a "[v2:127.0.0.1:$MON_PORT]" --fsid "$FSID" "$D/monmap"
} >>"$L/setup.log" 2>&1

STEP="monitor"; STEP_LOG="$L/setup.log $L/mon.a.log"
ceph-mon -c "$C" -i a --mkfs --monmap "$D/monmap" --keyring "$D/mon.keyring" >>"$L/setup.log" 2>&1
# daemons get stdin/stdout/stderr away from our caller: a caller capturing our output
# (x=$(s3-up.sh), | tee) would otherwise wait for the daemons to exit
ceph-mon -c "$C" -i a </dev/null >>"$L/setup.log" 2>&1

STEP="osd"; STEP_LOG="$L/setup.log $L/osd.0.log"
ceph_ osd create >>"$L/setup.log" 2>&1
ceph-osd -c "$C" -i 0 --mkfs --mkkey --no-mon-config >>"$L/setup.log" 2>&1
ceph_ auth add osd.0 osd 'allow *' mon 'allow profile osd' -i "$D/osd/keyring" >>"$L/setup.log" 2>&1
ceph-osd -c "$C" -i 0 </dev/null >>"$L/setup.log" 2>&1

STEP="radosgw"; STEP_LOG="$L/setup.log $L/client.rgw.a.log"
ceph_ auth get-or-create client.rgw.a mon 'allow rw' osd 'allow rwx' -o "$D/rgw/keyring" >>"$L/setup.log" 2>&1
radosgw -c "$C" -n client.rgw.a </dev/null >>"$L/setup.log" 2>&1
# up to 60 s; stop waiting early if the daemon has already died (e.g. port taken)
# (radosgw removes its pid file when it exits, so look for the process itself)
rgw_dead() { ! pgrep -f -x -- "radosgw -c $C -n client.rgw.a" >/dev/null; }
for _ in $(seq 1 240); do
  if answers || rgw_dead; then break; fi
  sleep 0.25
done
answers

STEP="user, caps, STS role"; STEP_LOG="$L/setup.log $L/client.admin.log"
{
  rgwadmin user create --uid=test --display-name=test --access-key=TESTAK --secret=TESTSK
  # roles=* lets the user manage/assume roles; the role grants s3:* and is narrowed per
  # session by the inline policy passed to AssumeRole.
  rgwadmin caps add --uid=test --caps="roles=*"
  rgwadmin role create --role-name=S3Access --path=/app/ \
    --assume-role-policy-doc='{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":["arn:aws:iam:::user/test"]},"Action":["sts:AssumeRole"]}]}'
  rgwadmin role-policy put --role-name=S3Access --policy-name=Policy1 \
    --policy-doc='{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:*"],"Resource":["arn:aws:s3:::*"]}]}'
} >>"$L/setup.log" 2>&1

# /usr/bin/aws, not PATH's aws (an older pyenv shim may come first). Isolated from any user
# profile/config; AWS_CA_BUNDLE is set machine-wide here and only gets in the way.
awsq() {
  env -u AWS_PROFILE -u AWS_CA_BUNDLE -u AWS_SESSION_TOKEN \
    AWS_ACCESS_KEY_ID=TESTAK AWS_SECRET_ACCESS_KEY=TESTSK AWS_DEFAULT_REGION=us-east-1 \
    AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null AWS_PAGER= \
    AWS_EC2_METADATA_DISABLED=true \
    timeout 60 /usr/bin/aws --endpoint-url "$URL" "$@"
}

# The first CreateBucket and the first PutObject are slow (they create pools; ~2 s each with
# the default paxos interval, ~0.3 s with ours): pay that here, not in a test's timing.
STEP="bucket + warm-up"; STEP_LOG="$L/setup.log $L/client.rgw.a.log"
{
  awsq s3api create-bucket --bucket "$BUCKET"
  printf 'warm' > "$D/warmup.txt"
  awsq s3api put-object --bucket "$BUCKET" --key .warmup --body "$D/warmup.txt"
  awsq s3api delete-object --bucket "$BUCKET" --key .warmup
  rm -f "$D/warmup.txt"
} >>"$L/setup.log" 2>&1

trap - ERR
write_env
echo "s3 up on $URL after $(elapsed)s; env in $ENV_FILE"
