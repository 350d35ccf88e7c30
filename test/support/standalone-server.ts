// Test support: runs the standalone server of the last `next build` (.next/standalone,
// what the container image runs) as a child process on a free loopback port, laid out
// the way the Dockerfile lays it out (static files and migrations beside server.js).
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const STANDALONE = path.join(ROOT, ".next/standalone");

export function prepareStandalone() {
  if (!fs.existsSync(path.join(STANDALONE, "server.js")))
    throw new Error("No standalone build: run `npx next build` first.");
  fs.cpSync(path.join(ROOT, ".next/static"), path.join(STANDALONE, ".next/static"), { recursive: true });
  fs.cpSync(path.join(ROOT, "prisma"), path.join(STANDALONE, "prisma"), { recursive: true });
  if (fs.existsSync(path.join(ROOT, "public")))
    fs.cpSync(path.join(ROOT, "public"), path.join(STANDALONE, "public"), { recursive: true });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startStandalone(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: STANDALONE,
    env: {
      ...process.env,
      // production on PostgreSQL requires an encryption key: a throwaway one per run
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY || crypto.randomBytes(32).toString("hex"),
      NODE_ENV: "production",
      NEXT_MANUAL_SIG_HANDLE: "true",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}: ${out}`);
    const ok = await fetch(`${url}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 90_000) throw new Error(`the server did not become ready: ${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url, output: () => out, exited };
}

export async function stopServer(s: RunningServer | undefined) {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill("SIGKILL");
  await s.exited;
}
