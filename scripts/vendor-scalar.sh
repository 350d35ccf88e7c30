#!/usr/bin/env bash
# Vendors Scalar's standalone API reference bundle into public/vendor/scalar/, where the
# dashboard's Developers page loads it with a script tag (components/developers/api-reference.tsx).
# The app installs no Scalar package: the bundle is one self-contained file (MIT licence).
# Usage: bash scripts/vendor-scalar.sh 1.46.4   (then update SCALAR_SCRIPT in the component)
set -euo pipefail
version="${1:?usage: scripts/vendor-scalar.sh <@scalar/api-reference version>}"
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@scalar/api-reference@${version}" >/dev/null && tar -xzf scalar-api-reference-*.tgz)
mkdir -p "$root/public/vendor/scalar"
cp "$tmp/package/dist/browser/standalone.js" "$root/public/vendor/scalar/api-reference-${version}.js"
echo "public/vendor/scalar/api-reference-${version}.js"
