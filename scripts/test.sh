#!/usr/bin/env bash
# `npm test`: lint, types, then every suite (unit, integration, conformance, end-to-end in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp

echo "== lint"
npm run --silent lint
echo "== types"
npm run --silent typecheck

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
