// Idle memory of `npm start` on the embedded database: npm run bench:memory (after a build).
// Not a test.
//
// Starts `npm start` on a fresh DATA_DIR, waits until /api/health answers, lets it idle for
// --idle seconds (default 30), then sums the resident memory (VmRSS) of the whole process
// tree (npm and the server it runs) and prints each process's share. Then stops it and
// starts it again on the same folder (a restart: the database exists, no initdb) and
// measures again. Targets: 400 MB on a first start, 350 MB on a restart.
//
//   tsx scripts/bench-memory.ts [--app-dir <checkout with a build>] [--port 3270] [--idle 30]
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
const APP_DIR = path.resolve(option("app-dir", ROOT));
const PORT = Number(option("port", "3270"));
const IDLE_S = Number(option("idle", "30"));

if (!fs.existsSync(path.join(APP_DIR, ".next", "BUILD_ID"))) {
  console.error(`No build in ${APP_DIR}: run npm run build first (or pass --app-dir).`);
  process.exit(1);
}

/** pid -> [ppid, name, VmRSS in kB] of every process, from /proc. */
function processTable(): Map<number, { ppid: number; name: string; rssKb: number }> {
  const table = new Map<number, { ppid: number; name: string; rssKb: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "m").exec(status)?.[1]?.trim() ?? "";
      table.set(Number(entry), {
        ppid: Number(field("PPid")),
        name: field("Name"),
        rssKb: parseInt(field("VmRSS"), 10) || 0,
      });
    } catch {
      // the process ended while being read
    }
  }
  return table;
}

/** The process and all its descendants, with their resident memory. */
function treeRss(root: number): { pid: number; name: string; rssKb: number }[] {
  const table = processTable();
  const out: { pid: number; name: string; rssKb: number }[] = [];
  const visit = (pid: number) => {
    const p = table.get(pid);
    if (!p) return;
    out.push({ pid, name: p.name, rssKb: p.rssKb });
    for (const [child, info] of table) if (info.ppid === pid) visit(child);
  };
  visit(root);
  return out;
}

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  // npm start runs the server in its own process group: signal the whole group
  process.kill(-child.pid!, "SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
}

async function measure(label: string, targetMb: number, dataDir: string, secrets: Record<string, string>) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...secrets,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    APP_URL: `http://127.0.0.1:${PORT}`,
    NODE_ENV: "production",
  };
  delete env.DATABASE_URL;
  const child = spawn("npm", ["start", "--", "-p", String(PORT), "-H", "127.0.0.1"], {
    cwd: APP_DIR,
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    const deadline = Date.now() + 180_000;
    while (!(await healthy())) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error("npm start did not answer /api/health within 180 s");
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const tree = treeRss(child.pid!);
    const totalMb = tree.reduce((n, p) => n + p.rssKb, 0) / 1024;
    const parts = tree.map((p) => `${p.name} ${(p.rssKb / 1024).toFixed(0)} MB`).join(", ");
    console.log(`${label}: ${totalMb.toFixed(0)} MB idle after ${IDLE_S} s (${parts}) — target ≤ ${targetMb} MB`);
    return totalMb;
  } finally {
    await stop(child);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
const secrets = {
  APP_SECRET: crypto.randomBytes(32).toString("hex"),
  NEXTAUTH_SECRET: crypto.randomBytes(32).toString("hex"),
  ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
  SEED_DEMO: "0",
};
let code = 0;
try {
  console.log(`npm start in ${APP_DIR}, embedded database, Node ${process.version}, ${os.cpus().length} CPUs`);
  await measure("First start on a fresh DATA_DIR", 400, dataDir, secrets);
  await measure("Restart on the same DATA_DIR  ", 350, dataDir, secrets);
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
