// Packs the SDK (sdk/) into the tarball the app serves until the package is on the registry:
// public/sdk/access-requests-sdk-<version>.tgz, and the same file as access-requests-sdk.tgz
// (the stable "latest" alias), so `npm install <APP_URL>/sdk/access-requests-sdk.tgz` installs
// the SDK of the version this instance was built with. `npm run build` and the Dockerfile run
// it before `next build`; scripts/check-integrator-kit.sh packs with it too.
//
//   node scripts/pack-sdk.mjs              into public/sdk/ (older versions there are removed)
//   node scripts/pack-sdk.mjs --out <dir>  into <dir>, without the alias
//
// The SDK is compiled (sdk/scripts/build.mjs) only when sdk/dist is missing or older than a
// source, so a build right after CI's own SDK check does not compile it twice. Prints the
// tarball's path.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SDK = path.join(ROOT, "sdk");
const SDK_TARBALL_ALIAS = "access-requests-sdk.tgz";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
if (args.length > 0 && (outIndex !== 0 || !args[1] || args.length > 2)) {
  process.stderr.write("usage: node scripts/pack-sdk.mjs [--out <dir>]\n");
  process.exit(2);
}
const out = outIndex === 0 ? path.resolve(args[1]) : path.join(ROOT, "public", "sdk");

function newestIn(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestIn(path.join(entry, name))));
}

// sdk/scripts/build.mjs writes dist/cjs/package.json last
const built = path.join(SDK, "dist", "cjs", "package.json");
const sources = ["src", "package.json", "tsconfig.build.json", "tsconfig.cjs.json", "scripts/build.mjs"];
if (!fs.existsSync(built) || sources.some((s) => newestIn(path.join(SDK, s)) > fs.statSync(built).mtimeMs)) {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: SDK, stdio: ["ignore", "inherit", "inherit"] });
}

const version = JSON.parse(fs.readFileSync(path.join(SDK, "package.json"), "utf8")).version;
const file = `access-requests-sdk-${version}.tgz`;
fs.mkdirSync(out, { recursive: true });
if (outIndex !== 0) {
  for (const old of fs.readdirSync(out)) if (/^access-requests-sdk.*\.tgz$/.test(old)) fs.rmSync(path.join(out, old));
}
execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", out], {
  cwd: SDK,
  stdio: ["ignore", "ignore", "inherit"],
});
const tarball = path.join(out, file);
if (!fs.existsSync(tarball)) {
  process.stderr.write(`npm pack did not write ${tarball}\n`);
  process.exit(1);
}
if (outIndex !== 0) fs.copyFileSync(tarball, path.join(out, SDK_TARBALL_ALIAS));
process.stdout.write(`${tarball}\n`);
