// Writes the Postman collection of API V2 (api-collection/access-requests.postman_collection.json)
// from the published OpenAPI document. Committed; a test fails when it is stale.
import fs from "node:fs";
import path from "node:path";
import { publishedDocument } from "@/lib/surfaces/v2/openapi/published-document";
import { postmanCollection } from "@/lib/surfaces/v2/openapi/postman-collection";

export const COLLECTION_PATH = "api-collection/access-requests.postman_collection.json";

const root = path.resolve(import.meta.dirname, "..");
fs.writeFileSync(
  path.join(root, COLLECTION_PATH),
  JSON.stringify(postmanCollection(publishedDocument()), null, 2) + "\n",
);
console.log(`wrote ${COLLECTION_PATH}`);
