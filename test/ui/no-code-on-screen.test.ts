// A source scan for JSX written inside a template string: `Signs until $<DateTime ... />`
// renders the code itself on the page. A template literal holding `$<` or a `<Component`
// tag with props is never what the author meant.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function tsxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...tsxFiles(full));
    else if (name.endsWith(".tsx")) out.push(full);
  }
  return out;
}

/** the template literals of a source file (no nesting: enough for this check) */
function templateLiterals(source: string): string[] {
  return [...source.matchAll(/`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]);
}

export function jsxInTemplate(source: string): string[] {
  return templateLiterals(source).filter(
    (t) => /\$<|<[A-Z][A-Za-z]*[\s/>][^`]*\/?>/.test(t) || /<[A-Z][A-Za-z]* [a-z]+=\{/.test(t),
  );
}

describe("no JSX inside template strings", () => {
  it("finds the defect it looks for", () => {
    expect(jsxInTemplate("const a = `Signs until $<DateTime value={x} />`;")).toHaveLength(1);
    expect(jsxInTemplate("const a = `To ${to} · ok`;")).toHaveLength(0);
  });

  it("no page or component writes JSX in a template string", () => {
    const offenders = [...tsxFiles(path.join(ROOT, "app")), ...tsxFiles(path.join(ROOT, "components"))].flatMap(
      (file) => jsxInTemplate(readFileSync(file, "utf8")).map((t) => `${path.relative(ROOT, file)}: ${t.slice(0, 80)}`),
    );
    expect(offenders).toEqual([]);
  });
});
