// Summarizes a V8 .cpuprofile (from `node --cpu-prof`, e.g. the benchmarks' --cpu-prof option):
// the share of self time by where the code comes from (Next.js, React, Prisma, the pg driver,
// the app's own bundle, Node's internals, garbage collection, ...) and the functions with the
// most self time. Not a test.
//
//   tsx scripts/summarize-cpu-profile.ts <file.cpuprofile | folder with one> [--top 25]
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a function's code comes from, by its script URL (or V8's pseudo-frames). */
export function origin(frame: { functionName: string; url: string }): string {
  const { functionName: fn, url } = frame;
  if (!url) {
    if (fn === "(garbage collector)") return "garbage collection";
    if (fn === "(idle)") return "idle";
    if (fn === "(program)") return "V8 and native code";
    return "V8 and native code";
  }
  if (url.startsWith("node:")) return "Node.js internals";
  const p = url.replace(/^file:\/\//, "");
  if (/node_modules\/next\/dist\/compiled\/(react|react-dom|react-server-dom)/.test(p))
    return "React (server rendering)";
  if (/node_modules\/(react|react-dom|scheduler)\//.test(p)) return "React (server rendering)";
  if (/node_modules\/next\//.test(p) || /\.next\/server\/chunks\/(ssr\/)?\[turbopack\]/.test(p)) return "Next.js";
  if (/node_modules\/(@prisma|prisma|\.prisma)\//.test(p) || /prisma/i.test(path.basename(p))) return "Prisma";
  if (/node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+)\//.test(p)) return "pg driver";
  if (/node_modules\/@electric-sql\/pglite/.test(p)) return "PGlite";
  if (/node_modules\/(zod)\//.test(p)) return "zod";
  if (/\.next\/server\//.test(p)) return "app bundle (.next/server)";
  if (/node_modules\//.test(p)) return `other packages (${p.split("node_modules/").pop()!.split("/")[0]})`;
  return "other";
}

export function summarize(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++)
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  let total = 0;
  const origins = new Map<string, number>();
  const functions = new Map<string, { us: number; origin: string }>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const o = origin(node.callFrame);
    if (o === "idle") continue;
    total += us;
    origins.set(o, (origins.get(o) ?? 0) + us);
    const where = node.callFrame.url
      ? `${node.callFrame.url.replace(/^.*node_modules\//, "").replace(/^.*\.next\//, ".next/")}:${node.callFrame.lineNumber + 1}`
      : "";
    const key = `${node.callFrame.functionName || "(anonymous)"} ${where}`.trim();
    const f = functions.get(key) ?? { us: 0, origin: o };
    f.us += us;
    functions.set(key, f);
  }
  const sorted = <T>(m: Map<string, T>, us: (t: T) => number) => [...m.entries()].sort((a, b) => us(b[1]) - us(a[1]));
  return {
    busyMs: total / 1000,
    wallMs: (profile.endTime - profile.startTime) / 1000,
    origins: sorted(origins, (x) => x).map(([name, us]) => ({ name, share: us / total })),
    functions: sorted(functions, (x) => x.us)
      .slice(0, top)
      .map(([name, f]) => ({ name, origin: f.origin, share: f.us / total })),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const target = process.argv[2];
  if (!target) throw new Error("usage: tsx scripts/summarize-cpu-profile.ts <file.cpuprofile | folder>");
  const i = process.argv.indexOf("--top");
  const top = i > 0 ? Number(process.argv[i + 1]) : 25;
  const files = fs.statSync(target).isDirectory()
    ? fs
        .readdirSync(target)
        .filter((f) => f.endsWith(".cpuprofile"))
        .map((f) => path.join(target, f))
    : [target];
  if (files.length === 0) throw new Error(`no .cpuprofile in ${target}`);
  // The largest profile is the server's; small ones come from short-lived helper processes.
  const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  const s = summarize(JSON.parse(fs.readFileSync(file, "utf8")) as Profile, top);
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}%`;
  console.log(
    `${path.basename(file)}: ${(s.busyMs / 1000).toFixed(1)} s on the CPU in ${(s.wallMs / 1000).toFixed(1)} s\n\nSelf time by origin:`,
  );
  for (const o of s.origins) console.log(`  ${pct(o.share)}  ${o.name}`);
  console.log(`\nTop ${top} functions by self time:`);
  for (const f of s.functions) console.log(`  ${pct(f.share)}  ${f.name}  [${f.origin}]`);
}
