#!/usr/bin/env bash
# `npm test`: everything, on a fresh machine too. Installs missing system parts, starts a
# throwaway PostgreSQL and Ceph RGW on loopback, then runs lint, typecheck, unit, integration
# (SQLite + PostgreSQL, storage on Ceph) and end-to-end (Chromium) tests. Stops what it started.
# KEEP_SERVICES=1 leaves PostgreSQL and Ceph running for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
mkdir -p test-results

bash scripts/system-deps.sh

if [ "${KEEP_SERVICES:-0}" != "1" ]; then
  trap 'bash scripts/s3-down.sh >/dev/null 2>&1 || true; bash scripts/pg-down.sh >/dev/null 2>&1 || true' EXIT
fi
bash scripts/pg-up.sh
bash scripts/s3-up.sh
set -a
. .run/pg.env
. .run/s3.env
set +a
# The suites take the system parts from these, not from the product's own variables.
export TEST_DATABASE_URL
unset DATABASE_URL

# Lint, typecheck and the build read the same sources and each keeps one core busy: side by side
# on 2 cores they take the time of the longest (docs/testing.md).
echo "== lint, typecheck, build (at ${SECONDS} s)"
npm run --silent lint >test-results/lint.log 2>&1 &
lint=$!
npm run --silent typecheck >test-results/typecheck.log 2>&1 &
typecheck=$!
electron-vite build >test-results/build.log 2>&1 &
build=$!
failed=0
wait $lint || { echo "lint failed:"; cat test-results/lint.log; failed=1; }
wait $typecheck || { echo "typecheck failed:"; cat test-results/typecheck.log; failed=1; }
wait $build || { echo "build failed:"; cat test-results/build.log; failed=1; }
[ $failed = 0 ] || exit 1

status=0
echo "== unit + integration (at ${SECONDS} s)"
vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=1
# The end-to-end run uses PostgreSQL (the integration suites run both databases), in a fresh database.
PSQL=$(printf '%s\n' /usr/lib/postgresql/*/bin/psql | sort -V | tail -n 1)
PGOPTIONS="-c client_min_messages=warning" "$PSQL" -q "${TEST_DATABASE_URL%/*}/postgres" -c "DROP DATABASE IF EXISTS annot_e2e" -c "CREATE DATABASE annot_e2e"
export E2E_DATABASE_URL="${TEST_DATABASE_URL%/*}/annot_e2e"
echo "== end-to-end (Chromium, PostgreSQL) (at ${SECONDS} s)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json playwright test --reporter=list,json || status=1

echo "== done (at ${SECONDS} s)"
node scripts/test-summary.mjs test-results/vitest.json test-results/playwright.json || status=1
exit $status
