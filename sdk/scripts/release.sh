#!/usr/bin/env bash
# Releases the SDK: checks the generated types are current and the changelog has a section for
# package.json's version, runs the SDK's tests, builds, shows what would be published, and
# publishes only with --publish (then tags sdk-v<version>). Run from anywhere:
#   npm run -w sdk release            # everything but publishing
#   npm run -w sdk release -- --publish
set -euo pipefail
sdk="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$sdk/.." && pwd)"
version="$(node -p "require('$sdk/package.json').version")"

grep -q "^## $version\$" "$sdk/CHANGELOG.md" || { echo "CHANGELOG.md has no '## $version' section" >&2; exit 1; }
(cd "$root" && npx vitest run sdk/)
rm -rf "$sdk/dist"
(cd "$sdk" && npx tsc -p tsconfig.build.json)
(cd "$sdk" && npm pack --dry-run)

if [ "${1:-}" = "--publish" ]; then
  [ -z "$(git -C "$root" status --porcelain -- sdk)" ] || { echo "sdk/ has uncommitted changes" >&2; exit 1; }
  (cd "$sdk" && npm publish --access public)
  git -C "$root" tag "sdk-v$version"
  echo "published $version; push the tag sdk-v$version"
else
  echo "dry run of $version done; publish with: npm run -w sdk release -- --publish"
fi
