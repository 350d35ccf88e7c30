// Test support: `npm run worker` (scripts/worker.ts under tsx) as a child process, as a
// PostgreSQL deployment runs it beside the app instances; resolves once it says it started.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RunningWorker {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts a worker named `name` with the given options (`--only deliveries`, `--lease-ms 2000`...). */
export async function startWorkerProcess(
  name: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<RunningWorker> {
  // node with tsx's loader, not the tsx CLI: the CLI runs the script in a child of its own,
  // which a SIGKILL to the CLI would leave running
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--name", name, ...args], {
    cwd: ROOT,
    // the start line is logged at info level (the test environment logs only warnings)
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const started = Date.now();
  while (!out.includes(`worker ${name} started`)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`worker ${name} exited ${child.exitCode ?? child.signalCode}: ${out}`);
    if (Date.now() - started > 60_000) {
      child.kill("SIGKILL");
      throw new Error(`worker ${name} did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, child, output: () => out, exited };
}

/** Kills a worker (SIGKILL unless told) and waits for it to be gone; nothing if it already is. */
export async function stopWorker(w: RunningWorker | undefined, signal: NodeJS.Signals = "SIGKILL") {
  if (!w || w.child.exitCode !== null || w.child.signalCode !== null) return;
  w.child.kill(signal);
  await w.exited;
}
