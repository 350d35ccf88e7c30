// Builds the SDK's two outputs with the TypeScript it declares: ES modules with their types
// in dist/ and CommonJS with its own types in dist/cjs/ (marked "type": "commonjs"), so
// `import` and `require()` both work and TypeScript finds types under node16, bundler and
// classic node resolution. Run from sdk/: `npm run build`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const sdk = path.resolve(import.meta.dirname, "..");
const tsc = (project) => execFileSync("npx", ["--no-install", "tsc", "-p", project], { cwd: sdk, stdio: "inherit" });
fs.rmSync(path.join(sdk, "dist"), { recursive: true, force: true });
tsc("tsconfig.build.json");
tsc("tsconfig.cjs.json");
fs.writeFileSync(path.join(sdk, "dist/cjs/package.json"), JSON.stringify({ type: "commonjs" }) + "\n");
