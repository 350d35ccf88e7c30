// Writes the Postman collection of API V2 (api-collection/access-requests.postman_collection.json)
// and its environment file (access-requests.postman_environment.json) from the published
// OpenAPI document. Committed; a test fails when they are stale.
import fs from "node:fs";
import path from "node:path";
import { publishedDocument } from "@/lib/surfaces/v2/openapi/published-document";
import { postmanCollection, postmanEnvironment } from "@/lib/surfaces/v2/openapi/postman-collection";

export const COLLECTION_PATH = "api-collection/access-requests.postman_collection.json";
export const ENVIRONMENT_PATH = "api-collection/access-requests.postman_environment.json";

const root = path.resolve(import.meta.dirname, "..");
for (const [file, content] of [
  [COLLECTION_PATH, postmanCollection(publishedDocument())],
  [ENVIRONMENT_PATH, postmanEnvironment(publishedDocument())],
] as const) {
  fs.writeFileSync(path.join(root, file), JSON.stringify(content, null, 2) + "\n");
  console.log(`wrote ${file}`);
}
