// The reporter of `npm run lint:imports` (dependency-cruiser's `plugin:` output type): each
// violation as a line, like the `err` reporter, and the known ones checked against their list.
// `.dependency-cruiser-known-violations.json` names the imports up lib/core's and lib/infra's
// layers that were there when the layer rules came (ARCHITECTURE.md, "lib/core's layers");
// depcruise's --ignore-known lets those through. The list only shrinks: an entry that no
// longer happens fails here until it is deleted, so a fixed import cannot come back unseen.
// The plugin and --ignore-known: https://github.com/sverweij/dependency-cruiser/blob/main/doc/cli.md
import fs from "node:fs";

const KNOWN = ".dependency-cruiser-known-violations.json";

/** @param {{ summary: { violations: { from: string; to: string; rule: { name: string; severity: string } }[]; totalCruised: number; totalDependenciesCruised: number } }} result */
export default function report(result) {
  const { violations, totalCruised, totalDependenciesCruised } = result.summary;
  const errors = violations.filter((v) => v.rule.severity === "error" || v.rule.severity === "warn");
  const ignored = violations.filter((v) => v.rule.severity === "ignore");
  const known = fs.existsSync(KNOWN) ? JSON.parse(fs.readFileSync(KNOWN, "utf8")) : [];
  const key = (v) => `${v.rule.name} ${v.from} → ${v.to}`;
  const happening = new Set(ignored.map(key));
  const stale = known.filter((k) => !happening.has(key(k)));
  const lines = [
    ...errors.map((v) => `  ${v.rule.severity} ${key(v).replace(" ", ": ")}`),
    ...stale.map((k) => `  error fixed, delete it from ${KNOWN}: ${key(k).replace(" ", ": ")}`),
  ];
  const failed = errors.length + stale.length;
  const tally = `${totalCruised} modules, ${totalDependenciesCruised} dependencies cruised; ${ignored.length} known violations left (${KNOWN}).`;
  return {
    output: failed
      ? `\n${lines.join("\n")}\n\nx ${failed} dependency violations. ${tally}\n`
      : `✔ no dependency violations. ${tally}\n`,
    exitCode: failed ? 1 : 0,
  };
}
