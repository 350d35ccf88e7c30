// Each rule ARCHITECTURE.md states is enforced: the files in test/lint-fixtures break one rule
// each, and linting them (ESLint as if they lived at the path their first line names;
// dependency-cruiser on a scratch copy of the tree) must report exactly that rule. A fixture
// that lint accepts means a rule has a hole.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_NAMES, findPlatformNames, isHomonym, productionFiles } from "@/test/ops/platform-names";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "test/lint-fixtures");

interface Fixture {
  file: string;
  at: string;
  breaks: string;
  text: string;
}

function readFixtures(dir: string): Fixture[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f))
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const at = /^\/\/ at: (\S+)/m.exec(text)?.[1];
      const breaks = /^\/\/ breaks: (\S+)/m.exec(text)?.[1];
      if (!at || !breaks) throw new Error(`${file} does not name its path and rule`);
      return { file, at, breaks, text };
    });
}

describe("ESLint rules", () => {
  // The fixtures are linted at paths that do not exist, which the type-aware rules cannot
  // place in the TypeScript project; those rules are not under test here.
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        "@typescript-eslint/no-floating-promises": "off",
        "@typescript-eslint/no-unnecessary-type-assertion": "off",
      },
    },
  });
  const all = readFixtures(FIXTURES);
  const TYPED = ["@typescript-eslint/no-floating-promises", "@typescript-eslint/no-unnecessary-type-assertion"];
  const fixtures = all.filter((f) => !TYPED.includes(f.breaks));
  const typedFixtures = all.filter((f) => TYPED.includes(f.breaks));

  it("has a fixture for each rule", () => {
    expect(new Set(all.map((f) => f.breaks))).toEqual(
      new Set(["no-restricted-properties", "no-restricted-syntax", "no-console", "no-restricted-imports", ...TYPED]),
    );
  });

  it("the project's configuration turns the type-aware rules on", async () => {
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(path.join(ROOT, "lib/core/x.ts"))) as {
      rules: Record<string, unknown[]>;
    };
    for (const rule of TYPED) expect(config.rules[rule]?.[0]).toBe(2);
  });

  it.each(typedFixtures.map((f) => [f.file, f] as const))(
    "%s fails its type-aware rule (linted where it is, in a default project)",
    async (_name, f) => {
      const typed = new ESLint({
        cwd: ROOT,
        overrideConfigFile: true,
        ignore: false,
        overrideConfig: [
          {
            files: ["**/*.ts"],
            languageOptions: {
              parser: tseslint.parser,
              parserOptions: {
                projectService: { allowDefaultProject: ["test/lint-fixtures/*.ts"] },
                tsconfigRootDir: ROOT,
              },
            },
            plugins: { "@typescript-eslint": tseslint.plugin },
            rules: Object.fromEntries(TYPED.map((rule) => [rule, "error"])),
          },
        ],
      });
      const [result] = await typed.lintFiles([path.join(FIXTURES, f.file)]);
      expect(result!.messages.map((m) => m.ruleId)).toEqual([f.breaks]);
    },
    // the first builds TypeScript's project service: about a minute on a busy 2-core machine
    180_000,
  );

  it.each(fixtures.map((f) => [f.file, f] as const))("%s fails lint with its rule", async (_name, f) => {
    const [result] = await eslint.lintText(f.text, { filePath: path.join(ROOT, f.at) });
    const rules = result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
    expect(rules).toContain(f.breaks);
  });

  it("accepts the same code where the rule allows it", async () => {
    const env = fixtures.find((f) => f.file === "process-env.ts")!;
    const [inEnv] = await eslint.lintText(env.text, { filePath: path.join(ROOT, "lib/infra/env.ts") });
    expect(inEnv!.messages.map((m) => m.ruleId)).not.toContain("no-restricted-properties");
    const cast = fixtures.find((f) => f.file === "globalthis-cast.ts")!;
    const [inSingleton] = await eslint.lintText(cast.text, {
      filePath: path.join(ROOT, "lib/infra/global-singleton.ts"),
    });
    expect(inSingleton!.messages.map((m) => m.ruleId)).not.toContain("no-restricted-syntax");
  });

  it('refuses "use client" in every client page\'s folder, and only there', async () => {
    const useClient = fixtures.find((f) => f.file === "use-client-in-client-pages.tsx")!;
    const rulesAt = async (at: string) =>
      (await eslint.lintText(useClient.text, { filePath: path.join(ROOT, at) }))[0]!.messages.map((m) => m.ruleId);
    expect(await rulesAt("app/(client)/_components/print-button.tsx")).toContain("no-restricted-syntax");
    expect(await rulesAt("app/(client)/receipts/[code]/print-button.tsx")).toContain("no-restricted-syntax");
    // the dashboard's components may be client components
    expect(await rulesAt("components/ui/print-button.tsx")).not.toContain("no-restricted-syntax");
  });
});

