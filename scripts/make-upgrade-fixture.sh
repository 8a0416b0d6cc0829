#!/usr/bin/env bash
# Makes an upgrade fixture (docs/operations.md, "Upgrades"): an instance of an earlier release of
# main, with real content, as test/integration/upgrade.test.ts loads it into today's code.
#
#   scripts/make-upgrade-fixture.sh <commit>
#
# Checks the release out in a temporary worktree with its own node_modules (npm ci), runs its
# server on a new PostgreSQL database so that it migrates and seeds its demo, adds what the demo
# leaves out through the REST API (scripts/upgrade-fixture-content.ts; for a release with CI/CD,
# approvals included, also scripts/upgrade-fixture-ci-content.ts, its embedded runner running the
# pipelines), stops it and writes to test/fixtures/upgrade/:
#   release-<commit>.sql.gz   pg_dump --inserts (plain SQL: loads into PGlite and PostgreSQL alike)
#   release-<commit>.data.tar.gz  its DATA_DIR without the database (repositories, uploads)
#   release-<commit>.json     the release, its last migration, and passwords and tokens to sign in with
# Needs a PostgreSQL server with trust auth (scripts/ensure-postgres.sh), pg_dump and createdb.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 <commit of an earlier release of main>" >&2
  exit 2
fi
repo=$(git rev-parse --show-toplevel)
commit=$(git -C "$repo" rev-parse --short=7 "$1^{commit}")
server_url=${POSTGRES_SERVER_URL:-postgres://postgres@127.0.0.1:5432}
database=upgrade_fixture_$commit
root_password=upgrade-root-password
out=$repo/test/fixtures/upgrade
work=$(mktemp -d)
tree=$work/release
data=$work/data
server_pid=""

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; fi
  git -C "$repo" worktree remove --force "$tree" 2>/dev/null || true
  dropdb --if-exists --maintenance-db="$server_url/postgres" "$database" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git -C "$repo" worktree add --detach "$tree" "$commit" >/dev/null
(cd "$tree" && npm ci --no-audit --no-fund --loglevel=error)
# A release with pipelines, runners, schedules and approvals (migration 0023 on) gets CI content too,
# which its embedded runner runs; an older one has no runner to start.
runner=none
ci_content=""
if grep -q '"0023_approvals"' "$tree/src/server/db/migrations/meta/_journal.json"; then
  runner=embedded
  ci_content=$repo/scripts/upgrade-fixture-ci-content.ts
fi
dropdb --if-exists --maintenance-db="$server_url/postgres" "$database"
createdb --maintenance-db="$server_url/postgres" "$database"

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
(
  cd "$tree"
  DATABASE_URL=$server_url/$database DATA_DIR=$data PORT=$port HOST=127.0.0.1 \
    INITIAL_ROOT_PASSWORD=$root_password SEED_DEMO=true RUNNER=$runner LOG_LEVEL=warn \
    exec node --import tsx src/server/main.ts
) >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  grep -q 'Ready in' "$work/server.log" && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 1
done
grep -q 'Ready in' "$work/server.log" || { cat "$work/server.log" >&2; exit 1; }

node --import tsx "$repo/scripts/upgrade-fixture-content.ts" "http://127.0.0.1:$port" "$root_password" \
  >"$work/facts.json"
echo '{"tokens": []}' >"$work/ci-facts.json"
if [ -n "$ci_content" ]; then
  node --import tsx "$ci_content" "http://127.0.0.1:$port" "$root_password" >"$work/ci-facts.json"
fi
kill -INT "$server_pid"
wait "$server_pid" || true
server_pid=""

mkdir -p "$out"
# Without psql's \restrict lines (a random key each dump), so that any client can run the SQL.
pg_dump --inserts --no-owner --no-privileges "$server_url/$database" | grep -v '^\\\(un\)\?restrict ' |
  gzip -9n >"$out/release-$commit.sql.gz"
tar --sort=name --mtime='2000-01-01' --owner=0 --group=0 --numeric-owner -C "$data" \
  --exclude=./db --exclude=./initial_root_password -cf - . | gzip -9n >"$out/release-$commit.data.tar.gz"
last_migration=$(node -e "const j=require('$tree/src/server/db/migrations/meta/_journal.json');console.log(j.entries.at(-1).tag)")
node -e "
const facts = JSON.parse(require('fs').readFileSync('$work/facts.json', 'utf8'));
facts.tokens.push(...JSON.parse(require('fs').readFileSync('$work/ci-facts.json', 'utf8')).tokens);
const release = { commit: '$commit', subject: process.argv[1], lastMigration: '$last_migration' };
console.log(JSON.stringify({ release, ...facts }, null, 2));
" "$(git -C "$repo" log -1 --format=%s "$commit" | cut -c1-120)" >"$out/release-$commit.json"
ls -l "$out"/release-"$commit".*
