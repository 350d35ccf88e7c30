#!/usr/bin/env bash
# The whole test suite: unit and integration tests (Vitest), then the process tests of the
# built standalone server, then the end-to-end tests (Playwright in Debian's Chromium)
# against the built app. With DATABASE_URL set, every
# test runs on fresh PostgreSQL databases created from that server; otherwise on the
# embedded database in fresh temporary folders.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "-- unit and integration tests"
npx vitest run

# Build once; rebuild only when a source file is newer than the last build.
if [ ! -f .next/BUILD_ID ] || [ -n "$(find app components lib public proxy.ts instrumentation.ts next.config.ts -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  npm run -s build
fi

# The built standalone server (what the container image runs) as real processes:
# readiness, graceful shutdown; each file on a fresh database like the tests above.
echo "-- process tests (${SECONDS} s in)"
npx vitest run --config vitest.process.config.ts

export E2E_PORT="${E2E_PORT:-3100}"
if [ -n "${DATABASE_URL:-}" ]; then
  base="$DATABASE_URL"
  db="e2e_$(date +%s)_$$"
  psql "$base" -qc "CREATE DATABASE $db" >/dev/null
  export DATABASE_URL="${base%/*}/$db"
  export DATA_DIR="$(mktemp -d)"
  npm run -s db:migrate >/dev/null
  trap 'psql "$base" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; rm -rf "$DATA_DIR"' EXIT
else
  export DATA_DIR="$(mktemp -d)"
  # The real-connector app (playwright.config.ts, second webServer) has its own folder.
  export E2E_REAL_DATA_DIR="$(mktemp -d)"
  trap 'rm -rf "$DATA_DIR" "$E2E_REAL_DATA_DIR"' EXIT
fi
# every journey and the page tour (@page-tour, about 9 minutes) on both databases
echo "-- end-to-end tests (${SECONDS} s in)"
npx playwright test
echo "-- test suite done in ${SECONDS} s"
