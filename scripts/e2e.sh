#!/usr/bin/env bash
# Builds the app and runs Playwright specs (all, or the ones named), one run at a time on this
# machine: the e2e ports and data folders are fixed, so concurrent runs would collide.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
exec flock /tmp/annotation-workstation-e2e.lock bash -c 'electron-vite build >test-results/build.log 2>&1 || { cat test-results/build.log; exit 1; }; playwright test "$@"' e2e "$@"
