// The folder graph of one part of lib/ (lib/core, lib/infra), from dependency-cruiser's JSON:
// imports between folders, pairs of folders importing each other, and folder cycles (groups
// of folders that reach one another), tests left out. ARCHITECTURE.md, "lib/core's layers".
//   npx depcruise lib -c .dependency-cruiser.cjs -T json | node scripts/folder-graph.mjs lib/core [-v]
// -v lists every import behind each folder edge. A file at the root of the part counts as
// the folder ".".
import fs from "node:fs";

const [root, verbose] = process.argv.slice(2);
if (!root) throw new Error("usage: ... | node scripts/folder-graph.mjs <lib/core|lib/infra> [-v]");
const result = JSON.parse(fs.readFileSync(0, "utf8"));
const TEST = /([.]test[.]tsx?$|^test\/)/;

function folderOf(file) {
  if (!file?.startsWith(root + "/")) return null;
  const rest = file.slice(root.length + 1);
  return rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : ".";
}

/** "from>to" → the file imports behind it */
const edges = new Map();
for (const m of result.modules) {
  const from = folderOf(m.source);
  if (!from || TEST.test(m.source)) continue;
  for (const d of m.dependencies) {
    const to = folderOf(d.resolved);
    if (!to || to === from) continue;
    const key = `${from}>${to}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${m.source} → ${d.resolved}`);
  }
}
const folders = [...new Set([...edges.keys()].flatMap((k) => k.split(">")))].sort();
const next = new Map(folders.map((f) => [f, []]));
for (const key of edges.keys()) next.get(key.split(">")[0]).push(key.split(">")[1]);

// Tarjan's strongly connected components: each group of two or more folders is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const groups = [];
function visit(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  for (const w of next.get(v)) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const group = [];
    let w;
    do group.push((w = stack.pop()));
    while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const f of folders) if (!index.has(f)) visit(f);

const mutual = [...edges.keys()].filter((k) => {
  const [a, b] = k.split(">");
  return a < b && edges.has(`${b}>${a}`);
});
const imports = [...edges.values()].reduce((n, list) => n + list.length, 0);
console.log(`${root}: ${folders.length} folders, ${edges.size} folder edges, ${imports} imports between folders`);
console.log(`folders importing each other (${mutual.length}): ${mutual.join(" ") || "none"}`);
console.log(`folder cycles (${groups.length}): ${groups.map((g) => g.join(", ")).join(" | ") || "none"}`);
if (verbose === "-v") for (const [key, list] of [...edges].sort()) console.log(`${key}\n  ${list.join("\n  ")}`);
