#!/usr/bin/env bash
# Releases the SDK: checks the changelog has a section for package.json's version, runs the
# SDK's tests, builds both outputs, packs the tarball and checks its types under every module
# resolution (@arethetypeswrong/cli), shows what would be published, and publishes only with
# --publish (then tags sdk-v<version>). Run from anywhere:
#   npm run -w sdk release            # everything but publishing
#   npm run -w sdk release -- --publish
set -euo pipefail
sdk="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$sdk/.." && pwd)"
version="$(node -p "require('$sdk/package.json').version")"

grep -q "^## $version\$" "$sdk/CHANGELOG.md" || { echo "CHANGELOG.md has no '## $version' section" >&2; exit 1; }
if grep -q "^## Unreleased" "$sdk/CHANGELOG.md"; then
  echo "CHANGELOG.md still has an Unreleased section: move it under ## $version first" >&2
  exit 1
fi
(cd "$root" && npx vitest run sdk/)
(cd "$sdk" && node scripts/build.mjs)
out="$(mktemp -d)"
(cd "$sdk" && npm pack --ignore-scripts --pack-destination "$out")
npx --yes @arethetypeswrong/cli@0.18.5 "$out/access-requests-sdk-$version.tgz"
(cd "$sdk" && npm publish --dry-run --ignore-scripts)

if [ "${1:-}" = "--publish" ]; then
  [ -z "$(git -C "$root" status --porcelain -- sdk)" ] || { echo "sdk/ has uncommitted changes" >&2; exit 1; }
  (cd "$sdk" && npm publish --access public)
  git -C "$root" tag "sdk-v$version"
  echo "published $version; push the tag sdk-v$version"
else
  echo "dry run of $version done; publish with: npm run -w sdk release -- --publish"
fi
