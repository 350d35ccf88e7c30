#!/usr/bin/env bash
# The test suite, by phase, on the database of the environment: with DATABASE_URL set every
# test runs on fresh PostgreSQL databases created from that server; otherwise on the
# embedded database in fresh temporary folders.
#
#   scripts/test.sh                 every phase, in this order:
#   scripts/test.sh unit integration build process e2e
#
#   unit         Vitest's unit tier (*.test.ts): pure code, no database
#   integration  Vitest's integration tier (*.integration.test.ts): a fresh database per file
#   build        next build, skipped when no source file is newer than the last build
#   process      the built standalone server and workers as real processes (test/process/)
#   e2e          Playwright in Debian's Chromium against the built app, the page tour included
#
# CI (.ci/run) runs the unit tier once, the integration and process tiers on both databases
# and the browser pass once, on PostgreSQL (docs/decisions/0002-one-browser-pass.md).
set -euo pipefail
cd "$(dirname "$0")/.."

phases=("$@")
[ ${#phases[@]} -gt 0 ] || phases=(unit integration build process e2e)
db="embedded database"
[ -z "${DATABASE_URL:-}" ] || db="PostgreSQL"

timed() {
  local name="$1" start=$SECONDS
  shift
  echo "-- $name on the $db"
  "$@"
  echo "-- $name: $((SECONDS - start)) s"
}

build() {
  # Build once; rebuild only when a source file is newer than the last build.
  if [ ! -f .next/BUILD_ID ] || [ -n "$(find app components lib public sdk/src sdk/package.json proxy.ts instrumentation.ts next.config.ts -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
    npm run -s build
  fi
}

e2e() {
  export E2E_PORT="${E2E_PORT:-3100}"
  if [ -n "${DATABASE_URL:-}" ]; then
    # not local: the EXIT trap reads them after this function has returned
    e2e_base="$DATABASE_URL"
    e2e_name="e2e_$(date +%s)_$$"
    psql "$e2e_base" -qc "CREATE DATABASE $e2e_name" >/dev/null
    export DATABASE_URL="${e2e_base%/*}/$e2e_name"
    export DATA_DIR="$(mktemp -d)"
    npm run -s db:migrate >/dev/null
    trap 'psql "$e2e_base" -qc "DROP DATABASE IF EXISTS $e2e_name WITH (FORCE)" >/dev/null 2>&1 || true; rm -rf "$DATA_DIR"' EXIT
  else
    export DATA_DIR="$(mktemp -d)"
    # The real-connector app (playwright.config.ts, second webServer) has its own folder.
    export E2E_REAL_DATA_DIR="$(mktemp -d)"
    trap 'rm -rf "$DATA_DIR" "$E2E_REAL_DATA_DIR"' EXIT
  fi
  npx playwright test
}

for phase in "${phases[@]}"; do
  case "$phase" in
    unit) timed "unit tests" npx vitest run --project unit ;;
    integration) timed "integration tests" npx vitest run --project integration ;;
    build) timed "build" build ;;
    # each file on a fresh database like the tests above
    process) timed "process tests" npx vitest run --config vitest.process.config.ts ;;
    e2e) timed "end-to-end tests" e2e ;;
    *)
      echo "unknown phase: $phase (unit, integration, build, process, e2e)" >&2
      exit 2
      ;;
  esac
done
echo "-- test suite done in ${SECONDS} s"
