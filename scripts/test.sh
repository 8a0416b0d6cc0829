#!/usr/bin/env bash
# `npm test`: lint, types, then every suite (unit, integration, conformance, end-to-end in Chromium).
# With TEST_POSTGRES_URL set, the database suites run once more on that PostgreSQL server.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
started=$(date +%s)
elapsed() { echo "$(( $(date +%s) - started )) s"; }

# Lint (typed rules) and the type check each keep one core busy: run side by side, reported in turn.
npm run --silent lint > .tmp/lint.log 2>&1 &
lint=$!
npm run --silent typecheck > .tmp/typecheck.log 2>&1 &
types=$!
checks=0
wait $lint || checks=$?
echo "== lint"
cat .tmp/lint.log
wait $types || checks=$?
echo "== types"
cat .tmp/typecheck.log
if [ "$checks" != 0 ]; then exit "$checks"; fi

# Two lanes side by side, as each keeps about one core busy (a test file runs one server and, in the
# browser lane, one Chromium): one after the other they took 640 s, side by side 480 s (docs/decisions.md).
reports=(.tmp/vitest-server.json .tmp/vitest-e2e.json)
rm -f .tmp/vitest-*.json

server_lane() {
  local status=0
  echo "== unit, integration, conformance${DATABASE_URL:+ (on $DATABASE_URL)}"
  bash scripts/ensure-python-gitlab.sh
  npx vitest run --project unit --project integration --project conformance \
    --reporter=default --reporter=json --outputFile.json=.tmp/vitest-server.json || status=$?
  if [ -n "${TEST_POSTGRES_URL:-}" ]; then
    echo "== integration, conformance on PostgreSQL ($TEST_POSTGRES_URL)"
    DATABASE_URL=$TEST_POSTGRES_URL npx vitest run --project integration --project conformance \
      --reporter=default --reporter=json --outputFile.json=.tmp/vitest-postgres.json || status=$?
  fi
  return $status
}

browser_lane() {
  echo "== end-to-end (Chromium)"
  bash scripts/ensure-chromium.sh
  npm run --silent build:web
  npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=.tmp/vitest-e2e.json
}

if [ -n "${TEST_POSTGRES_URL:-}" ]; then reports+=(.tmp/vitest-postgres.json); fi
server_lane > .tmp/server-lane.log 2>&1 &
server=$!
browser_lane > .tmp/browser-lane.log 2>&1 &
browser=$!
status=0
wait $server || status=$?
echo "-- server lane done after $(elapsed)"
wait $browser || status=$?
echo "-- browser lane done after $(elapsed)"
cat .tmp/server-lane.log .tmp/browser-lane.log

node scripts/test-summary.mjs "${reports[@]}"
exit $status
