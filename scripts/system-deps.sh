#!/usr/bin/env bash
# Installs the Debian packages the project's tests and local services need, but only the
# missing ones: the common case (everything present) must cost nothing, so the check looks
# at files on disk instead of asking dpkg/apt.
set -euo pipefail

# "package|file-or-glob ..." — a package counts as missing when any of its files is absent.
# Absolute paths on purpose: another, older `aws` (pyenv shim) may come first on PATH.
REQUIRED=(
  "chromium|/usr/bin/chromium"
  "postgresql|/usr/lib/postgresql/*/bin/initdb"
  "ceph-mon|/usr/bin/ceph-mon"
  "ceph-osd|/usr/bin/ceph-osd"
  "radosgw|/usr/bin/radosgw"
  "ceph-common|/usr/bin/ceph /usr/bin/radosgw-admin /usr/bin/ceph-authtool /usr/bin/monmaptool"
  "awscli|/usr/bin/aws"
  "rclone|/usr/bin/rclone"
  # so Chinese text renders in Chromium screenshots instead of tofu boxes
  "fonts-noto-cjk|/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
  # scripts/s3-up.sh polls the gateway with curl
  "curl|/usr/bin/curl"
  # the server renders video frames into exports with media (docs/video.md, "Frames in an
  # export"); video tests make videos whose frames show their own numbers, and read them back
  # with ffmpeg's own numbering (tests/support/frameNumberVideo.ts); the video bench's peer
  "ffmpeg|/usr/bin/ffmpeg /usr/bin/ffprobe"
  # the load balancer in front of a local cluster of team server processes (scripts/lib/cluster.ts, docs/deploy.md)
  "haproxy|/usr/sbin/haproxy"
)

# True when the pattern (possibly a glob) matches at least one existing file.
present() {
  local f
  for f in $1; do if [[ -e $f ]]; then return 0; fi; done
  return 1
}

# Prints the missing files of one entry (empty when all present).
missing_files_of() {
  local f out=()
  for f in $1; do
    # word-splitting above does not expand globs that match nothing: re-check each pattern
    present "$f" || out+=("$f")
  done
  echo "${out[*]-}"
}

missing_pkgs=()
for entry in "${REQUIRED[@]}"; do
  pkg=${entry%%|*}
  if [[ -n $(missing_files_of "${entry#*|}") ]]; then missing_pkgs+=("$pkg"); fi
done

# Outside readers for the export tests (tests/integration/server-export-readers.test.ts): COCO files
# are read back with pycocotools, the reference COCO API. The machine's pip reaches a local
# package index; the check costs nothing when it is installed.
PY_READERS="pycocotools==2.0.11"
if command -v python3 >/dev/null 2>&1 && ! python3 -c "import pycocotools.coco" >/dev/null 2>&1; then
  echo "system-deps: installing $PY_READERS"
  python3 -m pip install --quiet --disable-pip-version-check "$PY_READERS" || echo "system-deps: WARNING: pip could not install $PY_READERS; the export readers test will fail" >&2
fi

if ((${#missing_pkgs[@]} == 0)); then
  echo "system-deps: all present (${#REQUIRED[@]} packages)"
  exit 0
fi

install_cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing_pkgs[*]}"
echo "system-deps: missing: ${missing_pkgs[*]}"

# apt needs root; fall back to passwordless sudo, never prompt (scripts must not hang).
if [[ $(id -u) -eq 0 ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "system-deps: ERROR: not root and no passwordless sudo; cannot install: ${missing_pkgs[*]}" >&2
  echo "system-deps: run as root:  $install_cmd" >&2
  exit 1
fi

if ! "${SUDO[@]}" apt-get update -q \
  || ! "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing_pkgs[@]}"; then
  echo "system-deps: ERROR: apt failed installing: ${missing_pkgs[*]}" >&2
  echo "system-deps: try by hand:  $install_cmd" >&2
  exit 1
fi

# Trust nothing: a package can install yet not provide the file we rely on.
still=()
for entry in "${REQUIRED[@]}"; do
  files=$(missing_files_of "${entry#*|}")
  if [[ -n $files ]]; then still+=("${entry%%|*}: $files"); fi
done
if ((${#still[@]} > 0)); then
  echo "system-deps: ERROR: still missing after install:" >&2
  printf '  %s\n' "${still[@]}" >&2
  exit 1
fi
echo "system-deps: installed ${missing_pkgs[*]}; all present"