describe("import rules (dependency-cruiser)", () => {
  const fixtures = readFixtures(path.join(FIXTURES, "imports"));
  let tree: string;
  let violations: { from: string; to: string; rule: string }[] = [];

  beforeAll(async () => {
    // A scratch tree: each fixture at its path, an empty module at each path it imports.
    tree = fs.mkdtempSync(path.join(os.tmpdir(), "lint-imports-"));
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(tree, rel)), { recursive: true });
      fs.writeFileSync(path.join(tree, rel), text);
    };
    for (const f of fixtures) write(f.at, f.text);
    for (const stub of [
      "lib/surfaces/v2/stub.ts",
      "lib/core/requests/stub.ts",
      "app/stub.ts",
      "lib/surfaces/v1/stub.ts",
      "lib/infra/db/stub.ts",
      "lib/infra/connectors/meta/stub.ts",
      "test/support/stub.ts",
      "lib/core/clients/stub.ts",
      "lib/core/common/stub.ts",
      "lib/core/events/record-event.ts",
      "lib/infra/connectors/oauth-answers.ts",
    ])
      write(stub, "export const stub = 1;\n");
    write("components/stub.tsx", "export const Stub = () => null;\n");
    write(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: { jsx: "react-jsx", moduleResolution: "bundler", module: "esnext", paths: { "@/*": ["./*"] } },
      }),
    );
    // Declared packages and Node's own modules pass; the stub imports both.
    write(
      "lib/infra/uses-declared.ts",
      'import { createHash } from "node:crypto";\nimport pkg from "declared-pkg";\nexport const x = [createHash, pkg];\n',
    );
    write(
      "package.json",
      JSON.stringify({ name: "scratch", type: "module", dependencies: { react: "*", "declared-pkg": "1.0.0" } }),
    );
    // node_modules is a real folder of the tree, as in a checkout (a symlinked one resolves
    // outside the tree and hides package edges): two small packages made here, the rest linked.
    fs.mkdirSync(path.join(tree, "node_modules"));
    for (const name of fs.readdirSync(path.join(ROOT, "node_modules")))
      if (!name.startsWith("."))
        fs.symlinkSync(path.join(ROOT, "node_modules", name), path.join(tree, "node_modules", name), "dir");
    for (const name of ["declared-pkg", "undeclared-pkg"]) {
      write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: "1.0.0", main: "index.js" }));
      write(`node_modules/${name}/index.js`, "module.exports = 1;\n");
      write(`node_modules/${name}/debounce.js`, "module.exports = 1;\n");
    }
    const bin = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
    const run = await promisify(execFile)(
      process.execPath,
      [bin, "lib", "--config", path.join(ROOT, ".dependency-cruiser.cjs"), "--output-type", "json"],
      {
        cwd: tree,
        maxBuffer: 20e6,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
    const report = JSON.parse(run.stdout) as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] };
    };
    violations = report.summary.violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name }));
  }, 60_000);
  afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

  it.each(fixtures.map((f) => [f.file, f] as const))("%s fails with its rule", (_name, f) => {
    // A cycle is reported once, from whichever of its files the walk met first.
    const mine = violations.filter((v) => v.from === f.at || (v.rule === "no-cycle" && v.to === f.at));
    expect(mine.map((v) => v.rule)).toContain(f.breaks);
  });

  it("reports nothing for the stubs, which import nothing", () => {
    expect(violations.filter((v) => v.from.endsWith("stub.ts") || v.from.endsWith("stub.tsx"))).toEqual([]);
  });

  it("has a fixture for each layer rule", () => {
    const layered = [
      "core-layers",
      "infra-layers",
      "layer-placed",
      "platform-below-registries",
      "events-through-reactions",
    ];
    expect(layered.filter((rule) => !fixtures.some((f) => f.breaks === rule))).toEqual([]);
  });

  it("accepts a declared package and Node's own modules", () => {
    expect(violations.filter((v) => v.from === "lib/infra/uses-declared.ts")).toEqual([]);
  });

  it("sees the package edges of the real tree (node_modules is not excluded)", async () => {
    const config = (await import(path.join(ROOT, ".dependency-cruiser.cjs"))) as {
      default: { options: { exclude: { path: string[] } } };
    };
    for (const p of config.default.options.exclude.path)
      expect(new RegExp(p).test("node_modules/ms/index.js")).toBe(false);
  });
});

describe("platform names stay in the platforms' folders", () => {
  it("reports each platform id as a string literal and each display name as a word, comments aside", () => {
    const file = "test/lint-fixtures/platform-names/names-a-platform.tsx";
    const found = findPlatformNames(file, fs.readFileSync(path.join(ROOT, file), "utf8"), PLATFORM_NAMES);
    expect(found).toEqual([`${file}:5: tiktok`, `${file}:6: Pinterest`, `${file}:9: Meta`, `${file}:9: Google`]);
  });

  it("takes the names from the registry, so a new platform is checked without editing this test", () => {
    const found = findPlatformNames("lib/x.ts", 'export const a = "acme";', [{ id: "acme", name: "Acme Ads" }]);
    expect(found).toEqual(["lib/x.ts:1: acme"]);
    expect(PLATFORM_NAMES.length).toBeGreaterThan(20);
  });

  it("finds none in production code outside the platforms' folders and the registries", () => {
    const files = productionFiles(ROOT);
    expect(files).toContain("lib/core/catalog/catalog.ts");
    expect(files).not.toContain("lib/infra/connectors/platforms.ts");
    expect(files.filter((f) => f.startsWith("lib/infra/connectors/meta/"))).toEqual([]);
    const found = files.flatMap((f) =>
      findPlatformNames(f, fs.readFileSync(path.join(ROOT, f), "utf8"), PLATFORM_NAMES),
    );
    expect(found.filter((f) => !isHomonym(f))).toEqual([]);
    // the homonym is read only where it has its other meaning, and only as the word
    expect(isHomonym("lib/core/requests/schemas.ts:1: Meta")).toBe(false);
    expect(isHomonym("lib/surfaces/v2/openapi/registry.ts:1: meta")).toBe(false);
  });
});
