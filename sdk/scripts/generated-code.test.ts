// The committed SDK inputs are current, the document validates, and the code generators
// integrators use produce code that compiles under `tsc --strict`: openapi-typescript (the
// SDK's own types), @hey-api/openapi-ts, orval 8 and orval 7 (still widely pinned), each from
// sdk/openapi.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createClient } from "@hey-api/openapi-ts";
import { generate } from "orval";
import { generate as generateOrval7 } from "orval7";
import { publishedDocument } from "@/lib/surfaces/v2/openapi/published-document";
import { generateSdkTypes } from "./generate-types";

const root = path.resolve(import.meta.dirname, "../..");
const documentPath = path.join(root, "sdk/openapi.json");
const committed = fs.readFileSync(documentPath, "utf8");

describe("committed files", () => {
  it("sdk/openapi.json is the current document (else run npm run sdk:generate)", () => {
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(publishedDocument())));
  });

  it("sdk/src/generated/v2.ts is openapi-typescript's output for it (else run npm run sdk:generate)", async () => {
    expect(fs.readFileSync(path.join(root, "sdk/src/generated/v2.ts"), "utf8")).toBe(await generateSdkTypes(committed));
  });

  it("the document validates as OpenAPI 3.1, webhooks section included", async () => {
    const api = await SwaggerParser.validate(JSON.parse(committed));
    expect(Object.keys((api as { webhooks?: object }).webhooks ?? {})).toHaveLength(14);
    // the spec's 12 event types plus the extensions access.lost and access.removed
    expect(Object.keys((api as { webhooks?: object }).webhooks ?? {})).toEqual(
      expect.arrayContaining(["access.lost", "access.removed"]),
    );
  });
});

it("@hey-api/openapi-ts, orval 8 and orval 7 generate code that compiles with the SDK's types under tsc --strict", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-generators-"));
  try {
    await createClient({
      input: { path: documentPath },
      output: path.join(dir, "hey-api"),
      logs: { level: "silent" },
    });
    await generate({
      input: { target: documentPath },
      output: { target: path.join(dir, "orval/api.ts"), client: "fetch", mode: "single" },
    });
    await generateOrval7({
      input: { target: documentPath },
      output: { target: path.join(dir, "orval7/api.ts"), client: "fetch", mode: "single" },
    });
    const files = [
      path.join(dir, "hey-api/index.ts"),
      path.join(dir, "orval/api.ts"),
      path.join(dir, "orval7/api.ts"),
      path.join(root, "sdk/src/generated/v2.ts"),
    ];
    for (const f of files) expect(fs.existsSync(f), f).toBe(true);
    const tsc = path.join(root, "node_modules/typescript/bin/tsc");
    const args = [
      "--strict",
      "--noEmit",
      "--target",
      "ES2022",
      "--module",
      "ESNext",
      "--moduleResolution",
      "Bundler",
      "--skipLibCheck",
      "--lib",
      "ES2022,DOM,DOM.Iterable",
      "--types",
      "node",
    ];
    let output = "";
    try {
      execFileSync(process.execPath, [tsc, ...args, ...files], { cwd: root, encoding: "utf8" });
    } catch (err) {
      output = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(output).toBe("");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("the SDK builds as published (tsc -p sdk/tsconfig.build.json: strict, NodeNext)", () => {
  let output = "";
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, "node_modules/typescript/bin/tsc"),
        "-p",
        path.join(root, "sdk/tsconfig.build.json"),
        "--noEmit",
      ],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
  } catch (err) {
    output = String((err as { stdout?: string }).stdout ?? err);
  }
  expect(output).toBe("");
});
