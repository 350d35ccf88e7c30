#!/usr/bin/env bash
# Checks the integrator kit with the outside tools integrators use, each pinned:
#   1. the published OpenAPI document (sdk/openapi.json) lints clean with Redocly
#      (redocly.yaml) and Spectral's spectral:oas (.spectral.yaml);
#   2. the SDK builds from sdk/ and packs (scripts/pack-sdk.mjs), and @arethetypeswrong/cli finds its types under
#      node10, node16 (CJS and ESM) and bundler resolution;
#   3. the tarball's changelog has a section for its version and no unreleased changes.
# The tarball in three fresh consumer projects (CommonJS, ESM, TypeScript with node16
# resolution) running the typical flow against the built app, and the Postman collection under
# newman, are process tests: test/process/integrator-kit.postgres.process.test.ts.
# Needs the root `npm ci` (the SDK builds with the declared typescript); no app build.
# Exits non-zero on the first failure; leaves nothing behind. Usage: bash scripts/check-integrator-kit.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
started=$SECONDS
step() { echo; echo "== $* ($((SECONDS - started)) s)"; }
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

step "Redocly lint"
(cd "$work" && npx --yes @redocly/cli@2.77.0 lint --config "$root/redocly.yaml" "$root/sdk/openapi.json")

step "Spectral lint (spectral:oas)"
(cd "$work" && npx --yes @stoplight/spectral-cli@6.16.3 lint --fail-severity=warn -r "$root/.spectral.yaml" "$root/sdk/openapi.json")

step "SDK build and pack"
version="$(node -p "require('$root/sdk/package.json').version")"
tarball="$(node "$root/scripts/pack-sdk.mjs" --out "$work")"
test "$tarball" = "$work/access-requests-sdk-$version.tgz"
changelog="$(tar -xzOf "$tarball" package/CHANGELOG.md)"
grep -q "^## $version\$" <<<"$changelog" || { echo "the tarball's changelog has no $version section" >&2; exit 1; }
if grep -q "^## Unreleased" <<<"$changelog"; then echo "the tarball's changelog lists unreleased changes" >&2; exit 1; fi

step "attw on the tarball"
(cd "$work" && npx --yes @arethetypeswrong/cli@0.18.5 "$tarball")

step "integrator kit checks passed"
