// Checks the served V2 OpenAPI document against the committed snapshot of what integrators
// code against (scripts/api-compat/openapi-v2.snapshot.json): a path, method, parameter,
// field, enum value or status code that disappears or changes type fails; additions pass.
//   npm run api:compat              check (CI runs the same check in the unit tier)
//   npm run api:compat -- --update  take the current document as the new snapshot, after a
//                                   release that deliberately changes the contract
import fs from "node:fs";
import path from "node:path";
import { openApiJson } from "@/lib/surfaces/v2/openapi/openapi-document";
import { breakingChanges } from "@/scripts/api-compat/diff";

const snapshot = path.resolve(import.meta.dirname, "api-compat/openapi-v2.snapshot.json");
const current = JSON.parse(openApiJson()) as Record<string, unknown>;
if (process.argv.includes("--update")) {
  fs.writeFileSync(snapshot, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), snapshot)}`);
  process.exit(0);
}
const problems = breakingChanges(JSON.parse(fs.readFileSync(snapshot, "utf8")) as Record<string, unknown>, current);
if (problems.length > 0) {
  console.error(`The V2 document breaks ${problems.length} thing(s) integrators rely on:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("The V2 document keeps everything of the snapshot (additions only).");
