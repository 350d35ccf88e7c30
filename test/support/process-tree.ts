// Test support: the processes below a pid (read from /proc), and a child's exit as a promise,
// for tests that check a command leaves nothing running after it ends.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";

/** Every live descendant of `root` (children, their children...). */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // the second field (the command) is in parentheses and may hold spaces
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // ended while being read
    }
  }
  const out: number[] = [];
  const visit = (pid: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === pid) {
        out.push(child);
        visit(child);
      }
    }
  };
  visit(root);
  return out;
}

export function waitForExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** Whether `pid` has ended within `ms` (a zombie waiting for its parent counts as ended). */
export async function endsWithin(pid: number, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    let state = "";
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? "";
    } catch {
      return true;
    }
    if (state === "Z" || state === "X") return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
