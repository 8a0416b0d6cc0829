#!/usr/bin/env bash
# `npm test`: lint, types, then every suite (unit, integration, conformance, end-to-end in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp

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

echo "== unit, integration, conformance${DATABASE_URL:+ (on $DATABASE_URL)}"
status=0
npx vitest run --project unit --project integration --project conformance \
  --reporter=default --reporter=json --outputFile.json=.tmp/vitest-server.json || status=$?

echo "== end-to-end (Chromium)"
bash scripts/ensure-chromium.sh
npm run --silent build:web
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=.tmp/vitest-e2e.json || status=$?

node scripts/test-summary.mjs .tmp/vitest-server.json .tmp/vitest-e2e.json
exit $status
