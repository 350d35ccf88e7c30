// `npm start`: runs the built standalone server (.next/standalone/server.js, what the container
// image runs) in this very process, so a signal sent to it (SIGTERM, or Ctrl-C in a terminal)
// reaches the server and runs the graceful shutdown in lib/runtime/boot/graceful-shutdown.ts.
// `next start` does not work with `output: "standalone"` and, under npm, outlives npm on SIGTERM.
//
// Before starting it lays the build out the way the Dockerfile does (static files, public/ and
// the migrations beside server.js) and fixes the folders that the server's own chdir would
// otherwise move (DATA_DIR stays relative to where `npm start` ran).
//
//   node scripts/start.mjs [-p|--port <port>] [-H|--hostname <address>]
//   node scripts/start.mjs --prepare      lay the build out and exit (npm run build does it)
// PORT and HOSTNAME in the environment work too; the address defaults to 0.0.0.0.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const STANDALONE = path.join(ROOT, ".next", "standalone");
const server = path.join(STANDALONE, "server.js");

function fail(message) {
  process.stderr.write(`Cannot start: ${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
let prepareOnly = false;
for (let i = 0; i < args.length; i++) {
  const flag = args[i];
  const value = args[i + 1];
  if (flag === "-p" || flag === "--port") {
    if (!value || !/^\d+$/.test(value)) fail(`${flag} needs a port number`);
    process.env.PORT = value;
    i++;
  } else if (flag === "-H" || flag === "--hostname") {
    if (!value) fail(`${flag} needs an address`);
    process.env.HOSTNAME = value;
    i++;
  } else if (flag === "--prepare") {
    prepareOnly = true;
  } else {
    fail(`unknown argument "${flag}" (use -p <port> and -H <address>)`);
  }
}

if (!fs.existsSync(server)) fail("there is no build. Run `npm run build` first.");

// Static files, public/ and the migrations (read from the working directory at boot) are not
// part of the standalone output: lay them out once per build. `npm run build` does it right
// after building (--prepare), so several servers of one build can start at once.
const buildId = fs.readFileSync(path.join(ROOT, ".next", "BUILD_ID"), "utf8").trim();
const marker = path.join(STANDALONE, ".next", "laid-out-for");
if (prepareOnly || !fs.existsSync(marker) || fs.readFileSync(marker, "utf8") !== buildId) {
  for (const [from, to] of [
    [path.join(ROOT, ".next", "static"), path.join(STANDALONE, ".next", "static")],
    [path.join(ROOT, "public"), path.join(STANDALONE, "public")],
    [path.join(ROOT, "prisma"), path.join(STANDALONE, "prisma")],
  ]) {
    fs.rmSync(to, { recursive: true, force: true });
    if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true });
  }
  fs.writeFileSync(marker, buildId);
}
if (prepareOnly) process.exit(0);

process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || ".data");
process.env.NEXT_MANUAL_SIG_HANDLE = "true";
// A shell may export HOSTNAME as the machine's name; only an explicit flag or a value that is
// an address changes where the server listens.
if (!args.includes("-H") && !args.includes("--hostname") && !/^([\d.:]+|localhost)$/.test(process.env.HOSTNAME ?? ""))
  process.env.HOSTNAME = "0.0.0.0";

await import(pathToFileURL(server).href);
