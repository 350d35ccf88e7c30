#!/usr/bin/env bash
# Checks the integrator kit with the outside tools integrators use, each pinned:
#   1. the published OpenAPI document (sdk/openapi.json) lints clean with Redocly
#      (redocly.yaml) and Spectral's spectral:oas (.spectral.yaml);
#   2. the SDK builds from sdk/, packs, and @arethetypeswrong/cli finds its types under
#      node10, node16 (CJS and ESM) and bundler resolution;
#   3. the packed tarball installs into three fresh consumer projects (CommonJS JavaScript,
#      ESM JavaScript, TypeScript with node16 resolution), which load it, build a client and
#      verify a signed test delivery with it (the TypeScript one type-checks first).
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
(cd "$root/sdk" && node scripts/build.mjs)
version="$(node -p "require('$root/sdk/package.json').version")"
(cd "$root/sdk" && npm pack --ignore-scripts --silent --pack-destination "$work" >/dev/null)
tarball="$work/access-requests-sdk-$version.tgz"
test -f "$tarball"
changelog="$(tar -xzOf "$tarball" package/CHANGELOG.md)"
grep -q "^## $version\$" <<<"$changelog" || { echo "the tarball's changelog has no $version section" >&2; exit 1; }
if grep -q "^## Unreleased" <<<"$changelog"; then echo "the tarball's changelog lists unreleased changes" >&2; exit 1; fi

step "attw on the tarball"
(cd "$work" && npx --yes @arethetypeswrong/cli@0.18.5 "$tarball")

step "consumer projects"
secret="whsec_$(node -e 'process.stdout.write(require("node:crypto").randomBytes(33).toString("base64"))')"
mkdir -p "$work/cjs" "$work/esm" "$work/ts"
cat >"$work/cjs/index.js" <<JS
const { createAccessRequestsClient, signTestPayload, verifyWebhook } = require("@access-requests/sdk");
const api = createAccessRequestsClient({ baseUrl: "http://127.0.0.1:9", apiKey: "ark_test" });
if (typeof api.requests.create !== "function") throw new Error("no requests.create");
signTestPayload({ payload: { id: "evt_1", type: "webhook.test", data: {} }, secret: "$secret" }).then(({ payload, signature }) => {
  const event = verifyWebhook({ payload, signature, secret: "$secret" });
  if (event.id !== "evt_1") throw new Error("verify failed");
  console.log("cjs ok");
});
JS
cat >"$work/esm/index.mjs" <<JS
import { createAccessRequestsClient, signTestPayload, verifyWebhook } from "@access-requests/sdk";
import { verifyWebhookAsync } from "@access-requests/sdk/edge";
const api = createAccessRequestsClient({ baseUrl: "http://127.0.0.1:9", apiKey: "ark_test" });
if (typeof api.clients.create !== "function") throw new Error("no clients.create");
const { payload, signature } = await signTestPayload({ payload: { id: "evt_2", type: "webhook.test", data: {} }, secret: "$secret" });
if (verifyWebhook({ payload, signature, secret: "$secret" }).id !== "evt_2") throw new Error("verify failed");
if ((await verifyWebhookAsync({ payload, signature, secret: "$secret" })).id !== "evt_2") throw new Error("edge verify failed");
console.log("esm ok");
JS
cat >"$work/ts/index.ts" <<TS
import { createAccessRequestsClient, signTestPayload, verifyWebhook, type WebhookEvent } from "@access-requests/sdk";
const api = createAccessRequestsClient({ baseUrl: "http://127.0.0.1:9", apiKey: "ark_test" });
const create: typeof api.requests.create = api.requests.create;
async function main(): Promise<void> {
  const { payload, signature } = await signTestPayload({ payload: { id: "evt_3", type: "webhook.test", data: {} }, secret: "$secret" });
  const event: WebhookEvent = verifyWebhook({ payload, signature, secret: "$secret" });
  if (event.id !== "evt_3" || typeof create !== "function") throw new Error("verify failed");
  console.log("ts ok");
}
void main();
TS
cat >"$work/ts/tsconfig.json" <<'JSON'
{ "compilerOptions": { "module": "node16", "moduleResolution": "node16", "target": "ES2022", "strict": true,
  "outDir": "dist", "types": ["node"], "skipLibCheck": false, "lib": ["ES2022", "DOM"] }, "files": ["index.ts"] }
JSON
echo '{ "name": "consumer-cjs", "private": true, "type": "commonjs" }' >"$work/cjs/package.json"
echo '{ "name": "consumer-esm", "private": true, "type": "module" }' >"$work/esm/package.json"
echo '{ "name": "consumer-ts", "private": true, "type": "commonjs" }' >"$work/ts/package.json"
ts_version="$(node -p "require('$root/sdk/package.json').devDependencies.typescript")"
types_version="$(node -p "require('$root/sdk/package.json').devDependencies['@types/node']")"
(cd "$work/cjs" && npm install --silent "$tarball" && node index.js)
(cd "$work/esm" && npm install --silent "$tarball" && node index.mjs)
(cd "$work/ts" && npm install --silent "$tarball" "typescript@$ts_version" "@types/node@$types_version" \
  && npx --no-install tsc -p . && node dist/index.js)

step "integrator kit checks passed"
