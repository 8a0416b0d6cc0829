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

# Each lane keeps about one core busy (a test file runs one server and, in the browser lane, one
# Chromium), so two run side by side where they may (docs/decisions.md).
reports=(.tmp/vitest-server.json .tmp/vitest-e2e.json)
ci_suites=test/integration/ci
rm -f .tmp/vitest-*.json

# The server lane runs the PGlite pass, then (with TEST_POSTGRES_URL) the PostgreSQL pass; the
# browser lane runs beside it. Timing tests count a thread's own CPU, not the wait for a core.
server_lane() {
  echo "== unit, integration, conformance"
  bash scripts/ensure-python-gitlab.sh
  local status=0
  npx vitest run --project unit --project integration --project conformance \
    --reporter=default --reporter=json --outputFile.json=.tmp/vitest-server.json || status=$?
  echo "-- PGlite pass done after $(elapsed)"
  if [ -n "${TEST_POSTGRES_URL:-}" ]; then
    # The database suites: the conformance suites drive the same routes through GitLab's clients,
    # which the PGlite pass has shown; what differs on a server is the SQL (docs/decisions.md).
    echo "== integration on PostgreSQL ($TEST_POSTGRES_URL)"
    # Its CI suites run in the browser lane, which ends first (see browser_lane).
    DATABASE_URL=$TEST_POSTGRES_URL npx vitest run --project integration --exclude "$ci_suites/**" \
      --reporter=default --reporter=json --outputFile.json=.tmp/vitest-postgres.json || status=$?
    echo "-- PostgreSQL pass done after $(elapsed)"
  fi
  return $status
}

browser_lane() {
  echo "== end-to-end (Chromium)"
  bash scripts/ensure-chromium.sh
  npm run --silent build:web
  local status=0
  npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=.tmp/vitest-e2e.json \
    || status=$?
  if [ -n "${TEST_POSTGRES_URL:-}" ]; then
    # The browser suites end a few minutes before the two database passes do: the CI suites' run on
    # PostgreSQL (runner processes and jobs, about 160 s) moves here to even the lanes out.
    echo "== CI suites on PostgreSQL"
    DATABASE_URL=$TEST_POSTGRES_URL npx vitest run --project integration "$ci_suites" \
      --reporter=default --reporter=json --outputFile.json=.tmp/vitest-postgres-ci.json || status=$?
  fi
  echo "-- browser lane done after $(elapsed)"
  return $status
}

if [ -n "${TEST_POSTGRES_URL:-}" ]; then reports+=(.tmp/vitest-postgres.json .tmp/vitest-postgres-ci.json); fi
status=0
server_lane > .tmp/server-lane.log 2>&1 &
server=$!
browser_lane > .tmp/browser-lane.log 2>&1 &
browser=$!
wait $server || status=$?
wait $browser || status=$?
cat .tmp/server-lane.log
cat .tmp/browser-lane.log

node scripts/test-summary.mjs "${reports[@]}"
exit $status
