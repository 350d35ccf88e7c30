// `npm start` the way the README says, as the process the user started: it serves without a
// warning, and SIGTERM sent to npm reaches the server, which finishes the request in flight,
// closes its port and exits 0, leaving no process behind. (The worker's twin is
// npm-worker.postgres.process.test.ts: `npm run worker` needs PostgreSQL.)
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/support/standalone-server";
import { descendants, endsWithin, waitForExit } from "@/test/support/process-tree";

const ROOT = path.resolve(import.meta.dirname, "../..");
const children: number[] = [];

afterAll(() => {
  for (const pid of children) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A sign-in POST whose body is sent in two halves: the server holds it until `finish()`. */
function slowPost(port: number) {
  const body = "csrfToken=none&email=slow%40example.com&password=not-the-password&json=true";
  let resolveStatus!: (status: number) => void;
  let rejectStatus!: (err: Error) => void;
  const status = new Promise<number>((resolve, reject) => {
    resolveStatus = resolve;
    rejectStatus = reject;
  });
  const req = http.request(
    {
      host: "127.0.0.1",
      port,
      path: "/api/auth/callback/credentials",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
    },
    (res) => {
      res.resume();
      res.on("end", () => resolveStatus(res.statusCode ?? 0));
    },
  );
  req.on("error", rejectStatus);
  req.write(body.slice(0, 20));
  return { status, finish: () => req.end(body.slice(20)) };
}

describe("npm start", () => {
  it("runs the server itself: no warning, and SIGTERM to npm drains it and leaves nothing running", async () => {
    const port = await freePort();
    // a shell may export HOSTNAME as the machine's name; the server must still listen on an address
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // production on PostgreSQL requires explicit secrets
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY || crypto.randomBytes(32).toString("hex"),
      APP_SECRET: process.env.APP_SECRET || crypto.randomBytes(32).toString("hex"),
      // relative, as a user would write it: it stays relative to where npm start ran
      DATA_DIR: path.relative(ROOT, process.env.DATA_DIR!),
      HOSTNAME: "build-host-1",
      SEED_DEMO: "0",
      LOG_LEVEL: "info",
      SHUTDOWN_DELAY_MS: "0",
      SHUTDOWN_TIMEOUT_MS: "20000",
    };
    delete env.NEXT_MANUAL_SIG_HANDLE;
    const npm = spawn("npm", ["start", "--", "-p", String(port)], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(npm.pid!);
    let out = "";
    npm.stdout.on("data", (d) => (out += d));
    npm.stderr.on("data", (d) => (out += d));
    const exited = waitForExit(npm);

    const started = Date.now();
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited ${npm.exitCode}: ${out}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() - started > 90_000) throw new Error(`npm start did not become ready: ${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // the embedded database sits in DATA_DIR as given, not inside the build folder the server runs from
    if (!process.env.DATABASE_URL) expect(fs.existsSync(path.join(process.env.DATA_DIR!, "pglite"))).toBe(true);
    const tree = descendants(npm.pid!);
    children.push(...tree);
    expect(tree.length).toBeGreaterThan(0);

    const inFlight = slowPost(port);
    await new Promise((r) => setTimeout(r, 400));
    npm.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    inFlight.finish();
    const status = await inFlight.status;
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await portOpen(port)).toBe(false);
    for (const pid of tree) expect(await endsWithin(pid)).toBe(true);
    expect(out).toMatch(/"msg":"stopped"/);
    expect(out).not.toMatch(/does not work with "output: standalone"/);
    expect(out).not.toMatch(/⚠/);
  });
});
