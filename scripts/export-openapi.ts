// Writes the V2 OpenAPI document to sdk/openapi.json and regenerates the SDK's types
// (sdk/src/generated/v2.ts) from it with openapi-typescript. Both are committed, so the SDK
// builds offline; sdk/generated-files.test.ts fails when they are stale. Run after changing
// a schema: `npm run sdk:generate`.
import fs from "node:fs";
import path from "node:path";
import { publishedDocumentJson } from "@/lib/surfaces/v2/openapi/published-document";
import { generateSdkTypes } from "@/sdk/scripts/generate-types";

const root = path.resolve(import.meta.dirname, "..");
const json = publishedDocumentJson();
fs.writeFileSync(path.join(root, "sdk/openapi.json"), json);
fs.writeFileSync(path.join(root, "sdk/src/generated/v2.ts"), await generateSdkTypes(json));
console.log("wrote sdk/openapi.json and sdk/src/generated/v2.ts");
