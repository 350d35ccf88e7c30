// `npm run worker` the way the README says, as the process the user started: SIGTERM sent to
// npm reaches the worker, which stops its loops, exits 0 and leaves no process behind.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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

describe("npm run worker", () => {
  it("stops cleanly on SIGTERM to npm and leaves nothing running", async () => {
    const npm = spawn("npm", ["run", "worker", "--", "--name", "npm-run", "--poll-ms", "200"], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(npm.pid!);
    let out = "";
    npm.stdout.on("data", (d) => (out += d));
    npm.stderr.on("data", (d) => (out += d));
    const exited = waitForExit(npm);
    const started = Date.now();
    while (!out.includes("worker npm-run started")) {
      if (npm.exitCode !== null) throw new Error(`npm run worker exited ${npm.exitCode}: ${out}`);
      if (Date.now() - started > 60_000) throw new Error(`the worker did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const tree = descendants(npm.pid!);
    children.push(...tree);
    expect(tree.length).toBeGreaterThan(0);

    npm.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    for (const pid of tree) expect(await endsWithin(pid)).toBe(true);
    expect(out).toContain("worker npm-run stopping");
  });
});
